/** Pure rules of /gestao-horarios: durations, weekly hours, tabs in the URL, the assignment in force. */

export const SCHEDULE_TABS = ['escalas', 'modelos', 'feriados', 'funcionamento'] as const;
export type ScheduleTab = (typeof SCHEDULE_TABS)[number];

/** ISO weekdays, Monday first (position 0 of a weekly template, weekday 1 of opening hours). */
export const WEEKDAYS = ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado', 'Domingo'] as const;

/** 'HH:MM' or 'HH:MM:SS' → minutes since midnight; null when it is not a time of day. */
export function timeToMinutes(value: string | null | undefined): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(value ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** '08:00:00' → '08:00' (times as the database sends them). */
export function shortTime(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : '';
}

/** Minutes from start to end; an end at or before the start ends the next day (19:00 → 07:00 = 720), as the database counts. */
export function shiftMinutes(start: string, end: string): number {
  const from = timeToMinutes(start);
  const to = timeToMinutes(end);
  if (from === null || to === null) return 0;
  return to > from ? to - from : to - from + 1440;
}

export interface TemplateDayInput {
  works: boolean;
  start: string;
  end: string;
  breakMinutes: number;
}

/** Worked minutes of a template day: duration minus break (0 on a day off). */
export function dayWorkMinutes(day: TemplateDayInput): number {
  return day.works ? Math.max(0, shiftMinutes(day.start, day.end) - day.breakMinutes) : 0;
}

/** Average expected minutes per week of a cycle (a 12x36's 660 every other day: 2,310 a week). */
export function weeklyMinutes(days: readonly TemplateDayInput[]): number {
  if (days.length === 0) return 0;
  const cycle = days.reduce((sum, day) => sum + dayWorkMinutes(day), 0);
  return Math.round((cycle * 7) / days.length);
}

/** 2640 → '44h00', 2310 → '38h30'. */
export function formatHours(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  return `${Math.floor(total / 60)}h${String(total % 60).padStart(2, '0')}`;
}

/** The label of a cycle position: the weekday of a weekly template, 'Dia 3' of a rotation. */
export function positionLabel(kind: 'weekly' | 'rotation', position: number): string {
  return kind === 'weekly' ? (WEEKDAYS[position] ?? `Dia ${position + 1}`) : `Dia ${position + 1}`;
}

export interface DatedAssignment {
  validFrom: string;
  validTo: string | null;
}

/** The assignment in force on a day (ISO dates compare as text), or null. */
export function assignmentOn<T extends DatedAssignment>(assignments: readonly T[], day: string): T | null {
  return assignments.find((a) => a.validFrom <= day && (a.validTo === null || a.validTo >= day)) ?? null;
}

/** Whether an assignment has not started yet (only those may be deleted). */
export function isFuture(assignment: DatedAssignment, today: string): boolean {
  return assignment.validFrom > today;
}

/** A new empty cycle: weekly Monday–Friday 08:00–17:00 with a 1-hour break; a rotation's days start as days off. */
export function defaultDays(kind: 'weekly' | 'rotation', cycleDays: number): TemplateDayInput[] {
  return Array.from({ length: kind === 'weekly' ? 7 : cycleDays }, (_, position) =>
    kind === 'weekly' ? { works: position < 5, start: '08:00', end: '17:00', breakMinutes: 60 } : { works: position === 0, start: '07:00', end: '19:00', breakMinutes: 60 },
  );
}

/** Keeps the days already typed when the cycle grows or shrinks. */
export function resizeDays(days: readonly TemplateDayInput[], cycleDays: number): TemplateDayInput[] {
  return Array.from({ length: cycleDays }, (_, position) => days[position] ?? { works: false, start: '08:00', end: '17:00', breakMinutes: 60 });
}
