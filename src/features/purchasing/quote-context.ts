import { createContext, useContext } from 'react';
import type { Quote } from '@/features/purchasing/types';

/**
 * The caller's quotes as the screens below the provider read them. Writes are not here: the screens use the
 * mutation hooks in api/ (which refresh the cache and toast) and pass their own effects through mutate() options.
 */
export interface QuoteContextValue {
  quotes: Quote[];
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}

export const QuoteContext = createContext<QuoteContextValue | null>(null);

export function useQuotes(): QuoteContextValue {
  const value = useContext(QuoteContext);
  if (!value) throw new Error('useQuotes must be used within a QuoteProvider');
  return value;
}
