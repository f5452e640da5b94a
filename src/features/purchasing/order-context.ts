import { createContext, useContext } from 'react';
import type { Order, OrderStatus } from '@/features/purchasing/types';

export interface OrderContextValue {
  batchId: string | null;
  /** The persisted purchase orders (react-query), never browser memory. */
  orders: Order[];
  isLoading: boolean;
  isError: boolean;
  isGenerating: boolean;
  generateOrders: (deliveryDate: string | null) => Promise<boolean>;
  setOrderStatus: (orderId: string, status: OrderStatus) => Promise<boolean>;
}

export const OrderContext = createContext<OrderContextValue | null>(null);

export function useOrders(): OrderContextValue {
  const value = useContext(OrderContext);
  if (!value) throw new Error('useOrders must be used within an OrderProvider');
  return value;
}
