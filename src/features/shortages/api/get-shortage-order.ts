import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shortageKeys } from '@/features/shortages/api/keys';
import type { Database } from '@/types/database.types';

export type ShortageOrderRow = Database['public']['Functions']['get_shortage_order']['Returns'][number];

/**
 * get_shortage_order: the purchase order behind a shortage of the caller's unit (no prices): the supplier, the product
 * actually bought (a substitute that won), quantity, supplier minimum, bonus, delivery date and the receipt (who
 * confirmed it, or that the buyer asked this unit to confirm). Null when the shortage has no order.
 */
export async function getShortageOrder(shortageId: string, signal?: AbortSignal): Promise<ShortageOrderRow | null> {
  let query = supabase.rpc('get_shortage_order', { p_shortage_id: shortageId });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data[0] ?? null;
}

export function shortageOrderQueryOptions(shortageId: string) {
  return queryOptions({ queryKey: shortageKeys.order(shortageId), queryFn: ({ signal }) => getShortageOrder(shortageId, signal) });
}

export function useShortageOrder(shortageId: string, enabled: boolean) {
  return useQuery({ ...shortageOrderQueryOptions(shortageId), enabled });
}
