import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { boletoReportKeys } from '@/features/boleto-report/api/keys';
import type { Option, UnitScope } from '@/features/boleto-report/types';

/**
 * The units the Unidade filter offers: every unit to an administrator, otherwise the caller's
 * current and assigned units — the units whose boletos the database lets them see. Any signed-in
 * user reads unit names; the report itself is filtered by the database whatever is chosen.
 */
export async function getReportUnits(scope: UnitScope, signal?: AbortSignal): Promise<Option[]> {
  let units = supabase.from('store_units').select('id, name').order('name');
  if (signal) units = units.abortSignal(signal);
  if (scope.isAdmin) {
    const { data, error } = await units;
    if (error) throw error;
    return data;
  }
  let assigned = supabase.from('user_units').select('unit_id').eq('user_id', scope.userId);
  if (signal) assigned = assigned.abortSignal(signal);
  const [unitsResult, assignedResult] = await Promise.all([units, assigned]);
  if (unitsResult.error) throw unitsResult.error;
  if (assignedResult.error) throw assignedResult.error;
  const own = new Set(assignedResult.data.map((row) => row.unit_id));
  if (scope.unitId) own.add(scope.unitId);
  return unitsResult.data.filter((unit) => own.has(unit.id));
}

export function reportUnitsQueryOptions(scope: UnitScope) {
  return queryOptions({ queryKey: boletoReportKeys.units(scope), queryFn: ({ signal }) => getReportUnits(scope, signal) });
}

export function useReportUnits(scope: UnitScope) {
  return useQuery(reportUnitsQueryOptions(scope));
}
