import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { codeOf } from '@/lib/errors';
import { mailKeys } from '@/features/mail/api/keys';
import { mailThreadSchema, type MailThread } from '@/features/mail/schemas';

/** A thread's messages the caller sent or received, oldest first (get_mail_thread; PT404 for anything else). */
export async function getMailThread(threadId: string, signal?: AbortSignal): Promise<MailThread> {
  let call = supabase.rpc('get_mail_thread', { p_thread_id: threadId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return mailThreadSchema.parse(data);
}

export function mailThreadQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: mailKeys.thread(threadId),
    queryFn: ({ signal }) => getMailThread(threadId, signal),
    // 'Mensagem não encontrada' is an answer, not a hiccup: no retries.
    retry: (failures, error) => codeOf(error) !== 'PT404' && failures < 2,
  });
}

export function useMailThread(threadId: string | null) {
  return useQuery({ ...mailThreadQueryOptions(threadId ?? ''), enabled: threadId !== null });
}
