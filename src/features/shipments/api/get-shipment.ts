import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentDetailSchema } from '@/types/shipments';
import { shipmentKeys } from '@/features/shipments/api/keys';
import type { ShipmentDetail } from '@/features/shipments/types';

/** A shipment with its items, status history, active link and signature (get_shipment; 42501 when unseen). */
export async function getShipment(id: string, signal?: AbortSignal): Promise<ShipmentDetail> {
  let call = supabase.rpc('get_shipment', { p_id: id });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  // jsonb: items in position order and history in time order, as the function builds them.
  return shipmentDetailSchema.parse(data);
}

export function shipmentQueryOptions(id: string) {
  return queryOptions({ queryKey: shipmentKeys.detail(id), queryFn: ({ signal }) => getShipment(id, signal) });
}

export function useShipment(id: string | null) {
  return useQuery({ ...shipmentQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}
