import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { boletoKeys } from '@/features/boletos/api/keys';
import { uploadBoletoAttachment } from '@/features/boletos/api/upload-boleto-attachment';
import { attachmentErrorReason, boletoEntryMessages } from '@/features/boletos/messages';
import type { BoletoWrite } from '@/features/boletos/schemas';

/** What the entry form saves: the row, and the file to attach once it exists (saving and attaching are one step for the user). */
export interface SaveBoletoInput {
  write: BoletoWrite;
  attachment: File | null;
  /** Who is paid, as the confirmation names it (the supplier's name or the beneficiary). */
  payeeName: string;
}

export interface SavedBoleto {
  id: string;
  /** Why the attachment was not sent ('sem conexão com o servidor'…), or null when it was (or there was none). */
  attachmentNotSent: string | null;
}

/** Uploads the attachment into the saved boleto's folder; a failed upload leaves the boleto saved. */
export async function attachToSavedBoleto(id: string, attachment: File | null): Promise<SavedBoleto> {
  if (!attachment) return { id, attachmentNotSent: null };
  try {
    await uploadBoletoAttachment({ boletoId: id, file: attachment });
    return { id, attachmentNotSent: null };
  } catch (error) {
    return { id, attachmentNotSent: attachmentErrorReason(error) };
  }
}

/** The confirmation of a save: `title` with who, how much and when; or, if the file was not sent, why (the boleto is saved). */
export function announceSavedBoleto(title: string, saved: SavedBoleto, { write, payeeName }: SaveBoletoInput): void {
  if (saved.attachmentNotSent !== null) {
    toast({
      title: boletoEntryMessages.attachmentNotSentTitle,
      description: boletoEntryMessages.attachmentNotSent(saved.attachmentNotSent),
      variant: 'destructive',
    });
    return;
  }
  toast({ title, description: boletoEntryMessages.savedDetail(payeeName, write.amount, write.due_date) });
}

/** The list (and the boleto's attachments, when it was saved) after a save, whatever its outcome. */
export function refreshAfterSave(queryClient: QueryClient, saved: SavedBoleto | undefined): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
    ...(saved ? [queryClient.invalidateQueries({ queryKey: boletoKeys.attachments(saved.id) })] : []),
  ]);
}
