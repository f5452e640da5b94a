/** Reads CSV (papaparse) and XLSX/XLS (SheetJS, loaded on demand) files into a header row plus data rows. */
import Papa from 'papaparse';

export interface ParsedSheet {
  headers: string[];
  rows: string[][];
}

export const MAX_IMPORT_ROWS = 10_000;

function fromMatrix(matrix: readonly (readonly unknown[])[]): ParsedSheet {
  const nonEmpty = matrix.filter((row) => row.some((cell) => String(cell ?? '').trim() !== ''));
  const [header = [], ...rows] = nonEmpty;
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const headers = Array.from({ length: width }, (_, i) => String(header[i] ?? '').trim() || `Coluna ${i + 1}`);
  return { headers, rows: rows.map((row) => Array.from({ length: width }, (_, i) => String(row[i] ?? '').trim())) };
}

/** CSV with ',' ';' or tab separators (auto-detected), optional BOM. */
export function parseCsvText(text: string): ParsedSheet {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return fromMatrix(result.data);
}

/** The first worksheet of an XLSX/XLS workbook; numbers (e.g. EAN-13 stored as numbers) come out as their full digits. */
export async function parseWorkbook(data: ArrayBuffer): Promise<ParsedSheet> {
  const XLSX = await import('xlsx');
  const workbook = XLSX.read(data, { type: 'array' });
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet) return { headers: [], rows: [] };
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' });
  return fromMatrix(matrix.map((row) => row.map((cell) => (typeof cell === 'number' ? (Number.isInteger(cell) ? cell.toFixed(0) : String(cell)) : cell))));
}

export async function parseImportFile(file: File): Promise<ParsedSheet> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx') || name.endsWith('.xls')) return parseWorkbook(await file.arrayBuffer());
  if (name.endsWith('.csv') || name.endsWith('.txt') || file.type === 'text/csv') return parseCsvText(await file.text());
  throw new Error('Formato não suportado: envie um arquivo .csv ou .xlsx');
}
