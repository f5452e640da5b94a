import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { scheduleKeys } from '@/features/schedules/api/keys';
import { shortTime } from '@/features/schedules/logic';
import type { ScheduleTemplate } from '@/features/schedules/types';

/** The schedule templates with their days in cycle order. */
export async function listTemplates(signal?: AbortSignal): Promise<ScheduleTemplate[]> {
  let query = supabase
    .from('work_schedule_templates')
    .select('id, name, kind, cycle_days, active, work_schedule_template_days(position, works, start_time, end_time, break_minutes)')
    .order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind === 'rotation' ? 'rotation' : 'weekly',
    cycleDays: row.cycle_days,
    active: row.active,
    days: [...row.work_schedule_template_days]
      .sort((a, b) => a.position - b.position)
      .map((day) => ({ works: day.works, start: shortTime(day.start_time), end: shortTime(day.end_time), breakMinutes: day.break_minutes })),
  }));
}

export function templatesQueryOptions() {
  return queryOptions({ queryKey: scheduleKeys.templates(), queryFn: ({ signal }) => listTemplates(signal) });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
