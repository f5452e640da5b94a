import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';

/** Cancels a pending boleto with a reason the history keeps (cancel_boleto). */
export async function cancelBoleto({ id, reason }: { id: string; reason: string }): Promise<void> {
  const { error } = await supabase.rpc('cancel_boleto', { p_id: id, p_reason: reason.trim() });
  if (error) throw error;
}

export function useCancelBoleto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.cancel,
    mutationFn: cancelBoleto,
    onSuccess: () => toast({ title: boletoListMessages.cancelled }),
    onError: (error) => toast({ title: boletoListMessages.cancelError, description: boletoListErrorMessage(error), variant: 'destructive' }),
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: boletoKeys.history(id) }),
      ]),
  });
}
