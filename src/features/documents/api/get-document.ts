import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/keys';
import { documentDetailSchema, type DocumentDetail } from '@/features/documents/schemas';

/** A document with its body, files, versions, actions, replies and the caller's status (PT404 when not visible). */
export async function getDocument(id: string, signal?: AbortSignal): Promise<DocumentDetail> {
  let call = supabase.rpc('get_document', { p_id: id });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return documentDetailSchema.parse(data);
}

export function documentQueryOptions(id: string) {
  return queryOptions({ queryKey: documentKeys.detail(id), queryFn: ({ signal }) => getDocument(id, signal) });
}

export function useDocument(id: string | null) {
  return useQuery({ ...documentQueryOptions(id ?? ''), enabled: id !== null && id !== '', retry: false });
}
