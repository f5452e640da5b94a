import { describe, expect, it } from 'vitest';
import { usersErrorMessage } from '@/features/users/messages';

describe('usersErrorMessage', () => {
  it('says a unit\'s CNPJ refused by its constraints in Portuguese', () => {
    const checkViolation = {
      code: '23514',
      message: 'new row for relation "store_units" violates check constraint "store_units_cnpj_valid"',
      details: 'Failing row contains (…)',
    };
    expect(usersErrorMessage(checkViolation)).toBe('CNPJ inválido: confira os dígitos');
    const duplicate = { code: '23505', message: 'duplicate key value violates unique constraint "store_units_cnpj_unique"', details: 'Key (cnpj)=(11222333000181) already exists.' };
    expect(usersErrorMessage(duplicate)).toBe('Este CNPJ já está cadastrado para outra unidade');
  });

  it('keeps the database\'s own words for an employee record refused by set_employee_record', () => {
    expect(usersErrorMessage({ code: '23505', message: 'Este CPF já está cadastrado para outro funcionário', details: '' })).toBe(
      'Este CPF já está cadastrado para outro funcionário',
    );
    expect(usersErrorMessage({ code: '22023', message: 'CPF inválido: confira os dígitos', details: '' })).toBe('CPF inválido: confira os dígitos');
  });
});
