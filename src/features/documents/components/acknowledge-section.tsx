import { BadgeCheck, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
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
import { useAcknowledgeDocument } from '@/features/documents/api/acknowledge-document';
import { shortHash } from '@/features/documents/logic';
import { documentMessages } from '@/features/documents/messages';
import type { DocumentDetail } from '@/features/documents/schemas';
import { formatDateTime } from '@/lib/dates';

/**
 * 'Li e compreendi', confirmed twice: the first click asks ('Confirmar ciência', naming the version
 * and what is recorded), the second records it. Afterwards: the time the server recorded and the
 * start of the version's SHA-256.
 */
export function AcknowledgeSection({ document }: { document: DocumentDetail }) {
  const acknowledge = useAcknowledgeDocument();
  const [asking, setAsking] = useState(false);
  const { my } = document;
  const current = my.acknowledged_at !== null && my.acknowledged_version !== null && my.acknowledged_version >= document.ack_version;

  if (current && my.acknowledged_at)
    return (
      <div role="status" className="flex items-start gap-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100">
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 break-words">
          <span className="font-medium">{documentMessages.acknowledged}.</span>{' '}
          {my.acknowledged_version === document.version
            ? documentMessages.acknowledgedAt(my.acknowledged_at, shortHash(document.content_hash))
            : `${formatDateTime(my.acknowledged_at, true)} · ${documentMessages.version(my.acknowledged_version ?? document.version)}`}
        </p>
      </div>
    );

  return (
    <div className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3">
      {my.acknowledged_version !== null ? <p className="text-sm">{documentMessages.oldAcknowledgement(my.acknowledged_version)}</p> : null}
      <Button className="w-full sm:w-fit" onClick={() => setAsking(true)} disabled={acknowledge.isPending}>
        <ShieldCheck aria-hidden="true" /> {documentMessages.acknowledge}
      </Button>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{documentMessages.acknowledgeTitle}</AlertDialogTitle>
            <AlertDialogDescription>{documentMessages.acknowledgeQuestion(document.version)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <Button
              disabled={acknowledge.isPending}
              onClick={() => acknowledge.mutate({ documentId: document.id, version: document.version }, { onSettled: () => setAsking(false) })}
            >
              {documentMessages.acknowledgeConfirm}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
