import { describe, expect, it } from 'vitest';
import { isAuthenticationError } from '@/lib/errors';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { NETWORK_ERROR_MESSAGE } from '@/lib/network';

describe('purchasingErrorMessage', () => {
  it('maps the one-quote-per-supplier constraint to the spec message', () => {
    const error = { code: '23505', message: 'duplicate key value violates unique constraint "quotes_batch_supplier_key"', details: '' };
    expect(purchasingErrorMessage(error, 'x')).toBe(purchasingMessages.quoteDuplicate);
    expect(purchasingMessages.quoteDuplicate).toBe('Você já possui uma cotação para este lote');
  });

  it('shows the RPC texts as they are (P0001, PT404 and P0002)', () => {
    expect(purchasingErrorMessage({ code: 'PT404', message: 'Lote não encontrado' }, 'x')).toBe('Lote não encontrado');
    expect(purchasingErrorMessage({ code: 'P0001', message: 'Lote não possui itens para cotação' }, 'x')).toBe('Lote não possui itens para cotação');
    expect(purchasingErrorMessage({ code: 'P0002', message: 'Cotação não encontrada' }, 'x')).toBe('Cotação não encontrada');
  });

  it('falls back to the screen text for unknown failures, and explains permission errors', () => {
    expect(purchasingErrorMessage(new Error('Unexpected end of JSON input'), 'Falha ao excluir o lote.')).toBe('Falha ao excluir o lote.');
    // A lost connection is said as such (src/lib/network.ts), never as the screen's generic failure.
    expect(purchasingErrorMessage(new TypeError('Failed to fetch'), 'Falha ao excluir o lote.')).toBe(NETWORK_ERROR_MESSAGE);
    expect(purchasingErrorMessage({ code: '42501', message: 'permission denied' }, 'x')).toBe('Você não tem permissão para realizar esta operação.');
  });

  it('recognises a missing session', () => {
    expect(isAuthenticationError({ code: 'PGRST301', message: 'JWT expired' })).toBe(true);
    expect(isAuthenticationError({ code: 'P0001', message: 'x' })).toBe(false);
  });
});

describe('purchasing toasts of refused or failed writes', () => {
  it('a refused removal takes its title from the RPC hint, for both refusals', async () => {
    const { removeBatchItemErrorToast } = await import('@/features/purchasing/api/remove-batch-item');
    const ordered = {
      code: 'P0001',
      message: 'Este item já possui pedido de compra e não pode ser removido do lote.',
      hint: 'Item não pode ser removido',
      details: null,
    };
    expect(removeBatchItemErrorToast(ordered)).toEqual({
      title: 'Item não pode ser removido',
      description: 'Este item já possui pedido de compra e não pode ser removido do lote.',
      variant: 'destructive',
    });
    const active = { ...ordered, message: 'Este item está em uma cotação ativa e não pode ser removido do lote.' };
    expect(removeBatchItemErrorToast(active).title).toBe('Item não pode ser removido');
    expect(removeBatchItemErrorToast(active).description).toBe('Este item está em uma cotação ativa e não pode ser removido do lote.');
  });

  it('any other removal failure is "Erro ao remover item" with the spec fallback; PostgREST hints are not titles', async () => {
    const { removeBatchItemErrorToast } = await import('@/features/purchasing/api/remove-batch-item');
    expect(removeBatchItemErrorToast(new Error('Unexpected end of JSON input'))).toEqual({
      title: 'Erro ao remover item',
      description: 'Falha ao remover o item do lote.',
      variant: 'destructive',
    });
    const unknownFunction = { code: 'PGRST202', message: 'Could not find the function', hint: 'Perhaps you meant to call ...', details: null };
    expect(removeBatchItemErrorToast(unknownFunction).title).toBe('Erro ao remover item');
  });

  it('a failed quote deletion says "Erro ao excluir cotação" with the server reason, or a generic text, never a made-up "not found"', async () => {
    const { deleteQuoteErrorToast } = await import('@/features/purchasing/api/delete-quote');
    expect(deleteQuoteErrorToast({ code: 'P0001', message: 'Apenas cotações em andamento podem ser excluídas' })).toEqual({
      title: 'Erro ao excluir cotação',
      description: 'Apenas cotações em andamento podem ser excluídas',
      variant: 'destructive',
    });
    expect(deleteQuoteErrorToast({ code: 'PT404', message: 'Cotação não encontrada' }).description).toBe('Cotação não encontrada');
    const network = deleteQuoteErrorToast({ code: '', message: 'TypeError: Failed to fetch', details: '', hint: '' });
    expect(network.title).toBe('Erro ao excluir cotação');
    expect(network.description).toBe(NETWORK_ERROR_MESSAGE);
    expect(deleteQuoteErrorToast({ code: 'XX000', message: '' }).description).toBe('Ocorreu um erro inesperado. Por favor, tente novamente.');
  });

  it('the database\'s own duplicate-quote message is kept as it is', () => {
    expect(purchasingErrorMessage({ code: '23505', message: 'Você já possui uma cotação para este lote', details: '' }, 'x')).toBe(purchasingMessages.quoteDuplicate);
  });
});
