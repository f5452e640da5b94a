/**
 * Reading an import file: the shared spreadsheet reader (src/lib/spreadsheet, parsing in a Web
 * Worker and refusing oversized, malformed and formula-injected files) plus this feature's row cap.
 */
import { parseSpreadsheetFile, type ParsedSheet } from '@/lib/spreadsheet/parse-file';

export type { ParsedSheet } from '@/lib/spreadsheet/parse-file';

export const MAX_IMPORT_ROWS = 10_000;

export const IMPORT_TOO_MANY_ROWS = `O arquivo excede o limite de ${MAX_IMPORT_ROWS} linhas`;

/** The file's header and rows, or an Error whose message is the Portuguese reason. */
export async function parseImportFile(file: File): Promise<ParsedSheet> {
  const sheet = await parseSpreadsheetFile(file);
  if (sheet.rows.length > MAX_IMPORT_ROWS) throw new Error(IMPORT_TOO_MANY_ROWS);
  return sheet;
}
