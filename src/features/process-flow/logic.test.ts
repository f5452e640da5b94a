import { describe, expect, it } from 'vitest';
import { stageCount, stageLink } from '@/features/process-flow/logic';

describe('stageLink', () => {
  it('links a clerk to the shortages and shipments screens, never to purchasing', () => {
    const clerk = { role: 'BALCONISTA' as const, permissions: ['CREATE_SHORTAGES', 'MANAGE_REMESSA'] };
    expect(stageLink(clerk, 'faltas')).toBe('/lancamento');
    expect(stageLink(clerk, 'remessas')).toBe('/remessas');
    expect(stageLink(clerk, 'assinaturas')).toBe('/assinatura-remessas');
    for (const key of ['lotes', 'cotacoes', 'vencedores', 'pedidos', 'entregas'] as const) expect(stageLink(clerk, key)).toBeNull();
  });

  it('links a buyer to /compras for every purchasing stage past the shortages', () => {
    const buyer = { role: 'ADMIN_COMPRAS' as const, permissions: ['MANAGE_ORDERS', 'VIEW_REPORTS'] };
    expect(stageLink(buyer, 'faltas')).toBeNull();
    for (const key of ['lotes', 'cotacoes', 'vencedores', 'pedidos', 'entregas'] as const) expect(stageLink(buyer, key)).toBe('/compras');
    expect(stageLink(buyer, 'remessas')).toBeNull();
  });

  it('links a representative to their quotes and winning items', () => {
    const rep = { role: 'REPRESENTANTE' as const, permissions: ['MANAGE_QUOTES', 'VIEW_REPORTS'] };
    expect(stageLink(rep, 'cotacoes')).toBe('/cotacoes');
    expect(stageLink(rep, 'vencedores')).toBe('/analise-cotacoes');
    expect(stageLink(rep, 'pedidos')).toBe('/itens-vitoriosos');
    expect(stageLink(rep, 'faltas')).toBeNull();
  });

  it('links the administrator everywhere', () => {
    expect(stageLink({ role: 'ADMIN', permissions: [] }, 'cotacoes')).toBe('/cotacoes');
    expect(stageLink({ role: 'ADMIN', permissions: [] }, 'faltas')).toBe('/lancamento');
  });
});

describe('stageCount', () => {
  it('reads a count by key; null when not visible or absent', () => {
    const flow = { stages: [{ key: 'faltas' as const, count: 4 }, { key: 'lotes' as const, count: null }] };
    expect(stageCount(flow, 'faltas')).toBe(4);
    expect(stageCount(flow, 'lotes')).toBeNull();
    expect(stageCount(flow, 'cotacoes')).toBeNull();
    expect(stageCount(undefined, 'faltas')).toBeNull();
  });
});
