import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorHint, purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';

export interface RemoveBatchItemInput {
  batchId: string;
  shortageId: string;
}

/** remove_shortage_from_batch: back to PENDENTE without batch; refused while a quote holding it is active. */
export async function removeBatchItem({ batchId, shortageId }: RemoveBatchItemInput): Promise<void> {
  const { error } = await supabase.rpc('remove_shortage_from_batch', { p_shortage_id: shortageId, p_batch_id: batchId });
  if (error) throw error;
}

/**
 * The toast of a refused removal. remove_shortage_from_batch raises its refusals (item in an active quote, item
 * already ordered) with the spec's title 'Item não pode ser removido' as HINT: that hint is the title and the
 * message the description; any other failure is 'Erro ao remover item' (fallback 'Falha ao remover o item do lote.').
 */
export function removeBatchItemErrorToast(error: unknown): { title: string; description: string; variant: 'destructive' } {
  return {
    title: purchasingErrorHint(error) ?? purchasingMessages.batchItemRemoveError,
    description: purchasingErrorMessage(error, purchasingMessages.batchItemRemoveFallback),
    variant: 'destructive',
  };
}

export function useRemoveBatchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchasingMutations.removeBatchItem,
    mutationFn: removeBatchItem,
    onSuccess: () => toast({ title: purchasingMessages.batchItemRemoved }),
    onError: (error) => toast(removeBatchItemErrorToast(error)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.pendingShortages() }),
      ]),
  });
}
