import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsPage } from '@/features/documents/components/documents-page';

const answers = vi.hoisted(() => ({ byName: {} as Record<string, { data: unknown; error: unknown }> }));
vi.mock('@/lib/supabase', () => {
  const channel = { on: () => channel, subscribe: () => channel };
  return {
    supabase: {
      rpc: vi.fn((name: string) => {
        const result = Promise.resolve(answers.byName[name] ?? { data: null, error: { code: 'XX000', message: 'unexpected' } });
        return { abortSignal: () => result, then: result.then.bind(result) };
      }),
      channel: () => channel,
      removeChannel: () => Promise.resolve(),
    },
  };
});

const empty = { data: { total: 0, pending: 0, items: [] }, error: null };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function Page() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <DocumentsPage title="Documentos" user={{ id: 'u1', name: 'Bruno' }} canManage={false} units={[]} params={params} setParams={setParams} onOtherNotification={vi.fn()} />
      <Where />
    </>
  );
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('/documentos?notification=<id>', () => {
  it("opens the notification's document and drops the parameter", async () => {
    answers.byName = {
      list_documents: empty,
      open_notification: { data: { id: 'n1', type: 'DOCUMENTO', title: 'T', document_id: 'd9', mail_message_id: null, read_at: '2026-11-26T12:00:00Z' }, error: null },
      get_document: { data: null, error: { code: 'PT404', message: 'Documento não encontrado' } },
    };
    renderAt('/documentos?notification=n1');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/documentos?documento=d9'));
  });

  it("says plainly when the notification is someone else's or unknown, and the feed stays", async () => {
    answers.byName = { list_documents: empty, open_notification: { data: null, error: { code: 'PT404', message: 'Notificação não encontrada' } } };
    renderAt('/documentos?notification=foreign');
    expect((await screen.findByText(/Esta notificação não existe ou não é sua/)).closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/documentos'));
    expect(await screen.findByText('Nenhum documento publicado para você ainda.')).toBeTruthy();
    // Not a publisher: no 'Gerenciar', no 'Novo documento'.
    expect(screen.queryByRole('button', { name: 'Gerenciar' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Novo documento/ })).toBeNull();
  });
});
