/**
 * The one place dates, times and numbers are formatted (spec §9: America/Sao_Paulo, pt-BR, 24-hour clock).
 */
import { ptBR } from 'date-fns/locale/pt-BR';
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

export const APP_TIME_ZONE = 'America/Sao_Paulo';
export const APP_LOCALE = 'pt-BR';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 31/12/2026 */
export function formatDate(value: DateInput): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, 'dd/MM/yyyy', { locale: ptBR });
}

/** 31/12/2026 18:05 (31/12/2026 18:05:09 with seconds, as receipts show it) */
export function formatDateTime(value: DateInput, withSeconds = false): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, withSeconds ? 'dd/MM/yyyy HH:mm:ss' : 'dd/MM/yyyy HH:mm', { locale: ptBR });
}

/** 18:05:09 (seconds optional) */
export function formatTime(value: DateInput, withSeconds = false): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, withSeconds ? 'HH:mm:ss' : 'HH:mm', { locale: ptBR });
}

/** The calendar day in São Paulo as yyyy-MM-dd (for date columns and "today" filters). */
export function toAppDateString(value: DateInput): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, 'yyyy-MM-dd');
}

/** 20261231-180509: São Paulo date and time for a file name (sorts as it reads, no separators a path refuses). */
export function formatFileStamp(value: DateInput): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, 'yyyyMMdd-HHmmss');
}

const currencyFormatter = new Intl.NumberFormat(APP_LOCALE, { style: 'currency', currency: 'BRL' });

/** R$ 1.234,56 */
export function formatCurrency(value: number): string {
  return currencyFormatter.format(value);
}

/** The instant a São Paulo calendar day (YYYY-MM-DD) begins, as ISO: the lower bound of a day filter. */
export function saoPauloDayStart(day: string): string {
  return fromZonedTime(`${day}T00:00:00`, APP_TIME_ZONE).toISOString();
}

/** The instant the São Paulo day after `day` begins: the exclusive upper bound of a day filter. */
export function saoPauloNextDayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return saoPauloDayStart(next.toISOString().slice(0, 10));
}

// --- Calendar days ------------------------------------------------------------------------------
// A calendar day is a `date` column written yyyy-MM-dd (a due date, a shipment date). It is not an
// instant: it is shown and compared as written, never moved across time zones.

/** The earliest and latest days the app's filters and forms accept (the range of the date columns' checks). */
export const MIN_DAY = '2000-01-01';
export const MAX_DAY = '2100-12-31';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayParts(day: string): [number, number, number] {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return [year, month, date];
}

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = dayParts(value);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real calendar day between MIN_DAY and MAX_DAY (a year half typed, 0202-…, is not one). */
export function isValidDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && isIsoDay(value) && value >= MIN_DAY && value <= MAX_DAY;
}

// formatDay (2026-11-25 → 25/11/2026) and formatSaoPauloDateTime (formatDateTime on Intl alone) live in
// plain-dates.ts, which loads no date-fns, so the public signature page can use them within its budget.
export { formatCount, formatDay, formatNumber, formatPercent, formatSaoPauloDateTime, plural } from '@/lib/plain-dates';


/** 2026-11-25 → 25/11 */
export function formatShortDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [year, month, date] = dayParts(day);
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The first day of the month of `day`. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The day at noon UTC: formatting it in UTC names that calendar day whatever the zone. */
function dayAtNoon(day: string): Date {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`);
}

/** 2026-11-25 → quarta-feira */
export function formatWeekday(day: string): string {
  return formatInTimeZone(dayAtNoon(day), 'UTC', 'EEEE', { locale: ptBR });
}

/** 2026-11-25 → qua., 25/11 */
export function formatWeekdayShortDay(day: string): string {
  return formatInTimeZone(dayAtNoon(day), 'UTC', 'EEEEEE., dd/MM', { locale: ptBR });
}

/** 2026-11 (or any day of it) → novembro de 2026 */
export function formatMonthYear(month: string): string {
  return formatInTimeZone(dayAtNoon(`${month.slice(0, 7)}-01`), 'UTC', "MMMM 'de' yyyy", { locale: ptBR });
}

/** An instant as its São Paulo day in full: quinta-feira, 26 de novembro de 2026 */
export function formatFullDate(value: DateInput): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, "EEEE, d 'de' MMMM 'de' yyyy", { locale: ptBR });
}
