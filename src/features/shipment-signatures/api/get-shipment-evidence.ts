import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentSignatureKeys } from '@/features/shipment-signatures/api/keys';
import { evidenceSchema } from '@/features/shipment-signatures/schemas';
import type { ShipmentEvidence } from '@/features/shipment-signatures/types';

/**
 * The signed receipt and its evidence (get_shipment_evidence): the shipment, its items, the
 * signature with its evidence address (client-declared ones apart), user agent, the content's SHA-256 and
 * whether it was signed in the sender's browser or from its address, and the database's verification of that
 * hash against the shipment's content now. Refused ('A remessa ainda não foi assinada') before signing.
 */
export async function getShipmentEvidence(shipmentId: string, signal?: AbortSignal): Promise<ShipmentEvidence> {
  let call = supabase.rpc('get_shipment_evidence', { p_shipment_id: shipmentId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return evidenceSchema.parse(data);
}

export function shipmentEvidenceQueryOptions(shipmentId: string) {
  return queryOptions({
    queryKey: shipmentSignatureKeys.evidence(shipmentId),
    queryFn: ({ signal }) => getShipmentEvidence(shipmentId, signal),
    retry: (count, error) => count < 2 && !(error && typeof error === 'object' && 'code' in error && (error.code === '42501' || error.code === '22023')),
  });
}

export function useShipmentEvidence(shipmentId: string, enabled = true) {
  return useQuery({ ...shipmentEvidenceQueryOptions(shipmentId), enabled });
}
