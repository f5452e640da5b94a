import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from '@/features/notifications/api/keys';

/** How many of the caller's notifications are unread (a head count: no rows travel). */
export async function countUnreadNotifications(userId: string, signal?: AbortSignal): Promise<number> {
  let query = supabase.from('notifications').select('id', { count: 'exact', head: true }).eq('user_id', userId).is('read_at', null);
  if (signal) query = query.abortSignal(signal);
  const { count, error } = await query;
  if (error) throw error;
  return count ?? 0;
}

export function unreadNotificationCountQueryOptions(userId: string) {
  // The live stream invalidates it on every new row; the interval only covers a socket that is down.
  return queryOptions({ queryKey: notificationKeys.unread(userId), queryFn: ({ signal }) => countUnreadNotifications(userId, signal), refetchInterval: 120_000 });
}

export function useUnreadNotificationCount(userId: string) {
  return useQuery(unreadNotificationCountQueryOptions(userId));
}
