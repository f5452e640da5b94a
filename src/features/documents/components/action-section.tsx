import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardCheck, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useRequestIds } from '@/hooks/use-request-id';
import { useConfirmDocumentAction } from '@/features/documents/api/confirm-document-action';
import { getDocumentFileUrl } from '@/features/documents/api/get-document-file-url';
import { formatQuantity } from '@/features/documents/logic';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import { actionFormSchema, LOT_MAX, NOTES_MAX, type ActionFormValues, type DocumentAction, type DocumentDetail } from '@/features/documents/schemas';
import { formatDateTime } from '@/lib/dates';

async function openPhoto(path: string) {
  try {
    window.open(await getDocumentFileUrl(path), '_blank', 'noopener,noreferrer');
  } catch (error) {
    toast({ title: documentMessages.downloadError, description: documentErrorMessage(error), variant: 'destructive' });
  }
}

/** The confirmations shown under a document: unit, lot, quantity, who and when. */
export function ActionList({ actions }: { actions: readonly DocumentAction[] }) {
  if (actions.length === 0) return <p className="text-sm text-muted-foreground">{documentMessages.actionsNone}</p>;
  return (
    <ul className="grid gap-2 text-sm" aria-label={documentMessages.actionsTitle}>
      {actions.map((action) => (
        <li key={action.id} className="grid gap-0.5 rounded-md border p-2">
          <span className="font-medium">{action.unit_name}</span>
          <span>{documentMessages.actionLine(action.lot, formatQuantity(action.quantity))}</span>
          {action.notes ? <span className="break-words text-muted-foreground">{action.notes}</span> : null}
          <span className="text-xs text-muted-foreground">
            {documentMessages.actionResponsible(action.responsible_name)} · {formatDateTime(action.confirmed_at)}
          </span>
          {action.photo_path ? (
            <Button variant="link" size="sm" className="h-auto w-fit p-0" onClick={() => void openPhoto(action.photo_path ?? '')}>
              <ImageIcon aria-hidden="true" /> {documentMessages.photo}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Ação obrigatória por unidade': the unit (of those the caller may confirm for), lot, quantity,
 * notes and an optional photo, confirmed in the signed-in person's name; the unit's confirmations below.
 */
export function ActionSection({ document, userName }: { document: DocumentDetail; userName: string }) {
  const confirm = useConfirmDocumentAction();
  const requestIds = useRequestIds();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoKey, setPhotoKey] = useState(0);
  const units = document.my_units;
  const form = useForm<ActionFormValues>({
    resolver: zodResolver(actionFormSchema),
    defaultValues: { unit_id: units.length === 1 ? (units[0]?.id ?? '') : '', lot: '', quantity: '', notes: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    const requestId = requestIds.idFor(JSON.stringify([document.id, values, photo?.name ?? null, photo?.size ?? null]));
    confirm.mutate(
      { documentId: document.id, requestId, values, photo },
      {
        onSuccess: () => {
          requestIds.done();
          form.reset({ unit_id: values.unit_id, lot: '', quantity: '', notes: '' });
          setPhoto(null);
          setPhotoKey((key) => key + 1);
        },
      },
    );
  });

  return (
    <section aria-labelledby="document-action-title" className="grid gap-3 rounded-md border p-3">
      <div className="grid gap-1">
        <h3 id="document-action-title" className="flex items-center gap-2 font-semibold">
          <ClipboardCheck aria-hidden="true" className="size-4" /> {documentMessages.actionTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{units.length > 0 ? documentMessages.actionDescription : documentMessages.actionNoUnit}</p>
      </div>
      {units.length > 0 ? (
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="document-action-unit" label={documentMessages.actionUnit} error={errors.unit_id?.message}>
              <Controller
                control={form.control}
                name="unit_id"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="document-action-unit" aria-invalid={errors.unit_id ? true : undefined}>
                      <SelectValue placeholder="Escolha a unidade" />
                    </SelectTrigger>
                    <SelectContent>
                      {units.map((unit) => (
                        <SelectItem key={unit.id} value={unit.id}>
                          {unit.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Field label={documentMessages.actionLot} error={errors.lot?.message}>
              <Input maxLength={LOT_MAX} autoComplete="off" {...form.register('lot')} />
            </Field>
            <Field label={documentMessages.actionQuantity} error={errors.quantity?.message}>
              <Input inputMode="decimal" autoComplete="off" {...form.register('quantity')} />
            </Field>
            <Field label={documentMessages.actionPhoto} description={documentMessages.actionPhotoHint}>
              <Input key={photoKey} type="file" accept="application/pdf,image/jpeg,image/png,image/webp" onChange={(event) => setPhoto(event.target.files?.[0] ?? null)} />
            </Field>
          </div>
          <Field label={documentMessages.actionNotes} error={errors.notes?.message}>
            <Textarea rows={2} maxLength={NOTES_MAX} {...form.register('notes')} />
          </Field>
          <p className="text-sm text-muted-foreground">{documentMessages.actionResponsible(userName)}</p>
          <Button type="submit" className="w-full sm:w-fit" disabled={confirm.isPending}>
            {documentMessages.actionSubmit}
          </Button>
        </form>
      ) : null}
      <div className="grid gap-2">
        <h4 className="text-sm font-medium">{documentMessages.actionsTitle}</h4>
        <ActionList actions={document.actions} />
      </div>
    </section>
  );
}
