import { ClipboardList } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { useBatches } from '@/features/purchasing/api/get-batches';
import { CreateBatchDialog } from '@/features/purchasing/components/create-batch-dialog';
import { BatchStatusBadge } from '@/features/purchasing/components/status-badges';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';
import { LoadError } from '@/components/ui/load-error';

/** /compras: every batch, newest first, with unit, item count and status; opens one on click. */
export function BatchesPage({ onOpenBatch }: { onOpenBatch: (batchId: string) => void }) {
  const batches = useBatches();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Compras</h1>
          <p className="text-muted-foreground">Lotes de cotação: agrupe faltas, envie aos representantes, compare e gere os pedidos.</p>
        </div>
        <CreateBatchDialog onCreated={onOpenBatch} />
      </header>
      <section aria-labelledby="batches-title" className="rounded-xl border bg-card shadow-sm">
        <h2 id="batches-title" className="sr-only">
          Lotes
        </h2>
        {batches.isLoading ? (
          <div className="grid gap-2 p-4" aria-hidden="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : batches.isError ? (
          <div className="p-4">
            <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(batches.error)} onRetry={() => void batches.refetch()} />
          </div>
        ) : (batches.data ?? []).length === 0 ? (
          <div className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
            <ClipboardList aria-hidden="true" className="size-8" />
            <p>Nenhum lote criado ainda. Use “Novo lote” para agrupar as faltas pendentes.</p>
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Lote</TableHead>
                <TableHead>Unidade</TableHead>
                <TableHead className="text-right">Itens</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Criado em</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(batches.data ?? []).map((batch) => (
                <TableRow key={batch.id}>
                  <TableCell className="font-medium">
                    <button type="button" className="text-left hover:underline focus-visible:underline focus-visible:outline-none" onClick={() => onOpenBatch(batch.id)}>
                      {batch.name}
                    </button>
                  </TableCell>
                  <TableCell>{batch.unitName ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(batch.itemCount)}</TableCell>
                  <TableCell>
                    <BatchStatusBadge status={batch.status} />
                  </TableCell>
                  <TableCell className="tabular-nums">{formatDateTime(batch.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}
