import { describe, expect, it } from 'vitest';
import { canTransition, historyLabel, isEditable, nextStatus, STATUS_LABELS } from '@/features/shipments/status';

describe('statuses', () => {
  it('labels them in Portuguese', () => {
    expect(STATUS_LABELS).toEqual({ SOLICITADO: 'Solicitado', PENDENTE: 'Pendente', ENTREGUE: 'Entregue' });
  });
  it('allows only SOLICITADO → PENDENTE → ENTREGUE', () => {
    expect(nextStatus('SOLICITADO')).toBe('PENDENTE');
    expect(nextStatus('PENDENTE')).toBe('ENTREGUE');
    expect(nextStatus('ENTREGUE')).toBeNull();
    expect(canTransition('SOLICITADO', 'PENDENTE')).toBe(true);
    expect(canTransition('PENDENTE', 'ENTREGUE')).toBe(true);
    expect(canTransition('SOLICITADO', 'ENTREGUE')).toBe(false);
    expect(canTransition('PENDENTE', 'SOLICITADO')).toBe(false);
    expect(canTransition('ENTREGUE', 'PENDENTE')).toBe(false);
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
