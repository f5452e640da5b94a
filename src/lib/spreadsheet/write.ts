/**
 * Exports for the report screens: .xlsx or .csv, the library loaded only when the user exports an
 * .xlsx. A feature describes its export once (ExportDocument: a title, the filters and period in words,
 * the columns, every row behind the screen's figures and a totals row) with typed cells
 * (src/lib/spreadsheet/cells.ts); this file lays it out the same way for every module, stamps
 * 'Gerado em' (São Paulo) and writes each cell kind as the format's readers expect:
 * - .xlsx: money and counts are numbers (money with the R$ format), days are real dates (dd/mm/yyyy),
 *   durations are times ([h]:mm; the workbook uses the 1904 date system, the one in which Excel shows a
 *   negative time such as a negative balance);
 * - .csv: CSV for Excel in Brazil (cells.ts toCsvText).
 * Every text cell that a spreadsheet program would run as a formula is written as literal text.
 */
import type { WorkSheet } from '@e965/xlsx';
import { formatSaoPauloDateTime } from '@/lib/plain-dates';
import { escapeExportCell, roundCents, toCell, toCsvText, type CellInput, type ExportCell } from './cells';

export type { CellInput, ExportCell } from './cells';
export { cell } from './cells';
export type ExportFormat = 'xlsx' | 'csv';

export interface ExportDetail {
  label: string;
  value: string;
}

/** One export: what it is, what it covers, its columns, its rows and their totals. */
export interface ExportDocument {
  /** First line of the file, e.g. 'Relatório de Boletos: por unidade'. */
  title: string;
  /** The filters and the period as the screen shows them ('Unidade: Todas as unidades', 'Período: 01/11/2026 a 26/11/2026'). */
  details: readonly ExportDetail[];
  /** Written as 'Gerado em: dd/mm/aaaa HH:mm' (São Paulo). */
  generatedAt: Date;
  columns: readonly string[];
  rows: readonly (readonly CellInput[])[];
  /** The totals row: the screen's figures. */
  totals: readonly CellInput[] | null;
  /** The .xlsx sheet's name (at most 31 characters). */
  sheetName?: string;
}

/** 'Gerado em: 26/11/2026 14:05' */
export function generatedAtLine(at: Date): string {
  return `Gerado em: ${formatSaoPauloDateTime(at)}`;
}

/**
 * The lines of an export, top to bottom: the title, one line per detail, 'Gerado em', a blank line,
 * the column headers, the rows and the totals row.
 */
export function exportLayout(doc: ExportDocument): CellInput[][] {
  return [
    [doc.title],
    ...doc.details.map((detail) => [`${detail.label}: ${detail.value}`]),
    [generatedAtLine(doc.generatedAt)],
    [],
    [...doc.columns],
    ...doc.rows.map((row) => [...row]),
    ...(doc.totals ? [[...doc.totals]] : []),
  ];
}

/** Where the column headers are in exportLayout (0-based row index). */
export function headerRowIndex(doc: Pick<ExportDocument, 'details'>): number {
  return doc.details.length + 3;
}

export const MONEY_FORMAT = '"R$" #,##0.00;-"R$" #,##0.00';
export const DATE_FORMAT = 'dd/mm/yyyy';
export const DURATION_FORMAT = '[h]:mm';
const COUNT_FORMAT = '#,##0';

const DAY_MS = 86_400_000;
/** Day 0 of the 1904 date system. */
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** A yyyy-MM-dd day as a 1904-system serial, or null when it is not a day. */
function daySerial(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return (Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - EPOCH_1904) / DAY_MS;
}

interface SheetCell {
  t: 's' | 'n';
  v: string | number;
  z?: string;
}

/** A typed cell as an .xlsx cell (null: nothing written). */
function xlsxCell(input: CellInput): SheetCell | null {
  const value: ExportCell | null = toCell(input);
  if (value === null) return null;
  switch (value.kind) {
    case 'text':
      return { t: 's', v: String(escapeExportCell(value.value)) };
    case 'number':
      return { t: 'n', v: value.value, z: value.decimals ? `#,##0.${'0'.repeat(value.decimals)}` : COUNT_FORMAT };
    case 'money':
      return { t: 'n', v: roundCents(value.value), z: MONEY_FORMAT };
    case 'date': {
      const serial = daySerial(value.value);
      return serial === null ? { t: 's', v: value.value } : { t: 'n', v: serial, z: DATE_FORMAT };
    }
    case 'duration':
      return { t: 'n', v: Math.round(value.minutes) / 1440, z: DURATION_FORMAT };
  }
}

/** The file's bytes: a workbook with one sheet, or a CSV for Excel in Brazil. */
export async function buildSpreadsheet(doc: ExportDocument, format: ExportFormat): Promise<Blob> {
  const rows = exportLayout(doc);
  if (format === 'csv') return new Blob([toCsvText(rows)], { type: 'text/csv;charset=utf-8' });
  const XLSX = await import('@e965/xlsx');
  const sheet: Record<string, unknown> = {};
  let lastColumn = 0;
  const widths: number[] = [];
  rows.forEach((row, r) => {
    row.forEach((input, c) => {
      const value = xlsxCell(input);
      if (!value) return;
      sheet[XLSX.utils.encode_cell({ r, c })] = value;
      lastColumn = Math.max(lastColumn, c);
      // The title and detail lines span the columns: they do not widen the first one.
      if (r >= headerRowIndex(doc)) widths[c] = Math.max(widths[c] ?? 8, Math.min(50, String(value.t === 's' ? value.v : '0000000000,00').length + 2));
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: lastColumn } });
  sheet['!cols'] = Array.from({ length: lastColumn + 1 }, (_, c) => ({ wch: widths[c] ?? 10 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet as WorkSheet, (doc.sheetName ?? 'Planilha').slice(0, 31));
  book.Workbook = { ...book.Workbook, WBProps: { ...book.Workbook?.WBProps, date1904: true } };
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Hands a file to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Builds the export and hands it to the browser as a download. */
export async function downloadSpreadsheet(doc: ExportDocument, fileName: string, format: ExportFormat): Promise<void> {
  const blob = await buildSpreadsheet(doc, format);
  downloadBlob(blob, fileName.endsWith(`.${format}`) ? fileName : `${fileName}.${format}`);
}

/** A plain CSV table (a header line and rows, no title block): files meant to be fixed and imported again. */
export function downloadCsvTable(columns: readonly string[], rows: readonly (readonly CellInput[])[], fileName: string): void {
  downloadBlob(new Blob([toCsvText([columns, ...rows])], { type: 'text/csv;charset=utf-8' }), fileName.endsWith('.csv') ? fileName : `${fileName}.csv`);
}
