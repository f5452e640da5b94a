import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentKeys } from '@/features/shipments/api/keys';
import { shipmentPageSchema } from '@/types/shipments';
import { SHIPMENT_PAGE_SIZE } from '@/features/shipments/url-params';
import type { ShipmentListFilters, ShipmentPage } from '@/features/shipments/types';

/**
 * One page of the caller's shipments, filtered, counted and ordered (newest first) in the
 * database (list_shipments: it decides which shipments the caller sees; names, counts, signer,
 * discrepancies and the active link come with the rows).
 */
export async function listShipments(filters: ShipmentListFilters, page: number, signal?: AbortSignal): Promise<ShipmentPage> {
  const search = filters.search.trim();
  let call = supabase.rpc('list_shipments', {
    ...(filters.direction ? { p_direction: filters.direction } : {}),
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
    ...(filters.status ? { p_status: filters.status } : {}),
    ...(filters.from ? { p_from: filters.from } : {}),
    ...(filters.to ? { p_to: filters.to } : {}),
    ...(search ? { p_search: search } : {}),
    p_limit: SHIPMENT_PAGE_SIZE,
    p_offset: page * SHIPMENT_PAGE_SIZE,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return shipmentPageSchema.parse(data);
}

export function shipmentsQueryOptions(filters: ShipmentListFilters, page: number) {
  return queryOptions({
    queryKey: shipmentKeys.list(filters, page),
    queryFn: ({ signal }) => listShipments(filters, page, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useShipments(filters: ShipmentListFilters, page: number) {
  return useQuery(shipmentsQueryOptions(filters, page));
}
