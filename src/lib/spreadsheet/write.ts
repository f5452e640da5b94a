/**
 * Exports for the report screens: .xlsx or .csv (semicolon-separated with a BOM, as Excel in
 * pt-BR opens it), the library loaded only when the user exports. Every text cell that a
 * spreadsheet program would run as a formula is written as literal text (escapeExportCell).
 */
import { escapeExportCell } from './cells';

export type ExportCell = string | number | boolean | Date | null;
export type ExportFormat = 'xlsx' | 'csv';

/** The rows as they are written: formula-like text escaped, empty cells blank. */
export function exportRows(rows: readonly (readonly ExportCell[])[]): ExportCell[][] {
  return rows.map((row) => row.map((cell) => (cell === null ? '' : escapeExportCell(cell))));
}

/** The file's bytes: a workbook with one sheet, or a CSV text. */
export async function buildSpreadsheet(rows: readonly (readonly ExportCell[])[], format: ExportFormat, sheetName = 'Planilha'): Promise<Blob> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(exportRows(rows), { cellDates: true });
  if (format === 'csv') {
    const csv = XLSX.utils.sheet_to_csv(sheet, { FS: ';', RS: '\r\n', blankrows: false });
    return new Blob([`\uFEFF${csv}\r\n`], { type: 'text/csv;charset=utf-8' });
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Builds the file and hands it to the browser as a download. */
export async function downloadSpreadsheet(rows: readonly (readonly ExportCell[])[], fileName: string, format: ExportFormat): Promise<void> {
  const blob = await buildSpreadsheet(rows, format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith(`.${format}`) ? fileName : `${fileName}.${format}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
