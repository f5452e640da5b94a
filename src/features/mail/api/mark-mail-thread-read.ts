import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { mailKeys, mailMutations } from '@/features/mail/api/keys';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';

/** Marks the caller's unread copies of a thread's messages read (mark_mail_thread_read); how many changed. */
export async function markMailThreadRead(threadId: string): Promise<number> {
  const { data, error } = await supabase.rpc('mark_mail_thread_read', { p_thread_id: threadId });
  if (error) throw error;
  return typeof data === 'number' ? data : 0;
}

/** Opening a thread reads it: the list's emphasis, the sidebar's count and the senders' receipts follow. */
export function useMarkMailThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mailMutations.markRead,
    mutationFn: markMailThreadRead,
    onError: (error) => toast({ title: mailMessages.markReadError, description: mailErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
