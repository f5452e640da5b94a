/** The page draws both paths with each count, links only the stages the user may open, and marks hidden stages. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProcessFlowPage } from '@/features/process-flow/components/process-flow-page';
import type { ProcessFlow } from '@/features/process-flow/schemas';

const state = vi.hoisted(() => ({ data: undefined as ProcessFlow | undefined, isError: false }));
vi.mock('@/features/process-flow/api/get-process-flow', () => ({
  useProcessFlow: () => ({ data: state.data, isError: state.isError, error: null, dataUpdatedAt: Date.parse('2026-11-26T12:17:05Z'), refetch: () => undefined }),
  useLiveProcessFlow: () => undefined,
}));

afterEach(() => {
  cleanup();
  state.data = undefined;
  state.isError = false;
});

const clerk = { role: 'BALCONISTA' as const, permissions: ['CREATE_SHORTAGES', 'MANAGE_REMESSA'] };

describe('ProcessFlowPage', () => {
  it('shows each count, links what the clerk may open and leaves the rest without a link', () => {
    state.data = {
      stages: [
        { key: 'faltas', count: 1234 }, { key: 'lotes', count: 1 }, { key: 'cotacoes', count: null }, { key: 'vencedores', count: null },
        { key: 'pedidos', count: null }, { key: 'entregas', count: null }, { key: 'remessas', count: 2 }, { key: 'assinaturas', count: 0 },
      ],
    };
    render(<MemoryRouter><ProcessFlowPage title="Fluxo de Processo" user={clerk} /></MemoryRouter>);
    expect(screen.getByTestId('stage-count-faltas').textContent).toBe('1.234');
    expect(screen.getByRole('link', { name: 'Abrir Faltas: 1.234' }).getAttribute('href')).toBe('/lancamento');
    expect(screen.getByRole('link', { name: 'Abrir Assinaturas: 0' }).getAttribute('href')).toBe('/assinatura-remessas');
    // Lotes: counted (their unit's batches) but worked on /compras, which a clerk cannot open.
    expect(screen.getByTestId('stage-lotes').tagName).toBe('DIV');
    expect(screen.getByTestId('stage-count-lotes').textContent).toBe('1');
    expect(screen.getByTestId('stage-count-cotacoes').textContent).toContain('Fora do seu acesso');
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.getByTestId('process-flow-updated').textContent).toBe('Atualizado às 09:17:05');
  });

  it('shows the loading state before the first answer', () => {
    render(<MemoryRouter><ProcessFlowPage title="Fluxo de Processo" user={clerk} /></MemoryRouter>);
    expect(screen.getByRole('status', { name: 'Carregando fluxo de processo...' })).toBeTruthy();
  });

  it('says the flow did not load', () => {
    state.isError = true;
    render(<MemoryRouter><ProcessFlowPage title="Fluxo de Processo" user={clerk} /></MemoryRouter>);
    expect(screen.getByText('Erro ao carregar o fluxo de processo')).toBeTruthy();
  });
});
