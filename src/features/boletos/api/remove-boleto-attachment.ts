import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { BOLETO_ATTACHMENTS_BUCKET } from '@/features/boletos/api/get-boleto-attachments';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { BoletoListError, boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';

/**
 * Removes attachments of a pending boleto. Storage silently skips what its policies refuse (a
 * paid or cancelled boleto's files), so a path that was not removed is a refusal here.
 */
export async function removeBoletoAttachments(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const { data, error } = await supabase.storage.from(BOLETO_ATTACHMENTS_BUCKET).remove([...paths]);
  if (error) throw error;
  if (data.length < paths.length) throw new BoletoListError(boletoListMessages.attachmentNotRemoved);
}

export function useRemoveBoletoAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.removeAttachment,
    mutationFn: ({ path }: { boletoId: string; path: string }) => removeBoletoAttachments([path]),
    onSuccess: () => toast({ title: boletoListMessages.attachmentRemoved }),
    onError: (error) => toast({ title: boletoListMessages.attachmentRemoveError, description: boletoListErrorMessage(error), variant: 'destructive' }),
    onSettled: (_result, _error, { boletoId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boletoKeys.attachments(boletoId) }),
        // The list shows each boleto's attachment count.
        queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
      ]),
  });
}
