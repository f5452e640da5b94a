import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { purchasingErrorMessage } from '@/features/purchasing/messages';
import { RECORD_UPDATE_ERROR, RECORD_UPDATED } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';
import type { OrderStatus } from '@/features/purchasing/types';

export interface UpdateOrderStatusInput {
  orderId: string;
  status: OrderStatus;
}

/** Updates an order's status by id (RECEBIDO moves its shortages to ENTREGUE, in the database). */
export async function updateOrderStatus({ orderId, status }: UpdateOrderStatusInput): Promise<void> {
  const { error } = await supabase.from('purchase_orders').update({ status }).eq('id', orderId).select('id').single();
  if (error) throw error;
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchasingMutations.updateOrderStatus,
    mutationFn: updateOrderStatus,
    onSuccess: () => toast({ title: RECORD_UPDATED }),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: purchasingErrorMessage(error, RECORD_UPDATE_ERROR), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasingKeys.orders() }),
  });
}
