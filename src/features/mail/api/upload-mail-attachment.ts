import { supabase } from '@/lib/supabase';
import { ATTACHMENT_HEAD_BYTES, attachmentSizeProblem, mailAttachmentType, safeFileName, type MailAttachmentType } from '@/features/mail/logic';
import { MailInputError, mailMessages } from '@/features/mail/messages';

export const MAIL_BUCKET = 'correio';

/** What send_mail takes for each attachment (p_attachments). */
export interface UploadedMailAttachment {
  path: string;
  file_name: string;
  mime_type: MailAttachmentType;
  size_bytes: number;
}

/**
 * The type a picked file is sent as, read from its content (an HTML page named foto.png, a program
 * named planilha.xlsx are refused), or a MailInputError saying why not (empty, over 10 MB, not allowed).
 */
export async function checkMailAttachment(file: File): Promise<MailAttachmentType> {
  const sizeProblem = attachmentSizeProblem(file, { empty: mailMessages.attachmentEmpty, tooLarge: mailMessages.attachmentTooLarge });
  if (sizeProblem) throw new MailInputError(sizeProblem);
  const head = new Uint8Array(await file.slice(0, ATTACHMENT_HEAD_BYTES).arrayBuffer());
  const type = mailAttachmentType(file.name, head, file.size <= ATTACHMENT_HEAD_BYTES);
  if (!type) throw new MailInputError(mailMessages.attachmentType);
  return type;
}

/**
 * Uploads one attachment BEFORE the message is sent, to `correio/<my uid>/<key>/<safe name>` (the
 * bucket's policy: one's own folder only); send_mail then links it to the message, and from then on
 * only the message's sender and recipients may read it. `key` is the picked file's own uuid.
 */
export async function uploadMailAttachment({ userId, key, file }: { userId: string; key: string; file: File }): Promise<UploadedMailAttachment> {
  const type = await checkMailAttachment(file);
  const name = safeFileName(file.name, type);
  const path = `${userId}/${key}/${name}`;
  // storage-js sends a File with the File's own type: send the bytes under the proven type.
  const body = new Blob([file], { type });
  const { error } = await supabase.storage.from(MAIL_BUCKET).upload(path, body, { contentType: type, upsert: false });
  // Already there: the same file of an earlier try whose send failed (same key, same name).
  if (error && !isDuplicate(error)) throw error;
  return { path, file_name: file.name.replace(/[/\\]+/g, '-').slice(0, 200) || name, mime_type: type, size_bytes: file.size };
}

function isDuplicate(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const statusCode = 'statusCode' in error ? String(error.statusCode) : '';
  const message = 'message' in error ? String(error.message) : '';
  return statusCode === '409' || /already exists/i.test(message);
}
