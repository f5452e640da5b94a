import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { MAIL_BUCKET } from '@/features/mail/api/upload-mail-attachment';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';
import type { MailAttachment } from '@/features/mail/schemas';

/** A short-lived link to an attachment (bucket `correio`: storage lets only the message's sender and recipients sign it). */
export async function mailAttachmentUrl(attachment: Pick<MailAttachment, 'path' | 'file_name'>): Promise<string> {
  const { data, error } = await supabase.storage.from(MAIL_BUCKET).createSignedUrl(attachment.path, 60);
  if (error) throw error;
  return data.signedUrl;
}

/**
 * Downloads an attachment through a signed link and saves it under its original name. The bytes are
 * read here and saved from a blob: a link to another origin has its `download` name ignored, and the
 * storage server's Content-Disposition would name the file percent-encoded ('Mar%C3%A7o.pdf').
 */
export function useDownloadMailAttachment() {
  return useMutation({
    mutationFn: async (attachment: MailAttachment) => {
      const response = await fetch(await mailAttachmentUrl(attachment));
      if (!response.ok) throw new Error(`storage answered ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.file_name;
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser time to start saving before the blob goes.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onError: (error) => toast({ title: mailMessages.downloadError, description: mailErrorMessage(error), variant: 'destructive' }),
  });
}
