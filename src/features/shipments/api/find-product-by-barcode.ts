import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentKeys } from '@/features/shipments/api/keys';
import type { ProductOption } from '@/features/shipments/types';
import { lookupSignal } from '@/lib/network';

/** The product whose barcode is exactly this scanned EAN, or null. */
export async function findProductByBarcode(barcode: string, signal?: AbortSignal): Promise<ProductOption | null> {
  let query = supabase.from('products').select('id, name, barcode').eq('barcode', barcode).order('name').limit(1);
  query = query.abortSignal(lookupSignal(signal));
  const { data, error } = await query;
  if (error) throw error;
  return data[0] ?? null;
}

/** For queryClient.fetchQuery when the scanner's Enter arrives (a repeated scan is answered from the cache). */
export function productByBarcodeQueryOptions(barcode: string) {
  return queryOptions({
    queryKey: shipmentKeys.productByBarcode(barcode),
    queryFn: ({ signal }) => findProductByBarcode(barcode, signal),
    staleTime: 60_000,
    // A lookup gives up after LOOKUP_TIMEOUT_MS and says so; retrying would double the wait.
    retry: false,
  });
}
