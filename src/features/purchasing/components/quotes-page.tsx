import { AlertTriangle, ArrowLeft, FileText, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { LoadError } from '@/components/ui/load-error';
import { formatCount, formatDateTime, formatNumber } from '@/lib/dates';
import { useMySupplier } from '@/features/purchasing/api/get-my-supplier';
import { useGetOrCreateQuote } from '@/features/purchasing/api/get-or-create-quote';
import { useBatchExists } from '@/features/purchasing/api/get-batch-exists';
import { useOpenBatches } from '@/features/purchasing/api/get-open-batches';
import { useQuotes } from '@/features/purchasing/quote-context';
import { QuoteEditor } from '@/features/purchasing/components/quote-editor';
import { QuoteStatusBadge } from '@/features/purchasing/components/status-badges';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';
import type { Quote } from '@/features/purchasing/types';

/** /cotacoes: batches awaiting this supplier's answer, its quotes, and the quote editor (?cotacao={id}). */
export function QuotesPage({ quoteId, onOpenQuote }: { quoteId: string | null; onOpenQuote: (quoteId: string | null) => void }) {
  const { quotes, isLoading, isError, error, refetch } = useQuotes();
  const openQuote = useGetOrCreateQuote();
  const supplier = useMySupplier();
  const openBatches = useOpenBatches();
  const [opening, setOpening] = useState<string | null>(null);
  const supplierId = supplier.data?.supplierId ?? null;
  const isRepresentative = supplierId !== null;

  const current = quoteId ? quotes.find((q) => q.id === quoteId) : undefined;
  // The quote open on screen, remembered so that its disappearance (batch or quote deleted, live) can be explained.
  const [seen, setSeen] = useState<Quote | null>(null);
  if (current && seen !== current) setSeen(current);
  const vanished = quoteId !== null && !current && !isLoading && !isError && seen?.id === quoteId ? seen : null;
  if (quoteId && !current && isLoading) return <Skeleton className="mx-auto h-64 w-full max-w-6xl" aria-hidden="true" />;
  if (quoteId && current) return <QuoteEditor key={current.id} quote={current} canEdit={current.supplierId === supplierId} onBack={() => onOpenQuote(null)} />;
  if (vanished) return <VanishedQuote quote={vanished} onBack={() => onOpenQuote(null)} />;

  const myQuoteByBatch = new Map(quotes.filter((q) => q.supplierId === supplierId).map((q) => [q.batchId, q]));

  function open(batchId: string) {
    setOpening(batchId);
    openQuote.mutate(batchId, { onSuccess: ({ quote }) => onOpenQuote(quote.id), onSettled: () => setOpening(null) });
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Cotações</h1>
        <p className="text-muted-foreground">
          {isRepresentative
            ? `Responda os lotes enviados pelo setor de compras${supplier.data?.supplierName ? ` em nome de ${supplier.data.supplierName}` : ''}.`
            : 'Cotações de todos os fornecedores.'}
        </p>
      </header>

      {isRepresentative ? (
        <section aria-labelledby="awaiting-title" className="flex flex-col gap-3">
          <h2 id="awaiting-title" className="text-lg font-medium">
            Lotes aguardando cotação
          </h2>
          {openBatches.isLoading ? (
            <Skeleton className="h-24" aria-hidden="true" />
          ) : openBatches.isError ? (
            <LoadError message={purchasingMessages.quotesLoadError} detail={purchasingLoadErrorDetail(openBatches.error)} onRetry={() => void openBatches.refetch()} />
          ) : (openBatches.data ?? []).length === 0 ? (
            <div className="flex items-center gap-3 rounded-xl border bg-card p-6 text-muted-foreground">
              <Inbox aria-hidden="true" className="size-6" /> Nenhum lote aguardando cotação no momento.
            </div>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {(openBatches.data ?? []).map((batch) => {
                const mine = myQuoteByBatch.get(batch.id);
                return (
                  <li key={batch.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
                    <div className="flex items-start justify-between gap-2">
                      <div>
                        <p className="font-medium">{batch.name}</p>
                        <p className="text-sm text-muted-foreground">
                          {formatCount(batch.itemCount, 'item', 'itens')}{batch.sentAt ? ` · enviado em ${formatDateTime(batch.sentAt)}` : ''}
                        </p>
                      </div>
                      {mine ? <QuoteStatusBadge status={mine.status} /> : null}
                    </div>
                    <Button
                      variant={mine ? 'outline' : 'default'}
                      disabled={opening === batch.id}
                      aria-label={`${mine ? 'Abrir cotação' : 'Cotar'} ${batch.name}`}
                      onClick={() => (mine ? onOpenQuote(mine.id) : open(batch.id))}
                    >
                      <FileText aria-hidden="true" /> {mine ? 'Abrir cotação' : 'Cotar'}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}

      <section aria-labelledby="quotes-title" className="flex flex-col gap-3">
        <h2 id="quotes-title" className="text-lg font-medium">
          {isRepresentative ? 'Minhas cotações' : 'Todas as cotações'}
        </h2>
        <div className="rounded-xl border bg-card shadow-sm">
          {isLoading ? (
            <Skeleton className="m-4 h-24" aria-hidden="true" />
          ) : isError ? (
            <div className="p-4">
              <LoadError message={purchasingMessages.quotesLoadError} detail={purchasingLoadErrorDetail(error)} onRetry={refetch} />
            </div>
          ) : quotes.length === 0 ? (
            <p className="p-8 text-center text-muted-foreground">Nenhuma cotação ainda.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Lote</TableHead>
                  {isRepresentative ? null : <TableHead>Fornecedor</TableHead>}
                  <TableHead className="text-right">Itens com preço</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Criada por</TableHead>
                  <TableHead>Atualizada em</TableHead>
                  <TableHead>
                    <span className="sr-only">Ações</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {quotes.map((quote) => (
                  <TableRow key={quote.id}>
                    <TableCell className="font-medium">{quote.batchName}</TableCell>
                    {isRepresentative ? null : <TableCell>{quote.supplierName}</TableCell>}
                    <TableCell className="text-right tabular-nums">
                      {formatNumber(quote.items.filter((i) => i.unitPrice !== null).length)} / {formatNumber(quote.items.length)}
                    </TableCell>
                    <TableCell>
                      <QuoteStatusBadge status={quote.status} />
                    </TableCell>
                    <TableCell>{quote.createdByName}</TableCell>
                    <TableCell className="tabular-nums">{formatDateTime(quote.updatedAt ?? quote.createdAt)}</TableCell>
                    <TableCell className="text-right">
                      <Button variant="ghost" size="sm" onClick={() => onOpenQuote(quote.id)} aria-label={`Ver cotação ${quote.batchName} ${quote.supplierName}`}>
                        Ver
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * The quote the representative had open is gone (live): the buyer deleted its batch (and with it every quote), or
 * the quote itself was deleted. Says which, instead of silently showing the list.
 */
function VanishedQuote({ quote, onBack }: { quote: Quote; onBack: () => void }) {
  const exists = useBatchExists(quote.batchId);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div role="alert" className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-card p-5 shadow-sm">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="grid gap-1">
          <p className="font-medium">{exists.data === false ? `O lote ${quote.batchName} foi excluído` : exists.data ? 'Cotação excluída' : 'Esta cotação não existe mais'}</p>
          <p className="text-sm text-muted-foreground">{exists.data === false ? purchasingMessages.quoteBatchRemoved : exists.data ? purchasingMessages.quoteRemoved : 'Verificando o que aconteceu com o lote...'}</p>
        </div>
      </div>
      <Button variant="outline" className="w-fit" onClick={onBack}>
        <ArrowLeft aria-hidden="true" /> Voltar às cotações
      </Button>
    </div>
  );
}
