/**
 * The detailed report's pure parts (/ponto/relatorios-detalhados, issue 26): the period check the screen makes before
 * asking the database (the same rule and words as the RPCs), the marks' words, and the CSV/XLSX export of the marks with
 * the screen's count by source as its totals row.
 */
import { formatCount, formatDate, formatDateTime, formatTime } from '@/lib/dates';
import { cell, type ExportDocument } from '@/lib/spreadsheet/write';
import { PUNCH_LABELS, type PunchType } from '@/features/time-clock/logic';
import type { ReportMark, TimeMarksReport } from '@/features/time-clock/reports/schemas';
import { MARK_SOURCE_LABELS } from '@/features/time-clock/treatment';

/** The database's rule (p_to >= p_from + 12 months is refused), checked before asking. */
export function periodTooLong(from: string, to: string): boolean {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const limit = new Date(Date.UTC(year, month - 1 + 12, day)).toISOString().slice(0, 10);
  return to >= limit;
}

/** A mark's kind: the punch's type, or 'Inclusão' for a mark an adjustment included. */
export function punchLabel(mark: ReportMark): string {
  if (mark.source === 'I') return 'Inclusão';
  return mark.punch_type ? (PUNCH_LABELS[mark.punch_type as PunchType] ?? mark.punch_type) : '—';
}

function countBySource(marks: readonly ReportMark[]): Record<ReportMark['source'], number> {
  const counts = { O: 0, I: 0, D: 0 };
  for (const mark of marks) counts[mark.source] += 1;
  return counts;
}

/** '12 marcações: 10 originais, 1 incluída, 1 desconsiderada' (the screen's line and the export's totals row). */
export function marksSummary(marks: readonly ReportMark[]): string {
  const counts = countBySource(marks);
  return `${formatCount(marks.length, 'marcação', 'marcações')}: ${formatCount(counts.O, 'original', 'originais')}, ${formatCount(counts.I, 'incluída', 'incluídas')}, ${formatCount(counts.D, 'desconsiderada', 'desconsideradas')}`;
}

export const MARKS_EXPORT_COLUMNS = ['Funcionário', 'Unidade', 'Data', 'Hora', 'Origem', 'Tipo', 'Motivo', 'Autor do ajuste', 'Ajustado em', 'Dispositivo', 'IP', 'Navegador', 'Fora da unidade', 'NSR', 'Hash', 'Hash anterior'] as const;

/** The marks report as a CSV or XLSX: every mark, and the count by source as the totals row. */
export function marksExport(report: TimeMarksReport, filters: { unit: string; employee: string }, generatedAt: Date): ExportDocument {
  return {
    title: 'Relatório detalhado de marcações',
    details: [
      { label: 'Período', value: `${formatDate(`${report.from}T12:00:00Z`)} a ${formatDate(`${report.to}T12:00:00Z`)}` },
      { label: 'Unidade', value: filters.unit },
      { label: 'Funcionário', value: filters.employee },
    ],
    generatedAt,
    columns: MARKS_EXPORT_COLUMNS,
    rows: report.marks.map((mark) => [
      cell.text(mark.full_name),
      mark.unit_name ? cell.text(mark.unit_name) : null,
      cell.date(mark.work_date),
      cell.text(formatTime(mark.at, true)),
      cell.text(MARK_SOURCE_LABELS[mark.source]),
      cell.text(punchLabel(mark)),
      mark.motivo ? cell.text(mark.motivo) : null,
      mark.author_name ? cell.text(mark.author_name) : null,
      mark.adjusted_at ? cell.text(formatDateTime(mark.adjusted_at)) : null,
      mark.computer_name ? cell.text(mark.computer_name) : null,
      mark.ip_origem ? cell.text(mark.ip_origem) : null,
      mark.user_agent ? cell.text(mark.user_agent) : null,
      mark.fora_da_unidade ? cell.text('Sim') : null,
      mark.nsr === null ? null : cell.text(String(mark.nsr)),
      mark.receipt_hash ? cell.text(mark.receipt_hash) : null,
      mark.previous_hash ? cell.text(mark.previous_hash) : null,
    ]),
    totals: [cell.text('Total'), null, null, null, cell.text(marksSummary(report.marks)), ...MARKS_EXPORT_COLUMNS.slice(5).map(() => null)],
    sheetName: 'Marcações',
  };
}

/** marcacoes-2026-11-01-a-2026-11-26.csv */
export function marksFileName(from: string, to: string, format: 'csv' | 'xlsx'): string {
  return `marcacoes-${from}-a-${to}.${format}`;
}
