import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/keys';
import { listDocuments } from '@/features/documents/api/list-documents';

/** How many of the shown titles the pending card lists. */
export const PENDING_PREVIEW = 3;

export interface PendingDocuments {
  count: number;
  first: { id: string; title: string; overdue: boolean }[];
}

/** The caller's pending demands (count_pending_documents) and the first few titles, for the home screen and /ponto. */
export async function getPendingDocuments(signal?: AbortSignal): Promise<PendingDocuments> {
  let call = supabase.rpc('count_pending_documents');
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  const count = Number(data ?? 0);
  if (count === 0) return { count, first: [] };
  const page = await listDocuments({ search: '', filter: 'PENDENTES', page: 0 }, signal, PENDING_PREVIEW);
  return { count, first: page.items.map((item) => ({ id: item.id, title: item.title, overdue: item.overdue })) };
}

export function pendingDocumentsQueryOptions() {
  return queryOptions({ queryKey: documentKeys.pending(), queryFn: ({ signal }) => getPendingDocuments(signal) });
}

export function usePendingDocuments(enabled = true) {
  return useQuery({ ...pendingDocumentsQueryOptions(), enabled });
}
