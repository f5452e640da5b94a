import { describe, expect, it } from 'vitest';
import { crc16Kermit, crc16KermitHex } from '@/features/time-clock/reports/crc16';

describe('CRC-16/KERMIT', () => {
  it('gives 2189 for "123456789", the AFD layout\'s own example', () => {
    expect(crc16KermitHex('123456789')).toBe('2189');
    expect(crc16Kermit(new TextEncoder().encode('123456789'))).toBe(0x2189);
  });

  it('is 0000 for nothing and writes four upper-case hex digits', () => {
    expect(crc16KermitHex('')).toBe('0000');
    // 'A' (0x41): a one-byte input whose CRC has a leading zero nibble would still be four digits.
    expect(crc16KermitHex('A')).toMatch(/^[0-9A-F]{4}$/);
  });

  it('reads ISO-8859-1 characters as one byte each and refuses anything beyond', () => {
    expect(crc16KermitHex('ç')).toBe(crc16Kermit(Uint8Array.of(0xe7)).toString(16).toUpperCase().padStart(4, '0'));
    expect(() => crc16KermitHex('—')).toThrow(RangeError);
  });
});
