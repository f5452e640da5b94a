import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { isAuthenticationError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { getMySupplier, NotAuthenticatedError } from '@/features/purchasing/api/get-my-supplier';
import { findQuote } from '@/features/purchasing/api/get-quotes';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import type { Quote } from '@/features/purchasing/types';

export interface GetOrCreateQuoteResult {
  quote: Quote;
  created: boolean;
}

/**
 * Spec §4 "Quote": the caller's quote for a batch from the local cache first, then a server lookup, then
 * get_or_create_quote (which decides the supplier from the caller's profile and is safe under concurrency).
 */
export async function getOrCreateQuote(queryClient: QueryClient, batchId: string): Promise<GetOrCreateQuoteResult> {
  const me = await getMySupplier();
  if (!me.supplierId) throw Object.assign(new Error('Seu usuário não está vinculado a um fornecedor.'), { code: 'P0001' });
  const supplierId = me.supplierId;
  const cached = queryClient.getQueryData<Quote[]>(purchasingKeys.quoteList());
  const local = cached?.find((quote) => quote.batchId === batchId && quote.supplierId === supplierId);
  if (local) return { quote: local, created: false };
  const existing = await findQuote(batchId, supplierId);
  if (existing) return { quote: existing, created: false };
  const { data, error } = await supabase.rpc('get_or_create_quote', { p_batch_id: batchId });
  if (error) throw error;
  const id = data.id;
  const quote = await findQuote(batchId, supplierId);
  if (!quote || quote.id !== id) throw new Error('Cotação não encontrada');
  return { quote, created: true };
}

export function useGetOrCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => getOrCreateQuote(queryClient, batchId),
    onSuccess: (result) => {
      if (result.created) toast({ title: purchasingMessages.quoteCreated, description: purchasingMessages.quoteCreatedDetail });
      queryClient.setQueryData<Quote[]>(purchasingKeys.quoteList(), (quotes) =>
        quotes && !quotes.some((quote) => quote.id === result.quote.id) ? [result.quote, ...quotes] : quotes,
      );
    },
    onError: (error) =>
      error instanceof NotAuthenticatedError || isAuthenticationError(error)
        ? toast({ title: purchasingMessages.quoteAuthError, description: purchasingMessages.quoteAuthErrorDetail, variant: 'destructive' })
        : toast({
            title: purchasingMessages.quoteCreateError,
            description: purchasingErrorMessage(error, error instanceof Error ? error.message : purchasingMessages.quoteCreateError),
            variant: 'destructive',
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.quotes() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.dashboard() }),
      ]),
  });
}
