import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { MAIL_BUCKET } from '@/features/mail/api/upload-mail-attachment';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';
import type { MailAttachment } from '@/features/mail/schemas';

/** A short-lived link to an attachment (bucket `correio`: storage lets only the message's sender and recipients sign it). */
export async function mailAttachmentUrl(attachment: Pick<MailAttachment, 'path' | 'file_name'>): Promise<string> {
  const { data, error } = await supabase.storage.from(MAIL_BUCKET).createSignedUrl(attachment.path, 60, { download: attachment.file_name });
  if (error) throw error;
  return data.signedUrl;
}

/** Downloads an attachment through a signed link (the browser saves it under its original name). */
export function useDownloadMailAttachment() {
  return useMutation({
    mutationFn: async (attachment: MailAttachment) => {
      const url = await mailAttachmentUrl(attachment);
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.file_name;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    },
    onError: (error) => toast({ title: mailMessages.downloadError, description: mailErrorMessage(error), variant: 'destructive' }),
  });
}
