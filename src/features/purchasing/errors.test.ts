import { describe, expect, it } from 'vitest';
import { isAuthenticationError, purchasingErrorMessage, QUOTE_DUPLICATE } from '@/lib/errors';

describe('purchasingErrorMessage', () => {
  it('maps the one-quote-per-supplier constraint to the spec message', () => {
    const error = { code: '23505', message: 'duplicate key value violates unique constraint "quotes_batch_supplier_key"', details: '' };
    expect(purchasingErrorMessage(error, 'x')).toBe(QUOTE_DUPLICATE);
    expect(QUOTE_DUPLICATE).toBe('Você já possui uma cotação para este lote');
  });

  it('shows the RPC texts as they are (P0001 and P0002)', () => {
    expect(purchasingErrorMessage({ code: 'P0001', message: 'Lote não possui itens para cotação' }, 'x')).toBe('Lote não possui itens para cotação');
    expect(purchasingErrorMessage({ code: 'P0002', message: 'Cotação não encontrada' }, 'x')).toBe('Cotação não encontrada');
  });

  it('falls back to the screen text for unknown failures, and explains permission errors', () => {
    expect(purchasingErrorMessage(new Error('Failed to fetch'), 'Falha ao excluir o lote.')).toBe('Falha ao excluir o lote.');
    expect(purchasingErrorMessage({ code: '42501', message: 'permission denied' }, 'x')).toBe('Você não tem permissão para realizar esta operação.');
  });

  it('recognises a missing session', () => {
    expect(isAuthenticationError({ code: 'PGRST301', message: 'JWT expired' })).toBe(true);
    expect(isAuthenticationError({ code: 'P0001', message: 'x' })).toBe(false);
  });
});
