import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import { documentReplySchema, type DocumentReply } from '@/features/documents/schemas';

/** A reply to a document that allows them ('Este documento não aceita respostas' otherwise). */
export async function addDocumentReply({ documentId, body }: { documentId: string; body: string }): Promise<DocumentReply> {
  const { data, error } = await supabase.rpc('add_document_reply', { p_document_id: documentId, p_body: body.trim() });
  if (error) throw error;
  return documentReplySchema.parse(data);
}

export function useAddDocumentReply() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: documentMutations.reply,
    mutationFn: addDocumentReply,
    onSuccess: () => toast({ title: documentMessages.replySaved }),
    onError: (error) => toast({ title: documentMessages.replyError, description: documentErrorMessage(error), variant: 'destructive' }),
    onSettled: (_data, _error, { documentId }) => queryClient.invalidateQueries({ queryKey: documentKeys.detail(documentId) }),
  });
}
