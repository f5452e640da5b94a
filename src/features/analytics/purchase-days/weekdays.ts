import { addDays, formatWeekday } from '@/lib/dates';

/** A Sunday: weekday n (0 = domingo … 6 = sábado, as SQL's extract(dow)) is this day plus n. */
const A_SUNDAY = '2026-11-22';

/** 0 → 'domingo', 4 → 'quinta-feira'. */
export function weekdayName(weekday: number): string {
  return formatWeekday(addDays(A_SUNDAY, weekday));
}
