import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentDetailSchema } from '@/types/shipments';
import { shipmentSignatureKeys } from '@/features/shipment-signatures/api/keys';
import type { ShipmentDetail } from '@/features/shipment-signatures/types';

/** One shipment with its items, its active link's expiry and its signature (get_shipment); 42501 when not the caller's. */
export async function getSignatureShipment(shipmentId: string, signal?: AbortSignal): Promise<ShipmentDetail> {
  let call = supabase.rpc('get_shipment', { p_id: shipmentId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return shipmentDetailSchema.parse(data);
}

/** Polling: while a link is out, the panel notices within seconds when the receiver signs. */
const WHILE_LINK_ACTIVE_MS = 5_000;

export function signatureShipmentQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: shipmentSignatureKeys.shipment(shipmentId),
    queryFn: ({ signal }) => getSignatureShipment(shipmentId, signal),
    retry: (count, error) => count < 2 && !(error && typeof error === 'object' && 'code' in error && error.code === '42501'),
  });
}

/** While the shipment awaits its signature with a link out, it is re-read every few seconds. */
export function useSignatureShipment(shipmentId: string) {
  return useQuery({
    ...signatureShipmentQueryOptions(shipmentId),
    refetchInterval: (query) => (query.state.data?.status === 'PENDENTE' && query.state.data.link !== null ? WHILE_LINK_ACTIVE_MS : false),
  });
}
