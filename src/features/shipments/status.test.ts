import { describe, expect, it } from 'vitest';
import { historyLabel, isEditable, STATUS_LABELS } from '@/features/shipments/status';

describe('statuses', () => {
  it('labels them in Portuguese', () => {
    expect(STATUS_LABELS).toEqual({ SOLICITADO: 'Solicitado', PENDENTE: 'Pendente', ENTREGUE: 'Entregue' });
  });
  it('edits only requested shipments', () => {
    expect(isEditable('SOLICITADO')).toBe(true);
    expect(isEditable('PENDENTE')).toBe(false);
    expect(isEditable('ENTREGUE')).toBe(false);
  });
  it('reads the history', () => {
    expect(historyLabel(null, 'SOLICITADO')).toBe('Remessa solicitada');
    expect(historyLabel('SOLICITADO', 'PENDENTE')).toBe('Remessa despachada');
    expect(historyLabel('PENDENTE', 'ENTREGUE')).toBe('Recebimento assinado');
  });
});
