import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { getBoletoAttachments } from '@/features/boletos/api/get-boleto-attachments';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { removeBoletoAttachments } from '@/features/boletos/api/remove-boleto-attachment';
import { REASON_MIN } from '@/features/boletos/schemas';
import { BoletoListError, boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';

/**
 * Deletes a pending boleto entered by mistake, with a reason the history keeps with its snapshot.
 * delete_boleto refuses while attachments remain, so they are removed first, in the same step.
 */
export async function deleteBoleto({ id, reason }: { id: string; reason: string }): Promise<void> {
  const trimmed = reason.trim();
  // Checked before any file is removed: a refusal for the reason must not cost the attachments.
  if (trimmed.length < REASON_MIN) throw new BoletoListError(boletoListMessages.reasonRequired);
  const attachments = await getBoletoAttachments(id);
  await removeBoletoAttachments(attachments.map((attachment) => attachment.path));
  const { error } = await supabase.rpc('delete_boleto', { p_id: id, p_reason: trimmed });
  if (error) throw error;
}

export function useDeleteBoleto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.remove,
    mutationFn: deleteBoleto,
    onSuccess: () => toast({ title: boletoListMessages.deleted }),
    onError: (error) => toast({ title: boletoListMessages.deleteError, description: boletoListErrorMessage(error), variant: 'destructive' }),
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: boletoKeys.history(id) }),
        queryClient.invalidateQueries({ queryKey: boletoKeys.attachments(id) }),
      ]),
  });
}
