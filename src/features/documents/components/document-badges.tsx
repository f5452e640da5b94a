import { AlertTriangle, CalendarClock, CheckCircle2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { CATEGORY_LABELS, DEMAND_LABELS, dueBadge } from '@/features/documents/logic';
import { documentMessages } from '@/features/documents/messages';
import type { DocumentSummary } from '@/features/documents/schemas';
import { cn } from '@/lib/utils';

const DUE_CLASSES = {
  overdue: '',
  soon: 'border-amber-400 text-amber-800 dark:text-amber-200',
  later: '',
  done: 'text-muted-foreground',
} as const;

/** Category, demand, due date and the reader's status of one document, as the feed and the sheet show them. */
export function DocumentBadges({ document, today }: { document: Pick<DocumentSummary, 'category' | 'demand' | 'due_date' | 'overdue' | 'my' | 'archived'>; today: string }) {
  const due = dueBadge(document, today);
  const demanded = document.demand !== 'NENHUMA';
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Badge variant="secondary">{CATEGORY_LABELS[document.category]}</Badge>
      {demanded ? <Badge variant="outline">{DEMAND_LABELS[document.demand]}</Badge> : null}
      {due ? (
        <Badge variant={due.tone === 'overdue' ? 'destructive' : 'outline'} className={cn(DUE_CLASSES[due.tone])}>
          {due.tone === 'overdue' ? <AlertTriangle aria-hidden="true" /> : <CalendarClock aria-hidden="true" />}
          {due.text}
        </Badge>
      ) : null}
      {demanded ? (
        document.my.pending ? (
          <Badge variant="default">{documentMessages.pending}</Badge>
        ) : (
          <Badge variant="outline" className="border-emerald-500 text-emerald-800 dark:text-emerald-200">
            <CheckCircle2 aria-hidden="true" />
            {documentMessages.done}
          </Badge>
        )
      ) : null}
      {document.archived ? <Badge variant="outline">{documentMessages.archived}</Badge> : null}
    </div>
  );
}
