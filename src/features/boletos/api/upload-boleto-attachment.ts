import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatInTimeZone } from 'date-fns-tz';
import { APP_TIME_ZONE } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { detectFileType, FILE_CONTENT_MESSAGE, readFileHead } from '@/lib/file-signature';
import { attachmentProblem, safeFileName, withNameSuffix } from '@/features/boletos/entry-logic';

const BUCKET = 'boletos';

function isDuplicateName(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const statusCode = 'statusCode' in error ? String(error.statusCode) : '';
  const message = 'message' in error ? String(error.message) : '';
  return statusCode === '409' || /already exists/i.test(message);
}

/**
 * The type a boleto attachment is stored as: the one its first bytes prove (PDF, PNG, JPEG, WEBP),
 * whatever its name or the browser say; an error in Portuguese for anything else.
 */
export async function attachmentTypeOf(file: Blob): Promise<string> {
  const detected = detectFileType(await readFileHead(file));
  if (detected === null) throw new Error(FILE_CONTENT_MESSAGE);
  return detected;
}

/**
 * Uploads a boleto's attachment to `boletos/<boleto id>/<file name>`: the original name kept
 * readable (folders and unsafe characters removed); a name already in the folder gets the São Paulo
 * date and time as a suffix. The bucket's policies accept it while the boleto is not cancelled.
 */
export async function uploadBoletoAttachment({ boletoId, file }: { boletoId: string; file: File }): Promise<{ path: string }> {
  const problem = attachmentProblem(file);
  if (problem) throw new Error(problem);
  const contentType = await attachmentTypeOf(file);
  const name = safeFileName(file.name, contentType);
  // storage-js sends a File with the File's own type: send the bytes under the proven type.
  const body = new Blob([file], { type: contentType });
  const bucket = supabase.storage.from(BUCKET);
  let path = `${boletoId}/${name}`;
  let { error } = await bucket.upload(path, body, { contentType, upsert: false });
  if (error && isDuplicateName(error)) {
    path = `${boletoId}/${withNameSuffix(name, formatInTimeZone(new Date(), APP_TIME_ZONE, 'yyyyMMdd-HHmmss'))}`;
    ({ error } = await bucket.upload(path, body, { contentType, upsert: false }));
  }
  if (error) throw error;
  return { path };
}

/** The caller shows the toasts ('Boleto salvo, mas o anexo não foi enviado…' after a new boleto). */
export function useUploadBoletoAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.uploadAttachment,
    mutationFn: uploadBoletoAttachment,
    onSuccess: (_result, { boletoId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: boletoKeys.attachments(boletoId) }),
      ]),
  });
}
