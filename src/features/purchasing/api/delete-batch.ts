import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';

/** delete_quote_batch: removes the batch and its quotes; its shortages return to PENDENTE. */
export async function deleteBatch(batchId: string): Promise<void> {
  const { error } = await supabase.rpc('delete_quote_batch', { p_batch_id: batchId });
  if (error) throw error;
}

export function useDeleteBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchasingMutations.deleteBatch,
    mutationFn: deleteBatch,
    onSuccess: () => toast({ title: purchasingMessages.batchDeleted, description: purchasingMessages.batchDeletedDetail }),
    onError: (error) =>
      toast({ title: purchasingMessages.batchDeleteError, description: purchasingErrorMessage(error, purchasingMessages.batchDeleteFallback), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.pendingShortages() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.orders() }),
      ]),
  });
}
