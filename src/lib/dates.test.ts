import { describe, expect, it } from 'vitest';
import { APP_TIME_ZONE, formatCurrency, formatDate, formatDateTime, formatNumber, formatTime, saoPauloDayStart, saoPauloNextDayStart, toAppDateString } from '@/lib/dates';

describe('dates in America/Sao_Paulo, pt-BR, 24 h', () => {
  it('uses the São Paulo zone regardless of the machine zone', () => {
    expect(APP_TIME_ZONE).toBe('America/Sao_Paulo');
    // 02:30 UTC on 1 March is 23:30 of 28 February in São Paulo (UTC−3).
    const instant = '2026-03-01T02:30:00Z';
    expect(formatDate(instant)).toBe('28/02/2026');
    expect(formatDateTime(instant)).toBe('28/02/2026 23:30');
    expect(toAppDateString(instant)).toBe('2026-02-28');
  });
  it('formats times on a 24-hour clock', () => {
    expect(formatTime('2026-06-15T20:05:09Z')).toBe('17:05');
    expect(formatTime('2026-06-15T20:05:09Z', true)).toBe('17:05:09');
  });
  it('formats money and numbers the Brazilian way', () => {
    expect(formatCurrency(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });
});

describe('São Paulo day bounds', () => {
  it('a day starts at 03:00 UTC (UTC−3, no daylight saving since 2019) and ends where the next begins', () => {
    expect(saoPauloDayStart('2026-11-25')).toBe('2026-11-25T03:00:00.000Z');
    expect(saoPauloNextDayStart('2026-11-25')).toBe('2026-11-26T03:00:00.000Z');
    expect(saoPauloNextDayStart('2026-12-31')).toBe('2027-01-01T03:00:00.000Z');
  });
});
