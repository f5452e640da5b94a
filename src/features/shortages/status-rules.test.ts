import { describe, expect, it } from 'vitest';
import { allowedStatuses, canEditProductAndQuantity, frozenQuantityMessage } from '@/features/shortages/status-rules';
import { SHORTAGE_STATUSES } from '@/features/shortages/types';

describe('allowedStatuses', () => {
  it('offers no hand-made move for an open shortage: PENDENTE -> ENTREGUE would skip the purchasing flow', () => {
    expect(allowedStatuses({ status: 'PENDENTE', batch_id: null })).toEqual(['PENDENTE']);
  });

  it('offers only the arrival of an ordered item (PEDIDO_ENVIADO -> ENTREGUE)', () => {
    expect(allowedStatuses({ status: 'PEDIDO_ENVIADO', batch_id: 'b1' })).toEqual(['PEDIDO_ENVIADO', 'ENTREGUE']);
    for (const status of SHORTAGE_STATUSES.filter((s) => s !== 'PEDIDO_ENVIADO')) {
      expect(allowedStatuses({ status, batch_id: 'b1' })).toEqual([status]);
      expect(allowedStatuses({ status, batch_id: null })).toEqual([status]);
    }
  });
});

describe('canEditProductAndQuantity', () => {
  it('allows the quantity only while the shortage is open', () => {
    expect(canEditProductAndQuantity({ status: 'PENDENTE', batch_id: null })).toBe(true);
    expect(canEditProductAndQuantity({ status: 'LOTE_CRIADO', batch_id: 'b1' })).toBe(false);
    expect(canEditProductAndQuantity({ status: 'ENTREGUE', batch_id: null })).toBe(false);
  });

  it('explains why with the batch or the closed-shortage message', () => {
    expect(frozenQuantityMessage({ status: 'LOTE_CRIADO', batch_id: 'b1' })).toBe('Esta falta está em um lote de cotação e não pode ser alterada.');
    expect(frozenQuantityMessage({ status: 'ENTREGUE', batch_id: null })).toBe('Apenas faltas pendentes podem ter produto ou quantidade alterados');
  });
});
