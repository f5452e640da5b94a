import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { documentKeys } from '@/features/documents/api/keys';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';

/** Detaches a file from a document (remove_document_file; publishers only). */
export async function removeDocumentFile({ id }: { id: string; documentId: string }): Promise<void> {
  const { error } = await supabase.rpc('remove_document_file', { p_id: id });
  if (error) throw error;
}

export function useRemoveDocumentFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDocumentFile,
    onError: (error) => toast({ title: documentMessages.saveError, description: documentErrorMessage(error), variant: 'destructive' }),
    onSettled: (_data, _error, { documentId }) => queryClient.invalidateQueries({ queryKey: documentKeys.detail(documentId) }),
  });
}
