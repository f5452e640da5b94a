import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import { documentMyStatusSchema, type DocumentDetail, type DocumentMyStatus } from '@/features/documents/schemas';

export interface AcknowledgeInput {
  documentId: string;
  /** The version the reader saw: a newer one in the meantime is refused ('Este documento mudou…'). */
  version: number;
}

/** 'Li e compreendi': the acknowledgement of that version, with the server's time and the version's SHA-256 (once). */
export async function acknowledgeDocument({ documentId, version }: AcknowledgeInput): Promise<DocumentMyStatus> {
  const { data, error } = await supabase.rpc('acknowledge_document', { p_document_id: documentId, p_version: version });
  if (error) throw error;
  return documentMyStatusSchema.parse(data);
}

export function useAcknowledgeDocument() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: documentMutations.acknowledge,
    mutationFn: acknowledgeDocument,
    onSuccess: (my, { documentId }) => {
      queryClient.setQueryData<DocumentDetail>(documentKeys.detail(documentId), (old) => (old ? { ...old, my } : old));
      toast({ title: documentMessages.acknowledged });
    },
    onError: (error) => toast({ title: documentMessages.acknowledgeError, description: documentErrorMessage(error), variant: 'destructive' }),
    onSettled: (_data, _error, { documentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.detail(documentId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: documentKeys.pending() }),
        queryClient.invalidateQueries({ queryKey: documentKeys.receipts(documentId) }),
      ]),
  });
}
