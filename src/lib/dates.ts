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

/** 31/12/2026 18:05 */
export function formatDateTime(value: DateInput): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, 'dd/MM/yyyy HH:mm', { locale: ptBR });
}

/** 18:05:09 (seconds optional) */
export function formatTime(value: DateInput, withSeconds = false): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, withSeconds ? 'HH:mm:ss' : 'HH:mm', { locale: ptBR });
}

/** The calendar day in São Paulo as yyyy-MM-dd (for date columns and "today" filters). */
export function toAppDateString(value: DateInput): string {
  return formatInTimeZone(toDate(value), APP_TIME_ZONE, 'yyyy-MM-dd');
}

const currencyFormatter = new Intl.NumberFormat(APP_LOCALE, { style: 'currency', currency: 'BRL' });

/** R$ 1.234,56 */
export function formatCurrency(value: number): string {
  return currencyFormatter.format(value);
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** 1.234,5 (one formatter per set of options: building an Intl.NumberFormat costs far more than formatting) */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const key = options ? JSON.stringify(options) : '';
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(APP_LOCALE, options);
    numberFormatters.set(key, formatter);
  }
  return formatter.format(value);
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
