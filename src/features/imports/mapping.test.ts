import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { applyMapping, detectMapping, toCsv, validateRecords } from '@/features/imports/mapping';
import { parseCsvText, parseWorkbook } from '@/features/imports/parse';

describe('parseCsvText', () => {
  it('reads semicolon CSV with a BOM and drops blank lines', () => {
    const sheet = parseCsvText('\uFEFFCódigo de Barras;Produto;Qtd\n7896004100371;Dipirona;10\n\n;Paracetamol;2\n');
    expect(sheet.headers).toEqual(['Código de Barras', 'Produto', 'Qtd']);
    expect(sheet.rows).toEqual([
      ['7896004100371', 'Dipirona', '10'],
      ['', 'Paracetamol', '2'],
    ]);
  });

  it('reads comma CSV with quoted cells', () => {
    const sheet = parseCsvText('ean,produto,quantidade\n7891106101486,"Paracetamol, 500mg",3\n');
    expect(sheet.rows[0]).toEqual(['7891106101486', 'Paracetamol, 500mg', '3']);
  });
});

describe('parseWorkbook', () => {
  it('reads the first sheet and keeps EAN-13 numbers as full digits', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['EAN', 'Produto', 'Quantidade Solicitada', 'Estoque'],
      [7896004100371, 'Dipirona', 5, 0],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Faltas');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const parsed = await parseWorkbook(bytes);
    expect(parsed.headers).toEqual(['EAN', 'Produto', 'Quantidade Solicitada', 'Estoque']);
    expect(parsed.rows).toEqual([['7896004100371', 'Dipirona', '5', '0']]);
  });
});

describe('detectMapping', () => {
  it('maps Portuguese headers for shortages, ignoring accents and case', () => {
    expect(detectMapping('shortages', ['Código de Barras', 'Nome do Produto', 'Qtd.', 'Disponível', 'Observação'])).toEqual({
      barcode: 0,
      product_name: 1,
      requested_quantity: 2,
      available_quantity: 3,
      observation: 4,
    });
  });
  it('maps products headers and leaves missing fields unmapped', () => {
    expect(detectMapping('products', ['EAN', 'Produto', 'Categoria'])).toEqual({ barcode: 0, name: 1, description: null, category: 2 });
  });
});

describe('applyMapping + validateRecords', () => {
  it('validates shortage rows with the database wording', () => {
    const mapping = { barcode: 0, product_name: 1, requested_quantity: 2, available_quantity: 3, observation: null };
    const records = applyMapping('shortages', [
      ['7896004100371', '', '10', ''],
      ['7896004100372', '', '1', ''],
      ['', '', '3', ''],
      ['', 'Dipirona', '0', '-1'],
      ['', '', '', ''],
      ['abc', 'X', '2,0', '4'],
    ], mapping);
    expect(records).toHaveLength(5);
    expect(validateRecords('shortages', records)).toEqual([
      [],
      ['Código de barras inválido: dígito verificador incorreto'],
      ['Informe o código de barras ou o nome do produto'],
      ['Quantidade solicitada inválida', 'Quantidade disponível inválida'],
      ['Código de barras inválido'],
    ]);
  });

  it('flags product rows without a name and repeated barcodes', () => {
    const mapping = { barcode: 0, name: 1, description: null, category: null };
    const records = applyMapping('products', [
      ['7896004100371', 'A'],
      ['7896004100371', 'B'],
      ['', ''],
      ['12', ''],
    ], mapping);
    expect(validateRecords('products', records)).toEqual([[], ['Código de barras repetido no arquivo'], ['Nome do produto é obrigatório']]);
  });
});

describe('toCsv', () => {
  it('escapes separators and quotes and starts with a BOM', () => {
    expect(toCsv(['a', 'b'], [['x;y', 'say "hi"']])).toBe('\uFEFFa;b\r\n"x;y";"say ""hi"""\r\n');
  });
});
