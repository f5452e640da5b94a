import { supabase } from '@/lib/supabase';
import { PUNCH_ATTACHMENTS_BUCKET } from '@/features/time-clock/api/upload-punch-attachment';

/** A signed link (one minute) to an attachment of the private bucket: opened at once, never kept. */
export async function getPunchAttachmentUrl(path: string): Promise<string> {
  const { data, error } = await supabase.storage.from(PUNCH_ATTACHMENTS_BUCKET).createSignedUrl(path, 60);
  if (error) throw error;
  return data.signedUrl;
}
