import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { useTableChanges } from '@/lib/realtime';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { punchDashboardSchema, type PunchDashboard } from '@/features/time-clock/reports/schemas';

/** While the screen is open the figures are read again every minute, so 'Aguardando' turns 'Ausente' with no punch to trigger it. */
export const DASHBOARD_REFRESH_MS = 60_000;

/** get_punch_dashboard: right now, per unit in the caller's scope (one unit when `unitId` is given; '' for all of them). */
export async function getPunchDashboard(unitId: string, signal?: AbortSignal): Promise<PunchDashboard> {
  let call = supabase.rpc('get_punch_dashboard', unitId ? { p_unit_id: unitId } : {});
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return punchDashboardSchema.parse(data);
}

export function punchDashboardQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: timeClockKeys.dashboard(unitId),
    queryFn: ({ signal }) => getPunchDashboard(unitId, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function usePunchDashboard(unitId: string) {
  return useQuery(punchDashboardQueryOptions(unitId));
}

/**
 * Spec §7, the pontos channel: a new punch (or an adjustment that includes or disregards a mark) in any unit the caller
 * may read re-reads the dashboard. Realtime filters the rows by the subscriber's RLS; the event only says "read again",
 * and on (re)subscription the dashboard is read once more, so what happened while the connection was down is caught up.
 */
export function useLivePunchDashboard(): void {
  const queryClient = useQueryClient();
  useTableChanges(
    'punch-dashboard',
    ['pontos', 'ponto_ajustes'],
    () => void queryClient.invalidateQueries({ queryKey: [...timeClockKeys.reports(), 'dashboard'] }, { cancelRefetch: false }),
    300,
    undefined,
    'INSERT',
  );
}

export interface ReportUnit {
  id: string;
  name: string;
}

/**
 * The units whose time the caller may read (the report filters' options): the dashboard's units, in its cache when
 * /ponto/dashboard was open; not refreshed every minute here.
 */
export function useReportUnits() {
  return useQuery({
    ...punchDashboardQueryOptions(''),
    refetchInterval: false,
    select: (data): ReportUnit[] => data.units.map((unit) => ({ id: unit.unit_id, name: unit.unit_name })),
  });
}
