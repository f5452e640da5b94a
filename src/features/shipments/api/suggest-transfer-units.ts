import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentKeys } from '@/features/shipments/api/keys';
import type { UnitOption } from '@/features/shipments/types';

/** Other units with no shortage of the product in the last 60 days (suggest_transfer_units), by name. */
export async function suggestTransferUnits(productId: string, signal?: AbortSignal): Promise<UnitOption[]> {
  let call = supabase.rpc('suggest_transfer_units', { p_product_id: productId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return data.map((row) => ({ id: row.unit_id, name: row.unit_name })).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

export function transferUnitsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: shipmentKeys.transferUnits(productId),
    queryFn: ({ signal }) => suggestTransferUnits(productId, signal),
    staleTime: 60_000,
  });
}

/** Fetched only when asked (the popover opens). */
export function useTransferUnits(productId: string, enabled: boolean) {
  return useQuery({ ...transferUnitsQueryOptions(productId), enabled });
}
