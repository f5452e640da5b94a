import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { purchasingMessages } from '@/features/purchasing/messages';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { batchNameSchema } from '@/features/purchasing/schemas';


export interface RenameBatchInput {
  batchId: string;
  name: string;
}

/** Updates the batch's name by id. */
export async function renameBatch({ batchId, name }: RenameBatchInput): Promise<void> {
  const parsed = batchNameSchema.parse(name);
  const { error } = await supabase.from('quote_batches').update({ name: parsed }).eq('id', batchId).select('id').single();
  if (error) throw error;
}

export function useRenameBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameBatch,
    onSuccess: (_result, { name }) => toast({ title: purchasingMessages.batchRenamed(name.trim()) }),
    // Spec §8 keeps this title and its fallback in English.
    onError: (error) =>
      toast({ title: purchasingMessages.batchUpdateError, description: isNetworkError(error) ? NETWORK_ERROR_MESSAGE : error instanceof Error && error.message ? error.message : purchasingMessages.batchUpdateFallback, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
  });
}
