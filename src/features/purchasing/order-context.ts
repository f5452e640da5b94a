import { createContext, useContext } from 'react';
import type { Order } from '@/features/purchasing/types';

export interface GenerateOrdersRequest {
  deliveryDate: string | null;
  /** Shortages below the supplier's minimum that the buyer chose to raise to it. */
  raiseToMinimum: string[];
  /** The same id for every retry of one intent (the database applies it once). */
  requestId: string;
}

export interface OrderContextValue {
  batchId: string | null;
  /** The persisted purchase orders (react-query), never browser memory. */
  orders: Order[];
  isLoading: boolean;
  isError: boolean;
  isGenerating: boolean;
  generateOrders: (request: GenerateOrdersRequest) => Promise<boolean>;
  isReceiving: boolean;
  /** The buyer's 'Recebido': confirms the buyer's own units' lines, asks the other units to confirm theirs. */
  receiveOrder: (orderId: string) => Promise<boolean>;
}

export const OrderContext = createContext<OrderContextValue | null>(null);

export function useOrders(): OrderContextValue {
  const value = useContext(OrderContext);
  if (!value) throw new Error('useOrders must be used within an OrderProvider');
  return value;
}
