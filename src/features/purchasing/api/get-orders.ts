import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { ORDER_SELECT, toOrder } from '@/features/purchasing/api/rows';
import type { Order } from '@/features/purchasing/types';

/** Purchase orders (of one batch, or all), newest first, with supplier, batch, unit and items. */
export async function getOrders(batchId: string | null, signal?: AbortSignal): Promise<Order[]> {
  let query = supabase.from('purchase_orders').select(ORDER_SELECT).order('created_at', { ascending: false });
  if (batchId) query = query.eq('batch_id', batchId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data
    .map(toOrder)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.supplierName.localeCompare(b.supplierName, 'pt-BR'));
}

export function ordersQueryOptions(batchId: string | null) {
  return queryOptions({ queryKey: purchasingKeys.orderList(batchId), queryFn: ({ signal }) => getOrders(batchId, signal) });
}

export function useOrdersQuery(batchId: string | null) {
  return useQuery(ordersQueryOptions(batchId));
}
