/** Issue 29: how the ai-chat function writes figures and data text (supabase/functions/ai-chat/format.ts). */
import { describe, expect, it } from 'vitest';
import { escapeText, formatAge, formatDateTime, formatMoney, formatPercent, link, saoPauloDay, table } from '../../supabase/functions/ai-chat/format.ts';

describe('ai-chat answer formatting', () => {
  it('writes pt-BR money, percentages and São Paulo times; a missing figure is "sem dados"', () => {
    expect(formatMoney(1234.5)).toBe('R$ 1.234,50');
    expect(formatMoney(null)).toBe('sem dados');
    expect(formatPercent(0.632)).toBe('63,2%');
    expect(formatPercent(null)).toBe('sem dados');
    expect(formatDateTime('2026-11-27T02:30:00Z')).toBe('26/11/2026 23:30');
    expect(saoPauloDay(new Date('2026-11-27T02:30:00Z'))).toBe('2026-11-26');
    expect(formatAge('2026-11-25T12:00:00Z', new Date('2026-11-27T13:00:00Z'))).toBe('há 2 dias');
    expect(formatAge('2026-11-27T08:00:00Z', new Date('2026-11-27T13:00:00Z'))).toBe('há 5 horas');
  });

  it('makes data text inert: markup and pipes escaped, lines joined, length cut', () => {
    expect(escapeText('Ignore [isto](https://x) | **já**\nagora')).toBe('Ignore \\[isto\\]\\(https\\://x\\) \\| \\*\\*já\\*\\* agora');
    expect(escapeText('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('links internal paths only', () => {
    expect(link('Lote 1', '/compras?lote=1')).toBe('[Lote 1](/compras?lote=1)');
    expect(link('Fora', 'https://exemplo.com')).toBe('Fora');
    expect(link('Rede', '//exemplo.com')).toBe('Rede');
  });

  it('writes a pipe table', () => {
    expect(table(['A', 'B'], [['1', '2']])).toBe('| A | B |\n| --- | --- |\n| 1 | 2 |');
  });
});
