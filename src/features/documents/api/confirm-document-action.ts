import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { uploadDocumentObject } from '@/features/documents/api/upload-document-file';
import { actionPhotoPath } from '@/features/documents/logic';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import { documentActionSchema, parseQuantity, type ActionFormValues, type DocumentAction } from '@/features/documents/schemas';

export interface ConfirmActionInput {
  documentId: string;
  requestId: string;
  values: ActionFormValues;
  photo: File | null;
}

/**
 * A unit's proof of action (recall, price change): the photo first, to
 * `documentos/<document>/acoes/<unit>/<uuid>-<name>`, then confirm_document_action with the lot,
 * quantity and notes; the database copies the confirming person's name. A retried request id
 * returns the first confirmation.
 */
export async function confirmDocumentAction({ documentId, requestId, values, photo }: ConfirmActionInput): Promise<DocumentAction> {
  const uploaded = photo ? await uploadDocumentObject(actionPhotoPath(documentId, values.unit_id, photo.name, crypto.randomUUID()), photo) : null;
  const { data, error } = await supabase.rpc('confirm_document_action', {
    p_document_id: documentId,
    p_request_id: requestId,
    p_unit_id: values.unit_id,
    p_lot: values.lot.trim(),
    p_quantity: parseQuantity(values.quantity),
    ...(values.notes.trim() ? { p_notes: values.notes.trim() } : {}),
    ...(uploaded ? { p_photo_path: uploaded.path } : {}),
  });
  if (error) throw error;
  return documentActionSchema.parse(data);
}

export function useConfirmDocumentAction() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: documentMutations.confirmAction,
    mutationFn: confirmDocumentAction,
    onSuccess: (action) => toast({ title: documentMessages.actionSaved(action.unit_name) }),
    onError: (error) => toast({ title: documentMessages.actionError, description: documentErrorMessage(error), variant: 'destructive' }),
    onSettled: (_data, _error, { documentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.detail(documentId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: documentKeys.pending() }),
        queryClient.invalidateQueries({ queryKey: documentKeys.receipts(documentId) }),
      ]),
  });
}
