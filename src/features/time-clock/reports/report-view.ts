/**
 * What /ponto/relatorios shows and exports, as pure functions: the filters in the URL, the period checks the database
 * also makes (same words), the columns of each table with their totals row, and the exports (CSV/XLSX through
 * src/lib/spreadsheet). docs/time-clock-reports.md says how each figure is computed.
 */
import { addDays, formatDay, formatNumber, monthStart } from '@/lib/dates';
import { cell, type CellInput, type ExportDocument, type ExportFormat } from '@/lib/spreadsheet/write';
import type { DashboardStatus, PunchDashboard, ReportFigure, ReportFigures, TimeReport } from '@/features/time-clock/reports/schemas';

export type DashboardCounts = PunchDashboard['units'][number]['counts'];

// --- Filters in the URL ---------------------------------------------------------------------------

/** ?de=2026-11-01&ate=2026-11-30&unidade=<id>&funcionario=<id>&aba=por-unidade */
export const REPORT_PARAMS = { from: 'de', to: 'ate', unit: 'unidade', employee: 'funcionario' } as const;

/** The tabs of /ponto/relatorios, as `?aba=` names them ('Por funcionário' is the default, without a parameter). */
export const REPORT_TABS = ['por-funcionario', 'por-unidade', 'por-dia'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export interface ReportPeriod {
  from: string;
  to: string;
}

/** The month of `today`, first to last day (days after today count nothing in the figures). */
export function currentMonthPeriod(today: string): ReportPeriod {
  const first = monthStart(today);
  const nextMonth = monthStart(addDays(first, 32));
  return { from: first, to: addDays(nextMonth, -1) };
}

/** The same checks as the report RPCs, with the same words: the screen does not ask for a period the database refuses. */
export function reportPeriodError(period: ReportPeriod): string | null {
  if (!period.from || !period.to) return 'Informe o início e o fim do período';
  if (period.to < period.from) return 'O fim do período é anterior ao início';
  const [year, month, day] = period.from.split('-').map(Number) as [number, number, number];
  // p_to >= p_from + interval '12 months' (a 31st plus months lands on the month's last day, as PostgreSQL does).
  const limitMonth = new Date(Date.UTC(year, month - 1 + 12, 1));
  const lastDay = new Date(Date.UTC(limitMonth.getUTCFullYear(), limitMonth.getUTCMonth() + 1, 0)).getUTCDate();
  const limit = new Date(Date.UTC(limitMonth.getUTCFullYear(), limitMonth.getUTCMonth(), Math.min(day, lastDay))).toISOString().slice(0, 10);
  if (period.to >= limit) return 'O período deve ter no máximo 12 meses';
  return null;
}

/** The payroll file covers one calendar month: the period's month when the period lies inside one, else null. */
export function payrollMonth(period: ReportPeriod): string | null {
  return period.from.slice(0, 7) === period.to.slice(0, 7) ? monthStart(period.from) : null;
}

// --- Columns --------------------------------------------------------------------------------------

export type FigureKind = 'duration' | 'count';

export interface FigureColumn {
  key: ReportFigure;
  /** The header on screen and in the files. */
  label: string;
  /** What the figure means (the header's title; read by screen readers). */
  description: string;
  kind: FigureKind;
}

/** Every figure of a report row, in the schema's order (REPORT_FIGURES). */
export const FIGURE_COLUMNS: readonly FigureColumn[] = (
  [
    ['expected_minutes', 'Esperadas', 'Horas previstas pela escala', 'duration'],
    ['worked_minutes', 'Trabalhadas', 'Horas trabalhadas (marcações tratadas)', 'duration'],
    ['balance_minutes', 'Saldo', 'Trabalhadas menos esperadas', 'duration'],
    ['overtime_minutes', 'Horas extras', 'Soma dos saldos positivos dos dias', 'duration'],
    ['overtime_50_minutes', 'Extras 50%', 'Horas extras em dias comuns', 'duration'],
    ['overtime_100_minutes', 'Extras 100%', 'Horas extras em domingos de folga e feriados', 'duration'],
    ['overtime_days_over_2h', 'Dias com extra > 2h', 'Dias com mais de 2 horas extras (limite legal)', 'count'],
    ['undertime_minutes', 'Horas faltantes', 'Soma dos saldos negativos dos dias', 'duration'],
    ['absences', 'Faltas', 'Dias de trabalho sem marcação nem abono', 'count'],
    ['absence_minutes', 'Horas de falta', 'Horas esperadas nos dias de falta', 'duration'],
    ['late_count', 'Atrasos', 'Entradas depois do horário previsto mais a tolerância de 5 minutos', 'count'],
    ['late_minutes', 'Tempo de atraso', 'Soma dos atrasos além do horário previsto', 'duration'],
    ['early_leave_count', 'Saídas antecipadas', 'Saídas antes do horário previsto menos a tolerância de 5 minutos', 'count'],
    ['early_leave_minutes', 'Tempo de saída antecipada', 'Soma das saídas antecipadas', 'duration'],
    ['short_break_days', 'Intervalo curto', 'Dias com intervalo abaixo do mínimo legal', 'count'],
    ['short_rest_days', 'Interjornada < 11h', 'Dias com menos de 11 horas de descanso desde a jornada anterior', 'count'],
    ['night_minutes', 'Noturnas', 'Horas trabalhadas entre 22h e 5h', 'duration'],
    ['night_reduced_minutes', 'Noturnas reduzidas', 'Horas noturnas na hora reduzida (52min30s)', 'duration'],
    ['bank_earned_minutes', 'Banco: saldo dos dias', 'Saldo dos dias já encerrados que vai ao banco de horas', 'duration'],
    ['bank_settled_minutes', 'Banco: compensado ou pago', 'Compensações e pagamentos registrados no período', 'duration'],
    ['bank_movement_minutes', 'Banco: movimento', 'Saldo dos dias menos o compensado ou pago', 'duration'],
    ['sundays_worked', 'Domingos trabalhados', 'Domingos com horas trabalhadas', 'count'],
    ['holidays_worked', 'Feriados trabalhados', 'Feriados com horas trabalhadas', 'count'],
    ['workdays', 'Dias previstos', 'Dias com horas esperadas', 'count'],
    ['days_worked', 'Dias trabalhados', 'Dias com horas trabalhadas', 'count'],
    ['excused_days', 'Dias abonados', 'Dias com abono em vigor', 'count'],
  ] as const
).map(([key, label, description, kind]) => ({ key, label, description, kind }));

/** The daily series (one line per day of the period). */
export const DAILY_COLUMNS = [
  { key: 'expected_minutes', label: 'Esperadas', kind: 'duration' },
  { key: 'worked_minutes', label: 'Trabalhadas', kind: 'duration' },
  { key: 'overtime_minutes', label: 'Horas extras', kind: 'duration' },
  { key: 'absences', label: 'Faltas', kind: 'count' },
  { key: 'late_count', label: 'Atrasos', kind: 'count' },
] as const satisfies readonly { key: keyof TimeReport['daily'][number]; label: string; kind: FigureKind }[];

export const TOTAL_ROW_LABEL = 'Total';

/** 125 → '02:05', −30 → '−00:30'; counts as numbers ('1.234'). */
export function formatFigure(value: number, kind: FigureKind): string {
  if (kind === 'count') return formatNumber(value);
  const sign = value < 0 ? '−' : '';
  const abs = Math.abs(value);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function figureCell(value: number, kind: FigureKind): CellInput {
  return kind === 'duration' ? cell.duration(value) : cell.number(value);
}

// --- The tables (screen and files alike) ----------------------------------------------------------

export type ReportTableKind = 'employee' | 'unit' | 'daily';

export interface ReportTableLine {
  key: string;
  /** The first cells: name (and unit, job title) or the day. */
  heads: CellInput[];
  values: number[];
}

export interface ReportTable {
  kind: ReportTableKind;
  title: string;
  headColumns: string[];
  columns: readonly { key: string; label: string; kind: FigureKind; description?: string }[];
  lines: ReportTableLine[];
  /** The totals row, the figures of `report.totals` (the daily table sums its days). */
  totals: number[];
}

const figureValues = (row: ReportFigures) => FIGURE_COLUMNS.map((column) => row[column.key]);

/** The CPF as the database gave it (whole or masked), '' when not registered. */
function cpfText(cpf: string | null): string {
  if (!cpf) return '';
  return /^\d{11}$/.test(cpf) ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : cpf;
}

export function reportTable(kind: ReportTableKind, report: TimeReport): ReportTable {
  if (kind === 'employee')
    return {
      kind,
      title: 'Por funcionário',
      headColumns: ['Funcionário', 'CPF', 'Cargo', 'Unidade'],
      columns: FIGURE_COLUMNS,
      lines: report.employees.map((row) => ({
        key: row.user_id,
        heads: [row.full_name, cpfText(row.cpf), row.job_title ?? '', row.unit_name ?? ''],
        values: figureValues(row),
      })),
      totals: figureValues(report.totals),
    };
  if (kind === 'unit')
    return {
      kind,
      title: 'Por unidade',
      headColumns: ['Unidade', 'Funcionários'],
      columns: FIGURE_COLUMNS,
      lines: report.units.map((row) => ({ key: row.unit_id, heads: [row.unit_name, cell.number(row.employees)], values: figureValues(row) })),
      totals: figureValues(report.totals),
    };
  return {
    kind,
    title: 'Por dia',
    headColumns: ['Dia'],
    columns: DAILY_COLUMNS,
    lines: report.daily.map((day) => ({ key: day.date, heads: [cell.date(day.date)], values: DAILY_COLUMNS.map((column) => day[column.key]) })),
    totals: DAILY_COLUMNS.map((column) => report.daily.reduce((sum, day) => sum + day[column.key], 0)),
  };
}

/** The totals row's first cells: 'Total' and, by employee or unit, the number of employees. */
export function totalsHeads(table: ReportTable, report: TimeReport): CellInput[] {
  if (table.kind === 'employee') return [TOTAL_ROW_LABEL, '', '', ''];
  if (table.kind === 'unit') return [TOTAL_ROW_LABEL, cell.number(report.totals.employees)];
  return [TOTAL_ROW_LABEL];
}

export interface ReportNames {
  unit: string | null;
  employee: string | null;
}

/** The filters and the period in words (the export's header lines). */
export function describeReportFilters(report: Pick<TimeReport, 'from' | 'to'>, names: ReportNames): { label: string; value: string }[] {
  return [
    { label: 'Período', value: `${formatDay(report.from)} a ${formatDay(report.to)}` },
    { label: 'Unidade', value: names.unit ?? 'Todas as unidades' },
    { label: 'Funcionário', value: names.employee ?? 'Todos os funcionários' },
  ];
}

/** A table as a file: the same columns and totals row as the screen, hours as durations ([h]:mm). */
export function reportExport(table: ReportTable, report: TimeReport, names: ReportNames, generatedAt: Date): ExportDocument {
  return {
    title: `Relatórios de Ponto: ${table.title.toLowerCase()}`,
    details: describeReportFilters(report, names),
    generatedAt,
    columns: [...table.headColumns, ...table.columns.map((column) => column.label)],
    rows: table.lines.map((line) => [...line.heads, ...line.values.map((value, index) => figureCell(value, table.columns[index]!.kind))]),
    totals: [...totalsHeads(table, report), ...table.totals.map((value, index) => figureCell(value, table.columns[index]!.kind))],
    sheetName: table.title,
  };
}

const FILE_KIND: Record<ReportTableKind, string> = { employee: 'por-funcionario', unit: 'por-unidade', daily: 'por-dia' };

/** ponto-por-funcionario-2026-11-01-a-2026-11-30.csv */
export function reportFileName(kind: ReportTableKind, report: Pick<TimeReport, 'from' | 'to'>, format: ExportFormat): string {
  return `ponto-${FILE_KIND[kind]}-${report.from}-a-${report.to}.${format}`;
}

/** Whether the report has anything to show (no employee in scope: an empty notice instead of zeros). */
export function isEmptyTimeReport(report: TimeReport): boolean {
  return report.employees.length === 0;
}

/** The chart of worked vs expected hours: one bar pair per employee or unit, in hours. */
export interface HoursBar {
  key: string;
  name: string;
  expected: number;
  worked: number;
}

export function hoursBars(rows: readonly { key: string; name: string; expected_minutes: number; worked_minutes: number }[]): HoursBar[] {
  return rows.map((row) => ({ key: row.key, name: row.name, expected: row.expected_minutes / 60, worked: row.worked_minutes / 60 }));
}

// --- The dashboard --------------------------------------------------------------------------------

/** The statuses in the dashboard's order, with their words (cards and badges). */
export const DASHBOARD_STATUS_LABELS: Record<DashboardStatus, string> = {
  trabalhando: 'Trabalhando',
  intervalo: 'Em intervalo',
  encerrado: 'Encerrado',
  ausente: 'Ausente',
  aguardando: 'Aguardando entrada',
  sem_escala: 'Sem escala hoje',
};

/**
 * The counts of the units shown: one unit's own, or for several units counted again from their people, each person once
 * (someone assigned to two units is listed under both, with the same status).
 */
/** Takes only what it reads: each unit's counts and its people's id, status and lateness. */
export function dashboardCounts(
  units: readonly { counts: DashboardCounts; people: readonly Pick<PunchDashboard['units'][number]['people'][number], 'user_id' | 'status' | 'late'>[] }[],
): DashboardCounts {
  if (units.length === 1) return units[0]!.counts;
  const total: DashboardCounts = { trabalhando: 0, intervalo: 0, encerrado: 0, ausente: 0, aguardando: 0, sem_escala: 0, atrasado: 0, total: 0 };
  const seen = new Set<string>();
  for (const unit of units)
    for (const person of unit.people) {
      if (seen.has(person.user_id)) continue;
      seen.add(person.user_id);
      total[person.status] += 1;
      if (person.late) total.atrasado += 1;
      total.total += 1;
    }
  return total;
}
