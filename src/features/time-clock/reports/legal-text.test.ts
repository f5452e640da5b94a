import { describe, expect, it } from 'vitest';
import { legalDateTime, legalHour, toLatin1Text } from '@/features/time-clock/reports/legal-text';

describe('legal file text', () => {
  it('writes instants on the São Paulo clock with its offset and seconds 00', () => {
    expect(legalDateTime('2026-11-26T11:02:59.999Z')).toBe('2026-11-26T08:02:00-0300');
    expect(legalDateTime('2026-11-27T02:30:00Z')).toBe('2026-11-26T23:30:00-0300');
    // Brazil's daylight saving time (until 2019): the offset of that day.
    expect(legalDateTime('2018-01-15T12:00:00Z')).toBe('2018-01-15T10:00:00-0200');
    expect(() => legalDateTime('não é data')).toThrow(RangeError);
  });

  it('keeps Portuguese letters and reduces the rest to ISO-8859-1', () => {
    expect(toLatin1Text('Ação — “Bom” dia')).toBe('Ação - "Bom" dia');
    expect(toLatin1Text('Şahin | x\r\ny')).toBe('Sahin   x  y');
    expect(toLatin1Text('日本')).toBe('??');
  });

  it('writes hours as hhmm', () => {
    expect(legalHour('08:00:00')).toBe('0800');
    expect(legalHour('22:30')).toBe('2230');
  });
});
