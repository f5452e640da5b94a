import { useMemo, type ReactNode } from 'react';
import { useGenerateOrders } from '@/features/purchasing/api/generate-orders';
import { useOrdersQuery } from '@/features/purchasing/api/get-orders';
import { useUpdateOrderStatus } from '@/features/purchasing/api/update-order-status';
import { OrderContext, type OrderContextValue } from '@/features/purchasing/order-context';

/** Purchase orders of one batch (or all) for the screens below it. */
export function OrderProvider({ batchId, children }: { batchId: string | null; children: ReactNode }) {
  const orders = useOrdersQuery(batchId);
  const generate = useGenerateOrders();
  const updateStatus = useUpdateOrderStatus();
  const { mutateAsync: generateAsync, isPending: isGenerating } = generate;
  const { mutateAsync: updateAsync } = updateStatus;

  const value = useMemo<OrderContextValue>(
    () => ({
      batchId,
      orders: orders.data ?? [],
      isLoading: orders.isLoading,
      isError: orders.isError,
      isGenerating,
      generateOrders: async (deliveryDate) => {
        if (!batchId) return false;
        return generateAsync({ batchId, deliveryDate }).then(
          () => true,
          () => false,
        );
      },
      setOrderStatus: (orderId, status) =>
        updateAsync({ orderId, status }).then(
          () => true,
          () => false,
        ),
    }),
    [batchId, orders.data, orders.isLoading, orders.isError, isGenerating, generateAsync, updateAsync],
  );
  return <OrderContext value={value}>{children}</OrderContext>;
}
