import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { scheduleKeys } from '@/features/schedules/api/keys';
import type { ScheduleOverview } from '@/features/schedules/types';

/**
 * Every employee the caller may see (staff profiles, not suppliers' representatives), the units and every
 * assignment with its template's name: RLS keeps assignments to the caller's scope (ADMIN: all).
 */
export async function getScheduleOverview(signal?: AbortSignal): Promise<ScheduleOverview> {
  const people = supabase.from('profiles').select('id, full_name, unit_id').is('supplier_id', null).order('full_name');
  const units = supabase.from('store_units').select('id, name').order('name');
  const assignments = supabase
    .from('work_schedules')
    .select('id, user_id, template_id, valid_from, valid_to, cycle_start, unit_id, work_schedule_templates(name)')
    .order('valid_from', { ascending: false });
  const [p, u, a] = await Promise.all(signal ? [people.abortSignal(signal), units.abortSignal(signal), assignments.abortSignal(signal)] : [people, units, assignments]);
  if (p.error) throw p.error;
  if (u.error) throw u.error;
  if (a.error) throw a.error;
  return {
    people: p.data.map((row) => ({ id: row.id, name: row.full_name ?? 'Sem nome', unitId: row.unit_id })),
    units: u.data.map((row) => ({ id: row.id, name: row.name })),
    assignments: a.data.map((row) => ({
      id: row.id,
      userId: row.user_id,
      templateId: row.template_id,
      templateName: row.work_schedule_templates?.name ?? '',
      validFrom: row.valid_from,
      validTo: row.valid_to,
      cycleStart: row.cycle_start,
      unitId: row.unit_id,
    })),
  };
}

export function scheduleOverviewQueryOptions() {
  return queryOptions({ queryKey: scheduleKeys.overview(), queryFn: ({ signal }) => getScheduleOverview(signal) });
}

export function useScheduleOverview() {
  return useQuery(scheduleOverviewQueryOptions());
}
