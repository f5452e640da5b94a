import { AlertTriangle, FileWarning } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { usePendingDocuments } from '@/features/documents/api/count-pending-documents';
import { PENDING_DOCUMENTS_SEARCH } from '@/features/documents/logic';
import { documentMessages } from '@/features/documents/messages';
import { cn } from '@/lib/utils';

/**
 * The caller's pending required documents (count and the first titles) with a link to the pending
 * list. Shown on the home screen and on /ponto after the day's punch, never before it: it renders
 * nothing while loading, on failure or with nothing pending, so it can never stand in the way.
 */
export function PendingDocumentsCard({ documentsPath, className }: { documentsPath: string; className?: string }) {
  const pending = usePendingDocuments();
  const data = pending.data;
  if (!data || data.count === 0) return null;
  return (
    <section
      aria-labelledby="pending-documents-title"
      className={cn('grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100', className)}
    >
      <div className="flex items-start gap-3">
        <FileWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid min-w-0 gap-1">
          <h2 id="pending-documents-title" className="font-semibold">
            {documentMessages.pendingCardTitle}
          </h2>
          <p className="text-sm">{documentMessages.pendingCardDescription(data.count)}</p>
        </div>
      </div>
      <ul className="grid gap-1 pl-8 text-sm">
        {data.first.map((item) => (
          <li key={item.id} className="flex min-w-0 items-center gap-2">
            {item.overdue ? <AlertTriangle aria-label="Atrasado" className="size-3.5 shrink-0 text-destructive" /> : null}
            <Link to={`${documentsPath}?documento=${encodeURIComponent(item.id)}`} className="truncate underline underline-offset-2">
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
      <Button asChild variant="outline" size="sm" className="w-fit sm:ml-8">
        <Link to={`${documentsPath}${PENDING_DOCUMENTS_SEARCH}`}>{documentMessages.pendingCardLink}</Link>
      </Button>
    </section>
  );
}
