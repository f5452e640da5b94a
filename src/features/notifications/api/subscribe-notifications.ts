import { supabase } from '@/lib/supabase';

/**
 * Listens to INSERTs on the caller's own notifications (`user_id=eq.<uid>`; realtime delivers a row only when
 * the subscriber's RLS lets them read it). `onSubscribed` runs after every (re)join, so the caller can read
 * again what arrived while the connection was down. Returns the unsubscribe function.
 */
export function subscribeToNotifications(userId: string, onInsert: (row: unknown) => void, onSubscribed: () => void): () => void {
  const channel = supabase
    .channel(`notifications:${userId}:${crypto.randomUUID()}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${userId}` }, (payload) =>
      onInsert(payload.new),
    )
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') onSubscribed();
    });
  return () => {
    void supabase.removeChannel(channel);
  };
}
