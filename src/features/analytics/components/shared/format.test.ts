import { describe, expect, it } from 'vitest';
import { formatDays, formatHours, formatMoney, formatPercent, formatQuantity, formatRatio, formatUnitCost, shortLabel } from '@/features/analytics/components/shared/format';

// Intl writes a non-breaking space between 'R$' and the number.
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('analysis figures', () => {
  it('writes a ratio as a pt-BR percentage with one decimal', () => {
    expect(formatRatio(0.125)).toBe('12,5 %');
    expect(formatRatio(1)).toBe('100,0 %');
    expect(formatRatio(0)).toBe('0,0 %');
    expect(formatRatio(0.33333)).toBe('33,3 %');
  });

  it("reads 'sem dados' for a ratio whose denominator was zero (null), never 0 % or 100 %", () => {
    expect(formatRatio(null)).toBe('sem dados');
    expect(formatRatio(undefined)).toBe('sem dados');
    expect(formatRatio(Number.NaN)).toBe('sem dados');
    expect(formatPercent(null)).toBe('sem dados');
  });

  it('writes a percentage given in percent', () => {
    expect(formatPercent(12.5)).toBe('12,5 %');
    expect(formatPercent(1234.56)).toBe('1.234,6 %');
  });

  it('writes hours and days with one decimal and the word by number', () => {
    expect(formatHours(12.5)).toBe('12,5 h');
    expect(formatHours(null)).toBe('sem dados');
    expect(formatDays(1)).toBe('1,0 dia');
    expect(formatDays(3.25)).toBe('3,3 dias');
    expect(formatDays(0)).toBe('0,0 dias');
    expect(formatDays(1.04)).toBe('1,0 dia');
    expect(formatDays(null)).toBe('sem dados');
  });

  it('writes money, unit costs and quantities in pt-BR', () => {
    expect(nbsp(formatMoney(1234.5))).toBe('R$ 1.234,50');
    expect(formatMoney(null)).toBe('sem dados');
    expect(nbsp(formatUnitCost(8.1666))).toBe('R$ 8,1666');
    expect(formatUnitCost(null)).toBe('sem dados');
    expect(formatQuantity(1234)).toBe('1.234');
    expect(formatQuantity(2.5)).toBe('2,5');
    expect(formatQuantity(null)).toBe('sem dados');
  });
});

describe('shortLabel', () => {
  it('keeps a label of up to 40 characters and cuts a longer one to 40 with an ellipsis', () => {
    expect(shortLabel('Distribuidora Beta')).toBe('Distribuidora Beta');
    const long = 'Cetoprofeno 150mg 20 comprimidos · Unidade Norte';
    expect(shortLabel(long)).toBe('Cetoprofeno 150mg 20 comprimidos · Unid…');
    expect(shortLabel(long)).toHaveLength(40);
    expect(shortLabel('x'.repeat(40))).toBe('x'.repeat(40));
  });
});
