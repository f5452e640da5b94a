import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentPageSchema } from '@/types/shipments';
import { shipmentSignatureKeys } from '@/features/shipment-signatures/api/keys';
import type { ShipmentStatus, SignatureListFilters, SignatureShipmentPage } from '@/features/shipment-signatures/types';

/**
 * One page of the caller's shipments in one status (list_shipments): the database decides which
 * shipments the caller sees (their units', or all for ADMIN), searches, counts and pages them.
 */
export async function listSignatureShipments(
  status: ShipmentStatus,
  filters: SignatureListFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<SignatureShipmentPage> {
  const search = filters.search.trim();
  let call = supabase.rpc('list_shipments', {
    p_status: status,
    ...(filters.direction ? { p_direction: filters.direction } : {}),
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
    ...(search ? { p_search: search } : {}),
    p_limit: pageSize,
    p_offset: page * pageSize,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return shipmentPageSchema.parse(data);
}

export function signatureShipmentsQueryOptions(status: ShipmentStatus, filters: SignatureListFilters, page: number, pageSize: number) {
  return queryOptions({
    queryKey: shipmentSignatureKeys.list(status, filters, page, pageSize),
    queryFn: ({ signal }) => listSignatureShipments(status, filters, page, pageSize, signal),
    // The previous page stays on screen while the next one loads, within the same tab only (never
    // signed rows under 'Aguardando assinatura' or the other way round).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === status ? previous : undefined),
  });
}

export function useSignatureShipments(status: ShipmentStatus, filters: SignatureListFilters, page: number, pageSize: number) {
  return useQuery(signatureShipmentsQueryOptions(status, filters, page, pageSize));
}

/** How many shipments the other tab holds under the same filters (one row fetched, the total read). */
export function useSignatureShipmentCount(status: ShipmentStatus, filters: SignatureListFilters) {
  return useQuery({ ...signatureShipmentsQueryOptions(status, filters, 0, 1), select: (data) => data.total });
}
