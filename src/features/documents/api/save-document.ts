import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { documentKeys, documentMutations } from '@/features/documents/api/keys';
import { provenDocumentFile, uploadDocumentObject } from '@/features/documents/api/upload-document-file';
import { documentFilePath } from '@/features/documents/logic';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import { documentDetailSchema, documentFileSchema, documentPayload, type DocumentDetail, type DocumentFormValues } from '@/features/documents/schemas';

export interface SaveDocumentInput {
  /** null publishes a new document. */
  id: string | null;
  requestId: string;
  values: DocumentFormValues;
  /** An edit of the title or body: true asks the whole audience again (a new acknowledged version). */
  material: boolean;
  files: readonly File[];
}

export interface SavedDocument {
  document: DocumentDetail;
  /** Files not attached, 'nome.pdf: motivo' (the document itself was saved). */
  refused: string[];
}

/**
 * Publishes or edits a document (save_document), then attaches the new files: each is uploaded to
 * `documentos/<document id>/<uuid>-<name>` once the id exists and recorded with add_document_file.
 * Every file is checked (size, content) before anything is saved, so a bad file refuses the whole
 * save and nothing typed is lost.
 */
export async function saveDocument({ id, requestId, values, material, files }: SaveDocumentInput): Promise<SavedDocument> {
  for (const file of files) await provenDocumentFile(file);
  const { data, error } = await supabase.rpc('save_document', {
    // null publishes a new document (the generated type cannot say a uuid argument may be null).
    p_id: id as string,
    p_request_id: requestId,
    p_document: documentPayload(values),
    p_material: material,
  });
  if (error) throw error;
  let document = documentDetailSchema.parse(data);
  const refused: string[] = [];
  for (const file of files) {
    try {
      const uploaded = await uploadDocumentObject(documentFilePath(document.id, file.name, crypto.randomUUID()), file);
      const added = await supabase.rpc('add_document_file', {
        p_document_id: document.id,
        p_path: uploaded.path,
        p_file_name: uploaded.file_name,
        p_mime_type: uploaded.mime_type,
        p_size_bytes: uploaded.size_bytes,
      });
      if (added.error) throw added.error;
      document = { ...document, files: [...document.files, documentFileSchema.parse(added.data)] };
    } catch (fileError) {
      refused.push(`${file.name}: ${documentErrorMessage(fileError)}`);
    }
  }
  return { document, refused };
}

export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: documentMutations.save,
    mutationFn: saveDocument,
    onSuccess: ({ document, refused }, { id }) => {
      queryClient.setQueryData(documentKeys.detail(document.id), document);
      toast({ title: id ? documentMessages.saved(document.title) : documentMessages.published(document.title) });
      if (refused.length > 0) toast({ title: documentMessages.saveError, description: documentMessages.filesRefused(refused.join('; ')), variant: 'destructive' });
    },
    onError: (error) => toast({ title: documentMessages.saveError, description: documentErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
