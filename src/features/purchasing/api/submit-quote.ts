import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage } from '@/features/purchasing/messages';
import { RECORD_UPDATE_ERROR, RECORD_UPDATED } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';

/** submit_quote: EM_ANDAMENTO → ENVIADA (needs at least one priced item). */
export async function submitQuote(quoteId: string): Promise<true> {
  const { error } = await supabase.rpc('submit_quote', { p_quote_id: quoteId });
  if (error) throw error;
  return true;
}

export function useSubmitQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuote,
    onSuccess: () => toast({ title: RECORD_UPDATED, description: 'Cotação enviada ao comprador.' }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: purchasingErrorMessage(error, RECORD_UPDATE_ERROR), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.quotes() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.dashboard() }),
      ]),
  });
}
