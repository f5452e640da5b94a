import { describe, expect, it } from 'vitest';
import { databaseErrorMessage, databaseOwnMessage } from '@/lib/errors';

describe('database errors', () => {
  it('maps PostgREST codes to Portuguese', () => {
    expect(databaseErrorMessage({ code: '42501', message: 'permission denied for table x' })).toBe(
      'Você não tem permissão para realizar esta operação.',
    );
    expect(databaseErrorMessage({ code: '23505', message: 'duplicate key' })).toBe('Já existe um registro com estes dados.');
  });
});

describe('databaseOwnMessage', () => {
  it("passes the database's Portuguese refusals through and hides PostgreSQL's English", () => {
    expect(databaseOwnMessage({ code: '42501', message: 'Você só pode trocar para uma unidade atribuída a você' })).toBe('Você só pode trocar para uma unidade atribuída a você');
    expect(databaseOwnMessage({ code: '42501', message: 'permission denied for table shortages' })).toBeUndefined();
    expect(databaseOwnMessage({ code: '23514', message: 'new row violates check constraint "x"' })).toBeUndefined();
    expect(databaseOwnMessage({ code: '23505', message: 'Já existe' })).toBeUndefined();
  });
});
