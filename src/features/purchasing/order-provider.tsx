import { useMemo, type ReactNode } from 'react';
import { useGenerateOrders } from '@/features/purchasing/api/generate-orders';
import { useOrdersQuery } from '@/features/purchasing/api/get-orders';
import { useReceiveOrder } from '@/features/purchasing/api/receive-order';
import { OrderContext, type OrderContextValue } from '@/features/purchasing/order-context';

/** Purchase orders of one batch (or all) for the screens below it. */
export function OrderProvider({ batchId, children }: { batchId: string | null; children: ReactNode }) {
  const orders = useOrdersQuery(batchId);
  const generate = useGenerateOrders();
  const receive = useReceiveOrder();
  const { mutateAsync: generateAsync, isPending: isGenerating } = generate;
  const { mutateAsync: receiveAsync, isPending: isReceiving } = receive;

  const value = useMemo<OrderContextValue>(
    () => ({
      batchId,
      orders: orders.data ?? [],
      isLoading: orders.isLoading,
      isError: orders.isError,
      isGenerating,
      generateOrders: async (request) => {
        if (!batchId) return false;
        return generateAsync({ batchId, ...request }).then(
          () => true,
          () => false,
        );
      },
      isReceiving,
      receiveOrder: (orderId) =>
        receiveAsync(orderId).then(
          () => true,
          () => false,
        ),
    }),
    [batchId, orders.data, orders.isLoading, orders.isError, isGenerating, generateAsync, isReceiving, receiveAsync],
  );
  return <OrderContext value={value}>{children}</OrderContext>;
}
