import { useMemo, type ReactNode } from 'react';
import { useDeleteQuote } from '@/features/purchasing/api/delete-quote';
import { useGetOrCreateQuote } from '@/features/purchasing/api/get-or-create-quote';
import { useQuotesQuery } from '@/features/purchasing/api/get-quotes';
import { useSubmitQuote } from '@/features/purchasing/api/submit-quote';
import { useSaveQuoteItem } from '@/features/purchasing/api/update-quote-item';
import { QuoteContext, type QuoteContextValue } from '@/features/purchasing/quote-context';
import { useErrorToast } from '@/features/purchasing/use-error-toast';
import { QUOTES_LOAD_ERROR } from '@/features/purchasing/messages';

/** The caller's quotes (a representative: its supplier's; admin: all) and their operations. */
export function QuoteProvider({ children }: { children: ReactNode }) {
  const quotes = useQuotesQuery();
  useErrorToast(quotes.isError, QUOTES_LOAD_ERROR, quotes.error);
  const { mutateAsync: getOrCreate } = useGetOrCreateQuote();
  const { mutateAsync: saveItem } = useSaveQuoteItem();
  const { mutateAsync: submit } = useSubmitQuote();
  const { mutateAsync: remove } = useDeleteQuote();

  const value = useMemo<QuoteContextValue>(
    () => ({
      quotes: quotes.data ?? [],
      isLoading: quotes.isLoading,
      isError: quotes.isError,
      getOrCreateQuote: (batchId) =>
        getOrCreate(batchId).then(
          (result) => result.quote,
          () => null,
        ),
      updateItem: (quoteId, shortageId, values) => {
        const batchId = quotes.data?.find((quote) => quote.id === quoteId)?.batchId ?? '';
        return saveItem({ quoteId, batchId, shortageId, values }).then(
          (outcome) => outcome.ok,
          () => false,
        );
      },
      saveItem: (quote, shortageId, values) => saveItem({ quoteId: quote.id, batchId: quote.batchId, shortageId, values }),
      submitQuote: (quoteId, expected) =>
        submit({ quoteId, expected }).then(
          () => true,
          () => false,
        ),
      deleteQuote: (quoteId) =>
        remove(quoteId).then(
          () => true,
          () => false,
        ),
    }),
    [quotes.data, quotes.isLoading, quotes.isError, getOrCreate, saveItem, submit, remove],
  );
  return <QuoteContext value={value}>{children}</QuoteContext>;
}
