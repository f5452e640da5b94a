import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { documentMyStatusSchema, type DocumentDetail, type DocumentMyStatus } from '@/features/documents/schemas';

/** Records that the caller opened the current version (record_document_read: once; a second call changes nothing). */
export async function recordDocumentRead(documentId: string): Promise<DocumentMyStatus> {
  const { data, error } = await supabase.rpc('record_document_read', { p_document_id: documentId });
  if (error) throw error;
  return documentMyStatusSchema.parse(data);
}

/** Silent: a receipt that fails is tried again the next time the document is opened. */
export function useRecordDocumentRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: documentMutations.read,
    mutationFn: recordDocumentRead,
    onSuccess: (my, documentId) => {
      queryClient.setQueryData<DocumentDetail>(documentKeys.detail(documentId), (old) => (old ? { ...old, my } : old));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: documentKeys.pending() }),
      ]);
    },
  });
}
