import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cell, csvCellText, durationText, escapeExportCell, isFormulaText, toCsvText } from '@/lib/spreadsheet/cells';
import { buildSpreadsheet, DATE_FORMAT, DURATION_FORMAT, exportLayout, MONEY_FORMAT, type ExportDocument } from '@/lib/spreadsheet/write';

/** 26/11/2026 14:05 in São Paulo (UTC−3). */
const GENERATED_AT = new Date('2026-11-26T17:05:00Z');

const DOC: ExportDocument = {
  title: 'Relatório de teste',
  details: [
    { label: 'Unidade', value: 'Unidade Centro' },
    { label: 'Período', value: '01/11/2026 a 26/11/2026' },
  ],
  generatedAt: GENERATED_AT,
  columns: ['Produto', 'Vencimento', 'Qtd.', 'Valor', 'Saldo'],
  rows: [
    ['=HYPERLINK("http://x")', cell.date('2026-11-05'), cell.number(3), cell.money(1234.56), cell.duration(-30)],
    ['Dipirona; 500 mg', cell.date('2026-12-31'), cell.number(1), cell.money(-0.1), cell.duration(125)],
  ],
  totals: ['Total', null, cell.number(4), cell.money(1234.46), cell.duration(95)],
  sheetName: 'Teste',
};

async function csvOf(doc: ExportDocument): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await (await buildSpreadsheet(doc, 'csv')).arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

async function sheetOf(doc: ExportDocument, options: XLSX.ParsingOptions = {}): Promise<{ book: XLSX.WorkBook; sheet: XLSX.WorkSheet }> {
  const book = XLSX.read(await (await buildSpreadsheet(doc, 'xlsx')).arrayBuffer(), { type: 'array', cellFormula: true, cellNF: true, ...options });
  return { book, sheet: book.Sheets[book.SheetNames[0]!]! };
}

describe('formula injection', () => {
  it('escapes cells a spreadsheet program would run as formulas, and nothing else', () => {
    expect(isFormulaText('-5')).toBe(false);
    expect(escapeExportCell('=cmd')).toBe("'=cmd");
    expect(escapeExportCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeExportCell('-1+2')).toBe("'-1+2");
    expect(escapeExportCell(-5)).toBe(-5);
    expect(csvCellText('+55 11')).toBe("'+55 11");
    // A typed negative is a number, not a formula: no apostrophe.
    expect(csvCellText(cell.money(-5))).toBe('-5,00');
    expect(csvCellText(cell.duration(-5))).toBe('-00:05');
  });
});

describe('CSV for Excel in Brazil', () => {
  it('writes the BOM, semicolons, CRLF, the header block, decimal commas, a plain minus and dd/mm/aaaa', async () => {
    const { bytes, text } = await csvOf(DOC);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe(
      [
        '\uFEFFRelatório de teste',
        'Unidade: Unidade Centro',
        'Período: 01/11/2026 a 26/11/2026',
        'Gerado em: 26/11/2026 14:05',
        '',
        'Produto;Vencimento;Qtd.;Valor;Saldo',
        '"\'=HYPERLINK(""http://x"")";05/11/2026;3;1234,56;-00:30',
        '"Dipirona; 500 mg";31/12/2026;1;-0,10;02:05',
        'Total;;4;1234,46;01:35',
        '',
      ].join('\r\n'),
    );
    expect(text).not.toContain('\u2212');
  });

  it('writes numbers without thousands separators and never a negative zero', () => {
    expect(csvCellText(cell.money(1234567.891))).toBe('1234567,89');
    expect(csvCellText(cell.money(-0.001))).toBe('0,00');
    expect(csvCellText(cell.number(1234))).toBe('1234');
    expect(csvCellText(cell.number(-2.5, 1))).toBe('-2,5');
    expect(csvCellText(7.25)).toBe('7,25');
    expect(csvCellText(null)).toBe('');
    expect(durationText(-1)).toBe('-00:01');
    expect(durationText(600)).toBe('10:00');
    expect(toCsvText([['a', 'b'], ['x;y', 'say "hi"']])).toBe('\uFEFFa;b\r\n"x;y";"say ""hi"""\r\n');
  });
});

describe('XLSX', () => {
  it('lays out the title, details, Gerado em, headers, rows and totals', () => {
    expect(exportLayout(DOC).map((row) => row[0])).toEqual([
      'Relatório de teste',
      'Unidade: Unidade Centro',
      'Período: 01/11/2026 a 26/11/2026',
      'Gerado em: 26/11/2026 14:05',
      undefined,
      'Produto',
      '=HYPERLINK("http://x")',
      'Dipirona; 500 mg',
      'Total',
    ]);
  });

  it('writes money as R$ numbers, days as dates, counts as numbers, durations as times and text as literal text', async () => {
    const { book, sheet } = await sheetOf(DOC);
    expect(book.SheetNames).toEqual(['Teste']);
    expect(sheet.A1?.v).toBe('Relatório de teste');
    expect(sheet.A4?.v).toBe('Gerado em: 26/11/2026 14:05');
    expect(sheet.A7).toMatchObject({ t: 's', v: '\'=HYPERLINK("http://x")' });
    expect(sheet.A7?.f).toBeUndefined();
    expect(sheet.C7).toMatchObject({ t: 'n', v: 3 });
    expect(sheet.D7).toMatchObject({ t: 'n', v: 1234.56, z: MONEY_FORMAT });
    expect(sheet.D8).toMatchObject({ t: 'n', v: -0.1, z: MONEY_FORMAT });
    expect(sheet.E7).toMatchObject({ t: 'n', z: DURATION_FORMAT });
    expect((sheet.E7?.v as number) * 1440).toBeCloseTo(-30, 6);
    expect(sheet.D9).toMatchObject({ t: 'n', v: 1234.46, z: MONEY_FORMAT });
    expect(sheet.B9).toBeUndefined();
    expect(sheet.B7?.z).toBe(DATE_FORMAT);
    expect(sheet.B7?.w).toBe('05/11/2026');

    const dated = (await sheetOf(DOC, { cellDates: true })).sheet;
    expect(dated.B7?.t).toBe('d');
    expect((dated.B7?.v as Date).toISOString().slice(0, 10)).toBe('2026-11-05');
    expect((dated.B8?.v as Date).toISOString().slice(0, 10)).toBe('2026-12-31');
  });

  it('uses the 1904 date system, in which Excel shows negative times', async () => {
    const { book } = await sheetOf(DOC);
    expect(book.Workbook?.WBProps?.date1904).toBe(true);
  });
});
