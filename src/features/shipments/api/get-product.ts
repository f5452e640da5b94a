import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentKeys } from '@/features/shipments/api/keys';
import type { ProductOption } from '@/features/shipments/types';

/** One catalogue product by id (the ?produto= prefill of /nova-remessa), or null when it is not there. */
export async function getProduct(id: string, signal?: AbortSignal): Promise<ProductOption | null> {
  let query = supabase.from('products').select('id, name, barcode').eq('id', id).limit(1);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data[0] ?? null;
}

export function productQueryOptions(id: string) {
  return queryOptions({ queryKey: shipmentKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal), staleTime: 60_000 });
}

export function useProduct(id: string | null) {
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null });
}
