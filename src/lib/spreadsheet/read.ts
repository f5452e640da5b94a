/**
 * Reads an uploaded spreadsheet (.xlsx/.xls through @e965/xlsx, .csv/.txt through papaparse)
 * into a header row and text rows, refusing formulas and formula-like text. Synchronous and
 * pure, so it runs in the Web Worker (worker.ts) and directly in tests; the main bundle never
 * imports it statically.
 */
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { isFormulaText } from './cells';
import { spreadsheetErrors } from './errors';
import type { SpreadsheetKind } from './kind';

export type { SpreadsheetKind } from './kind';

export interface ParsedSheet {
  headers: string[];
  rows: string[][];
}

function refuseFormulas(matrix: readonly (readonly unknown[])[]): void {
  matrix.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (typeof cell === 'string' && isFormulaText(cell)) throw spreadsheetErrors.formula(r + 1, c + 1);
    }),
  );
}

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
  refuseFormulas(result.data);
  return fromMatrix(result.data);
}

/** The first worksheet of an XLSX/XLS workbook; numbers (e.g. EAN-13 stored as numbers) come out as their full digits. */
/** An .xlsx is a ZIP archive (PK\x03\x04); an .xls an OLE2 compound file (D0 CF 11 E0). */
function looksLikeWorkbook(data: ArrayBuffer): boolean {
  const head = new Uint8Array(data.slice(0, 4));
  const zip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const ole2 = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
  return zip || ole2;
}

export function parseWorkbook(data: ArrayBuffer): ParsedSheet {
  // Anything else SheetJS would read as text and call a workbook: refuse it as malformed.
  if (!looksLikeWorkbook(data)) throw spreadsheetErrors.malformed();
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, { type: 'array', cellFormula: true, cellHTML: false, dense: true });
  } catch {
    throw spreadsheetErrors.malformed();
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined;
  if (!sheet) throw spreadsheetErrors.malformed();
  // A stored formula is refused even when its cached value looks harmless.
  const dense = (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
  dense.forEach((row, r) =>
    (row ?? []).forEach((cell, c) => {
      if (cell?.f) throw spreadsheetErrors.formula(r + 1, c + 1);
    }),
  );
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' });
  refuseFormulas(matrix);
  return fromMatrix(matrix.map((row) => row.map((cell) => (typeof cell === 'number' ? (Number.isInteger(cell) ? cell.toFixed(0) : String(cell)) : cell))));
}

/** Parses a file's bytes by its kind. */
export function readSpreadsheet(kind: SpreadsheetKind, data: ArrayBuffer): ParsedSheet {
  if (kind === 'workbook') return parseWorkbook(data);
  return parseCsvText(new TextDecoder('utf-8').decode(data));
}
