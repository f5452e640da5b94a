import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { orderAwaitingUnitsDetail, purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';
import { ORDER_STATUSES, type OrderReceipt } from '@/features/purchasing/types';

const receiptSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  confirmed: z.number(),
  requested: z.number(),
  awaiting_units: z.array(z.string()),
});

export interface ReceiveOrderInput {
  orderId: string;
  /** The quantity counted per line the buyer confirms (issue 28); lines not listed count as the quantity ordered. */
  received: readonly { lineId: string; receivedQuantity: number }[];
}

/**
 * receive_purchase_order: the buyer's 'Recebido'. The database confirms the lines of the units the buyer works in,
 * with the quantities counted, and asks every other unit to confirm its own; the order reads RECEBIDO once the last
 * unit has confirmed.
 */
export async function receiveOrder({ orderId, received }: ReceiveOrderInput): Promise<OrderReceipt> {
  const { data, error } = await supabase.rpc('receive_purchase_order', {
    p_order_id: orderId,
    p_received: received.map((line) => ({ line_id: line.lineId, received_quantity: line.receivedQuantity })),
  });
  if (error) throw error;
  const receipt = receiptSchema.parse(data);
  return { status: receipt.status, confirmed: receipt.confirmed, requested: receipt.requested, awaitingUnits: receipt.awaiting_units };
}

/** The toast after 'Recebido': done, or which units still have to confirm. */
export function receiptMessage(receipt: OrderReceipt): { title: string; description: string } {
  if (receipt.status === 'RECEBIDO') return { title: purchasingMessages.orderReceived, description: purchasingMessages.orderReceivedDetail };
  return { title: purchasingMessages.orderAwaitingUnits, description: orderAwaitingUnitsDetail(receipt.awaitingUnits) };
}

export function useReceiveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: purchasingMutations.receiveOrder,
    mutationFn: receiveOrder,
    onSuccess: (receipt) => toast(receiptMessage(receipt)),
    onError: (error) => toast({ title: RECORD_UPDATE_ERROR, description: purchasingErrorMessage(error, RECORD_UPDATE_ERROR), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasingKeys.orders() }),
  });
}
