import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { mailKeys, mailMutations } from '@/features/mail/api/keys';
import { uploadMailAttachment, type UploadedMailAttachment } from '@/features/mail/api/upload-mail-attachment';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';
import { mailMessageSchema, type ComposeValues, type MailMessage } from '@/features/mail/schemas';

export interface SendMailInput {
  /** The form's request id (useRequestIds): a retry after a lost answer is sent once. */
  requestId: string;
  userId: string;
  values: ComposeValues;
  /** The message answered, or null for a new thread. */
  replyTo: string | null;
  /**
   * Attachments already uploaded by an earlier try, by picked-file key (the dialog keeps it): a send
   * that failed after its uploads does not upload them again.
   */
  uploaded: Map<string, UploadedMailAttachment>;
  onProgress?: (sent: number, total: number) => void;
}

/**
 * Uploads the attachments (each checked by content first), then sends the message with their paths
 * in one call (send_mail: recipients resolved from people, units and roles in the database, each
 * notified). Nothing typed is lost when it fails: the dialog keeps its values.
 */
export async function sendMail({ requestId, userId, values, replyTo, uploaded, onProgress }: SendMailInput): Promise<MailMessage> {
  const attachments: UploadedMailAttachment[] = [];
  let sent = 0;
  for (const { key, file } of values.attachments) {
    onProgress?.(sent, values.attachments.length);
    let done = uploaded.get(key);
    if (!done) {
      done = await uploadMailAttachment({ userId, key, file });
      uploaded.set(key, done);
    }
    attachments.push(done);
    sent += 1;
  }
  const pick = (kind: 'user' | 'unit' | 'role') => values.recipients.filter((recipient) => recipient.kind === kind).map((recipient) => recipient.id);
  const { data, error } = await supabase.rpc('send_mail', {
    p_request_id: requestId,
    p_subject: values.subject.trim(),
    p_body: values.body.trim(),
    p_user_ids: pick('user'),
    p_unit_ids: pick('unit'),
    p_roles: pick('role'),
    ...(replyTo ? { p_reply_to: replyTo } : {}),
    p_attachments: attachments.map((attachment) => ({ ...attachment })),
  });
  if (error) throw error;
  return mailMessageSchema.parse(data);
}

export function useSendMail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: mailMutations.send,
    mutationFn: sendMail,
    onSuccess: (message) => toast({ title: message.recipients.length > 0 ? mailMessages.sentTo(message.recipients.length) : mailMessages.sent }),
    // The dialog also shows the refusal above its buttons and keeps everything typed.
    onError: (error) => toast({ title: mailMessages.sendError, description: mailErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
