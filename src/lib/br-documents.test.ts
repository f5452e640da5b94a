import { describe, expect, it } from 'vitest';
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf, maskCpf, onlyDigits } from '@/lib/br-documents';

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

describe('onlyDigits', () => {
  it('keeps only the digits', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(onlyDigits('11.222.333/0001-81')).toBe('11222333000181');
    expect(onlyDigits('')).toBe('');
  });
});

describe('isValidCnpj', () => {
  it('accepts CNPJs with correct check digits, formatted or as digits', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj(' 11 222 333 0002 62 ')).toBe(true);
    expect(isValidCnpj('00.394.460/0058-87')).toBe(true);
    // A first check digit of 0 (remainder below 2).
    expect(isValidCnpj('11.222.333/0005-05')).toBe(true);
    expect(isValidCnpj('11.222.333/0003-43')).toBe(true);
  });

  it('refuses a wrong first or second check digit', () => {
    expect(isValidCnpj('11.222.333/0001-71')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00394460005886')).toBe(false);
  });

  it('refuses fourteen equal digits, the wrong number of digits and other characters', () => {
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidCnpj(String(digit).repeat(14))).toBe(false);
    expect(isValidCnpj('')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-8')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-8a')).toBe(false);
    expect(isValidCnpj('11,222,333/0001-81')).toBe(false);
    // A CPF is not a CNPJ.
    expect(isValidCnpj('529.982.247-25')).toBe(false);
  });
});

describe('formatCnpj', () => {
  it('masks as the user types', () => {
    expect(formatCnpj('')).toBe('');
    expect(formatCnpj('11')).toBe('11');
    expect(formatCnpj('112')).toBe('11.2');
    expect(formatCnpj('11222333')).toBe('11.222.333');
    expect(formatCnpj('112223330')).toBe('11.222.333/0');
    expect(formatCnpj('112223330001')).toBe('11.222.333/0001');
    expect(formatCnpj('1122233300018')).toBe('11.222.333/0001-8');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('drops anything but digits and keeps at most fourteen', () => {
    expect(formatCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11222333000181999')).toBe('11.222.333/0001-81');
  });
});

describe('maskCpf', () => {
  it('shows the middle six digits only, as the database does', () => {
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
  });

  it('keeps a value the database already masked, and hides anything that is not a CPF', () => {
    expect(maskCpf('***.982.247-**')).toBe('***.982.247-**');
    expect(maskCpf('1234')).toBe('***');
    expect(maskCpf('')).toBe('***');
  });
});
