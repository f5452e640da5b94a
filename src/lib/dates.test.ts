import { describe, expect, it } from 'vitest';
import {
  addDays,
  APP_TIME_ZONE,
  daysBetween,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDay,
  formatFileStamp,
  formatFullDate,
  formatMonthYear,
  formatNumber,
  formatShortDay,
  formatTime,
  formatWeekday,
  formatWeekdayShortDay,
  isIsoDay,
  isValidDay,
  monthStart,
  saoPauloDayStart,
  saoPauloNextDayStart,
  toAppDateString,
} from '@/lib/dates';

describe('dates in America/Sao_Paulo, pt-BR, 24 h', () => {
  it('uses the São Paulo zone regardless of the machine zone', () => {
    expect(APP_TIME_ZONE).toBe('America/Sao_Paulo');
    // 02:30 UTC on 1 March is 23:30 of 28 February in São Paulo (UTC−3).
    const instant = '2026-03-01T02:30:00Z';
    expect(formatDate(instant)).toBe('28/02/2026');
    expect(formatDateTime(instant)).toBe('28/02/2026 23:30');
    expect(formatDateTime('2026-11-22T13:07:07.955585+00:00', true)).toBe('22/11/2026 10:07:07');
    expect(toAppDateString(instant)).toBe('2026-02-28');
    expect(formatFileStamp('2026-03-01T02:30:09Z')).toBe('20260228-233009');
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

describe('calendar days', () => {
  it('knows a real day within the accepted range', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-11-25T10:00:00Z')).toBe(false);
    expect(isIsoDay('25/11/2026')).toBe(false);
    expect(isValidDay('1999-12-31')).toBe(false);
    expect(isValidDay('0202-01-01')).toBe(false);
    expect(isValidDay('2100-12-31')).toBe(true);
    expect(isValidDay('2101-01-01')).toBe(false);
    expect(isValidDay(null)).toBe(false);
  });
  it('shows a day as written, whatever the zone, and says when there is none', () => {
    expect(formatDay('2026-11-25')).toBe('25/11/2026');
    expect(formatDay('2026-11-25T23:30:00-03:00')).toBe('25/11/2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('', 'A combinar')).toBe('A combinar');
    expect(formatShortDay('2026-11-25')).toBe('25/11');
    expect(formatShortDay('2026-11-25T23:30:00-03:00')).toBe('25/11');
  });
  it('counts and moves days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-25', '2026-12-02')).toBe(7);
    expect(daysBetween('2026-12-02', '2026-11-25')).toBe(-7);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(monthStart('2026-11-25')).toBe('2026-11-01');
  });
  it('names weekdays and months in Portuguese', () => {
    expect(formatWeekday('2026-11-25')).toBe('quarta-feira');
    expect(formatWeekdayShortDay('2026-11-25')).toBe('qua., 25/11');
    expect(formatMonthYear('2026-11')).toBe('novembro de 2026');
    // 01:00 UTC on 27 November is still the 26th in São Paulo.
    expect(formatFullDate('2026-11-27T01:00:00Z')).toBe('quinta-feira, 26 de novembro de 2026');
  });
});
