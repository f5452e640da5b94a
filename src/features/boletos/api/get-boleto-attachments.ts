import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';
import { safeFileName } from '@/features/boletos/entry-logic';

/** The storage bucket of boleto attachments; objects live at `<boleto id>/<file name>`. */
export const BOLETO_ATTACHMENTS_BUCKET = 'boletos';

export interface BoletoAttachment {
  /** The object's path in the bucket: `<boleto id>/<file name>`. */
  path: string;
  name: string;
  size: number | null;
  mimeType: string | null;
  createdAt: string | null;
}

/** The files attached to a boleto (one storage listing of its folder; the policies decide who sees them). */
export async function getBoletoAttachments(boletoId: string, signal?: AbortSignal): Promise<BoletoAttachment[]> {
  const { data, error } = await supabase.storage
    .from(BOLETO_ATTACHMENTS_BUCKET)
    .list(boletoId, { limit: 1000, sortBy: { column: 'name', order: 'asc' } }, signal ? { signal } : undefined);
  if (error) throw error;
  return data
    .filter((object) => object.id !== null)
    .map((object) => ({
      path: `${boletoId}/${object.name}`,
      name: object.name,
      size: object.metadata?.size ?? null,
      mimeType: object.metadata?.mimetype ?? null,
      createdAt: object.created_at,
    }));
}

export function boletoAttachmentsQueryOptions(boletoId: string) {
  return queryOptions({ queryKey: boletoKeys.attachments(boletoId), queryFn: ({ signal }) => getBoletoAttachments(boletoId, signal) });
}

/** Loaded only while the attachments sheet is open (`boletoId` null otherwise). */
export function useBoletoAttachments(boletoId: string | null) {
  return useQuery({ ...boletoAttachmentsQueryOptions(boletoId ?? ''), enabled: boletoId !== null });
}

/**
 * A short-lived signed URL that downloads one attachment under its own name (the bucket is
 * private: the URL is signed for whoever the policies let read the file).
 */
export async function getBoletoAttachmentUrl(path: string, download = true): Promise<string> {
  // A safe download name whatever the stored one is (an object written by another path may carry
  // quotes or separators); the server percent-encodes it as well.
  const name = safeFileName(path.slice(path.indexOf('/') + 1), null);
  const { data, error } = await supabase.storage.from(BOLETO_ATTACHMENTS_BUCKET).createSignedUrl(path, 60, download ? { download: name } : undefined);
  if (error) throw error;
  return data.signedUrl;
}
