import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { supabase } from '@/lib/supabase';
import { plural } from '@/lib/utils';
import { useTableChanges } from '@/lib/realtime';
import { mailKeys } from '@/features/mail/api/keys';

/** The sidebar badge's words for a screen reader: 'Correio: 1 conversa não lida'. */
export function unreadMailBadgeLabel(count: number): string {
  return `Correio: ${count} ${plural(count, 'conversa não lida', 'conversas não lidas')}`;
}

/** count_unread_mail: the caller's threads with an unread message, not archived. */
export async function countUnreadMail(signal?: AbortSignal): Promise<number> {
  let call = supabase.rpc('count_unread_mail');
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  // An integer, not jsonb: checked by hand, so the sidebar's badge (loaded on every signed-in page) pulls no zod.
  return typeof data === 'number' && Number.isInteger(data) && data >= 0 ? data : 0;
}

/**
 * The sidebar's unread count, live: new mail (a mail_recipients INSERT) and a thread read or archived
 * elsewhere (an UPDATE) re-read the count, the open folder and the open thread. Realtime delivers only
 * the caller's own recipient rows and those of messages the caller sent (RLS), so a sender also sees
 * the read receipts arrive. Mounted once, by the signed-in frame.
 */
export function useUnreadMailCount(enabled = true) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: mailKeys.all }), [queryClient]);
  useTableChanges('mail-recipients', ['mail_recipients'], refresh);
  return useQuery({
    queryKey: mailKeys.unreadCount(),
    queryFn: ({ signal }) => countUnreadMail(signal),
    enabled,
    // Realtime keeps it current; a slow poll covers a connection that never came back.
    refetchInterval: 120_000,
  });
}
