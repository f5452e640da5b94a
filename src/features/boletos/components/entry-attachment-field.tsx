import { Camera, FileText, Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ATTACHMENT_ACCEPT, formatFileSize } from '@/features/boletos/entry-logic';

interface EntryAttachmentFieldProps {
  label: string;
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null) => void;
}

/**
 * One optional attachment (PDF, JPG, PNG or WEBP up to 10 MB): chosen, dropped, or photographed on
 * a phone. It is uploaded after the boleto is saved; the form's schema checks type and size first.
 */
export function EntryAttachmentField({ label, file, error, onChange }: EntryAttachmentFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (chosen) onChange(chosen);
  };

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={messageId}
        className={cn(
          'flex min-h-16 flex-wrap items-center gap-2 rounded-md border border-dashed px-3 py-2',
          dragging && 'border-primary bg-primary/5',
          error && 'border-destructive',
        )}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          choose(event.dataTransfer.files);
        }}
      >
        {file ? (
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium" title={file.name}>
                {file.name}
              </p>
              <p className="text-xs text-muted-foreground">{formatFileSize(file.size)}</p>
            </div>
            <Button type="button" variant="ghost" size="icon" className="ml-auto shrink-0" aria-label="Remover anexo" onClick={() => onChange(null)}>
              <X aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <>
            <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <Paperclip aria-hidden="true" />
              Escolher arquivo
            </Button>
            <Button type="button" variant="outline" size="sm" className="sm:hidden" onClick={() => cameraInput.current?.click()}>
              <Camera aria-hidden="true" />
              Fotografar
            </Button>
            <span className="hidden text-xs text-muted-foreground sm:inline">ou arraste o arquivo aqui</span>
          </>
        )}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          choose(event.target.files);
          event.target.value = '';
        }}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          choose(event.target.files);
          event.target.value = '';
        }}
      />
      <p id={messageId} className={error ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
        {error ?? 'PDF, JPG, PNG ou WEBP de até 10 MB (opcional).'}
      </p>
    </div>
  );
}
