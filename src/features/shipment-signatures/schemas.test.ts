import { describe, expect, it } from 'vitest';
import { linkHoursSchema } from '@/features/shipment-signatures/schemas';

describe('linkHoursSchema', () => {
  const valid = (hours: string) => linkHoursSchema.safeParse({ hours }).success;
  const message = (hours: string) => linkHoursSchema.safeParse({ hours }).error?.issues[0]?.message;
  it('accepts whole hours from 1 to 720', () => {
    expect(valid('1')).toBe(true);
    expect(valid(' 72 ')).toBe(true);
    expect(valid('720')).toBe(true);
  });
  it('refuses anything else with a Portuguese message', () => {
    expect(valid('0')).toBe(false);
    expect(valid('721')).toBe(false);
    expect(valid('1.5')).toBe(false);
    expect(valid('')).toBe(false);
    expect(message('')).toBe('Informe um número inteiro de horas.');
    expect(message('721')).toBe('Use de 1 a 720 horas (30 dias).');
  });
});
