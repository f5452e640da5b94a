import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatCurrency, formatDate, formatNumber, formatPercent } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useSupplierWinRates } from '@/features/purchasing/api/get-supplier-win-rates';
import { useWinningItems } from '@/features/purchasing/api/get-winning-items';
import { PeriodFilter, type Period } from '@/features/purchasing/components/period-filter';
import { LoadError } from '@/components/ui/load-error';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';

function percent(rate: number | null): string {
  return rate === null ? '—' : formatPercent(rate, { maximumFractionDigits: 1 });
}

function hours(value: number | null): string {
  return value === null ? '—' : `${formatNumber(value, { maximumFractionDigits: 1 })} h`;
}

/** /itens-vitoriosos: won items by period; for an admin, every supplier plus win rates. */
export function WinningItemsPage({ isAdmin }: { isAdmin: boolean }) {
  const [period, setPeriod] = useState<Period>({ from: '', to: '' });
  const valid = !(period.from && period.to && period.from > period.to);
  const from = valid ? period.from || null : null;
  const to = valid ? period.to || null : null;
  const items = useWinningItems(from, to);
  const rates = useSupplierWinRates(from, to, isAdmin);
  const rows = items.data ?? [];
  const total = rows.reduce((sum, row) => sum + row.total, 0);
  // The saving against the last price paid, over the items that have one (purchasing readers only).
  const withLast = rows.filter((row) => row.savingsVsLast !== null);
  const savings = withLast.reduce((sum, row) => sum + (row.savingsVsLast ?? 0), 0);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Itens Vitoriosos</h1>
          <p className="text-muted-foreground">{isAdmin ? 'Itens adjudicados a cada fornecedor e suas taxas de vitória.' : 'Os itens que você venceu, com preços e totais.'}</p>
          <p className="text-xs text-muted-foreground">O período considera a data em que os vencedores do lote foram escolhidos.</p>
        </div>
        <PeriodFilter value={period} onChange={setPeriod} />
      </header>

      {isAdmin ? (
        <section aria-labelledby="rates-title" className="flex flex-col gap-3">
          <h2 id="rates-title" className="text-lg font-medium">
            Taxa de vitória por fornecedor
          </h2>
          <p className="text-sm text-muted-foreground">
            Por cotação: vencedoras ÷ cotações decididas. Por item: itens vencidos ÷ itens cotados com preço. Resposta: lotes respondidos ÷
            lotes para os quais o fornecedor foi convidado, e o tempo médio do envio do lote até a cotação. Posição média: a posição do preço
            entre as ofertas de cada item (1 = menor preço). Economia vs último preço: (último preço pago pelo produto antes do lote − preço
            vencedor) × quantidade.
          </p>
          <div className="rounded-xl border bg-card shadow-sm">
            {rates.isLoading ? (
              <Skeleton className="m-4 h-20" aria-hidden="true" />
            ) : rates.isError ? (
              <div className="p-4">
                <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(rates.error)} onRetry={() => void rates.refetch()} />
              </div>
            ) : (
              <Table aria-labelledby="rates-title">
                <TableHeader>
                  <TableRow>
                    <TableHead>Fornecedor</TableHead>
                    <TableHead className="text-right">Cotações enviadas</TableHead>
                    <TableHead className="text-right">Vencedoras</TableHead>
                    <TableHead className="text-right">Taxa por cotação</TableHead>
                    <TableHead className="text-right">Itens cotados</TableHead>
                    <TableHead className="text-right">Itens vencidos</TableHead>
                    <TableHead className="text-right">Taxa por item</TableHead>
                    <TableHead className="text-right">Valor ganho</TableHead>
                    <TableHead className="text-right">Resposta</TableHead>
                    <TableHead className="text-right">Tempo de resposta</TableHead>
                    <TableHead className="text-right">Posição média</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {(rates.data ?? []).map((rate) => (
                    <TableRow key={rate.supplierId}>
                      <TableCell className="font-medium">{rate.supplierName}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(rate.quotesSent)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(rate.quotesWon)}</TableCell>
                      <TableCell className="text-right tabular-nums">{percent(rate.winRate)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(rate.itemsQuoted)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatNumber(rate.itemsWon)}</TableCell>
                      <TableCell className="text-right tabular-nums">{percent(rate.itemWinRate)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatCurrency(rate.valueWon)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {percent(rate.responseRate)}
                        <span className="block text-xs text-muted-foreground">
                          {formatNumber(rate.respondedBatches)} de {formatCount(rate.invitedBatches, 'lote', 'lotes')}
                        </span>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{hours(rate.avgResponseHours)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {rate.avgRank === null ? '—' : formatNumber(rate.avgRank, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="items-title" className="flex flex-col gap-3">
        <h2 id="items-title" className="text-lg font-medium">
          Itens vencidos
        </h2>
        <div className="rounded-xl border bg-card shadow-sm">
          {items.isLoading ? (
            <Skeleton className="m-4 h-32" aria-hidden="true" />
          ) : items.isError ? (
            <div className="p-4">
              <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(items.error)} onRetry={() => void items.refetch()} />
            </div>
          ) : rows.length === 0 ? (
            <div className="flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
              <Trophy aria-hidden="true" className="size-8" />
              <p>Nenhum item vencido no período.</p>
            </div>
          ) : (
            <Table aria-labelledby="items-title">
              <TableHeader>
                <TableRow>
                  <TableHead>Produto</TableHead>
                  {isAdmin ? <TableHead>Fornecedor</TableHead> : null}
                  <TableHead>Lote</TableHead>
                  <TableHead>Data</TableHead>
                  <TableHead className="text-right">Quantidade</TableHead>
                  <TableHead className="text-right">Preço unitário</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  {isAdmin ? (
                    <>
                      <TableHead className="text-right">Último preço pago</TableHead>
                      <TableHead className="text-right" title="(último preço pago − preço vencedor) × quantidade. Grão: item vencedor.">
                        Economia vs último preço
                      </TableHead>
                    </>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row, index) => (
                  <TableRow key={`${row.batchName}-${row.productName}-${index}`}>
                    <TableCell className="min-w-48 font-medium whitespace-normal">{row.productName}</TableCell>
                    {isAdmin ? <TableCell>{row.supplierName ?? '—'}</TableCell> : null}
                    <TableCell className="whitespace-normal">{row.batchName}</TableCell>
                    <TableCell className="tabular-nums">{row.date ? formatDate(row.date) : '—'}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(row.quantity)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCurrency(row.unitPrice)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCurrency(row.total)}</TableCell>
                    {isAdmin ? (
                      <>
                        <TableCell className="text-right tabular-nums">{row.lastPrice === null ? 'sem dados' : formatCurrency(row.lastPrice)}</TableCell>
                        <TableCell className={cn('text-right tabular-nums', row.savingsVsLast !== null && row.savingsVsLast < 0 && 'text-destructive')}>
                          {row.savingsVsLast === null ? 'sem dados' : formatCurrency(row.savingsVsLast)}
                        </TableCell>
                      </>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
              <tfoot className="border-t bg-muted/50">
                <TableRow>
                  <TableCell colSpan={isAdmin ? 6 : 5} className="text-right font-medium">
                    Total ({formatCount(rows.length, 'item', 'itens')})
                  </TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">{formatCurrency(Math.round(total * 100) / 100)}</TableCell>
                  {isAdmin ? (
                    <>
                      <TableCell />
                      <TableCell className="text-right font-semibold tabular-nums" data-testid="savings-vs-last-total">
                        {withLast.length === 0 ? 'sem dados' : formatCurrency(Math.round(savings * 100) / 100)}
                      </TableCell>
                    </>
                  ) : null}
                </TableRow>
              </tfoot>
            </Table>
          )}
        </div>
      </section>
    </div>
  );
}
