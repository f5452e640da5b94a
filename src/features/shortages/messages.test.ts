import { describe, expect, it } from 'vitest';
import { duplicateMessage } from '@/features/shortages/messages';

describe('duplicateMessage', () => {
  it('names the status of the open shortage, its quantity and date (São Paulo, 24 h)', () => {
    expect(duplicateMessage({ requested_quantity: 1200, created_at: '2026-03-10T13:05:00Z', status: 'PENDENTE', batch_id: null })).toBe(
      'Já existe uma falta deste produto nesta unidade ainda não entregue: status Pendente, 1.200 unidades, registrada em 10/03/2026 10:05. ' +
        'Deseja registrar outra mesmo assim ou editar a existente?',
    );
  });

  it('says when the open shortage is already in a purchasing batch', () => {
    expect(duplicateMessage({ requested_quantity: 4, created_at: '2026-03-10T23:30:00Z', status: 'EM_COTACAO', batch_id: 'b1' })).toContain(
      'status Em cotação (já está em um lote de compras), 4 unidades, registrada em 10/03/2026 20:30',
    );
  });
});
