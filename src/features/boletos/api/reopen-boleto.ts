import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';

export interface ReopenBoletoInput {
  id: string;
  reason: string;
  /** What is being undone (the toast says it): a payment or a cancellation. */
  fromStatus: 'PAGO' | 'CANCELADO';
}

/** ADMIN only (the database checks): undoes a payment or a cancellation, with a reason (reopen_boleto). */
export async function reopenBoleto({ id, reason }: ReopenBoletoInput): Promise<void> {
  const { error } = await supabase.rpc('reopen_boleto', { p_id: id, p_reason: reason.trim() });
  if (error) throw error;
}

export function useReopenBoleto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.reopen,
    mutationFn: reopenBoleto,
    onSuccess: (_result, { fromStatus }) => toast({ title: boletoListMessages.reopened(fromStatus) }),
    onError: (error) => toast({ title: boletoListMessages.reopenError, description: boletoListErrorMessage(error), variant: 'destructive' }),
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: boletoKeys.history(id) }),
      ]),
  });
}
