import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip, X } from 'lucide-react';
import { useState } from 'react';
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
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { UNSAVED_CHANGES_TITLE, UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { ROLE_LABELS, ROLES, type Role } from '@/config/permissions';
import { useRequestIds } from '@/hooks/use-request-id';
import { useRemoveDocumentFile } from '@/features/documents/api/remove-document-file';
import { useSaveDocument } from '@/features/documents/api/save-document';
import { MarkdownView } from '@/features/documents/components/markdown-view';
import { CATEGORY_LABELS, DEMAND_LABELS, formatBytes } from '@/features/documents/logic';
import { documentMessages } from '@/features/documents/messages';
import {
  BODY_MAX,
  DOCUMENT_CATEGORIES,
  DOCUMENT_DEMANDS,
  documentFormSchema,
  TITLE_MAX,
  type DocumentDetail,
  type DocumentFormValues,
} from '@/features/documents/schemas';

/** Roles a document may be addressed to: staff only (representatives are never part of an audience). */
const AUDIENCE_ROLES = ROLES.filter((role) => role !== 'REPRESENTANTE');

function defaultsFor(document: DocumentDetail | null, today: string): DocumentFormValues {
  if (!document)
    return {
      title: '',
      body: '',
      category: 'COMUNICADO',
      demand: 'NENHUMA',
      due_date: '',
      audience_all: true,
      audience_unit_ids: [],
      audience_roles: [],
      valid_from: today,
      valid_until: '',
      allow_replies: false,
    };
  return {
    title: document.title,
    body: document.body,
    category: document.category,
    demand: document.demand,
    due_date: document.due_date ?? '',
    audience_all: document.audience_all,
    audience_unit_ids: document.audience_unit_ids,
    audience_roles: document.audience_roles.filter((role): role is Role => (ROLES as readonly string[]).includes(role)),
    valid_from: document.valid_from,
    valid_until: document.valid_until ?? '',
    allow_replies: document.allow_replies,
  };
}

interface DocumentEditorDialogProps {
  /** null: closed; 'new': a new document; a document: editing it. */
  target: 'new' | DocumentDetail | null;
  units: readonly { id: string; name: string }[];
  today: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}

export function DocumentEditorDialog(props: DocumentEditorDialogProps) {
  if (props.target === null) return null;
  // A fresh form per document (keyed): the defaults are read once.
  const key = props.target === 'new' ? 'new' : `${props.target.id}:${props.target.version}`;
  return <EditorForm key={key} {...props} target={props.target} />;
}

/**
 * 'Novo documento' / 'Editar documento': title, formatted text with a preview, category, demand
 * and due date, audience (everyone, units and/or roles), validity, replies and files. An edit of
 * the title or text asks whether it is relevant (everyone confirms again) or a correction.
 */
function EditorForm({ target, units, today, onClose, onSaved }: DocumentEditorDialogProps & { target: 'new' | DocumentDetail }) {
  const editing = target === 'new' ? null : target;
  const save = useSaveDocument();
  const removeFile = useRemoveDocumentFile();
  const requestIds = useRequestIds();
  const [files, setFiles] = useState<File[]>([]);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [askMaterial, setAskMaterial] = useState<DocumentFormValues | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const form = useForm<DocumentFormValues>({ resolver: zodResolver(documentFormSchema), defaultValues: defaultsFor(editing, today) });
  const errors = form.formState.errors;
  const demand = useWatch({ control: form.control, name: 'demand' });
  const audienceAll = useWatch({ control: form.control, name: 'audience_all' });
  const body = useWatch({ control: form.control, name: 'body' });
  const dirty = form.formState.isDirty || files.length > 0;

  const run = (values: DocumentFormValues, material: boolean) => {
    const requestId = requestIds.idFor(JSON.stringify([editing?.id ?? null, values, material, files.map((file) => [file.name, file.size])]));
    save.mutate(
      { id: editing?.id ?? null, requestId, values, material, files },
      {
        onSuccess: ({ document }) => {
          requestIds.done();
          form.reset(values);
          setFiles([]);
          onSaved(document.id);
        },
      },
    );
  };

  const submit = form.handleSubmit((values) => {
    const textChanged = editing !== null && (values.title.trim() !== editing.title || values.body.trim() !== editing.body);
    if (textChanged) setAskMaterial(values);
    else run(values, editing === null);
  });

  const close = () => (dirty ? setAskDiscard(true) : onClose());

  return (
    <>
      <UnsavedChangesGuard when={dirty || save.isPending} description={documentMessages.unsavedDescription} />
      <Dialog open onOpenChange={(open) => !open && close()}>
        <DialogContent className="max-h-[92dvh] w-[calc(100vw-1rem)] max-w-3xl overflow-y-auto p-4 sm:p-6">
          <DialogHeader>
            <DialogTitle>{editing ? documentMessages.editDocument : documentMessages.newDocument}</DialogTitle>
            <DialogDescription>{documentMessages.pageDescription}</DialogDescription>
          </DialogHeader>
          <form id="document-editor" onSubmit={(event) => void submit(event)} noValidate className="grid min-w-0 gap-4">
            <Field label={documentMessages.titleLabel} error={errors.title?.message}>
              <Input maxLength={TITLE_MAX} autoComplete="off" {...form.register('title')} />
            </Field>
            <Tabs defaultValue="escrever" className="min-w-0">
              <div className="flex flex-wrap items-end justify-between gap-2">
                <Label htmlFor="document-body" className={errors.body ? 'text-destructive' : undefined}>
                  {documentMessages.bodyLabel}
                </Label>
                <TabsList>
                  <TabsTrigger value="escrever">{documentMessages.write}</TabsTrigger>
                  <TabsTrigger value="previa">{documentMessages.preview}</TabsTrigger>
                </TabsList>
              </div>
              <TabsContent value="escrever" className="grid gap-2 pt-2">
                <Textarea
                  id="document-body"
                  rows={10}
                  maxLength={BODY_MAX}
                  aria-invalid={errors.body ? true : undefined}
                  aria-describedby="document-body-message"
                  {...form.register('body')}
                />
                <p id="document-body-message" className={errors.body ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
                  {errors.body?.message ?? documentMessages.bodyHint}
                </p>
              </TabsContent>
              <TabsContent value="previa" className="min-h-40 rounded-md border p-3">
                {body.trim() ? <MarkdownView source={body} /> : <p className="text-sm text-muted-foreground">{documentMessages.previewEmpty}</p>}
              </TabsContent>
            </Tabs>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="document-category" label={documentMessages.categoryLabel}>
                <Controller
                  control={form.control}
                  name="category"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="document-category">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {DOCUMENT_CATEGORIES.map((category) => (
                          <SelectItem key={category} value={category}>
                            {CATEGORY_LABELS[category]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
              <Field id="document-demand" label={documentMessages.demandLabel}>
                <Controller
                  control={form.control}
                  name="demand"
                  render={({ field }) => (
                    <Select value={field.value} onValueChange={field.onChange}>
                      <SelectTrigger id="document-demand">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {DOCUMENT_DEMANDS.map((item) => (
                          <SelectItem key={item} value={item}>
                            {DEMAND_LABELS[item]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </Field>
              {demand !== 'NENHUMA' ? (
                <Field label={documentMessages.dueDateLabel} error={errors.due_date?.message}>
                  <Input type="date" min={today} {...form.register('due_date')} />
                </Field>
              ) : null}
            </div>

            <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">{documentMessages.audienceLabel}</legend>
              <Controller
                control={form.control}
                name="audience_all"
                render={({ field }) => (
                  <label className="flex items-center gap-2 text-sm">
                    <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} aria-invalid={errors.audience_all ? true : undefined} />
                    {documentMessages.audienceAll}
                  </label>
                )}
              />
              {!audienceAll ? (
                <>
                  <p className="text-xs text-muted-foreground">{documentMessages.audienceHint}</p>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Controller
                      control={form.control}
                      name="audience_unit_ids"
                      render={({ field }) => (
                        <fieldset className="grid gap-1.5">
                          <legend className="mb-1 text-sm font-medium">{documentMessages.audienceUnits}</legend>
                          {units.map((unit) => (
                            <label key={unit.id} className="flex items-center gap-2 text-sm">
                              <Checkbox
                                checked={field.value.includes(unit.id)}
                                onCheckedChange={(checked) =>
                                  field.onChange(checked === true ? [...field.value, unit.id] : field.value.filter((id) => id !== unit.id))
                                }
                              />
                              {unit.name}
                            </label>
                          ))}
                        </fieldset>
                      )}
                    />
                    <Controller
                      control={form.control}
                      name="audience_roles"
                      render={({ field }) => (
                        <fieldset className="grid gap-1.5">
                          <legend className="mb-1 text-sm font-medium">{documentMessages.audienceRoles}</legend>
                          {AUDIENCE_ROLES.map((role) => (
                            <label key={role} className="flex items-center gap-2 text-sm">
                              <Checkbox
                                checked={field.value.includes(role)}
                                onCheckedChange={(checked) => field.onChange(checked === true ? [...field.value, role] : field.value.filter((item) => item !== role))}
                              />
                              {ROLE_LABELS[role]}
                            </label>
                          ))}
                        </fieldset>
                      )}
                    />
                  </div>
                </>
              ) : null}
              {errors.audience_all?.message ? (
                <p role="alert" className="text-sm text-destructive">
                  {errors.audience_all.message}
                </p>
              ) : null}
            </fieldset>

            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={documentMessages.validFromLabel} error={errors.valid_from?.message}>
                <Input type="date" {...form.register('valid_from')} />
              </Field>
              <Field label={documentMessages.validUntilLabel} error={errors.valid_until?.message}>
                <Input type="date" {...form.register('valid_until')} />
              </Field>
            </div>
            <Controller
              control={form.control}
              name="allow_replies"
              render={({ field }) => (
                <label className="flex items-center gap-2 text-sm">
                  <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
                  {documentMessages.allowRepliesLabel}
                </label>
              )}
            />

            <div className="grid gap-2">
              <Field label={documentMessages.filesLabel} description={documentMessages.filesHint}>
                <Input
                  key={fileInputKey}
                  type="file"
                  multiple
                  accept="application/pdf,image/jpeg,image/png,image/webp"
                  onChange={(event) => {
                    const picked = Array.from(event.target.files ?? []);
                    setFiles((current) => [...current, ...picked]);
                    setFileInputKey((key) => key + 1);
                  }}
                />
              </Field>
              {editing?.files.length || files.length ? (
                <ul className="grid gap-1 text-sm">
                  {editing?.files.map((file) => (
                    <li key={file.id} className="flex min-w-0 items-center justify-between gap-2 rounded-md border px-2 py-1">
                      <span className="flex min-w-0 items-center gap-2">
                        <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
                        <span className="truncate">{file.file_name}</span>
                      </span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={documentMessages.removeFile(file.file_name)}
                        disabled={removeFile.isPending}
                        onClick={() => removeFile.mutate({ id: file.id, documentId: editing.id })}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                  {files.map((file, index) => (
                    <li key={`${file.name}:${index}`} className="flex min-w-0 items-center justify-between gap-2 rounded-md border border-dashed px-2 py-1">
                      <span className="flex min-w-0 items-center gap-2">
                        <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
                        <span className="truncate">{file.name}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.size)}</span>
                      </span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={documentMessages.removeFile(file.name)}
                        onClick={() => setFiles((current) => current.filter((_, at) => at !== index))}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </form>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Voltar
            </Button>
            <Button type="submit" form="document-editor" disabled={save.isPending}>
              {editing ? documentMessages.save : documentMessages.publish}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <AlertDialog open={askMaterial !== null} onOpenChange={(open) => !open && setAskMaterial(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{documentMessages.materialTitle}</AlertDialogTitle>
            <AlertDialogDescription>{documentMessages.materialQuestion}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <Button
              variant="outline"
              onClick={() => {
                if (askMaterial) run(askMaterial, false);
                setAskMaterial(null);
              }}
            >
              {documentMessages.materialNo}
            </Button>
            <Button
              onClick={() => {
                if (askMaterial) run(askMaterial, true);
                setAskMaterial(null);
              }}
            >
              {documentMessages.materialYes}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={askDiscard} onOpenChange={setAskDiscard}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{UNSAVED_CHANGES_TITLE}</AlertDialogTitle>
            <AlertDialogDescription>{documentMessages.unsavedDescription}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Continuar editando</AlertDialogCancel>
            <Button variant="destructive" onClick={onClose}>
              Descartar e sair
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
