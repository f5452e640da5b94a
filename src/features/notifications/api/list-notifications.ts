import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { notificationKeys } from '@/features/notifications/api/keys';
import { NOTIFICATION_LIST_LIMIT } from '@/features/notifications/logic';
import { notificationListSchema, type AppNotification } from '@/features/notifications/schemas';

const COLUMNS = 'id, type, title, body, document_id, mail_message_id, created_at, read_at';

/** The caller's latest notifications, newest first (RLS: only their own rows; the user filter uses the index). */
export async function listNotifications(userId: string, signal?: AbortSignal): Promise<AppNotification[]> {
  let query = supabase
    .from('notifications')
    .select(COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(NOTIFICATION_LIST_LIMIT);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return notificationListSchema.parse(data);
}

/** How many of the caller's notifications arrived at or after `sinceIso` (a catch-up past one page). */
export async function countNotificationsSince(userId: string, sinceIso: string): Promise<number> {
  const { count, error } = await supabase
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', userId)
    .gte('created_at', sinceIso);
  if (error) throw error;
  return count ?? 0;
}

export function notificationListQueryOptions(userId: string) {
  return queryOptions({ queryKey: notificationKeys.list(userId), queryFn: ({ signal }) => listNotifications(userId, signal) });
}

export function useNotifications(userId: string, enabled = true) {
  return useQuery({ ...notificationListQueryOptions(userId), enabled });
}
