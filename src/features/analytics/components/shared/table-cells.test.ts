import { describe, expect, it } from 'vitest';
import { exportCell, exportHeader, formatCellValue, tableExportRows, type AnalysisColumn } from '@/features/analytics/components/shared/table-cells';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('analysis table cells', () => {
  it('shows each kind in pt-BR, a missing figure as sem dados and a missing text as a dash', () => {
    expect(formatCellValue('count', 1234)).toBe('1.234');
    expect(nbsp(formatCellValue('money', 1234.5))).toBe('R$ 1.234,50');
    expect(formatCellValue('ratio', 0.5)).toBe('50,0 %');
    expect(formatCellValue('ratio', null)).toBe('sem dados');
    expect(formatCellValue('days', 2)).toBe('2,0 dias');
    expect(formatCellValue('date', '2026-11-26')).toBe('26/11/2026');
    expect(formatCellValue('month', '2026-11')).toBe('novembro de 2026');
    expect(formatCellValue('datetime', '2026-11-26T15:04:00Z')).toBe('26/11/2026 12:04');
    expect(formatCellValue('text', null)).toBe('—');
  });

  it('names the unit of bare numbers in the export headers', () => {
    expect(exportHeader({ header: 'Taxa de resposta', kind: 'ratio' })).toBe('Taxa de resposta (%)');
    expect(exportHeader({ header: 'Prazo', kind: 'days' })).toBe('Prazo (dias)');
    expect(exportHeader({ header: 'Valor total', kind: 'money' })).toBe('Valor total');
  });

  it('exports typed cells: money, days, ratios in percent, sem dados for a zero denominator', () => {
    expect(exportCell('money', 10.005)).toEqual({ kind: 'money', value: 10.005 });
    expect(exportCell('ratio', 0.1234)).toEqual({ kind: 'number', value: 12.3, decimals: 1 });
    expect(exportCell('ratio', null)).toBe('sem dados');
    expect(exportCell('date', '2026-11-26')).toEqual({ kind: 'date', value: '2026-11-26' });
    expect(exportCell('count', 3)).toEqual({ kind: 'number', value: 3 });
    expect(exportCell('text', null)).toBeNull();
  });

  it('writes the rows and the screen totals row, Total under the first column', () => {
    type Row = { name: string; amount: number; rate: number | null };
    const columns: AnalysisColumn<Row>[] = [
      { key: 'name', header: 'Fornecedor', kind: 'text', value: (row) => row.name },
      { key: 'amount', header: 'Valor', kind: 'money', value: (row) => row.amount },
      { key: 'rate', header: 'Taxa', kind: 'ratio', value: (row) => row.rate },
    ];
    const body = tableExportRows(columns, [{ name: 'Alfa', amount: 10, rate: null }], { amount: 10, rate: 0.5 });
    expect(body.columns).toEqual(['Fornecedor', 'Valor', 'Taxa (%)']);
    expect(body.rows).toEqual([[{ kind: 'text', value: 'Alfa' }, { kind: 'money', value: 10 }, 'sem dados']]);
    expect(body.totals).toEqual(['Total', { kind: 'money', value: 10 }, { kind: 'number', value: 50, decimals: 1 }]);
  });
});
