import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentSignatureKeys } from '@/features/shipment-signatures/api/keys';
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
  const evidence = data as unknown as ShipmentEvidence;
  return {
    ...evidence,
    shipment: { ...evidence.shipment, number: Number(evidence.shipment.number) },
    items: (evidence.items ?? []).map((item) => ({ ...item, quantity: Number(item.quantity) })),
    signature: {
      ...evidence.signature,
      declared_ips: evidence.signature.declared_ips ?? null,
      signed_on_sender_device: evidence.signature.signed_on_sender_device === true,
      signed_from_sender_address: evidence.signature.signed_from_sender_address === true,
      discrepancies: (evidence.signature.discrepancies ?? []).map((line) => ({
        ...line,
        quantity: Number(line.quantity),
        short_quantity: Number(line.short_quantity ?? 0),
        damaged_quantity: Number(line.damaged_quantity ?? 0),
        short_dated_quantity: Number(line.short_dated_quantity ?? 0),
      })),
    },
  };
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
