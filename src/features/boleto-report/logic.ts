/**
 * Pure rules of /relatorio-boletos: filters ⇄ URL, the report's JSON to typed values, the buckets
 * the cards show and the /boletos links they open, the tables and the rows their exports write.
 * Days are São Paulo calendar days as yyyy-MM-dd strings, and "today" is always the database's.
 */
import { paths } from '@/config/paths';
import { addDays, daysBetween, formatCount, formatDay, formatShortDay, isValidDay, monthStart } from '@/lib/dates';
import { cell, type CellInput, type ExportDocument, type ExportFormat } from '@/lib/spreadsheet/write';
import { boletoReportMessages } from '@/features/boleto-report/messages';
import {
  MEASURE_KEYS,
  type BoletoReport,
  type Measure,
  type MeasureKey,
  type Measures,
  type ReportFilters,
  type ReportLine,
  type ReportTableKind,
  type TimelineDay,
} from '@/features/boleto-report/types';
import { uuidOrNull } from '@/lib/utils';

// --- Filters ⇄ URL -------------------------------------------------------------------------------

/** The search params of /relatorio-boletos (and of the /boletos links: unidade, fornecedor, de, ate). */
export const REPORT_PARAMS = { unit: 'unidade', supplier: 'fornecedor', from: 'de', to: 'ate' } as const;

export const EMPTY_FILTERS: ReportFilters = { unitId: null, supplierId: null, paidFrom: null, paidTo: null };

function uuidParam(params: URLSearchParams, name: string): string | null {
  return uuidOrNull(params.get(name)?.trim());
}

function dayParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return isValidDay(value) ? value : null;
}

/** The filters a shared link carries; anything malformed is dropped (the default applies). */
export function filtersFromSearch(params: URLSearchParams): ReportFilters {
  return {
    unitId: uuidParam(params, REPORT_PARAMS.unit),
    supplierId: uuidParam(params, REPORT_PARAMS.supplier),
    paidFrom: dayParam(params, REPORT_PARAMS.from),
    paidTo: dayParam(params, REPORT_PARAMS.to),
  };
}

/** The search params of a view: only what differs from the defaults. */
export function searchFromFilters(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.unitId) params.set(REPORT_PARAMS.unit, filters.unitId);
  if (filters.supplierId) params.set(REPORT_PARAMS.supplier, filters.supplierId);
  if (filters.paidFrom) params.set(REPORT_PARAMS.from, filters.paidFrom);
  if (filters.paidTo) params.set(REPORT_PARAMS.to, filters.paidTo);
  return params;
}

export function hasFilters(filters: ReportFilters): boolean {
  return Boolean(filters.unitId ?? filters.supplierId ?? filters.paidFrom ?? filters.paidTo);
}

/** The payment period the database will use: the month so far unless the URL says otherwise. */
export function effectivePeriod(filters: ReportFilters, today: string): { from: string; to: string } {
  return { from: filters.paidFrom ?? monthStart(today), to: filters.paidTo ?? today };
}

/** Why the period cannot be asked for (the database refuses the same), or null. */
export function periodError(filters: ReportFilters, today: string): string | null {
  const { from, to } = effectivePeriod(filters, today);
  if (from > to) return boletoReportMessages.periodOrder;
  if (daysBetween(from, to) > 3660) return boletoReportMessages.periodTooLong;
  return null;
}

// --- The report's JSON ---------------------------------------------------------------------------

function numberOf(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
}

function dayOf(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.map(recordOf) : [];
}

export function emptyMeasures(): Measures {
  return Object.fromEntries(MEASURE_KEYS.map((key) => [key, { amount: 0, count: 0 }])) as Measures;
}

function measuresOf(row: Record<string, unknown>): Measures {
  // Sums over no boleto come back null; counts are always there.
  return Object.fromEntries(MEASURE_KEYS.map((key) => [key, { amount: numberOf(row[key]), count: numberOf(row[`${key}_count`]) }])) as Measures;
}

/** get_boletos_report's JSON as the screen uses it. */
export function parseReport(json: unknown): BoletoReport {
  const root = recordOf(json);
  return {
    today: dayOf(root.today),
    paidFrom: dayOf(root.paid_from),
    paidTo: dayOf(root.paid_to),
    totals: measuresOf(recordOf(root.totals)),
    byUnit: listOf(root.by_unit).map((row) => ({
      key: String(row.unit_id ?? ''),
      name: typeof row.unit_name === 'string' ? row.unit_name : 'Unidade',
      measures: measuresOf(row),
    })),
    bySupplier: listOf(root.by_supplier).map((row, index) => ({
      key: typeof row.payee === 'string' ? row.payee : `sem-favorecido-${index}`,
      name: typeof row.payee === 'string' && row.payee.trim() ? row.payee : 'Sem favorecido',
      measures: measuresOf(row),
    })),
    timeline: listOf(root.timeline).map((row) => ({ date: dayOf(row.date), amount: numberOf(row.amount), count: numberOf(row.count) })),
    duplicateCodes: listOf(root.duplicate_codes).map((row) => ({
      linhaDigitavel: String(row.linha_digitavel ?? ''),
      boletos: listOf(row.boletos).map((boleto) => ({
        id: String(boleto.id ?? ''),
        unitName: typeof boleto.unit_name === 'string' ? boleto.unit_name : 'Unidade',
        payee: typeof boleto.payee === 'string' && boleto.payee.trim() ? boleto.payee : 'Sem favorecido',
        status: boleto.status === 'PAGO' ? ('PAGO' as const) : ('PENDENTE' as const),
        dueDate: dayOf(boleto.due_date),
        amount: numberOf(boleto.amount),
        paidAt: typeof boleto.paid_at === 'string' ? dayOf(boleto.paid_at) : null,
        paidAmount: boleto.paid_amount === null || boleto.paid_amount === undefined ? null : numberOf(boleto.paid_amount),
        duplicateReason: typeof boleto.duplicate_reason === 'string' ? boleto.duplicate_reason : null,
      })),
    })),
  };
}

/** Nothing pending and nothing paid in the period: the screen shows its empty state. */
export function isEmptyReport(report: BoletoReport): boolean {
  return report.totals.pending.count === 0 && report.totals.paid.count === 0;
}

const cents = (amount: number) => Math.round(amount * 100);

/** The lines added up (in cents, so R$ 0,10 + R$ 0,20 is R$ 0,30). */
export function sumLines(lines: readonly ReportLine[]): Measures {
  const sum = emptyMeasures();
  for (const key of MEASURE_KEYS) {
    let amountCents = 0;
    let count = 0;
    for (const line of lines) {
      amountCents += cents(line.measures[key].amount);
      count += line.measures[key].count;
    }
    sum[key] = { amount: amountCents / 100, count };
  }
  return sum;
}

/** Same amounts (to the cent) and counts. */
export function sameMeasures(a: Measures, b: Measures): boolean {
  return MEASURE_KEYS.every((key) => cents(a[key].amount) === cents(b[key].amount) && a[key].count === b[key].count);
}

/**
 * The figure a card of the screen shows for a measure ('Total pendente' is the line above the cards):
 * the report's totals. The exports' totals row is checked against this (tests/integration/app/boleto-report-export.test.ts).
 */
export function cardFigure(report: Pick<BoletoReport, 'totals'>, key: MeasureKey): Measure {
  return report.totals[key];
}

/** The due buckets that split 'Total pendente': every pending boleto is in exactly one of them. */
export const PENDING_PARTS = ['overdue', 'due_today', 'next_30', 'after_30'] as const satisfies readonly MeasureKey[];

/** Whether the due buckets add up to the pending total, in cents and in boletos. */
export function bucketsAddUp(measures: Measures): boolean {
  const amount = PENDING_PARTS.reduce((sum, key) => sum + cents(measures[key].amount), 0);
  const count = PENDING_PARTS.reduce((sum, key) => sum + measures[key].count, 0);
  return amount === cents(measures.pending.amount) && count === measures.pending.count;
}

// --- Labels --------------------------------------------------------------------------------------

/** Nenhum boleto · 1 boleto · 1.234 boletos */
export function countLabel(count: number): string {
  if (count === 0) return 'Nenhum boleto';
  return formatCount(count, 'boleto', 'boletos');
}

/** Every measure as people read it (cards, exports, the print header). */
export const MEASURE_LABELS: Record<MeasureKey, string> = {
  pending: 'Total pendente',
  due_today: 'Vence hoje',
  next_7: 'Próximos 7 dias',
  next_30: 'Próximos 30 dias',
  after_30: 'A vencer após 30 dias',
  overdue: 'Total vencido',
  overdue_1_7: 'Vencidos há 1–7 dias',
  overdue_8_30: 'Vencidos há 8–30 dias',
  overdue_over_30: 'Vencidos há mais de 30 dias',
  paid: 'Pago no período',
};

/** The three aging buckets of the overdue card, oldest last. */
export const AGING_BUCKETS = ['overdue_1_7', 'overdue_8_30', 'overdue_over_30'] as const satisfies readonly MeasureKey[];

export const AGING_LABELS: Record<(typeof AGING_BUCKETS)[number], string> = {
  overdue_1_7: '1–7 dias',
  overdue_8_30: '8–30 dias',
  overdue_over_30: 'mais de 30 dias',
};

/** The due days a pending bucket covers (from/to inclusive, null: open), relative to the database's today. */
export function dueRange(key: Exclude<MeasureKey, 'paid'>, today: string): { from: string | null; to: string | null } {
  switch (key) {
    case 'pending':
      return { from: null, to: null };
    case 'due_today':
      return { from: today, to: today };
    case 'next_7':
      return { from: addDays(today, 1), to: addDays(today, 7) };
    case 'next_30':
      return { from: addDays(today, 1), to: addDays(today, 30) };
    case 'after_30':
      return { from: addDays(today, 31), to: null };
    case 'overdue':
      return { from: null, to: addDays(today, -1) };
    case 'overdue_1_7':
      return { from: addDays(today, -7), to: addDays(today, -1) };
    case 'overdue_8_30':
      return { from: addDays(today, -30), to: addDays(today, -8) };
    case 'overdue_over_30':
      return { from: null, to: addDays(today, -31) };
  }
}

/** "26/11 a 02/12", "até 24/11", "25/11/2026": the days a card counts, shown under its title. */
export function bucketDaysLabel(key: MeasureKey, report: Pick<BoletoReport, 'today' | 'paidFrom' | 'paidTo'>): string {
  if (key === 'paid') return report.paidFrom === report.paidTo ? formatDay(report.paidFrom) : `${formatDay(report.paidFrom)} a ${formatDay(report.paidTo)}`;
  const { from, to } = dueRange(key, report.today);
  if (from && to) return from === to ? formatDay(from) : `${formatShortDay(from)} a ${formatShortDay(to)}`;
  if (to) return `até ${formatShortDay(to)}`;
  if (from) return `a partir de ${formatShortDay(from)}`;
  return 'todos os vencimentos';
}

// --- Links to /boletos ---------------------------------------------------------------------------

/**
 * The situação /boletos filters by, as its URL spells it (src/features/boletos/logic.ts,
 * SITUATION_FILTERS: pendentes, a-vencer, vence-hoje, vencidos; de/ate are due dates there).
 */
const SITUATION_PARAM: Record<Exclude<MeasureKey, 'paid'>, 'pendentes' | 'vence-hoje' | 'a-vencer' | 'vencidos'> = {
  pending: 'pendentes',
  due_today: 'vence-hoje',
  next_7: 'a-vencer',
  next_30: 'a-vencer',
  after_30: 'a-vencer',
  overdue: 'vencidos',
  overdue_1_7: 'vencidos',
  overdue_8_30: 'vencidos',
  overdue_over_30: 'vencidos',
};

/**
 * The /boletos list showing the boletos a card counts: situação plus the due-date range (de/ate are
 * due dates there), with the report's unit and supplier. Paid boletos get no link: the list filters
 * by due date, not by payment date, so it could not show "paid in the period".
 */
export function boletosListHref(key: MeasureKey, filters: ReportFilters, today: string): string | null {
  if (key === 'paid') return null;
  const params = new URLSearchParams({ situacao: SITUATION_PARAM[key] });
  if (filters.unitId) params.set(REPORT_PARAMS.unit, filters.unitId);
  if (filters.supplierId) params.set(REPORT_PARAMS.supplier, filters.supplierId);
  const { from, to } = key === 'due_today' || key === 'overdue' || key === 'pending' ? { from: null, to: null } : dueRange(key, today);
  if (from) params.set(REPORT_PARAMS.from, from);
  if (to) params.set(REPORT_PARAMS.to, to);
  return `${paths.boletos}?${params.toString()}`;
}

// --- Tables and exports --------------------------------------------------------------------------

/** The columns of 'Por unidade' and 'Por fornecedor', in order (the screen's table and its exports). */
export const TABLE_MEASURES = [
  'due_today',
  'next_7',
  'next_30',
  'after_30',
  'overdue_1_7',
  'overdue_8_30',
  'overdue_over_30',
  'overdue',
  'pending',
  'paid',
] as const satisfies readonly MeasureKey[];

export interface ReportTable {
  kind: ReportTableKind;
  title: string;
  nameHeader: string;
  lines: ReportLine[];
  /** The report's totals: the same figures as the cards. */
  totals: Measures;
}

export const TABLE_TITLES: Record<ReportTableKind, string> = { unit: 'Por unidade', supplier: 'Por fornecedor' };

export function reportTable(kind: ReportTableKind, report: BoletoReport): ReportTable {
  return {
    kind,
    title: TABLE_TITLES[kind],
    nameHeader: kind === 'unit' ? 'Unidade' : 'Fornecedor / beneficiário',
    lines: kind === 'unit' ? report.byUnit : report.bySupplier,
    totals: report.totals,
  };
}

export const TOTAL_ROW_LABEL = 'Total';

/** The exported column of a measure, as the card or the table header says it. */
export const EXPORT_MEASURE_LABELS: Record<(typeof TABLE_MEASURES)[number], string> = {
  due_today: 'Vence hoje',
  next_7: 'A vencer em 1–7 dias',
  next_30: 'A vencer em 1–30 dias (inclui 1–7)',
  after_30: 'A vencer após 30 dias',
  overdue_1_7: 'Vencidos há 1–7 dias',
  overdue_8_30: 'Vencidos há 8–30 dias',
  overdue_over_30: 'Vencidos há mais de 30 dias',
  overdue: 'Total vencido',
  pending: 'Total pendente',
  paid: 'Pago no período',
};

/** Each measure as two cells: the count of boletos and the amount in reais. */
function measureCells(measures: Measures): CellInput[] {
  return TABLE_MEASURES.flatMap((key) => [cell.number(measures[key].count), cell.money(cents(measures[key].amount) / 100)]);
}

/**
 * The export of a table: the filters and the period in words, one row per line of the table (all of
 * them, not only those shown before 'Mostrar todos') and the totals row, which is the cards' figures.
 */
export function reportExport(
  table: ReportTable,
  report: Pick<BoletoReport, 'today' | 'paidFrom' | 'paidTo'>,
  names: { unit: string | null; supplier: string | null },
  generatedAt: Date,
): ExportDocument {
  return {
    title: `Relatório de Boletos: ${table.title.toLowerCase()}`,
    details: describeFilters(report, names),
    generatedAt,
    columns: [table.nameHeader, ...TABLE_MEASURES.flatMap((key) => [`${EXPORT_MEASURE_LABELS[key]} (qtd.)`, `${EXPORT_MEASURE_LABELS[key]} (R$)`])],
    rows: table.lines.map((line) => [cell.text(line.name), ...measureCells(line.measures)]),
    totals: [cell.text(TOTAL_ROW_LABEL), ...measureCells(table.totals)],
    sheetName: table.title,
  };
}

/** boletos-por-unidade-2026-11-25.xlsx */
export function exportFileName(kind: ReportTableKind, today: string, format: ExportFormat): string {
  return `boletos-por-${kind === 'unit' ? 'unidade' : 'fornecedor'}-${today}.${format}`;
}

// --- The due-date calendar -----------------------------------------------------------------------

export type DayTone = 'overdue' | 'today' | 'upcoming';

export interface TimelineBar extends TimelineDay {
  tone: DayTone;
}

export function timelineBars(timeline: readonly TimelineDay[], today: string): TimelineBar[] {
  return timeline.map((day) => ({ ...day, tone: day.date < today ? 'overdue' : day.date === today ? 'today' : 'upcoming' }));
}

export const DAY_TONE_LABELS: Record<DayTone, string> = { overdue: 'Vencido', today: 'Vence hoje', upcoming: 'A vencer' };

// --- Print ---------------------------------------------------------------------------------------

/** The filters and the period as the printed header and the exports list them. */
export function describeFilters(
  report: Pick<BoletoReport, 'today' | 'paidFrom' | 'paidTo'>,
  names: { unit: string | null; supplier: string | null },
): { label: string; value: string }[] {
  return [
    { label: 'Unidade', value: names.unit ?? 'Todas as unidades' },
    { label: 'Fornecedor', value: names.supplier ?? 'Todos os fornecedores' },
    { label: 'Período de pagamentos', value: `${formatDay(report.paidFrom)} a ${formatDay(report.paidTo)}` },
    { label: 'Posição em', value: formatDay(report.today) },
  ];
}

/** What the calendar covers and what it leaves out (older overdue boletos, dues after its last day). */
export function timelineSummary(report: Pick<BoletoReport, 'timeline' | 'totals'>): {
  from: string | null;
  to: string | null;
  amount: number;
  count: number;
  outsideAmount: number;
  outsideCount: number;
} {
  const amountCents = report.timeline.reduce((sum, day) => sum + cents(day.amount), 0);
  const count = report.timeline.reduce((sum, day) => sum + day.count, 0);
  return {
    from: report.timeline[0]?.date ?? null,
    to: report.timeline.at(-1)?.date ?? null,
    amount: amountCents / 100,
    count,
    outsideAmount: Math.max(0, cents(report.totals.pending.amount) - amountCents) / 100,
    outsideCount: Math.max(0, report.totals.pending.count - count),
  };
}
