/**
 * The session's notification stream: rows that existed at sign-in are never announced; a live INSERT toasts for
 * 8000 ms with 'Ver'; after a resubscription the rows missed meanwhile are announced, at most 3, then one count.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@/features/notifications/schemas';
import { useNotificationStream } from '@/features/notifications/use-notification-stream';

const world = vi.hoisted(() => ({
  rows: [] as AppNotification[],
  onInsert: null as ((row: unknown) => void) | null,
  onSubscribed: null as (() => void) | null,
  toasts: [] as { title?: unknown; description?: unknown; duration?: number; action?: unknown }[],
}));

vi.mock('@/features/notifications/api/subscribe-notifications', () => ({
  subscribeToNotifications: (_userId: string, onInsert: (row: unknown) => void, onSubscribed: () => void) => {
    world.onInsert = onInsert;
    world.onSubscribed = onSubscribed;
    return () => undefined;
  },
}));
vi.mock('@/features/notifications/api/list-notifications', () => ({
  notificationListQueryOptions: (userId: string) => ({ queryKey: ['notifications', 'list', userId], queryFn: () => Promise.resolve([...world.rows]) }),
  countNotificationsSince: () => Promise.resolve(0),
}));
vi.mock('@/features/notifications/api/mark-notifications-read', () => ({ markNotificationsRead: () => Promise.resolve(1) }));
vi.mock('@/components/ui/use-toast', () => ({ toast: (props: (typeof world.toasts)[number]) => world.toasts.push(props) }));

function row(id: string, minute: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id, type: 'DOCUMENTO', title: `Documento ${id}`, body: null, document_id: `d-${id}`, mail_message_id: null,
    created_at: `2026-11-26T12:${String(minute).padStart(2, '0')}:00.000Z`, read_at: null, ...overrides,
  };
}

function Stream() {
  useNotificationStream('u1');
  return null;
}

async function mount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Stream />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(world.onSubscribed).not.toBeNull());
}

afterEach(() => {
  cleanup();
  world.rows = [];
  world.onInsert = null;
  world.onSubscribed = null;
  world.toasts = [];
});

const titles = () => world.toasts.map((t) => `${String(t.title)} | ${String(t.description)}`);

describe('useNotificationStream', () => {
  it('never announces what existed at sign-in, and announces a live insert once, 8000 ms with Ver', async () => {
    world.rows = [row('old2', 2), row('old1', 1)];
    await mount();
    await act(async () => world.onSubscribed!());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(world.toasts).toEqual([]);

    const fresh = row('new', 5);
    world.rows = [fresh, ...world.rows];
    await act(async () => world.onInsert!(fresh));
    await waitFor(() => expect(world.toasts).toHaveLength(1));
    expect(world.toasts[0]).toMatchObject({ title: 'Novo documento', description: 'Documento new', duration: 8000 });
    expect(world.toasts[0]!.action).toBeTruthy();
    // The same row again (a catch-up after a resubscribe, a duplicate event): not announced twice.
    await act(async () => world.onInsert!(fresh));
    await act(async () => world.onSubscribed!());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(world.toasts).toHaveLength(1);
  });

  it('an alert toasts its own title and body; without a target there is no Ver', async () => {
    await mount();
    const alert = row('a', 3, { type: 'ALERTA', title: 'Lembrete: POP', body: 'Leia até sexta', document_id: null });
    await act(async () => world.onInsert!(alert));
    await waitFor(() => expect(world.toasts).toHaveLength(1));
    expect(world.toasts[0]).toMatchObject({ title: 'Lembrete: POP', description: 'Leia até sexta', duration: 8000, action: undefined });
  });

  it('after a dropped connection, announces the missed rows: 3 toasts, then one count', async () => {
    world.rows = [row('base', 1)];
    await mount();
    await act(async () => world.onSubscribed!());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(world.toasts).toEqual([]);

    // Five arrive while the socket is down; the channel rejoins.
    world.rows = [row('m5', 15), row('m4', 14), row('m3', 13), row('m2', 12), row('m1', 11), row('base', 1)];
    await act(async () => world.onSubscribed!());
    await waitFor(() => expect(world.toasts).toHaveLength(4));
    expect(titles()).toEqual([
      'Novo documento | Documento m3',
      'Novo documento | Documento m4',
      'Novo documento | Documento m5',
      '2 novas notificações | Abra o sino de notificações para ver todas',
    ]);
  });
});
