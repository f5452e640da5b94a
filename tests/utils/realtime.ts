import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';

/** Subscribes `channel` and resolves once the server confirms it (rejects on error or after `timeoutMs`). */
export function subscribed(channel: RealtimeChannel, timeoutMs = 8000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), timeoutMs);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve();
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        reject(new Error(`${status}: ${error?.message ?? ''}`));
      }
    });
  });
}

/** A postgres_changes event as a test inspects it. */
export interface Change {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

/**
 * Subscribes the signed-in `client` to every change of `table` (as its user, so RLS decides what arrives) and
 * collects the events in `inbox`; `stop` removes the channel.
 */
export async function listenTo(client: SupabaseClient, table: string, name: string): Promise<{ inbox: Change[]; stop: () => Promise<unknown> }> {
  const inbox: Change[] = [];
  const channel = client.channel(`${name}-${randomUUID().slice(0, 8)}`).on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
    inbox.push({ eventType: payload.eventType, new: payload.new as Record<string, unknown>, old: payload.old as Record<string, unknown> });
  });
  const { data } = await client.auth.getSession();
  client.realtime.setAuth(data.session?.access_token ?? null);
  await subscribed(channel);
  return { inbox, stop: () => client.removeChannel(channel) };
}

/** Waits until `predicate` holds, polling every 50 ms; throws after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 8000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a realtime event');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
