import { Download, FileImage, FileText, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatCurrency, formatDateTime, formatDay } from '@/lib/dates';
import { getBoletoAttachmentUrl, useBoletoAttachments, type BoletoAttachment } from '@/features/boletos/api/get-boleto-attachments';
import { useRemoveBoletoAttachment } from '@/features/boletos/api/remove-boleto-attachment';
import { useUploadBoletoAttachments } from '@/features/boletos/api/upload-boleto-attachment';
import { ATTACHMENT_ACCEPT, attachmentProblem, formatFileSize } from '@/features/boletos/entry-logic';
import { boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';
import type { BoletoRow } from '@/features/boletos/types';

async function download(attachment: BoletoAttachment) {
  try {
    const url = await getBoletoAttachmentUrl(attachment.path);
    // The signed URL answers with Content-Disposition: attachment, so the page stays where it is.
    const link = document.createElement('a');
    link.href = url;
    link.rel = 'noopener';
    link.download = attachment.name;
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    toast({ title: boletoListMessages.attachmentDownloadError, description: boletoListErrorMessage(error), variant: 'destructive' });
  }
}

/**
 * The files of a boleto: download any (signed URL), attach more while it is not cancelled, remove
 * while it is pending (the bucket's policies say the same).
 */
export function AttachmentsSheet({ row, onClose }: { row: BoletoRow | null; onClose: () => void }) {
  return (
    <Sheet open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        {row ? <AttachmentsPanel key={row.id} row={row} /> : null}
      </SheetContent>
    </Sheet>
  );
}

function AttachmentsPanel({ row }: { row: BoletoRow }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const attachments = useBoletoAttachments(row.id);
  const upload = useUploadBoletoAttachments();
  const remove = useRemoveBoletoAttachment();
  const [uploading, setUploading] = useState<{ done: number; total: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const canUpload = row.status !== 'CANCELADO';
  const canRemove = row.status === 'PENDENTE';

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const refused: string[] = [];
    const accepted = files.filter((file) => {
      const problem = attachmentProblem(file);
      if (problem) refused.push(`${file.name}: ${problem}`);
      return problem === null;
    });
    setProblems(refused);
    if (accepted.length === 0) return;
    setUploading({ done: 0, total: accepted.length });
    upload.mutate(
      { boletoId: row.id, files: accepted, onProgress: (sent) => setUploading({ done: sent, total: accepted.length }) },
      {
        onSettled: (result) => {
          setUploading(null);
          setProblems([...refused, ...(result?.refused ?? [])]);
        },
      },
    );
  };

  const list = attachments.data ?? [];
  return (
    <>
      <SheetHeader className="pr-10">
        <SheetTitle>Anexos do boleto</SheetTitle>
        <SheetDescription>
          {`${row.supplier_name ?? row.beneficiary ?? 'Boleto'}${row.document_number ? ` · ${row.document_number}` : ''} · ${formatCurrency(row.amount)} · vencimento ${formatDay(row.due_date)}`}
        </SheetDescription>
      </SheetHeader>
      <div className="grid gap-4 px-4 pb-6">
        {canUpload ? (
          <div className="grid gap-2">
            <input ref={inputRef} id={inputId} type="file" multiple accept={ATTACHMENT_ACCEPT} aria-label="Anexar arquivos" className="sr-only" onChange={onFiles} tabIndex={-1} />
            <Button type="button" variant="outline" disabled={uploading !== null} onClick={() => inputRef.current?.click()}>
              {uploading ? <Spinner className="size-4 text-current" label="Enviando..." /> : <Upload aria-hidden="true" />}
              {uploading ? `Enviando ${uploading.done + 1} de ${uploading.total}…` : 'Anexar arquivos'}
            </Button>
            <p className="text-xs text-muted-foreground">PDF, JPG, PNG ou WEBP, até 10 MB cada.</p>
            {problems.length > 0 ? (
              <ul role="alert" className="grid gap-1 text-sm text-destructive">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Boleto cancelado: não é possível anexar arquivos.</p>
        )}

        {attachments.isLoading ? (
          <div className="grid gap-2" aria-hidden="true">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : attachments.isError ? (
          <LoadError message={boletoListMessages.attachmentsLoadError} detail={boletoListErrorMessage(attachments.error)} onRetry={() => void attachments.refetch()} />
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">Nenhum arquivo anexado.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Arquivos anexados">
            {list.map((attachment) => {
              const Icon = attachment.mimeType === 'application/pdf' ? FileText : FileImage;
              const removing = remove.isPending && remove.variables?.path === attachment.path;
              return (
                <li key={attachment.path} className="grid gap-2 rounded-lg border p-3">
                  <div className="flex items-start gap-3">
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium" title={attachment.name}>
                        {attachment.name}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {[attachment.size !== null ? formatFileSize(attachment.size) : null, attachment.createdAt ? formatDateTime(attachment.createdAt) : null]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    </div>
                    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Baixar ${attachment.name}`} onClick={() => void download(attachment)}>
                      <Download aria-hidden="true" />
                    </Button>
                    {canRemove ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-8 text-destructive hover:text-destructive dark:text-red-400"
                        aria-label={`Remover ${attachment.name}`}
                        aria-expanded={confirming === attachment.path}
                        disabled={removing}
                        onClick={() => setConfirming(confirming === attachment.path ? null : attachment.path)}
                      >
                        {removing ? <Spinner className="size-4 text-current" label="Removendo..." /> : <Trash2 aria-hidden="true" />}
                      </Button>
                    ) : null}
                  </div>
                  {confirming === attachment.path ? (
                    <div className="flex flex-wrap items-center justify-end gap-2 rounded-md bg-muted px-2 py-1.5 text-sm">
                      <span className="mr-auto">Remover este arquivo?</span>
                      <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(null)}>
                        Manter
                      </Button>
                      <Button
                        type="button"
                        size="sm"
                        variant="destructive"
                        onClick={() => remove.mutate({ boletoId: row.id, path: attachment.path }, { onSettled: () => setConfirming(null) })}
                      >
                        Remover
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {row.status === 'PAGO' && list.length > 0 ? (
          <p className="text-xs text-muted-foreground">Boleto pago: os anexos não podem mais ser removidos.</p>
        ) : null}
      </div>
    </>
  );
}
