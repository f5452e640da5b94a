import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';

export const batchQuantitySchema = z
  .number('Informe uma quantidade.')
  .check(z.int('A quantidade deve ser um número inteiro.'), z.positive('A quantidade deve ser maior que zero.'));

export interface UpdateBatchQuantitiesInput {
  batchId: string;
  quantity: number;
}

/** update_batch_quantities: sets requested_quantity on every shortage of the batch. Spec §8: false on failure, no message. */
export async function updateBatchQuantities({ batchId, quantity }: UpdateBatchQuantitiesInput): Promise<boolean> {
  if (!batchQuantitySchema.safeParse(quantity).success) return false;
  const { data, error } = await supabase.rpc('update_batch_quantities', { p_batch_id: batchId, p_requested_quantity: quantity });
  if (error) return false;
  return data === true;
}

export function useUpdateBatchQuantities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchasingMutations.updateBatchQuantities,
    mutationFn: updateBatchQuantities,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: purchasingKeys.batchDetail(input.batchId) }),
  });
}
