/**
 * Live lists: another user's change (another clerk's shortage, a representative's quote, a buyer's batch
 * action) reaches the screens that show it without a reload. Realtime delivers INSERT and UPDATE events only
 * for rows the user may read (RLS per subscriber), and DELETEs as a bare primary key, so screens never read
 * the payload: an event only says "read again", and the query cache reads through the same RLS as always.
 */
import { useEffect, useRef } from 'react';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/types/database.types';

export type PublishedTable = keyof Database['public']['Tables'];

/**
 * Calls `onChange` after changes to `tables`, at most once per `quietMs`: a batch action that moves 500
 * shortages at once is one refresh, not 500. The channel lives as long as the component that asks for it.
 */
export function useTableChanges(
  name: string,
  tables: readonly PublishedTable[],
  onChange: () => void,
  quietMs = 400,
  /** A postgres_changes filter such as `funcionario_id=eq.<id>` (spec §7: the pontos channel of one employee). */
  filter?: string,
  /** The events to hear: every change by default; spec §7 names inserts only for the notifications and pontos channels. */
  event: '*' | 'INSERT' = '*',
): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const tableList = tables.join(',');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        latest.current();
      }, quietMs);
    };
    // A unique topic per mount: two screens (or a remount under StrictMode) never share a channel.
    let channel = supabase.channel(`${name}:${crypto.randomUUID()}`);
    for (const table of tableList.split(','))
      channel = channel.on('postgres_changes', { event, schema: 'public', table, ...(filter ? { filter } : {}) }, changed);
    // (Re)subscribed: whatever changed before the channel was listening (between the screen's first read and
    // the join, or while the connection was down) is read again once.
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') changed();
    });
    return () => {
      clearTimeout(timer);
      void supabase.removeChannel(channel);
    };
  }, [name, tableList, quietMs, filter, event]);
}
