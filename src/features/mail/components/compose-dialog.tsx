import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip, Send, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { useRequestIds } from '@/hooks/use-request-id';
import { useSendMail } from '@/features/mail/api/send-mail';
import { checkMailAttachment, type UploadedMailAttachment } from '@/features/mail/api/upload-mail-attachment';
import { RecipientPicker } from '@/features/mail/components/recipient-picker';
import { ATTACHMENT_ACCEPT, ATTACHMENTS_MAX, formatFileSize, recipientKey, type ComposeDraft } from '@/features/mail/logic';
import { mailErrorMessage, mailMessages } from '@/features/mail/messages';
import { BODY_MAX, composeSchema, SUBJECT_MAX, type ComposeValues, type PickedAttachment } from '@/features/mail/schemas';

interface ComposeDialogProps {
  /** Open with this draft; null: closed. */
  draft: ComposeDraft | null;
  userId: string;
  /** A representative writes to buyers only (the search offers only them; the database refuses anything else). */
  representative: boolean;
  onClose: () => void;
  /** After a send, with the thread it went to. */
  onSent: (threadId: string) => void;
}

/** 'Nova mensagem' and replies: recipients, subject, text and attachments; a failed send keeps everything typed. */
export function ComposeDialog({ draft, userId, representative, onClose, onSent }: ComposeDialogProps) {
  return (
    <Dialog open={draft !== null}>
      {draft ? <ComposeForm key={draft.replyTo ?? 'new'} draft={draft} userId={userId} representative={representative} onClose={onClose} onSent={onSent} /> : null}
    </Dialog>
  );
}

function ComposeForm({ draft, userId, representative, onClose, onSent }: Required<Omit<ComposeDialogProps, 'draft'>> & { draft: ComposeDraft }) {
  const send = useSendMail();
  const requestIds = useRequestIds();
  // Attachments an earlier try already uploaded: a retry sends the message without uploading them again.
  const [uploaded] = useState(() => new Map<string, UploadedMailAttachment>());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [attachmentProblems, setAttachmentProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const form = useForm<ComposeValues>({
    resolver: zodResolver(composeSchema),
    defaultValues: { recipients: draft.recipients, subject: draft.subject, body: '', attachments: [] },
  });
  const { errors, isDirty } = form.formState;
  const pending = send.isPending;

  const close = () => {
    if (pending) return;
    if (isDirty) setConfirmDiscard(true);
    else onClose();
  };

  const addFiles = async (files: readonly File[]) => {
    const current = form.getValues('attachments');
    const accepted: PickedAttachment[] = [];
    const problems: string[] = [];
    for (const file of files) {
      if (current.length + accepted.length >= ATTACHMENTS_MAX) {
        problems.push(mailMessages.attachmentsMax);
        break;
      }
      try {
        await checkMailAttachment(file);
        accepted.push({ key: crypto.randomUUID(), file });
      } catch (error) {
        problems.push(mailMessages.attachmentRefused(file.name, mailErrorMessage(error)));
      }
    }
    setAttachmentProblems(problems);
    if (accepted.length > 0) form.setValue('attachments', [...current, ...accepted], { shouldDirty: true });
  };

  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    const key = JSON.stringify([
      draft.replyTo,
      values.recipients.map(recipientKey),
      values.subject.trim(),
      values.body.trim(),
      values.attachments.map((attachment) => attachment.key),
    ]);
    send.mutate(
      {
        requestId: requestIds.idFor(key),
        userId,
        values,
        replyTo: draft.replyTo,
        uploaded,
        onProgress: (sent, total) => setProgress(total > 0 && sent < total ? mailMessages.uploading(sent + 1, total) : null),
      },
      {
        onSuccess: (message) => {
          requestIds.done();
          setProgress(null);
          // Reset first: the guard lets the dialog go without asking.
          form.reset(form.getValues());
          onSent(message.thread_id);
        },
        onError: (error) => {
          setProgress(null);
          setRefusal(mailErrorMessage(error));
        },
      },
    );
  });

  const attachments = useWatch({ control: form.control, name: 'attachments' });
  const subjectLength = useWatch({ control: form.control, name: 'subject' }).length;

  return (
    <>
      <UnsavedChangesGuard when={isDirty || pending} title={mailMessages.unsavedTitle} description={mailMessages.unsavedDescription} />
      <DialogContent
        className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl"
        onEscapeKeyDown={(event) => {
          event.preventDefault();
          close();
        }}
        onInteractOutside={(event) => event.preventDefault()}
        hideClose
      >
        <DialogHeader>
          <DialogTitle>{draft.replyTo ? mailMessages.reply : mailMessages.compose}</DialogTitle>
          <DialogDescription>{representative ? mailMessages.recipientsHintRepresentative : mailMessages.recipientsHint}</DialogDescription>
        </DialogHeader>
        <form id="compose-mail" className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <Controller
            control={form.control}
            name="recipients"
            render={({ field }) => (
              <Field label={mailMessages.recipients} error={errors.recipients?.message}>
                <RecipientPicker value={field.value} onChange={field.onChange} inputRef={field.ref} onBlur={field.onBlur} />
              </Field>
            )}
          />
          <Field label={mailMessages.subject} error={errors.subject?.message} description={subjectLength > SUBJECT_MAX - 20 ? `${subjectLength}/${SUBJECT_MAX}` : undefined}>
            <Input maxLength={SUBJECT_MAX} autoComplete="off" {...form.register('subject')} />
          </Field>
          <Field label={mailMessages.body} error={errors.body?.message}>
            <Textarea rows={8} maxLength={BODY_MAX} className="min-h-40" {...form.register('body')} />
          </Field>
          <div className="grid gap-2">
            <Label htmlFor="compose-mail-files">{mailMessages.attachments}</Label>
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => fileInput.current?.click()}>
                <Paperclip aria-hidden="true" /> {mailMessages.attach}
              </Button>
              <input
                ref={fileInput}
                id="compose-mail-files"
                type="file"
                multiple
                accept={ATTACHMENT_ACCEPT}
                className="sr-only"
                tabIndex={-1}
                aria-describedby="compose-mail-files-hint"
                onChange={(event) => {
                  const files = [...(event.target.files ?? [])];
                  event.target.value = '';
                  void addFiles(files);
                }}
              />
              <span id="compose-mail-files-hint" className="text-xs text-muted-foreground">
                {mailMessages.attachHint}
              </span>
            </div>
            {attachments.length > 0 ? (
              <ul className="grid gap-1" aria-label="Arquivos anexados">
                {attachments.map(({ key, file }) => (
                  <li key={key} className="flex items-center gap-2 rounded-md border px-2 py-1 text-sm">
                    <Paperclip aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 truncate">{file.name}</span>
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatFileSize(file.size)}</span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      disabled={pending}
                      aria-label={mailMessages.removeAttachment(file.name)}
                      onClick={() => {
                        uploaded.delete(key);
                        form.setValue(
                          'attachments',
                          form.getValues('attachments').filter((attachment) => attachment.key !== key),
                          { shouldDirty: true },
                        );
                      }}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            {attachmentProblems.length > 0 ? (
              <ul className="grid gap-0.5 text-sm text-destructive" role="alert">
                {attachmentProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </div>
          {refusal ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {refusal}
            </p>
          ) : null}
        </form>
        <DialogFooter className="items-center">
          {progress ? (
            <span className="text-sm text-muted-foreground sm:mr-auto" role="status">
              {progress}
            </span>
          ) : null}
          <Button type="button" variant="outline" disabled={pending} onClick={close}>
            Voltar
          </Button>
          <Button type="submit" form="compose-mail" disabled={pending}>
            {pending ? <Spinner className="size-4 text-current" label={mailMessages.sending} /> : <Send aria-hidden="true" />}
            {mailMessages.send}
          </Button>
        </DialogFooter>
      </DialogContent>
      <AlertDialog open={confirmDiscard} onOpenChange={(open) => !open && setConfirmDiscard(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{mailMessages.unsavedTitle}</AlertDialogTitle>
            <AlertDialogDescription>{mailMessages.unsavedDescription}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Continuar escrevendo</AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirmDiscard(false);
                onClose();
              }}
            >
              Descartar
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
