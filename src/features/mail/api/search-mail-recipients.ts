import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { mailKeys } from '@/features/mail/api/keys';
import { mailRecipientOptionsSchema, type MailRecipientOption } from '@/features/mail/schemas';

/**
 * Who the caller may write to, matching the query (search_mail_recipients): people, units and roles
 * for staff; purchasing staff by name alone for a representative. Names only, never an e-mail.
 */
export async function searchMailRecipients(query: string, signal?: AbortSignal): Promise<MailRecipientOption[]> {
  let call = supabase.rpc('search_mail_recipients', { p_query: query.trim(), p_limit: 20 });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return mailRecipientOptionsSchema.parse(data);
}

export function useMailRecipientSearch(query: string, enabled: boolean) {
  const term = query.trim();
  return useQuery({
    queryKey: mailKeys.recipients(term),
    queryFn: ({ signal }) => searchMailRecipients(term, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
