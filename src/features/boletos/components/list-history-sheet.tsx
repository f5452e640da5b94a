import { Ban, CircleCheck, FilePlus2, RotateCcw, Trash2 } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCurrency, formatDateTime, formatDay } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useBoletoHistory, type BoletoHistoryEntry } from '@/features/boletos/api/get-boleto-history';
import { historyEventLabel, historyTransition } from '@/features/boletos/logic';
import { boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';
import type { BoletoRow } from '@/features/boletos/types';

function eventStyle(entry: BoletoHistoryEntry): { Icon: typeof CircleCheck; className: string } {
  if (entry.toStatus === 'PAGO') return { Icon: CircleCheck, className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' };
  if (entry.toStatus === 'CANCELADO') return { Icon: Ban, className: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' };
  if (entry.toStatus === 'EXCLUIDO') return { Icon: Trash2, className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300' };
  if (entry.fromStatus) return { Icon: RotateCcw, className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' };
  return { Icon: FilePlus2, className: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' };
}

/** A side sheet with every status change of a boleto: what, who, when (São Paulo), from → to and why. */
export function HistorySheet({ row, onClose }: { row: BoletoRow | null; onClose: () => void }) {
  const history = useBoletoHistory(row?.id ?? null);
  return (
    <Sheet open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader className="pr-10">
          <SheetTitle>Histórico do boleto</SheetTitle>
          <SheetDescription>
            {row
              ? `${row.supplier_name ?? row.beneficiary ?? 'Boleto'}${row.document_number ? ` · ${row.document_number}` : ''} · ${formatCurrency(row.amount)} · vencimento ${formatDay(row.due_date)}`
              : ''}
          </SheetDescription>
        </SheetHeader>
        <div className="px-4 pb-6">
          {history.isLoading ? (
            <div className="grid gap-3" aria-hidden="true">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : history.isError ? (
            <LoadError message={boletoListMessages.historyLoadError} detail={boletoListErrorMessage(history.error)} onRetry={() => void history.refetch()} />
          ) : (history.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhuma alteração registrada.</p>
          ) : (
            <ol className="relative grid gap-4 border-l pl-6" aria-label="Alterações do boleto">
              {(history.data ?? []).map((entry) => {
                const { Icon, className } = eventStyle(entry);
                return (
                  <li key={entry.id} className="relative">
                    <span className={cn('absolute top-0 -left-[2.2rem] flex size-7 items-center justify-center rounded-full ring-4 ring-background', className)}>
                      <Icon aria-hidden="true" className="size-3.5" />
                    </span>
                    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="font-medium">{historyEventLabel(entry.fromStatus, entry.toStatus)}</span>
                      <time dateTime={entry.changedAt} className="text-xs text-muted-foreground tabular-nums">
                        {formatDateTime(entry.changedAt)}
                      </time>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      por {entry.changedByName} · {historyTransition(entry.fromStatus, entry.toStatus)}
                    </p>
                    {entry.reason ? <p className="mt-1 rounded-md bg-muted px-2 py-1 text-sm break-words">Motivo: {entry.reason}</p> : null}
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
