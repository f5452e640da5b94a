import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';
import { addItemsSummary } from '@/features/purchasing/logic';

const resultSchema = z.object({
  added: z.number(),
  total: z.number(),
  errors: z.array(z.object({ shortage_id: z.string(), message: z.string() })),
});
export type AddBatchItemsResult = z.infer<typeof resultSchema>;

export interface AddBatchItemsInput {
  batchId: string;
  shortageIds: string[];
  /** The client's id for this addition: a retry with it returns the first answer and adds nothing again. */
  requestId?: string;
}

/** add_shortages_to_batch: adds what it can, reports per-item failures ('Item já está em outro lote'). */
export async function addBatchItems({ batchId, shortageIds, requestId }: AddBatchItemsInput): Promise<AddBatchItemsResult> {
  const { data, error } = await supabase.rpc('add_shortages_to_batch', {
    p_batch_id: batchId,
    p_shortage_ids: shortageIds,
    ...(requestId ? { p_request_id: requestId } : {}),
  });
  if (error) throw error;
  return resultSchema.parse(data);
}

export function useAddBatchItems() {
  const queryClient = useQueryClient();
  // One click, one toast: success (or partial success) or failure, never both (a second click while pending does nothing).
  return useSingleFlightMutation({
    mutationKey: purchasingMutations.addBatchItems,
    mutationFn: addBatchItems,
    onSuccess: (result) => toast(addItemsSummary(result)),
    onError: (error) =>
      toast({ title: purchasingMessages.batchItemsAddError, description: purchasingErrorMessage(error, purchasingMessages.batchItemsAddFallback), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.pendingShortages() }),
      ]),
  });
}
