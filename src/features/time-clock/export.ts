/**
 * /meu-ponto's export (CSV or XLSX): every day of the month as the table shows it and a totals row
 * equal to the summary cards (Trabalhadas no mês, Esperadas até hoje, Saldo), under a header with the
 * employee, the month and 'Gerado em'. Hours are durations (an .xlsx time, hh:mm in the CSV with a plain
 * '-' for negative balances), days are dates.
 */
import { formatDay, formatMonthYear, formatTime, formatWeekday } from '@/lib/dates';
import { cell, type CellInput, type ExportDocument, type ExportFormat } from '@/lib/spreadsheet/write';
import type { TimesheetLine } from '@/features/time-clock/logic';

export interface TimesheetSummary {
  lines: readonly TimesheetLine[];
  worked: number;
  expected: number;
  balance: number;
}

export const TIMESHEET_EXPORT_COLUMNS = [
  'Data',
  'Dia da semana',
  'Entrada',
  'Saída Almoço',
  'Retorno Almoço',
  'Saída Final',
  'Extras',
  'Trabalhadas',
  'Esperadas',
  'Saldo do dia',
  'Saldo acumulado',
  'Observações',
] as const;

export const TIMESHEET_TOTAL_LABEL = 'Total do mês';

/** The columns of the totals row that carry the summary cards' figures. */
export const TIMESHEET_TOTAL_COLUMNS = { worked: 7, expected: 8, balance: 9 } as const;

const timeOf = (value: string | null): CellInput => (value ? cell.text(formatTime(value)) : null);

/**
 * 'Incompleto; Sem intervalo; Fora da unidade': the flags the table shows beside the day, and 'Dia em
 * andamento' for today before the final exit (its expected hours count once the day is closed).
 */
function notes(line: TimesheetLine, today: string): string {
  const open = line.date === today && line.saidaFinal === null && line.expectedCounted !== line.expectedMinutes;
  return [
    open ? 'Dia em andamento' : null,
    line.incomplete ? 'Incompleto' : null,
    line.missingBreak ? 'Sem intervalo' : null,
    line.outsideUnit ? 'Fora da unidade' : null,
  ]
    .filter((note): note is string => note !== null)
    .join('; ');
}

/** 'Novembro de 2026' */
function monthTitle(month: string): string {
  const label = formatMonthYear(month);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The export of a month's timesheet (summary: summarizeTimesheet of the month, as the screen computes it). */
export function timesheetExport(input: {
  summary: TimesheetSummary;
  employeeName: string;
  /** yyyy-MM-01 */
  month: string;
  /** The São Paulo day the balances were computed for (days after it count nothing). */
  today: string;
  generatedAt: Date;
}): ExportDocument {
  const { summary } = input;
  return {
    title: 'Espelho de ponto',
    details: [
      { label: 'Funcionário', value: input.employeeName },
      { label: 'Mês', value: monthTitle(input.month) },
      { label: 'Saldo calculado até', value: formatDay(input.today) },
    ],
    generatedAt: input.generatedAt,
    columns: TIMESHEET_EXPORT_COLUMNS,
    rows: summary.lines.map((line) => {
      // Days to come count nothing yet: their hours are left blank, so every column adds up to the totals row.
      const counted = line.date <= input.today;
      return [
        cell.date(line.date),
        cell.text(formatWeekday(line.date)),
        timeOf(line.entrada),
        timeOf(line.saidaIntervalo),
        timeOf(line.retornoIntervalo),
        timeOf(line.saidaFinal),
        line.extras.length > 0 ? cell.text(line.extras.map((extra) => formatTime(extra)).join(' ')) : null,
        counted ? cell.duration(line.workedMinutes) : null,
        counted ? cell.duration(line.expectedCounted) : null,
        counted ? cell.duration(line.balance) : null,
        counted ? cell.duration(line.runningBalance) : null,
        notes(line, input.today) || null,
      ];
    }),
    totals: [cell.text(TIMESHEET_TOTAL_LABEL), null, null, null, null, null, null, cell.duration(summary.worked), cell.duration(summary.expected), cell.duration(summary.balance), null, null],
    sheetName: 'Espelho de ponto',
  };
}

/** meu-ponto-2026-11.csv */
export function timesheetFileName(month: string, format: ExportFormat): string {
  return `meu-ponto-${month.slice(0, 7)}.${format}`;
}
