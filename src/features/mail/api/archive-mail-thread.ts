import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { mailKeys, mailMutations } from '@/features/mail/api/keys';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';

export interface ArchiveMailThreadInput {
  threadId: string;
  /** true: to the Arquivo; false: back to the Entrada (and Enviados). */
  archived: boolean;
}

/** Archives or restores the caller's own copies of a thread (archive_mail_thread); nobody else's view changes. */
export async function archiveMailThread({ threadId, archived }: ArchiveMailThreadInput): Promise<number> {
  const { data, error } = await supabase.rpc('archive_mail_thread', { p_thread_id: threadId, p_archived: archived });
  if (error) throw error;
  return typeof data === 'number' ? data : 0;
}

export function useArchiveMailThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mailMutations.archive,
    mutationFn: archiveMailThread,
    onSuccess: (_count, { archived }) => toast({ title: archived ? mailMessages.archived : mailMessages.unarchived }),
    onError: (error, { archived }) =>
      toast({ title: archived ? mailMessages.archiveError : mailMessages.unarchiveError, description: mailErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
