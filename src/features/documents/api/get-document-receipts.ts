import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/keys';
import { documentReceiptsSchema, type DocumentReceipts } from '@/features/documents/schemas';

/** Who of the audience read, acknowledged and acted, per unit and per person (publishers only: 42501 otherwise). */
export async function getDocumentReceipts(id: string, signal?: AbortSignal): Promise<DocumentReceipts> {
  let call = supabase.rpc('get_document_receipts', { p_document_id: id });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return documentReceiptsSchema.parse(data);
}

export function documentReceiptsQueryOptions(id: string) {
  return queryOptions({ queryKey: documentKeys.receipts(id), queryFn: ({ signal }) => getDocumentReceipts(id, signal) });
}

export function useDocumentReceipts(id: string, enabled: boolean) {
  return useQuery({ ...documentReceiptsQueryOptions(id), enabled });
}
