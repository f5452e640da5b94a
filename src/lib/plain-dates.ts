/**
 * Date, number and count formatting without date-fns: string work and the browser's Intl. dates.ts re-exports all of it,
 * and every screen imports it from there; only the public signature page (/assinar/:token, 120 KB
 * gzipped budget, see scripts/report-bundle.ts) imports this file directly, so it never loads date-fns.
 */
import { plural } from '@/lib/utils';

// The signature page imports its counted words from here too.
export { plural };

/**
 * 2026-11-25 → 25/11/2026, without any time-zone shift. A timestamp's first ten characters are read
 * as its day. No day (null, undefined, '') → `empty` ('—' unless the screen says otherwise, such as
 * purchasing's 'A combinar'); anything that is not a day is returned as it is.
 */
export function formatDay(day: string | null | undefined, empty = '—'): string {
  if (!day) return empty;
  if (!/^\d{4}-\d{2}-\d{2}/.test(day)) return day;
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

let saoPauloDateTime: Intl.DateTimeFormat | undefined;

/**
 * An instant as dd/MM/yyyy HH:mm in São Paulo, 24-hour clock: what dates.ts' formatDateTime writes,
 * on Intl alone. Not an instant ('não é data') → ''.
 */
export function formatSaoPauloDateTime(value: string | Date): string {
  saoPauloDateTime ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(saoPauloDateTime.formatToParts(date).map(({ type, value: text }) => [type, text]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** 1.234,5 (one formatter per set of options: building an Intl.NumberFormat costs far more than formatting) */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const key = options ? JSON.stringify(options) : '';
  let formatter = numberFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('pt-BR', options);
    numberFormatters.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * A fraction as a percentage, the one way the app writes one: the number, a space and '%', as the SI writes it
 * (INMETRO) and as the analyses were specified ('até 5 %'): formatPercent(0.714, { maximumFractionDigits: 1 }) →
 * '71,4 %'. Names that carry a percentage ('Horas extras 50%', 'Álcool 70%') are words, not figures, and keep theirs.
 */
export function formatPercent(fraction: number, options?: Pick<Intl.NumberFormatOptions, 'minimumFractionDigits' | 'maximumFractionDigits'>): string {
  return `${formatNumber(fraction * 100, { maximumFractionDigits: 0, ...options })} %`;
}

/**
 * A count and its word (plural() in utils.ts chooses it): formatCount(1234, 'item', 'itens') → '1.234 itens'; formatCount(1, 'marcação', 'marcações') → '1 marcação'.
 */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${plural(count, one, many)}`;
}
