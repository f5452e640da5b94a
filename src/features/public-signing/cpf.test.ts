import { describe, expect, it } from 'vitest';
import { cpfDigits, formatCpf, isValidCpf } from '@/features/public-signing/cpf';

describe('isValidCpf', () => {
  it('accepts CPFs with correct check digits, formatted or as digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
    expect(isValidCpf(' 111 444 777 35 ')).toBe(true);
    // A first check digit of 0 (remainder below 2).
    expect(isValidCpf('390.533.447-05')).toBe(true);
  });

  it('refuses a wrong first or second check digit', () => {
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('11144477734')).toBe(false);
  });

  it('refuses eleven equal digits, although their check digits add up', () => {
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidCpf(String(digit).repeat(11))).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
  });

  it('refuses the wrong number of digits and other characters', () => {
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf('529.982.247-2')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('529.982.247-2a')).toBe(false);
    expect(isValidCpf('52998224725x')).toBe(false);
    expect(isValidCpf('529/982/247-25')).toBe(false);
  });
});

describe('formatCpf', () => {
  it('masks as the user types', () => {
    expect(formatCpf('')).toBe('');
    expect(formatCpf('5')).toBe('5');
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('529982')).toBe('529.982');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('drops anything but digits and keeps at most eleven', () => {
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('529a982b')).toBe('529.982');
    expect(formatCpf('529982247251234')).toBe('529.982.247-25');
  });

  it('reformats an edited value (a digit removed in the middle)', () => {
    expect(formatCpf('529.98.247-25')).toBe('529.982.472-5');
  });
});

describe('cpfDigits', () => {
  it('keeps only the digits', () => {
    expect(cpfDigits('529.982.247-25')).toBe('52998224725');
    expect(cpfDigits('')).toBe('');
  });
});
