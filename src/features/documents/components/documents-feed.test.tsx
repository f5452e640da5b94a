import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentsFeed } from '@/features/documents/components/documents-feed';
import type { DocumentListParams } from '@/features/documents/logic';
import type { DocumentSummary } from '@/features/documents/schemas';

const rpc = vi.hoisted(() => ({ answer: (): Promise<{ data: unknown; error: unknown }> => new Promise(() => undefined) }));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: vi.fn(() => {
      const result = rpc.answer();
      return { abortSignal: () => result, then: result.then.bind(result) };
    }),
  },
}));

const today = '2026-11-26';
const all: DocumentListParams = { search: '', filter: 'TODOS', page: 0 };

function summary(patch: Partial<DocumentSummary>): DocumentSummary {
  return {
    id: 'd1',
    title: 'Recolhimento do lote 123',
    category: 'RECALL',
    demand: 'ACAO',
    due_date: '2026-12-03',
    overdue: false,
    version: 1,
    created_at: '2026-11-25T13:00:00Z',
    created_by_name: 'Ana Admin',
    valid_from: '2026-11-25',
    valid_until: null,
    archived: false,
    excerpt: 'Retire o lote das prateleiras.',
    files: 2,
    my: { read_at: null, acknowledged_at: null, acknowledged_version: null, pending: true, unit_done: false },
    ...patch,
  };
}

function renderFeed(params: DocumentListParams = all, handlers: { onOpen?: (id: string) => void; onClear?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DocumentsFeed params={params} today={today} onPage={vi.fn()} onClear={handlers.onClear ?? vi.fn()} onOpen={handlers.onOpen ?? vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  rpc.answer = () => new Promise(() => undefined);
});
afterEach(cleanup);

describe('DocumentsFeed', () => {
  it('says it is loading while the first page is on its way', () => {
    renderFeed();
    expect(screen.getByRole('status').textContent).toBe('Carregando documentos...');
  });

  it('lists documents with category, demand, due date and status, and opens one', async () => {
    rpc.answer = () =>
      Promise.resolve({
        data: {
          total: 2,
          pending: 1,
          items: [
            summary({}),
            summary({
              id: 'd2',
              title: 'Novo POP de dispensação',
              category: 'PROCEDIMENTO',
              demand: 'LEITURA',
              due_date: '2026-11-20',
              overdue: true,
              files: 0,
              my: { read_at: '2026-11-26T10:00:00Z', acknowledged_at: '2026-11-26T10:01:00Z', acknowledged_version: 1, pending: false, unit_done: null },
            }),
          ],
        },
        error: null,
      });
    const onOpen = vi.fn();
    renderFeed(all, { onOpen });
    const first = await screen.findByRole('button', { name: /Recolhimento do lote 123/ });
    expect(first.textContent).toContain('Recolhimento (recall)');
    expect(first.textContent).toContain('Ação obrigatória por unidade');
    expect(first.textContent).toContain('Vence em 3 de dezembro');
    expect(first.textContent).toContain('Pendente');
    expect(first.textContent).toContain('2 anexos');
    const second = screen.getByRole('button', { name: /Novo POP de dispensação/ });
    // Done by this reader: no 'Atrasado' even though the date passed.
    expect(second.textContent).not.toContain('Atrasado');
    expect(second.textContent).toContain('Concluído');
    expect(screen.getByText(/1 documento pendente/)).toBeTruthy();
    fireEvent.click(first);
    expect(onOpen).toHaveBeenCalledWith('d1');
  });

  it('marks a pending overdue demand as Atrasado', async () => {
    rpc.answer = () => Promise.resolve({ data: { total: 1, pending: 1, items: [summary({ due_date: '2026-11-20', overdue: true })] }, error: null });
    renderFeed();
    expect((await screen.findByRole('button', { name: /Recolhimento/ })).textContent).toContain('Atrasado');
  });

  it('has an empty state for no documents and another, with Limpar filtros, for a search with no match', async () => {
    rpc.answer = () => Promise.resolve({ data: { total: 0, pending: 0, items: [] }, error: null });
    renderFeed();
    expect(await screen.findByText('Nenhum documento publicado para você ainda.')).toBeTruthy();
    cleanup();
    const onClear = vi.fn();
    renderFeed({ search: 'xyz', filter: 'TODOS', page: 0 }, { onClear });
    expect(await screen.findByText('Nenhum documento encontrado com estes filtros')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Limpar filtros/ }));
    expect(onClear).toHaveBeenCalled();
    cleanup();
    renderFeed({ search: '', filter: 'PENDENTES', page: 0 });
    expect(await screen.findByText('Nenhuma pendência: você está em dia com os documentos.')).toBeTruthy();
  });

  it('shows a load error with the reason and retries', async () => {
    rpc.answer = () => Promise.resolve({ data: null, error: { code: 'XX000', message: 'boom' } });
    renderFeed();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro ao carregar os documentos');
    expect(alert.textContent).toContain('Ocorreu um erro inesperado');
    rpc.answer = () => Promise.resolve({ data: { total: 0, pending: 0, items: [] }, error: null });
    fireEvent.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByText('Nenhum documento publicado para você ainda.')).toBeTruthy();
  });

  it("shows the database's refusal in its own words", async () => {
    rpc.answer = () => Promise.resolve({ data: null, error: { code: '42501', message: 'Você não tem permissão para ver estes documentos' } });
    renderFeed({ search: '', filter: 'GERENCIAR', page: 0 });
    expect((await screen.findByRole('alert')).textContent).toContain('Você não tem permissão para ver estes documentos');
  });
});
