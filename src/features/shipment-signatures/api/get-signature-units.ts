import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentSignatureKeys } from '@/features/shipment-signatures/api/keys';
import type { SignatureUnitOption } from '@/features/shipment-signatures/types';

/**
 * The units the unit filter offers: every unit for an administrator, otherwise the current unit and
 * the assigned ones (user_units), by name. Only a filter: list_shipments decides what is listed.
 */
export async function getSignatureUnits(userId: string, isAdmin: boolean, currentUnitId: string | null, signal?: AbortSignal): Promise<SignatureUnitOption[]> {
  let unitsQuery = supabase.from('store_units').select('id, name').order('name');
  let assignedQuery = supabase.from('user_units').select('unit_id').eq('user_id', userId);
  if (signal) {
    unitsQuery = unitsQuery.abortSignal(signal);
    assignedQuery = assignedQuery.abortSignal(signal);
  }
  const [units, assigned] = await Promise.all([unitsQuery, isAdmin ? null : assignedQuery]);
  if (units.error) throw units.error;
  if (assigned?.error) throw assigned.error;
  const mine = new Set((assigned?.data ?? []).map((row) => row.unit_id));
  if (currentUnitId) mine.add(currentUnitId);
  return units.data.filter((unit) => isAdmin || mine.has(unit.id)).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

export function signatureUnitsQueryOptions(userId: string, isAdmin: boolean, currentUnitId: string | null) {
  return queryOptions({
    queryKey: shipmentSignatureKeys.units(userId, isAdmin, currentUnitId),
    queryFn: ({ signal }) => getSignatureUnits(userId, isAdmin, currentUnitId, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSignatureUnits(userId: string, isAdmin: boolean, currentUnitId: string | null) {
  return useQuery(signatureUnitsQueryOptions(userId, isAdmin, currentUnitId));
}
