import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { ordersGeneratedDetail, purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { RECORD_CREATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';

export const generateOrdersSchema = z.object({
  batchId: z.string(),
  deliveryDate: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe uma data de entrega válida.'))),
  /** Shortages whose line is below the supplier's minimum and that the buyer chose to raise to it; the others keep their need. */
  raiseToMinimum: z.array(z.string()),
  /** One id per buyer's intent: a retry (double click, lost answer) with the same id applies once in the database. */
  requestId: z.string(),
});
export type GenerateOrdersInput = z.infer<typeof generateOrdersSchema>;

/** generate_purchase_orders: one order per winning supplier (idempotent); returns how many orders the batch has. */
export async function generateOrders(input: GenerateOrdersInput): Promise<number> {
  const values = generateOrdersSchema.parse(input);
  const { data, error } = await supabase.rpc('generate_purchase_orders', {
    p_batch_id: values.batchId,
    p_raise_to_minimum: values.raiseToMinimum,
    p_request_id: values.requestId,
    ...(values.deliveryDate ? { p_delivery_date: values.deliveryDate } : {}),
  });
  if (error) throw error;
  return Array.isArray(data) ? data.length : 0;
}

export function useGenerateOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchasingMutations.generateOrders,
    mutationFn: generateOrders,
    onSuccess: (count) => toast({ title: purchasingMessages.ordersGenerated, description: ordersGeneratedDetail(count) }),
    onError: (error) => toast({ title: RECORD_CREATE_ERROR, description: purchasingErrorMessage(error, purchasingMessages.ordersGenerateFallback), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: purchasingKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: purchasingKeys.batches() }),
      ]),
  });
}
