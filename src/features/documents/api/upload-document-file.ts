import { supabase } from '@/lib/supabase';
import { DOCUMENTS_BUCKET } from '@/features/documents/api/get-document-file-url';
import { checkFile } from '@/features/documents/logic';
import { DocumentInputError, documentMessages } from '@/features/documents/messages';
import { readFileHead } from '@/lib/file-signature';
import type { SignedFileType } from '@/lib/file-signature';

/** Size and content checked before anything is sent (the bucket checks the size and type again). */
export async function provenDocumentFile(file: File): Promise<SignedFileType> {
  const result = checkFile(file.size, await readFileHead(file));
  if (result.ok) return result.type;
  throw new DocumentInputError(result.problem === 'too_large' ? documentMessages.fileTooLarge(file.name) : documentMessages.fileContent(file.name));
}

/** Uploads a checked file to `documentos/<path>` under its proven type; returns what add_document_file records. */
export async function uploadDocumentObject(path: string, file: File): Promise<{ path: string; file_name: string; mime_type: SignedFileType; size_bytes: number }> {
  const type = await provenDocumentFile(file);
  // storage-js sends a File with the File's own type: send the bytes under the proven type.
  const { error } = await supabase.storage.from(DOCUMENTS_BUCKET).upload(path, new Blob([file], { type }), { contentType: type, upsert: false });
  if (error) throw error;
  return { path, file_name: file.name.slice(0, 200), mime_type: type, size_bytes: file.size };
}
