export type SpreadsheetKind = 'workbook' | 'csv';

/** The kind of a file from its name (and MIME type for CSV), or null when unsupported. */
export function spreadsheetKind(name: string, type = ''): SpreadsheetKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx') || lower.endsWith('.xls')) return 'workbook';
  if (lower.endsWith('.csv') || lower.endsWith('.txt') || type === 'text/csv') return 'csv';
  return null;
}
