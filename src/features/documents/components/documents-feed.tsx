import { FileText, Paperclip, SearchX, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useDocuments } from '@/features/documents/api/list-documents';
import { DocumentBadges } from '@/features/documents/components/document-badges';
import { DOCUMENT_PAGE_SIZE, type DocumentListParams } from '@/features/documents/logic';
import { documentErrorMessage, documentMessages } from '@/features/documents/messages';
import { formatDate, formatCount } from '@/lib/dates';

interface DocumentsFeedProps {
  params: DocumentListParams;
  today: string;
  onPage: (page: number) => void;
  onClear: () => void;
  onOpen: (id: string) => void;
}

/** The feed: pending demands first, then newest; loading, empty, refused and paged states. */
export function DocumentsFeed({ params, today, onPage, onClear, onOpen }: DocumentsFeedProps) {
  const documents = useDocuments(params);
  const data = documents.data;
  const filtered = params.search.trim() !== '' || params.filter !== 'TODOS';

  if (documents.isError && !data)
    return <LoadError message={documentMessages.loadError} detail={documentErrorMessage(documents.error)} onRetry={() => void documents.refetch()} />;

  if (documents.isLoading || !data)
    return (
      <div className="grid gap-3">
        <span className="sr-only" role="status">
          {documentMessages.loading}
        </span>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-24 w-full" />
        ))}
      </div>
    );

  return (
    <div className="grid min-w-0 gap-3">
      {documents.isError ? (
        <LoadError message={documentMessages.loadError} detail={documentErrorMessage(documents.error)} onRetry={() => void documents.refetch()} />
      ) : null}
      <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {documents.isFetching ? <Spinner className="size-3.5" label="Atualizando..." /> : null}
        <span>{formatCount(data.total, 'documento', 'documentos')}</span>
        {data.pending > 0 ? <span className="font-medium text-foreground">· {documentMessages.pendingCount(data.pending)}</span> : null}
      </p>
      {data.items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
          {filtered ? <SearchX aria-hidden="true" className="size-8 text-muted-foreground" /> : <FileText aria-hidden="true" className="size-8 text-muted-foreground" />}
          <p className="font-medium">
            {params.filter === 'PENDENTES' && params.search.trim() === '' ? documentMessages.emptyPending : filtered ? documentMessages.empty : documentMessages.emptyNone}
          </p>
          {filtered ? (
            <Button variant="outline" onClick={onClear}>
              <X aria-hidden="true" /> {documentMessages.clearFilters}
            </Button>
          ) : null}
        </div>
      ) : (
        <ul aria-label="Documentos" className="grid gap-3">
          {data.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onOpen(item.id)}
                className="grid w-full min-w-0 gap-2 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none data-[pending=true]:border-primary/50"
                data-pending={item.my.pending}
              >
                <span className="flex min-w-0 flex-wrap items-start justify-between gap-2">
                  <span className="min-w-0 font-semibold break-words">{item.title}</span>
                  <span className="shrink-0 text-xs text-muted-foreground">{formatDate(item.created_at)}</span>
                </span>
                <DocumentBadges document={item} today={today} />
                {item.excerpt ? <span className="line-clamp-2 text-sm break-words text-muted-foreground">{item.excerpt}</span> : null}
                <span className="flex flex-wrap gap-3 text-xs text-muted-foreground">
                  {item.created_by_name ? <span>{item.created_by_name}</span> : null}
                  {item.version > 1 ? <span>{documentMessages.version(item.version)}</span> : null}
                  {item.files > 0 ? (
                    <span className="inline-flex items-center gap-1">
                      <Paperclip aria-hidden="true" className="size-3" /> {documentMessages.files(item.files)}
                    </span>
                  ) : null}
                  {item.my.read_at ? <span>{documentMessages.readAt(item.my.read_at)}</span> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager page={params.page} pageSize={DOCUMENT_PAGE_SIZE} total={data.total} empty={documentMessages.pagerEmpty} onPage={onPage} hideWhenSinglePage />
    </div>
  );
}
