import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { openedNotificationSchema, type OpenedNotification } from '@/features/documents/schemas';
import { documentMutations } from '@/features/documents/api/keys';

/** The caller's own notification, marked read (open_notification; PT404 for another's or an unknown id). */
export async function openNotification(id: string): Promise<OpenedNotification> {
  const { data, error } = await supabase.rpc('open_notification', { p_id: id });
  if (error) throw error;
  return openedNotificationSchema.parse(data);
}

export function useOpenNotification() {
  return useMutation({ mutationKey: documentMutations.openNotification, mutationFn: openNotification });
}
