import { describe, expect, it } from 'vitest';
import { isUuid, uuidOrNull } from '@/lib/utils';

describe('uuid', () => {
  it('accepts a UUID in any case and nothing else', () => {
    expect(isUuid('0E5F4A1C-3B2D-4C6E-8F90-1A2B3C4D5E6F')).toBe(true);
    expect(isUuid('0e5f4a1c-3b2d-4c6e-8f90-1a2b3c4d5e6')).toBe(false);
    expect(isUuid(' 0e5f4a1c-3b2d-4c6e-8f90-1a2b3c4d5e6f')).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
  it('normalises to lower case, or null', () => {
    expect(uuidOrNull('0E5F4A1C-3B2D-4C6E-8F90-1A2B3C4D5E6F')).toBe('0e5f4a1c-3b2d-4c6e-8f90-1a2b3c4d5e6f');
    expect(uuidOrNull('unidade-centro')).toBeNull();
    expect(uuidOrNull(undefined)).toBeNull();
  });
});
