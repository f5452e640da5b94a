import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { notificationKeys, notificationMutations } from '@/features/notifications/api/keys';
import { notificationErrorMessage, notificationMessages } from '@/features/notifications/messages';

/** mark_notifications_read: the given ids of the caller (all of them when `ids` is null); returns how many changed. */
export async function markNotificationsRead({ ids }: { ids: string[] | null }): Promise<number> {
  const { data, error } = await supabase.rpc('mark_notifications_read', ids ? { p_ids: ids } : {});
  if (error) throw error;
  return typeof data === 'number' ? data : 0;
}

/** Marks read; a click on one item is silent, 'Marcar todas como lidas' says what happened. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationMutations.markRead,
    mutationFn: markNotificationsRead,
    onSuccess: (changed, { ids }) => {
      if (ids === null && changed > 0) toast({ title: notificationMessages.allMarkedRead });
    },
    onError: (error) => toast({ title: notificationMessages.markReadError, description: notificationErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
