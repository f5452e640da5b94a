import { describe, expect, it } from 'vitest';
import {
  bulkDeleteSummary,
  databaseErrorMessage,
  isSilentLogoutError,
  loginErrorMessage,
  loginErrorToast,
  shortageDeleteRefusedToast,
  shortageDependencyReasons,
  shortageErrorMessage,
  TimeoutError,
} from '@/lib/errors';

describe('login error mapping (spec §5)', () => {
  it.each([
    [{ message: 'Invalid login credentials', code: 'invalid_credentials' }, 'Email ou senha incorretos. Por favor, verifique suas credenciais.'],
    [new Error('Invalid login credentials'), 'Email ou senha incorretos. Por favor, verifique suas credenciais.'],
    [{ message: 'Request rate limit reached', code: 'over_request_rate_limit' }, 'Muitas tentativas de login. Por favor, tente novamente mais tarde.'],
    [{ message: 'Email rate limit exceeded' }, 'Muitas tentativas de login. Por favor, tente novamente mais tarde.'],
    [{ message: 'Email not confirmed' }, 'Email not confirmed'],
  ])('%o → %s', (error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });

  it('titles errors "Erro ao fazer login" and time-outs "Tempo esgotado"', () => {
    expect(loginErrorToast(new Error('Invalid login credentials')).title).toBe('Erro ao fazer login');
    expect(loginErrorToast(new TimeoutError())).toEqual({
      title: 'Tempo esgotado',
      description: 'O login está demorando muito. Por favor, tente novamente.',
    });
  });
});

describe('silent logout errors (spec §4)', () => {
  it.each([
    [{ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' }, true],
    [new Error('Invalid refresh token'), true],
    [new Error('Auth session missing!'), true],
    [new Error('fetch failed'), false],
  ])('%o → %s', (error, expected) => {
    expect(isSilentLogoutError(error)).toBe(expected);
  });
});

describe('database errors', () => {
  it('maps PostgREST codes to Portuguese', () => {
    expect(databaseErrorMessage({ code: '42501', message: 'permission denied for table x' })).toBe(
      'Você não tem permissão para realizar esta operação.',
    );
    expect(databaseErrorMessage({ code: '23505', message: 'duplicate key' })).toBe('Já existe um registro com estes dados.');
  });
});

describe('shortage deletion messages (spec §5, §8)', () => {
  it('lists every reason a shortage cannot be deleted, in Portuguese', () => {
    expect(shortageDependencyReasons({ has_order_items: true, has_quote_items: true, in_batch: true })).toEqual([
      'possui itens de pedido',
      'possui itens de cotação',
      'pertence a um lote',
    ]);
    expect(shortageDependencyReasons({ has_order_items: false, has_quote_items: false, in_batch: true })).toEqual(['pertence a um lote']);
    expect(shortageDependencyReasons({ has_order_items: false, has_quote_items: false, in_batch: false })).toEqual([]);
  });

  it("titles a refused delete 'Operação não permitida' with the reasons", () => {
    expect(shortageDeleteRefusedToast(['possui itens de cotação', 'pertence a um lote'])).toEqual({
      title: 'Operação não permitida',
      description: 'Esta falta não pode ser excluída: possui itens de cotação, pertence a um lote.',
    });
    expect(shortageDeleteRefusedToast([])).toEqual({ title: 'Operação não permitida', description: 'Esta falta não pode ser excluída.' });
  });

  it("reports a bulk delete as '{n} falta(s) excluída(s)' with the count not deleted", () => {
    expect(bulkDeleteSummary(3, 0)).toEqual({ title: '3 falta(s) excluída(s)' });
    expect(bulkDeleteSummary(1, 2)).toEqual({ title: '1 falta(s) excluída(s)', description: '2 falta(s) não puderam ser excluída(s).' });
  });

  it("says 'Nenhuma falta foi excluída' when none was", () => {
    expect(bulkDeleteSummary(0, 2)).toEqual({ title: 'Nenhuma falta foi excluída', description: '2 falta(s) não puderam ser excluída(s).' });
    expect(bulkDeleteSummary(0, 0).title).toBe('Nenhuma falta foi excluída');
  });
});

describe('shortage write errors', () => {
  it("shows the database's Portuguese check messages as they are", () => {
    expect(shortageErrorMessage({ code: '23514', message: 'A quantidade solicitada deve ser maior que zero' })).toBe(
      'A quantidade solicitada deve ser maior que zero',
    );
    expect(shortageErrorMessage({ code: '23514', message: 'A observação deve ter no máximo 500 caracteres' })).toBe(
      'A observação deve ter no máximo 500 caracteres',
    );
  });

  it('still translates a bare check-constraint text', () => {
    expect(
      shortageErrorMessage({ code: '23514', message: 'new row for relation "shortages" violates check constraint "shortages_available_quantity_check"' }),
    ).toBe('A quantidade disponível não pode ser negativa.');
    expect(shortageErrorMessage({ code: '23514', message: 'new row violates check constraint "x"' })).toBe('Verifique os dados informados.');
  });

  it('explains a foreign-key refusal (linked to quotes or orders)', () => {
    expect(shortageErrorMessage({ code: '23503', message: 'update or delete on table "shortages" violates foreign key constraint' })).toBe(
      'A falta está vinculada a cotações ou pedidos.',
    );
    expect(shortageErrorMessage({ code: '23503', message: 'Não é possível excluir a falta: ela pertence a um lote' })).toBe(
      'Não é possível excluir a falta: ela pertence a um lote',
    );
  });
});
