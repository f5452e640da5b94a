import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { formatFileStamp } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import { provenFileType } from '@/lib/file-signature';
import { attachmentProblem, safeFileName, withNameSuffix } from '@/features/boletos/entry-logic';
import { attachmentErrorReason, boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';

const BUCKET = 'boletos';

function isDuplicateName(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const statusCode = 'statusCode' in error ? String(error.statusCode) : '';
  const message = 'message' in error ? String(error.message) : '';
  return statusCode === '409' || /already exists/i.test(message);
}

/**
 * Uploads a boleto's attachment to `boletos/<boleto id>/<file name>`: the original name kept
 * readable (folders and unsafe characters removed); a name already in the folder gets the São Paulo
 * date and time as a suffix. The bucket's policies accept it while the boleto is not cancelled.
 */
export async function uploadBoletoAttachment({ boletoId, file }: { boletoId: string; file: File }): Promise<{ path: string }> {
  const problem = attachmentProblem(file);
  if (problem) throw new Error(problem);
  // The content decides the type (an HTML page named foto.png is refused here).
  const contentType = await provenFileType(file);
  const name = safeFileName(file.name, contentType);
  // storage-js sends a File with the File's own type: send the bytes under the proven type.
  const body = new Blob([file], { type: contentType });
  const bucket = supabase.storage.from(BUCKET);
  let path = `${boletoId}/${name}`;
  let { error } = await bucket.upload(path, body, { contentType, upsert: false });
  if (error && isDuplicateName(error)) {
    path = `${boletoId}/${withNameSuffix(name, formatFileStamp(new Date()))}`;
    ({ error } = await bucket.upload(path, body, { contentType, upsert: false }));
  }
  if (error) throw error;
  return { path };
}

export interface UploadBoletoAttachmentsInput {
  boletoId: string;
  files: readonly File[];
  /** Called after each file with how many were sent so far (the sheet's 'Enviando 2 de 3…'). */
  onProgress?: (sent: number) => void;
}

export interface UploadedBoletoAttachments {
  sent: number;
  /** One line per file not sent: 'nota.pdf: Sem conexão com o servidor.' */
  refused: string[];
}

/**
 * Attaches files to a boleto one at a time (a failure names its file and the others still go) and
 * says how it went: 'N anexos enviados', and the last refusal.
 */
export function useUploadBoletoAttachments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.uploadAttachment,
    mutationFn: async ({ boletoId, files, onProgress }: UploadBoletoAttachmentsInput): Promise<UploadedBoletoAttachments> => {
      let sent = 0;
      const refused: string[] = [];
      for (const file of files) {
        try {
          await uploadBoletoAttachment({ boletoId, file });
          sent += 1;
        } catch (error) {
          refused.push(boletoListMessages.attachmentRefused(file.name, attachmentErrorReason(error)));
        }
        onProgress?.(sent);
      }
      return { sent, refused };
    },
    onSuccess: ({ sent, refused }) => {
      if (sent > 0) toast({ title: boletoListMessages.attachmentUploaded(sent) });
      if (refused.length > 0) toast({ title: boletoListMessages.attachmentUploadError, description: refused.at(-1), variant: 'destructive' });
    },
    onError: (error) => toast({ title: boletoListMessages.attachmentUploadError, description: boletoListErrorMessage(error), variant: 'destructive' }),
    onSettled: (_result, _error, { boletoId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: boletoKeys.attachments(boletoId) }),
      ]),
  });
}
