import { onlineManager } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDownUp, Check, CheckCircle2, Gift, RefreshCw, Replace, Trophy } from 'lucide-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatCurrency, formatDateTime, formatDay, formatNumber } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { DEFAULT_MONTHLY_RATE, useBatchComparison } from '@/features/purchasing/api/get-batch-comparison';
import { selectWinners, useSelectWinners } from '@/features/purchasing/api/select-winners';
import { cellKey, isOffer, selectionTotal, suggestWinners, supplierTotals, toggleWinner } from '@/features/purchasing/logic';
import { effectiveCostExplanation } from '@/features/purchasing/effective-cost';
import { monthlyRatePercentSchema } from '@/features/purchasing/schemas';
import { QuoteStatusBadge } from '@/features/purchasing/components/status-badges';
import type { BatchStatus, Comparison, ComparisonCell, WinnerSelection } from '@/features/purchasing/types';
import { effectiveDiffersMessage, paymentTermText, purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';
import { LoadError } from '@/components/ui/load-error';

/** Estimated height of a row; rows with substitute or bonus lines are measured. */
const ROW_HEIGHT = 64;

/**
 * What an offer adds to its price, as short lines always visible in the cell: the minimum quantity (and how much it
 * exceeds the need), the substitute (product and manufacturer), the bonus (quantity, product, manufacturer, expiry
 * date), and the effective unit cost computed by get_batch_comparison with its one-line explanation (bonus units,
 * the excess a minimum forces, the payment term of `quote` at the cost of money `monthlyRate`), written here for the
 * cells drawn.
 */
function offerDetailLines(
  cell: ComparisonCell,
  requestedQuantity: number,
  effectiveDiffers: boolean,
  paymentTermDays: number | null,
  monthlyRate: number,
): ReactNode[] {
  const aboveNeed = cell.minimumQuantity !== null && cell.minimumQuantity > requestedQuantity;
  const lines: ReactNode[] = [];
  if (cell.minimumQuantity !== null && cell.minimumQuantity > 0)
    lines.push(
      <span key="min" className={cn(aboveNeed && 'font-medium text-amber-700 dark:text-amber-300')}>
        Qtd. mínima: {formatNumber(cell.minimumQuantity)}
        {aboveNeed ? ` (${formatNumber((cell.minimumQuantity as number) - requestedQuantity)} acima da necessidade)` : ''}
      </span>,
    );
  if (cell.wantsSubstitute)
    lines.push(
      <span key="sub" className="flex items-start gap-1">
        <Replace aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
        <span>
          Substituto: {cell.substituteProductName ?? 'não informado'}
          {cell.substituteManufacturer ? ` · ${cell.substituteManufacturer}` : ''}
        </span>
      </span>,
    );
  if (cell.hasBonus) {
    lines.push(
      <span key="bonus" className="flex items-start gap-1">
        <Gift aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
        <span>
          Bonificação: {formatNumber(cell.bonusQuantity)} un. de {cell.bonusProductName ?? 'produto não informado'}
          {cell.bonusManufacturer ? ` · ${cell.bonusManufacturer}` : ''}
          {cell.bonusExpiryDate ? ` · validade ${formatDay(cell.bonusExpiryDate)}` : ''}
        </span>
      </span>,
    );
  }
  if (cell.effectiveUnitCost !== null) {
    const bestEffective = effectiveDiffers && cell.effectiveRank === 1;
    lines.push(
      <span key="effective" className={cn('font-medium text-foreground', bestEffective && 'text-sky-700 dark:text-sky-300')}>
        Custo efetivo: {formatCurrency(cell.effectiveUnitCost)}
        {bestEffective ? ' · menor custo efetivo' : ''}
      </span>,
    );
    const explanation = effectiveCostExplanation({
      unitPrice: cell.unitPrice,
      requestedQuantity,
      minimumQuantity: cell.minimumQuantity,
      bonusQuantity: cell.hasBonus ? cell.bonusQuantity : 0,
      paymentTermDays,
      monthlyRate,
      effectiveUnitCost: cell.effectiveUnitCost,
    });
    if (explanation) lines.push(<span key="explanation">{explanation}</span>);
  }
  return lines;
}

/** An offer's detail lines under its price; their id is the cell button's description for screen readers. */
export function OfferDetails({ id, lines }: { id: string; lines: readonly ReactNode[] }) {
  return (
    <span id={id} className="flex flex-col gap-0.5 text-xs leading-snug font-normal break-words whitespace-normal text-muted-foreground">
      {lines}
    </span>
  );
}

/** The buyer's choices that still name a priced offer of a submitted quote in new figures. */
function validSelection(data: Comparison, selection: WinnerSelection): WinnerSelection {
  const offers = new Set(data.quotes.filter(isOffer).map((quote) => quote.quoteId));
  return Object.fromEntries(
    Object.entries(selection).filter(([shortageId, quoteId]) => offers.has(quoteId) && (data.cells[cellKey(shortageId, quoteId)]?.unitPrice ?? null) !== null),
  );
}

/**
 * Grid of items × suppliers: best price highlighted, winners pre-selected by best price and overridable; each offer's
 * effective cost at the buyer's cost of money (default 2 % a month; a value outside 0–20 % keeps the last valid one).
 */
export function ComparisonGrid({ batchId, batchStatus, onConfirmed }: { batchId: string; batchStatus: BatchStatus; onConfirmed: () => void }) {
  const [rateText, setRateText] = useState(String(DEFAULT_MONTHLY_RATE * 100));
  const [monthlyRate, setMonthlyRate] = useState(DEFAULT_MONTHLY_RATE);
  const parsedRate = monthlyRatePercentSchema.safeParse(rateText);
  const rateError = parsedRate.success ? undefined : parsedRate.error.issues[0]?.message;
  const comparison = useBatchComparison(batchId, true, monthlyRate);
  const rateField = (
    <Field label={purchasingMessages.monthlyRateLabel} description={purchasingMessages.monthlyRateDescription} error={rateError} id="monthly-rate" className="max-w-md">
      <Input
        inputMode="decimal"
        className="w-28"
        value={rateText}
        onChange={(event) => {
          setRateText(event.target.value);
          const parsed = monthlyRatePercentSchema.safeParse(event.target.value);
          if (parsed.success) setMonthlyRate(parsed.data);
        }}
      />
    </Field>
  );
  if (comparison.isLoading) return <Skeleton className="h-72" aria-hidden="true" />;
  if (comparison.isError || !comparison.data)
    return <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(comparison.error)} onRetry={() => void comparison.refetch()} />;
  // Remount (fresh winner suggestion) only when the batch changes state, not on every background refetch.
  return (
    <div className="flex flex-col gap-4" aria-busy={comparison.isFetching}>
      {comparison.data.quotes.length > 0 ? rateField : null}
      <ComparisonTable
        key={`${comparison.data.batchStatus}-${comparison.data.closedAt ?? ''}`}
        data={comparison.data}
        batchStatus={batchStatus}
        onConfirmed={onConfirmed}
      />
    </div>
  );
}

/** The grid itself, for a loaded comparison (exported for component tests). */
export function ComparisonTable({ data, batchStatus, onConfirmed }: { data: Comparison; batchStatus?: BatchStatus; onConfirmed: () => void }) {
  const [selection, setSelection] = useState<WinnerSelection>(() => suggestWinners(data));
  /** Whether the buyer changed the suggested winners (then new figures keep their choices, minus those no longer valid). */
  const [touched, setTouched] = useState(false);
  const [selectionVersion, setSelectionVersion] = useState(data.version);
  /** The figures the buyer had before them when the confirmation dialog opened (or when they last acknowledged new ones). */
  const [reviewed, setReviewed] = useState<{ version: string; chosen: number; total: number } | null>(null);
  /** The confirmation dialog (controlled: 'Confirmar' closes it only once the award's request is on its way). */
  const [confirming, setConfirming] = useState(false);
  /** An award sent from this table and not answered yet: a second click on 'Confirmar' sends nothing. */
  const awarding = useRef(false);
  if (selectionVersion !== data.version) {
    // A quote arrived or changed (live): recalculate the selection on the new figures.
    setSelectionVersion(data.version);
    setSelection(touched ? validSelection(data, selection) : suggestWinners(data));
  }
  const totals = useMemo(() => supplierTotals(data, selection), [data, selection]);
  const grandTotal = useMemo(() => selectionTotal(data, selection), [data, selection]);
  const select = useSelectWinners();
  // The batch's own status counts too: just after an award the comparison in the cache is the one before it, until it
  // is read again (select-winners.ts), and must not offer the award a second time.
  const readOnly = data.batchStatus !== 'EM_COTACAO' || (batchStatus !== undefined && batchStatus !== 'EM_COTACAO');
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns functions React Compiler cannot memoise
  const virtualizer = useVirtualizer({
    count: data.items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const rows = virtualizer.getVirtualItems();
  const paddingTop = rows[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0);
  const chosen = Object.keys(selection).length;
  // The figures changed since the buyer opened (or last acknowledged) the dialog: no confirmation until reviewed.
  const stale = reviewed !== null && reviewed.version !== data.version;
  const reviewedVersion = reviewed?.version ?? data.version;
  const differing = data.items.filter((item) => item.effectiveDiffers).length;

  if (data.quotes.length === 0) {
    return <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">Nenhum representante respondeu a este lote ainda.</p>;
  }

  return (
    <div className="flex flex-col gap-4">
      {data.closedAt ? (
        <p className="flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Vencedores escolhidos em {formatDateTime(data.closedAt)}.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          O menor preço entre as cotações enviadas vem destacado e pré-selecionado. Clique na resposta de outro fornecedor para trocar o vencedor do
          item. Cotações ainda em andamento não podem ser escolhidas.
        </p>
      )}
      <p className="text-xs text-muted-foreground">{purchasingMessages.effectiveCostExplained}</p>
      {differing > 0 ? (
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
        >
          <ArrowDownUp aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {effectiveDiffersMessage(differing)}
        </p>
      ) : null}
      <div ref={scrollRef} className="max-h-[65vh] overflow-auto rounded-xl border bg-card shadow-sm">
        {/* data-item-count: how many items the (virtualised) grid holds, for bench/purchasing.ts. */}
        <table className="w-full border-separate border-spacing-0 text-sm" aria-label="Comparativo de cotações" data-item-count={data.items.length}>
          <thead className="sticky top-0 z-10 bg-card">
            <tr>
              <th scope="col" className="sticky left-0 z-20 min-w-64 border-b bg-card p-3 text-left font-medium">
                Item
              </th>
              {data.quotes.map((quote) => (
                <th key={quote.quoteId} scope="col" className="min-w-56 border-b p-3 text-left font-medium">
                  <span className="block">{quote.supplierName}</span>
                  <span className="mt-1 flex items-center gap-2 text-xs font-normal text-muted-foreground">
                    <QuoteStatusBadge status={quote.status} /> {formatCount(quote.pricedItems, 'preço', 'preços')}
                  </span>
                  <span className="mt-1 block text-xs font-normal text-muted-foreground">{paymentTermText(quote.paymentTermDays)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 ? (
              <tr aria-hidden="true">
                <td style={{ height: paddingTop }} colSpan={data.quotes.length + 1} />
              </tr>
            ) : null}
            {rows.map((row) => {
              const item = data.items[row.index];
              if (!item) return null;
              return (
                <tr key={item.shortageId} data-index={row.index} ref={virtualizer.measureElement} style={{ height: ROW_HEIGHT }}>
                  <th scope="row" className="sticky left-0 z-[5] border-b bg-card p-3 text-left font-normal">
                    <span className="block font-medium">{item.productName}</span>
                    <span className="block text-xs text-muted-foreground">
                      {formatNumber(item.requestedQuantity)} un. · {item.unitName ?? '—'}
                      {item.barcode ? ` · ${item.barcode}` : ''}
                    </span>
                    {item.effectiveDiffers ? (
                      <span className="mt-1 block text-xs font-medium text-sky-700 dark:text-sky-300">O menor custo efetivo não é o menor preço</span>
                    ) : null}
                  </th>
                  {data.quotes.map((quote) => {
                    const cell = data.cells[cellKey(item.shortageId, quote.quoteId)];
                    if (!isOffer(quote)) {
                      // A draft is not an offer yet: no price, not comparable, not selectable.
                      return (
                        <td key={quote.quoteId} className="border-b p-3 text-xs text-muted-foreground italic">
                          Em andamento<span className="sr-only"> — {quote.supplierName} ainda não enviou a cotação</span>
                        </td>
                      );
                    }
                    if (!cell || cell.unitPrice === null) {
                      return (
                        <td key={quote.quoteId} className="border-b p-3 text-muted-foreground">
                          <span aria-label={`${quote.supplierName}: sem preço para ${item.productName}`}>—</span>
                        </td>
                      );
                    }
                    // best_unit_price from get_batch_comparison: the lowest price among submitted quotes (drafts excluded).
                    const isBest = item.bestPrice !== null && cell.unitPrice === item.bestPrice;
                    const isChosen = selection[item.shortageId] === quote.quoteId;
                    const detailsId = `${idPrefix}-${row.index}-${quote.quoteId}`;
                    const details = offerDetailLines(cell, item.requestedQuantity, item.effectiveDiffers, quote.paymentTermDays, data.monthlyRate);
                    const hasDetails = details.length > 0;
                    return (
                      <td key={quote.quoteId} className="border-b p-1.5 align-top">
                        <button
                          type="button"
                          disabled={readOnly}
                          aria-pressed={isChosen}
                          aria-label={`${quote.supplierName}: ${formatCurrency(cell.unitPrice)} para ${item.productName}${isBest ? ', menor preço' : ''}`}
                          aria-describedby={hasDetails ? detailsId : undefined}
                          onClick={() => {
                            setTouched(true);
                            setSelection((current) => toggleWinner(current, item.shortageId, quote.quoteId));
                          }}
                          className={cn(
                            'flex w-full flex-col items-start gap-0.5 rounded-md border border-transparent px-2 py-1.5 text-left transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none enabled:hover:bg-muted disabled:cursor-default',
                            isBest && 'bg-emerald-50 dark:bg-emerald-950/60',
                            isChosen && 'border-primary ring-1 ring-primary',
                          )}
                        >
                          <span className={cn('flex items-center gap-1.5 font-medium tabular-nums', isBest && 'text-emerald-700 dark:text-emerald-300')}>
                            {isChosen ? <Check aria-hidden="true" className="size-4 text-primary" /> : null}
                            {formatCurrency(cell.unitPrice)}
                            {cell.isWinner ? <Trophy aria-label="Vencedor" className="size-3.5 text-amber-500" /> : null}
                          </span>
                          {hasDetails ? <OfferDetails id={detailsId} lines={details} /> : null}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {paddingBottom > 0 ? (
              <tr aria-hidden="true">
                <td style={{ height: paddingBottom }} colSpan={data.quotes.length + 1} />
              </tr>
            ) : null}
          </tbody>
          <tfoot className="sticky bottom-0 bg-muted">
            <tr>
              <th scope="row" className="sticky left-0 bg-muted p-3 text-left font-medium">
                Total por fornecedor
              </th>
              {data.quotes.map((quote) => {
                const total = totals.get(quote.quoteId);
                return (
                  <td key={quote.quoteId} className="p-3 tabular-nums" data-testid={`total-${quote.supplierName}`}>
                    <span className="block font-semibold">{formatCurrency(total?.total ?? 0)}</span>
                    <span className="text-xs text-muted-foreground">{formatCount(total?.items ?? 0, 'item', 'itens')}</span>
                  </td>
                );
              })}
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border bg-card p-4 shadow-sm">
        <p className="text-sm">
          {formatNumber(chosen)} de {formatCount(data.items.length, 'item', 'itens')} com vencedor · Total da seleção:{' '}
          <strong className="tabular-nums">{formatCurrency(grandTotal)}</strong>
        </p>
        {readOnly ? null : (
          <AlertDialog
            open={confirming}
            onOpenChange={(open) => {
              setConfirming(open);
              setReviewed(open ? { version: data.version, chosen, total: grandTotal } : null);
            }}
          >
            <AlertDialogTrigger asChild>
              <Button disabled={chosen === 0 || select.isPending}>
                <Trophy aria-hidden="true" /> Confirmar vencedores
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Confirmar os vencedores?</AlertDialogTitle>
                <AlertDialogDescription>
                  {formatCount(chosen, 'item será adjudicado', 'itens serão adjudicados')}, somando {formatCurrency(grandTotal)}. A cotação do lote será finalizada e não poderá mais ser alterada.
                </AlertDialogDescription>
              </AlertDialogHeader>
              {stale && reviewed ? (
                <div role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
                  <RefreshCw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <p>
                    Uma cotação chegou ou mudou enquanto esta janela estava aberta. Os valores foram recalculados: antes {formatCount(reviewed.chosen, 'item', 'itens')},{' '}
                    {formatCurrency(reviewed.total)}; agora {formatCount(chosen, 'item', 'itens')}, {formatCurrency(grandTotal)}. Revise os novos valores antes de confirmar.
                  </p>
                </div>
              ) : null}
              <AlertDialogFooter>
                <AlertDialogCancel>Voltar</AlertDialogCancel>
                {stale ? (
                  <Button type="button" variant="outline" onClick={() => setReviewed({ version: data.version, chosen, total: grandTotal })}>
                    Revisei os novos valores
                  </Button>
                ) : null}
                <AlertDialogAction
                  disabled={stale || chosen === 0}
                  onClick={(event) => {
                    // The dialog stays open for this click (closing it redraws the screen), so the award's request
                    // waits for nothing on screen: it is sent now, and the dialog closes and the screen shows the
                    // award under way a task later, once the request is on its way (supabase-js reads the session
                    // in promise steps that React's redraw, scheduled first, would otherwise run before).
                    event.preventDefault();
                    if (awarding.current) return;
                    awarding.current = true;
                    const input = { batchId: data.batchId, selection, version: reviewedVersion };
                    // Offline, nothing is sent now: the mutation waits for the connection, as every write does.
                    const request = onlineManager.isOnline() ? selectWinners(input) : undefined;
                    request?.catch(() => undefined); // reported by the mutation, which takes it over below
                    window.setTimeout(() => {
                      setConfirming(false);
                      setReviewed(null);
                      // The award changes the batch's status, which remounts this table (its key) before the
                      // mutation settles: a per-call onSuccess would then never run. The promise always settles.
                      void select
                        .mutateAsync({ ...input, request })
                        .then(onConfirmed, () => undefined)
                        .finally(() => {
                          awarding.current = false;
                        });
                    }, 0);
                  }}
                >
                  Confirmar
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </div>
    </div>
  );
}
