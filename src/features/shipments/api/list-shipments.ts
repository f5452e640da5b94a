import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentKeys } from '@/features/shipments/api/keys';
import { shipmentStatusOf } from '@/features/shipments/status';
import { SHIPMENT_PAGE_SIZE } from '@/features/shipments/url-params';
import type { ShipmentListFilters, ShipmentPage, ShipmentRow } from '@/features/shipments/types';

type RawRow = Omit<ShipmentRow, 'number' | 'item_count' | 'total_quantity' | 'discrepancy_count' | 'status'> & {
  number: number | string;
  item_count: number | string | null;
  total_quantity: number | string | null;
  discrepancy_count: number | string | null;
  status: string;
};

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
  // jsonb: its shape is the contract's (types.ts).
  const result = data as unknown as { total: number | string; rows: RawRow[] | null };
  return {
    total: Number(result.total),
    rows: (result.rows ?? []).map((row) => ({
      ...row,
      number: Number(row.number),
      status: shipmentStatusOf(row.status),
      item_count: Number(row.item_count ?? 0),
      total_quantity: Number(row.total_quantity ?? 0),
      discrepancy_count: Number(row.discrepancy_count ?? 0),
      signed_at_sender: row.signed_at_sender === true,
    })),
  };
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
