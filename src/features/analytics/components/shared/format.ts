/**
 * pt-BR formatting of the analyses' figures. A metric whose denominator was zero arrives as null
 * and reads 'sem dados' (never 0 % or 100 %); so does a duration nobody reached.
 */
import { formatCurrency, formatNumber, formatPercent as formatFraction } from '@/lib/dates';
import { plural } from '@/lib/utils';
import { analyticsMessages } from '@/features/analytics/messages';

const NO_DATA = analyticsMessages.noData;

function isFiniteNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A fraction as a percentage with one decimal: 0.125 → '12,5 %'; null → 'sem dados'. */
export function formatRatio(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return NO_DATA;
  return formatFraction(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A percentage already in percent (e.g. a spread of 12.5): '12,5 %'; null → 'sem dados'. */
export function formatPercent(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return NO_DATA;
  return formatFraction(value / 100, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Hours with one decimal: 12.5 → '12,5 h'; null → 'sem dados'. */
export function formatHours(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return NO_DATA;
  return `${formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} h`;
}

/** Days with one decimal, the word by number: 1 → '1,0 dia'; 3.25 → '3,3 dias'; null → 'sem dados'. */
export function formatDays(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return NO_DATA;
  const rounded = Math.round(value * 10) / 10;
  return `${formatNumber(rounded, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${plural(rounded, 'dia', 'dias')}`;
}

/** Reais; null → 'sem dados' (a saving without a reference price, a total of nothing measured). */
export function formatMoney(value: number | null | undefined): string {
  return isFiniteNumber(value) ? formatCurrency(value) : NO_DATA;
}

/** A unit cost with four decimals: 8.1666 → 'R$ 8,1666'; null → 'sem dados'. */
export function formatUnitCost(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return NO_DATA;
  return formatNumber(value, { style: 'currency', currency: 'BRL', minimumFractionDigits: 4, maximumFractionDigits: 4 });
}

/** A count or a quantity: 1234 → '1.234'; 2.5 → '2,5'; null → 'sem dados'. */
export function formatQuantity(value: number | null | undefined): string {
  return isFiniteNumber(value) ? formatNumber(value, { maximumFractionDigits: 2 }) : NO_DATA;
}

/** A horizontal chart's row label, cut to fit its 140 px column in three lines; the tooltip and the table view have it whole. */
const ROW_LABEL_MAX = 40;
export function shortLabel(text: string): string {
  return text.length <= ROW_LABEL_MAX ? text : `${text.slice(0, ROW_LABEL_MAX - 1).trimEnd()}…`;
}
