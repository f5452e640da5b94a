import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/keys';
import { DOCUMENT_PAGE_SIZE, type DocumentListParams } from '@/features/documents/logic';
import { documentPageSchema, type DocumentPage } from '@/features/documents/schemas';

/**
 * One page of the documents the caller may see (list_documents decides: audience, validity,
 * publishers' 'Gerenciar'), pending demands first, then newest.
 */
export async function listDocuments(params: DocumentListParams, signal?: AbortSignal, limit = DOCUMENT_PAGE_SIZE): Promise<DocumentPage> {
  const search = params.search.trim();
  let call = supabase.rpc('list_documents', {
    ...(search ? { p_search: search } : {}),
    p_filter: params.filter,
    p_limit: limit,
    p_offset: params.page * limit,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return documentPageSchema.parse(data);
}

export function documentsQueryOptions(params: DocumentListParams) {
  return queryOptions({
    queryKey: documentKeys.list(params),
    queryFn: ({ signal }) => listDocuments(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useDocuments(params: DocumentListParams) {
  return useQuery(documentsQueryOptions(params));
}
