/**
 * The bell's states: no unread (plain name, no badge), unread (count in its name and badge), the list (type,
 * unread dot), a click that marks one read and opens its target, and 'Marcar todas como lidas'.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import type { AppNotification } from '@/features/notifications/schemas';

const state = vi.hoisted(() => ({
  unread: 0,
  list: { isPending: false, isError: false, data: [] as AppNotification[], error: null as unknown, refetch: () => undefined },
  mutate: (() => undefined) as (vars: { ids: string[] | null }) => void,
}));

vi.mock('@/features/notifications/api/count-unread-notifications', () => ({ useUnreadNotificationCount: () => ({ data: state.unread }) }));
vi.mock('@/features/notifications/api/list-notifications', () => ({ useNotifications: () => state.list }));
vi.mock('@/features/notifications/api/mark-notifications-read', () => ({
  useMarkNotificationsRead: () => ({ mutate: (vars: { ids: string[] | null }) => state.mutate(vars), isPending: false }),
}));

const recent = new Date(Date.now() - 5 * 60_000).toISOString();
const documentNotice: AppNotification = {
  id: 'n1', type: 'DOCUMENTO', title: 'Novo POP de recebimento', body: null, document_id: 'd1', mail_message_id: null, created_at: recent, read_at: null,
};
const mailNotice: AppNotification = {
  id: 'n2', type: 'ALERTA', title: 'Nova mensagem de Carla: Pedido', body: null, document_id: null, mail_message_id: 'm1', created_at: recent, read_at: recent,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBell() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/meu-ponto']}>
        <NotificationBell userId="u1" />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  state.unread = 0;
  state.list = { isPending: false, isError: false, data: [], error: null, refetch: () => undefined };
  state.mutate = () => undefined;
});

describe('NotificationBell', () => {
  it('shows no badge and its plain name when nothing is unread, and says so when empty', () => {
    renderBell();
    const bell = screen.getByRole('button', { name: 'Notificações' });
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    fireEvent.click(bell);
    expect(screen.getByText('Nenhuma notificação por enquanto')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Marcar todas como lidas/ }).disabled).toBe(true);
  });

  it('counts the unread in its name and badge', () => {
    state.unread = 3;
    renderBell();
    expect(screen.getByRole('button', { name: 'Notificações, 3 não lidas' })).toBeTruthy();
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
  });

  it('says one unread in the singular', () => {
    state.unread = 1;
    renderBell();
    expect(screen.getByRole('button', { name: 'Notificações, 1 não lida' })).toBeTruthy();
  });

  it('lists the latest with type, time and unread dot; a click marks it read and opens the document', () => {
    state.unread = 1;
    state.list = { ...state.list, data: [documentNotice, mailNotice] };
    const calls: (string[] | null)[] = [];
    state.mutate = ({ ids }) => calls.push(ids);
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: /Notificações/ }));
    const items = screen.getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Novo POP de recebimento');
    expect(items[0]!.textContent).toContain('Documento');
    expect(items[0]!.textContent).toContain('há 5 min');
    expect(items[1]!.textContent).toContain('Alerta');
    expect(screen.getAllByRole('img', { name: 'Não lida' })).toHaveLength(1);
    fireEvent.click(items[0]!);
    expect(calls).toEqual([['n1']]);
    expect(screen.getByTestId('where').textContent).toBe('/documentos?notification=n1');
  });

  it('opens a mail notification at its message without marking an already read one again', () => {
    state.list = { ...state.list, data: [mailNotice] };
    const calls: (string[] | null)[] = [];
    state.mutate = ({ ids }) => calls.push(ids);
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notificações' }));
    fireEvent.click(screen.getByTestId('notification-item'));
    expect(calls).toEqual([]);
    expect(screen.getByTestId('where').textContent).toBe('/correio?mensagem=m1');
  });

  it("marks all read with 'Marcar todas como lidas'", () => {
    state.unread = 2;
    state.list = { ...state.list, data: [documentNotice] };
    const calls: (string[] | null)[] = [];
    state.mutate = ({ ids }) => calls.push(ids);
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: /Notificações/ }));
    fireEvent.click(screen.getByRole('button', { name: /Marcar todas como lidas/ }));
    expect(calls).toEqual([null]);
  });

  it('shows the load error with a retry', () => {
    let retried = 0;
    state.list = { isPending: false, isError: true, data: [], error: new Error('x'), refetch: () => void retried++ };
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notificações' }));
    expect(screen.getByText('Erro ao carregar as notificações')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Tentar novamente/ }));
    expect(retried).toBe(1);
  });
});
