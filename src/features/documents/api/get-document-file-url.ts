import { supabase } from '@/lib/supabase';

/** The private bucket of document files and action photos (policies: who may see the document / the unit). */
export const DOCUMENTS_BUCKET = 'documentos';

/** A signed link (one minute) to a file: opened at once, never kept. */
export async function getDocumentFileUrl(path: string, downloadName?: string): Promise<string> {
  const { data, error } = await supabase.storage.from(DOCUMENTS_BUCKET).createSignedUrl(path, 60, downloadName ? { download: downloadName } : undefined);
  if (error) throw error;
  return data.signedUrl;
}
