import { describe, expect, it } from 'vitest';
import { allowedStatuses, canEditBatchedFields } from '@/features/shortages/status-rules';

describe('allowedStatuses', () => {
  it('offers PENDENTE and ENTREGUE for a shortage outside any batch', () => {
    expect(allowedStatuses({ status: 'PENDENTE', batch_id: null })).toEqual(['PENDENTE', 'ENTREGUE']);
    expect(allowedStatuses({ status: 'ENTREGUE', batch_id: null })).toEqual(['PENDENTE', 'ENTREGUE']);
  });

  it('never offers a purchasing status by hand', () => {
    for (const status of ['PENDENTE', 'ENTREGUE'] as const) {
      const offered = allowedStatuses({ status, batch_id: null });
      for (const purchasing of ['LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO'] as const) {
        expect(offered).not.toContain(purchasing);
      }
    }
  });

  it('keeps a batched shortage at its status, except an order that arrives (PEDIDO_ENVIADO → ENTREGUE)', () => {
    expect(allowedStatuses({ status: 'LOTE_CRIADO', batch_id: 'b1' })).toEqual(['LOTE_CRIADO']);
    expect(allowedStatuses({ status: 'EM_COTACAO', batch_id: 'b1' })).toEqual(['EM_COTACAO']);
    expect(allowedStatuses({ status: 'COTACAO_FINALIZADA', batch_id: 'b1' })).toEqual(['COTACAO_FINALIZADA']);
    expect(allowedStatuses({ status: 'PEDIDO_ENVIADO', batch_id: 'b1' })).toEqual(['PEDIDO_ENVIADO', 'ENTREGUE']);
    expect(allowedStatuses({ status: 'ENTREGUE', batch_id: 'b1' })).toEqual(['ENTREGUE']);
  });

  it('still shows the current status of an unbatched row left in a purchasing status', () => {
    expect(allowedStatuses({ status: 'EM_COTACAO', batch_id: null })).toEqual(['PENDENTE', 'EM_COTACAO', 'ENTREGUE']);
  });
});

describe('canEditBatchedFields', () => {
  it('freezes the requested quantity of a batched shortage for non-buyers only', () => {
    expect(canEditBatchedFields({ batch_id: null }, false)).toBe(true);
    expect(canEditBatchedFields({ batch_id: 'b1' }, false)).toBe(false);
    expect(canEditBatchedFields({ batch_id: 'b1' }, true)).toBe(true);
  });
});
