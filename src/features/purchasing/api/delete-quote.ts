import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { GENERIC_ERROR_MESSAGE } from '@/lib/errors';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import type { Quote } from '@/features/purchasing/types';

/** delete_quote: only EM_ANDAMENTO ('Apenas cotações em andamento podem ser excluídas'); missing → 'Cotação não encontrada'. */
export async function deleteQuote(quoteId: string): Promise<void> {
  const { error } = await supabase.rpc('delete_quote', { p_quote_id: quoteId });
  if (error) throw error;
}

/**
 * 'Erro ao excluir cotação' with the server's reason ('Apenas cotações em andamento podem ser excluídas',
 * 'Cotação não encontrada', both raised by delete_quote) or, for anything else (network, unexpected), a generic text:
 * never a made-up 'Cotação não encontrada'.
 */
export function deleteQuoteErrorToast(error: unknown): { title: string; description: string; variant: 'destructive' } {
  return { title: purchasingMessages.quoteDeleteError, description: purchasingErrorMessage(error, GENERIC_ERROR_MESSAGE), variant: 'destructive' };
}

export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSuccess: (_data, quoteId) => {
      toast({ title: purchasingMessages.quoteDeleted });
      // Representatives get no DELETE events: drop it from the cache ourselves.
      queryClient.setQueryData<Quote[]>(purchasingKeys.quoteList(), (quotes) => quotes?.filter((quote) => quote.id !== quoteId));
    },
    onError: (error) => toast(deleteQuoteErrorToast(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.quotes() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.dashboard() }),
      ]),
  });
}
