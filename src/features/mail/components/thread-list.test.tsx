/** The folder list's states: loading, empty (per folder, and for a search), failed, and rows with their emphasis. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThreadList } from '@/features/mail/components/thread-list';
import type { MailPage } from '@/features/mail/schemas';

afterEach(cleanup);

const page: MailPage = {
  total: 2,
  unread: 1,
  items: [
    {
      thread_id: 't1',
      subject: 'Recolhimento do lote 123',
      last_message_at: '2026-11-26T17:05:00Z',
      last_sender: { id: 'a', name: 'Ana Administradora' },
      excerpt: 'Retirem o lote 123 das prateleiras',
      messages: 3,
      unread: true,
      has_attachments: true,
      participants: [{ id: 'a', name: 'Ana Administradora' }],
    },
    {
      thread_id: 't2',
      subject: 'Escala',
      last_message_at: '2026-11-20T12:00:00Z',
      last_sender: { id: 'c', name: 'Carla Compras' },
      excerpt: 'Segue a escala',
      messages: 1,
      unread: false,
      has_attachments: false,
      participants: [{ id: 'c', name: 'Carla Compras' }, { id: 'b', name: 'Bruno Balconista' }],
    },
  ],
};

function renderList(props: Partial<ComponentProps<typeof ThreadList>> = {}) {
  const handlers = { onRetry: vi.fn(), onClearSearch: vi.fn(), onPage: vi.fn() };
  render(
    <MemoryRouter>
      <ThreadList
        folder="ENTRADA"
        search=""
        page={0}
        data={undefined}
        isLoading={false}
        error={null}
        threadHref={(id) => `?conversa=${id}`}
        selectedId={null}
        now={new Date('2026-11-26T20:00:00Z')}
        {...handlers}
        {...props}
      />
    </MemoryRouter>,
  );
  return handlers;
}

describe('ThreadList', () => {
  it('says it is loading', () => {
    renderList({ isLoading: true });
    expect(screen.getByRole('status').textContent).toBe('Carregando mensagens...');
  });

  it('says why a folder is empty, and offers to clear a search that found nothing', () => {
    renderList({ data: { total: 0, unread: 0, items: [] } });
    expect(screen.getByText('Nenhuma mensagem na caixa de entrada')).toBeTruthy();
    cleanup();
    renderList({ folder: 'ARQUIVO', data: { total: 0, unread: 0, items: [] } });
    expect(screen.getByText('Nenhuma conversa arquivada')).toBeTruthy();
    cleanup();
    const { onClearSearch } = renderList({ search: 'dipirona', data: { total: 0, unread: 0, items: [] } });
    expect(screen.getByText('Nenhuma mensagem encontrada para esta busca')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(onClearSearch).toHaveBeenCalledTimes(1);
  });

  it('shows a load error with the reason and a retry', () => {
    const { onRetry } = renderList({ error: { code: '42501', message: 'Você não tem permissão' } });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Erro ao carregar as mensagens')).toBeTruthy();
    expect(within(alert).getByText('Você não tem permissão')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('lists threads with the unread one emphasised, its attachments, count and date', () => {
    renderList({ data: page, selectedId: 't2' });
    const [first, second] = screen.getAllByRole('link');
    expect(first?.getAttribute('href')).toBe('/?conversa=t1');
    expect(first?.dataset.unread).toBe('true');
    expect(first?.textContent).toContain('Não lida: ');
    expect(within(first!).getByRole('img', { name: 'Com anexos' })).toBeTruthy();
    expect(first?.textContent).toContain('3 mensagens');
    expect(first?.textContent).toContain('14:05');
    expect(first?.textContent).toContain('Recolhimento do lote 123');
    expect(second?.dataset.unread).toBeUndefined();
    expect(second?.getAttribute('aria-current')).toBe('true');
    expect(second?.textContent).toContain('20/11/2026 09:00');
    expect(second?.textContent).not.toContain('mensagem');
  });

  it('names the addressees in Enviados', () => {
    renderList({ folder: 'ENVIADOS', data: page });
    expect(screen.getAllByRole('link')[1]?.textContent).toContain('Para: Carla Compras, Bruno Balconista');
  });
});
