import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { MAX_SPREADSHEET_BYTES, SpreadsheetError } from '@/lib/spreadsheet/errors';
import { parseSpreadsheetFile } from '@/lib/spreadsheet/parse-file';
import { parseCsvText, parseWorkbook } from '@/lib/spreadsheet/read';

function workbook(rows: unknown[][], edit?: (sheet: XLSX.WorkSheet) => void): ArrayBuffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  edit?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Faltas');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

function refusal(run: () => unknown): SpreadsheetError {
  try {
    run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseCsvText', () => {
  it('reads semicolon CSV with a BOM and drops blank lines', () => {
    const sheet = parseCsvText('\uFEFFCódigo de Barras;Produto;Qtd\n7896004100371;Dipirona;10\n\n;Paracetamol;2\n');
    expect(sheet.headers).toEqual(['Código de Barras', 'Produto', 'Qtd']);
    expect(sheet.rows).toEqual([
      ['7896004100371', 'Dipirona', '10'],
      ['', 'Paracetamol', '2'],
    ]);
  });

  it('reads comma CSV with quoted cells and keeps signed numbers', () => {
    const sheet = parseCsvText('ean,produto,quantidade,estoque\n7891106101486,"Paracetamol, 500mg",3,-1\n');
    expect(sheet.rows[0]).toEqual(['7891106101486', 'Paracetamol, 500mg', '3', '-1']);
  });

  it.each(['=HYPERLINK("http://x","clique")', '+1+cmd|/C calc', '-2+3', '@SUM(A1:A2)'])('refuses the formula-like text %s, naming the cell', (cell) => {
    const error = refusal(() => parseCsvText(`ean;produto\n7891106101486;"${cell.replace(/"/g, '""')}"\n`));
    expect(error.kind).toBe('formula');
    expect(error.message).toBe(
      'O arquivo contém uma fórmula ou um conteúdo que começa com =, +, - ou @ (linha 2, coluna 2). Por segurança, remova-o e envie o arquivo novamente.',
    );
  });
});

describe('parseWorkbook', () => {
  it('reads the first sheet and keeps EAN-13 numbers as full digits (negative numbers are data)', () => {
    const parsed = parseWorkbook(workbook([['EAN', 'Produto', 'Quantidade Solicitada', 'Estoque'], [7896004100371, 'Dipirona', 5, -2]]));
    expect(parsed.headers).toEqual(['EAN', 'Produto', 'Quantidade Solicitada', 'Estoque']);
    expect(parsed.rows).toEqual([['7896004100371', 'Dipirona', '5', '-2']]);
  });

  it('refuses a stored formula even when its cached value looks harmless', () => {
    const bytes = workbook([['EAN', 'Qtd'], [7896004100371, 1]], (sheet) => {
      sheet.B2 = { t: 'n', v: 3, f: 'SUM(1,2)' };
    });
    expect(refusal(() => parseWorkbook(bytes)).kind).toBe('formula');
  });

  it('refuses formula-like text in a text cell', () => {
    expect(refusal(() => parseWorkbook(workbook([['EAN', 'Produto'], [7896004100371, '=1+1']]))).kind).toBe('formula');
  });

  it('refuses bytes that are not a workbook: text renamed to .xlsx, and a broken archive', () => {
    expect(refusal(() => parseWorkbook(Uint8Array.from(Buffer.from('ean;qtd\n1;2')).buffer)).kind).toBe('malformed');
    expect(refusal(() => parseWorkbook(Uint8Array.from(Buffer.from('PK\u0003\u0004 isto não é um xlsx')).buffer)).kind).toBe('malformed');
  });
});

describe('parseSpreadsheetFile', () => {
  it('refuses a file over 20 MB before reading it', async () => {
    const big = new File(['x'], 'faltas.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: MAX_SPREADSHEET_BYTES + 1 });
    await expect(parseSpreadsheetFile(big)).rejects.toMatchObject({ kind: 'too_large', message: 'O arquivo excede o limite de 20 MB. Divida a planilha em arquivos menores.' });
  });

  it('refuses unsupported extensions and files without rows', async () => {
    await expect(parseSpreadsheetFile(new File(['%PDF'], 'faltas.pdf'))).rejects.toMatchObject({ kind: 'unsupported' });
    await expect(parseSpreadsheetFile(new File(['ean;qtd\n'], 'faltas.csv'))).rejects.toMatchObject({ kind: 'empty' });
  });

  it('reads a CSV file (in place where there are no workers)', async () => {
    const sheet = await parseSpreadsheetFile(new File(['ean;qtd\n7896004100371;4\n'], 'faltas.csv'));
    expect(sheet.rows).toEqual([['7896004100371', '4']]);
  });
});
