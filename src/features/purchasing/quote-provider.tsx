import { useMemo, type ReactNode } from 'react';
import { useQuotesQuery } from '@/features/purchasing/api/get-quotes';
import { QuoteContext, type QuoteContextValue } from '@/features/purchasing/quote-context';

/** The caller's quotes (a representative: its supplier's; admin: all), read once for the screens below. */
export function QuoteProvider({ children }: { children: ReactNode }) {
  const quotes = useQuotesQuery();
  const { refetch } = quotes;
  const value = useMemo<QuoteContextValue>(
    () => ({
      quotes: quotes.data ?? [],
      isLoading: quotes.isLoading,
      isError: quotes.isError,
      error: quotes.error,
      refetch: () => void refetch(),
    }),
    [quotes.data, quotes.isLoading, quotes.isError, quotes.error, refetch],
  );
  return <QuoteContext value={value}>{children}</QuoteContext>;
}
