import { useMemo, type ReactNode } from 'react';
import { useOrdersQuery } from '@/features/purchasing/api/get-orders';
import { OrderContext, type OrderContextValue } from '@/features/purchasing/order-context';

/** Purchase orders of one batch (or all) for the screens below it. */
export function OrderProvider({ batchId, children }: { batchId: string | null; children: ReactNode }) {
  const orders = useOrdersQuery(batchId);
  const { refetch } = orders;
  const value = useMemo<OrderContextValue>(
    () => ({
      batchId,
      orders: orders.data ?? [],
      isLoading: orders.isLoading,
      isError: orders.isError,
      error: orders.error,
      refetch: () => void refetch(),
    }),
    [batchId, orders.data, orders.isLoading, orders.isError, orders.error, refetch],
  );
  return <OrderContext value={value}>{children}</OrderContext>;
}
