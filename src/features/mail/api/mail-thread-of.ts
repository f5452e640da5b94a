import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { codeOf } from '@/lib/errors';
import { mailKeys } from '@/features/mail/api/keys';

/** The thread of a message the caller sent or received (mail_thread_of; PT404 otherwise): /correio?mensagem=<id> from a notification. */
export async function mailThreadOf(messageId: string, signal?: AbortSignal): Promise<string> {
  let call = supabase.rpc('mail_thread_of', { p_message_id: messageId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  if (typeof data !== 'string') throw new Error('mail_thread_of answered without a thread');
  return data;
}

export function useMailThreadOf(messageId: string | null) {
  return useQuery({
    queryKey: mailKeys.threadOf(messageId ?? ''),
    queryFn: ({ signal }) => mailThreadOf(messageId ?? '', signal),
    enabled: messageId !== null,
    staleTime: Infinity,
    retry: (failures, error) => codeOf(error) !== 'PT404' && failures < 2,
  });
}
