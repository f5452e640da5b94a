import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useAddDocumentReply } from '@/features/documents/api/add-document-reply';
import { documentMessages } from '@/features/documents/messages';
import { REPLY_MAX, replyFormSchema, type DocumentDetail, type ReplyFormValues } from '@/features/documents/schemas';
import { formatDateTime } from '@/lib/dates';

/** Replies under a document whose publisher allowed them: the list and a short form. */
export function RepliesSection({ document }: { document: DocumentDetail }) {
  const reply = useAddDocumentReply();
  const form = useForm<ReplyFormValues>({ resolver: zodResolver(replyFormSchema), defaultValues: { body: '' } });
  const submit = form.handleSubmit((values) =>
    reply.mutate({ documentId: document.id, body: values.body }, { onSuccess: () => form.reset({ body: '' }) }),
  );
  return (
    <section aria-labelledby="document-replies-title" className="grid gap-3">
      <h3 id="document-replies-title" className="font-semibold">
        {documentMessages.repliesTitle}
      </h3>
      {document.replies.length === 0 ? (
        <p className="text-sm text-muted-foreground">{documentMessages.repliesNone}</p>
      ) : (
        <ul className="grid gap-2">
          {document.replies.map((item) => (
            <li key={item.id} className="grid gap-1 rounded-md border p-2 text-sm">
              <span className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{item.user_name ?? '—'}</span> · {formatDateTime(item.created_at)}
              </span>
              <span className="break-words whitespace-pre-line">{item.body}</span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-2">
        <Field label={documentMessages.replyLabel} error={form.formState.errors.body?.message}>
          <Textarea rows={3} maxLength={REPLY_MAX} {...form.register('body')} />
        </Field>
        <Button type="submit" variant="outline" className="w-full sm:w-fit" disabled={reply.isPending}>
          {documentMessages.replySubmit}
        </Button>
      </form>
    </section>
  );
}
