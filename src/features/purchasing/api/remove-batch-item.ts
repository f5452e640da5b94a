import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import {
  BATCH_ITEM_REMOVE_ERROR,
  BATCH_ITEM_REMOVE_FALLBACK,
  BATCH_ITEM_REMOVE_REFUSED,
  BATCH_ITEM_REMOVE_REFUSED_DETAIL,
  BATCH_ITEM_REMOVED,
  purchasingErrorMessage,
} from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';

export interface RemoveBatchItemInput {
  batchId: string;
  shortageId: string;
}

/** remove_shortage_from_batch: back to PENDENTE without batch; refused while a quote holding it is active. */
export async function removeBatchItem({ batchId, shortageId }: RemoveBatchItemInput): Promise<void> {
  const { error } = await supabase.rpc('remove_shortage_from_batch', { p_shortage_id: shortageId, p_batch_id: batchId });
  if (error) throw error;
}

export function useRemoveBatchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBatchItem,
    onSuccess: () => toast({ title: BATCH_ITEM_REMOVED }),
    onError: (error) => {
      const description = purchasingErrorMessage(error, BATCH_ITEM_REMOVE_FALLBACK);
      if (description === BATCH_ITEM_REMOVE_REFUSED_DETAIL) toast({ title: BATCH_ITEM_REMOVE_REFUSED, description, variant: 'destructive' });
      else toast({ title: BATCH_ITEM_REMOVE_ERROR, description, variant: 'destructive' });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.pendingShortages() }),
      ]),
  });
}
