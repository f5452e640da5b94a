import { createContext, useContext } from 'react';
import type { Order } from '@/features/purchasing/types';

/**
 * The purchase orders of one batch (or all) as the screens below the provider read them. Writes ('Gerar pedidos',
 * 'Recebido') are the mutation hooks in api/, which refresh the cache and toast; screens add their effects through
 * mutate() options.
 */
export interface OrderContextValue {
  batchId: string | null;
  /** The persisted purchase orders (react-query), never browser memory. */
  orders: Order[];
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}

export const OrderContext = createContext<OrderContextValue | null>(null);

export function useOrders(): OrderContextValue {
  const value = useContext(OrderContext);
  if (!value) throw new Error('useOrders must be used within an OrderProvider');
  return value;
}
