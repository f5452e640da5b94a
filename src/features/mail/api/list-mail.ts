import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { mailKeys } from '@/features/mail/api/keys';
import { MAIL_PAGE_SIZE } from '@/features/mail/logic';
import { mailPageSchema, type MailFolder, type MailPage } from '@/features/mail/schemas';

/**
 * One page of a folder's threads, newest activity first (list_mail: the database decides what is
 * the caller's, searches it in Portuguese full text and counts the unread).
 */
export async function listMail(folder: MailFolder, search: string, page: number, signal?: AbortSignal): Promise<MailPage> {
  const term = search.trim();
  let call = supabase.rpc('list_mail', {
    p_folder: folder,
    ...(term ? { p_search: term } : {}),
    p_limit: MAIL_PAGE_SIZE,
    p_offset: page * MAIL_PAGE_SIZE,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return mailPageSchema.parse(data);
}

export function mailListQueryOptions(folder: MailFolder, search: string, page: number) {
  return queryOptions({
    queryKey: mailKeys.list(folder, search.trim(), page),
    queryFn: ({ signal }) => listMail(folder, search, page, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useMailList(folder: MailFolder, search: string, page: number) {
  return useQuery(mailListQueryOptions(folder, search, page));
}
