import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { formatCount, formatPercent, formatSaoPauloDateTime } from '@/lib/plain-dates';
import { plural } from '@/lib/utils';

describe('formatSaoPauloDateTime (Intl, no date-fns)', () => {
  it('formats instants in São Paulo, 24-hour clock', () => {
    expect(formatSaoPauloDateTime('2026-11-25T17:05:00Z')).toBe('25/11/2026 14:05');
    expect(formatSaoPauloDateTime('2026-01-01T02:30:00Z')).toBe('31/12/2025 23:30');
    expect(formatSaoPauloDateTime('2026-11-25T14:05:09.123-03:00')).toBe('25/11/2026 14:05');
    expect(formatSaoPauloDateTime(new Date('2026-06-15T00:00:00Z'))).toBe('14/06/2026 21:00');
    expect(formatSaoPauloDateTime('não é data')).toBe('');
  });
  it("writes what dates.ts' formatDateTime writes", () => {
    for (const instant of ['2026-03-01T02:30:00Z', '2026-11-26T03:00:00Z', '2026-12-31T23:59:59Z', '2030-07-04T15:00:00Z']) {
      expect(formatSaoPauloDateTime(instant)).toBe(formatDateTime(instant));
    }
  });
});

describe('plural and formatCount (one helper for counted words)', () => {
  it('uses the singular for exactly one and the plural for zero, two and more', () => {
    expect(formatCount(0, 'marcação', 'marcações')).toBe('0 marcações');
    expect(formatCount(1, 'marcação', 'marcações')).toBe('1 marcação');
    expect(formatCount(2, 'marcação', 'marcações')).toBe('2 marcações');
    expect(formatCount(1234, 'item', 'itens')).toBe('1.234 itens');
    expect(formatCount(-1, 'dia', 'dias')).toBe('-1 dia');
  });
  it('chooses whole phrases, not only nouns', () => {
    expect(plural(1, 'boleto selecionado tem', 'boletos selecionados têm')).toBe('boleto selecionado tem');
    expect(plural(3, 'boleto selecionado tem', 'boletos selecionados têm')).toBe('boletos selecionados têm');
  });
});

describe('formatPercent (the one way a figure in percent is written)', () => {
  it('writes pt-BR digits, a space and %, whole by default', () => {
    expect(formatPercent(0.714, { maximumFractionDigits: 1 })).toBe('71,4 %');
    expect(formatPercent(0.5)).toBe('50 %');
    expect(formatPercent(0.125, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('12,5 %');
    expect(formatPercent(12.345)).toBe('1.235 %');
    expect(formatPercent(0)).toBe('0 %');
  });
});
