import { Archive, Download, FileText, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
import { LoadError } from '@/components/ui/load-error';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { useArchiveDocument } from '@/features/documents/api/archive-document';
import { getDocumentFileUrl } from '@/features/documents/api/get-document-file-url';
import { useDocument } from '@/features/documents/api/get-document';
import { useRecordDocumentRead } from '@/features/documents/api/record-document-read';
import { AcknowledgeSection } from '@/features/documents/components/acknowledge-section';
import { ActionSection } from '@/features/documents/components/action-section';
import { DocumentBadges } from '@/features/documents/components/document-badges';
import { MarkdownView } from '@/features/documents/components/markdown-view';
import { ReceiptsPanel } from '@/features/documents/components/receipts-panel';
import { RepliesSection } from '@/features/documents/components/replies-section';
import { formatBytes } from '@/features/documents/logic';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import type { DocumentDetail, DocumentFile } from '@/features/documents/schemas';
import { codeOf } from '@/lib/errors';

async function download(file: DocumentFile) {
  try {
    // The signed link answers with Content-Disposition: attachment, so the page stays where it is.
    window.location.assign(await getDocumentFileUrl(file.path, file.file_name));
  } catch (error) {
    toast({ title: documentMessages.downloadError, description: documentErrorMessage(error), variant: 'destructive' });
  }
}

function DocumentContent({ document, userName }: { document: DocumentDetail; userName: string }) {
  return (
    <div className="grid min-w-0 gap-5">
      <MarkdownView source={document.body} />
      {document.files.length > 0 ? (
        <section aria-labelledby="document-files-title" className="grid gap-2">
          <h3 id="document-files-title" className="font-semibold">
            {documentMessages.filesTitle}
          </h3>
          <ul className="grid gap-2">
            {document.files.map((file) => (
              <li key={file.id} className="flex min-w-0 items-center justify-between gap-2 rounded-md border p-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <FileText aria-hidden="true" className="size-4 shrink-0" />
                  <span className="truncate">{file.file_name}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(file.size_bytes)}</span>
                </span>
                <Button variant="outline" size="sm" onClick={() => void download(file)} aria-label={`${documentMessages.download} ${file.file_name}`}>
                  <Download aria-hidden="true" /> {documentMessages.download}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {document.demand !== 'NENHUMA' && !document.archived ? <AcknowledgeSection document={document} /> : null}
      {document.demand === 'ACAO' ? <ActionSection document={document} userName={userName} /> : null}
      {document.allow_replies ? <RepliesSection document={document} /> : null}
    </div>
  );
}

interface DocumentSheetProps {
  /** The open document (?documento=<id>), or null. */
  documentId: string | null;
  today: string;
  userName: string;
  onClose: () => void;
  onEdit: (document: DocumentDetail) => void;
}

/**
 * One document in a side sheet (full width on a phone): the formatted text, files, the demand
 * (acknowledgement, the unit's action) and replies; publishers also see the receipts, edit and
 * archive. Opening it records the read receipt once.
 */
export function DocumentSheet({ documentId, today, userName, onClose, onEdit }: DocumentSheetProps) {
  const document = useDocument(documentId);
  const read = useRecordDocumentRead();
  const archive = useArchiveDocument();
  const [archiving, setArchiving] = useState(false);
  const recorded = useRef(new Set<string>());
  const data = document.data;

  // One receipt per opened version: the database keeps the first and ignores repeats anyway.
  const { mutate: recordRead } = read;
  useEffect(() => {
    if (!data || data.my.read_at !== null || data.archived) return;
    const key = `${data.id}:${data.version}`;
    if (recorded.current.has(key)) return;
    recorded.current.add(key);
    recordRead(data.id);
  }, [data, recordRead]);

  const notFound = document.isError && codeOf(document.error) === 'PT404';

  return (
    <Sheet open={documentId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto p-4 sm:max-w-2xl sm:p-6" aria-describedby={undefined}>
        {data ? (
          <>
            <SheetHeader className="grid gap-2 pr-8">
              <SheetTitle className="text-xl break-words">{data.title}</SheetTitle>
              <SheetDescription>
                {documentMessages.publishedBy(data.created_by_name, data.created_at)} · {documentMessages.version(data.version)}
              </SheetDescription>
              <DocumentBadges document={data} today={today} />
            </SheetHeader>
            {data.can_manage ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => onEdit(data)}>
                  <Pencil aria-hidden="true" /> {documentMessages.edit}
                </Button>
                {!data.archived ? (
                  <Button variant="outline" size="sm" onClick={() => setArchiving(true)}>
                    <Archive aria-hidden="true" /> {documentMessages.archive}
                  </Button>
                ) : null}
              </div>
            ) : null}
            {data.can_manage ? (
              <Tabs defaultValue="documento" className="min-w-0">
                <TabsList>
                  <TabsTrigger value="documento">Documento</TabsTrigger>
                  <TabsTrigger value="confirmacoes">{documentMessages.receipts}</TabsTrigger>
                </TabsList>
                <TabsContent value="documento" className="pt-3">
                  <DocumentContent document={data} userName={userName} />
                </TabsContent>
                <TabsContent value="confirmacoes" className="pt-3">
                  <ReceiptsPanel document={data} />
                </TabsContent>
              </Tabs>
            ) : (
              <DocumentContent document={data} userName={userName} />
            )}
            <AlertDialog open={archiving} onOpenChange={setArchiving}>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>{documentMessages.archiveTitle}</AlertDialogTitle>
                  <AlertDialogDescription>{documentMessages.archiveQuestion(data.title)}</AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Voltar</AlertDialogCancel>
                  <Button
                    variant="destructive"
                    disabled={archive.isPending}
                    onClick={() =>
                      archive.mutate(
                        { id: data.id, title: data.title },
                        {
                          onSettled: () => setArchiving(false),
                          onSuccess: onClose,
                        },
                      )
                    }
                  >
                    {documentMessages.archive}
                  </Button>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        ) : document.isError ? (
          <div className="grid gap-4 pt-8">
            <SheetTitle>{notFound ? documentMessages.notFound : documentMessages.detailLoadError}</SheetTitle>
            {notFound ? null : <LoadError message={documentMessages.detailLoadError} detail={documentErrorMessage(document.error)} onRetry={() => void document.refetch()} />}
          </div>
        ) : (
          <div className="grid gap-4 pt-8">
            <SheetTitle className="sr-only">{documentMessages.loading}</SheetTitle>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
