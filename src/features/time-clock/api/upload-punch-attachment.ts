import { provenFileType } from '@/lib/file-signature';
import { formatFileStamp } from '@/lib/dates';
import { supabase } from '@/lib/supabase';

/** The private bucket of the adjustments' attachments (medical certificates and the like). */
export const PUNCH_ATTACHMENTS_BUCKET = 'ponto-anexos';

/** 10 MB, the bucket's limit. */
const MAX_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * Uploads an attachment to `ponto-anexos/<employee id>/<stamp>-<random>.<ext>` and returns its path (the RPCs take it
 * as p_anexo_path). The content decides the type (a PDF, JPG, PNG or WEBP); the name is the server's, never the file's.
 */
export async function uploadPunchAttachment({ employeeId, file }: { employeeId: string; file: File }): Promise<string> {
  if (file.size > MAX_BYTES) throw new Error('O anexo passa de 10 MB: envie um arquivo menor.');
  const contentType = await provenFileType(file);
  const path = `${employeeId}/${formatFileStamp(new Date())}-${crypto.randomUUID().slice(0, 8)}.${EXTENSIONS[contentType] ?? 'bin'}`;
  const { error } = await supabase.storage.from(PUNCH_ATTACHMENTS_BUCKET).upload(path, new Blob([file], { type: contentType }), { contentType, upsert: false });
  if (error) throw error;
  return path;
}
