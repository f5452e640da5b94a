import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle, ArrowLeft, CheckCircle2, CloudOff, CloudUpload, Send, Trash2 } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
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
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { formatCount, formatCurrency, formatDateTime, formatNumber } from '@/lib/dates';
import { useDeleteQuote } from '@/features/purchasing/api/delete-quote';
import { QuoteItemRow } from '@/features/purchasing/components/quote-item-row';
import { QuoteStatusBadge } from '@/features/purchasing/components/status-badges';
import { paymentTermText, purchasingMessages } from '@/features/purchasing/messages';
import type { Quote, QuoteItem } from '@/features/purchasing/types';
import { useQuoteEditing, type OverallSaveState } from '@/features/purchasing/use-quote-editing';

/** Lists longer than this are virtualised (style rule: over 200 rows). */
const VIRTUALIZE_OVER = 200;

/**
 * The representative's grid: price, minimum quantity, substitute and bonus per item, autosaved (use-quote-editing
 * holds the drafts, the saves and the send; this component lays them out).
 */
export function QuoteEditor({ quote, canEdit, onBack }: { quote: Quote; canEdit: boolean; onBack: () => void }) {
  const editable = canEdit && quote.status === 'EM_ANDAMENTO' && quote.batchStatus === 'EM_COTACAO';
  const editing = useQuoteEditing(quote, editable);
  const { drafts, errors, overall, unsaved, priced, total, shownPriced, sending } = editing;
  const remove = useDeleteQuote();

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualized = quote.items.length > VIRTUALIZE_OVER;
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns functions React Compiler cannot memoise
  const virtualizer = useVirtualizer({ count: quote.items.length, getScrollElement: () => scrollRef.current, estimateSize: () => 96, overscan: 6 });

  function focusNextPrice(index: number) {
    const next = quote.items[index + 1];
    if (!next) return;
    if (virtualized) virtualizer.scrollToIndex(index + 1);
    requestAnimationFrame(() => document.getElementById(`price-${next.shortageId}`)?.focus());
  }

  function renderRow(item: QuoteItem, index: number) {
    const draft = drafts[item.shortageId];
    if (!draft) return null;
    return (
      <QuoteItemRow
        item={item}
        draft={draft}
        errors={errors[item.shortageId] ?? {}}
        state={editing.stateOf(item.shortageId)}
        disabled={!editable}
        onChange={(patch) => editing.change(item.shortageId, patch)}
        onEnter={() => focusNextPrice(index)}
        onRetry={editing.retryNow}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Button variant="ghost" className="w-fit" onClick={() => void editing.leave(onBack)}>
        <ArrowLeft aria-hidden="true" /> Voltar às cotações
      </Button>
      <header className="flex flex-wrap items-start justify-between gap-4 rounded-xl border bg-card p-5 shadow-sm">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">Cotação · {quote.batchName}</h1>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {quote.supplierName} · criada por {quote.createdByName} em {formatDateTime(quote.createdAt)}
          </p>
          <p className="text-sm" data-testid="quote-priced-count">
            {formatNumber(priced)} de {formatCount(quote.items.length, 'item', 'itens')} com preço salvo · total estimado{' '}
            <strong className="tabular-nums">{formatCurrency(Math.round(total * 100) / 100)}</strong>
          </p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <SaveIndicator state={overall} unsaved={unsaved} />
          {editable ? (
            <div className="flex gap-2">
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button variant="outline" className="text-destructive">
                    <Trash2 aria-hidden="true" /> Excluir
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Excluir esta cotação?</AlertDialogTitle>
                    <AlertDialogDescription>Os preços informados serão perdidos. Você poderá criar outra cotação para o lote.</AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Voltar</AlertDialogCancel>
                    <AlertDialogAction onClick={() => remove.mutate(quote.id, { onSuccess: onBack })}>Excluir</AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button disabled={(!shownPriced && priced === 0) || overall === 'invalid' || sending}>
                    <Send aria-hidden="true" /> Enviar cotação
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Enviar a cotação ao comprador?</AlertDialogTitle>
                    <AlertDialogDescription>
                      {formatNumber(priced)} de {formatCount(quote.items.length, 'item tem', 'itens têm')} preço. Depois de enviada, a cotação não pode mais ser alterada.
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  {unsaved > 0 ? (
                    <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
                      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      {formatCount(unsaved, 'item ainda não foi salvo', 'itens ainda não foram salvos')}: a cotação só será enviada depois que forem salvos.
                    </p>
                  ) : null}
                  <AlertDialogFooter>
                    <AlertDialogCancel>Revisar</AlertDialogCancel>
                    <AlertDialogAction onClick={() => void editing.send()}>Enviar</AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            </div>
          ) : null}
        </div>
      </header>
      <section aria-label="Condições da cotação" className="flex flex-wrap items-start gap-4 rounded-xl border bg-card p-4 shadow-sm">
        {editable ? (
          <Field
            label={purchasingMessages.paymentTermLabel}
            description={purchasingMessages.paymentTermDescription}
            error={editing.termError ?? undefined}
            id="payment-term"
            className="max-w-md"
          >
            <Input
              inputMode="numeric"
              className="w-32"
              value={editing.termText}
              onChange={(event) => editing.changeTerm(event.target.value)}
            />
          </Field>
        ) : (
          <p className="text-sm">
            <span className="text-muted-foreground">Prazo de pagamento: </span>
            <span data-testid="quote-payment-term">{paymentTermText(quote.paymentTermDays)}</span>
          </p>
        )}
      </section>
      {editable ? (
        <p className="text-sm text-muted-foreground">Digite o preço unitário (ex.: 12,50) e pressione Enter para ir ao próximo item. As alterações são salvas automaticamente.</p>
      ) : null}
      <div ref={scrollRef} className="max-h-[70vh] overflow-auto rounded-xl border bg-card shadow-sm" role="list" aria-label="Itens da cotação">
        {virtualized ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => {
              const item = quote.items[row.index];
              if (!item) return null;
              return (
                <div
                  key={item.shortageId}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  role="listitem"
                  aria-label={item.productName}
                  className="absolute inset-x-0 border-b p-3"
                  style={{ transform: `translateY(${row.start}px)` }}
                >
                  {renderRow(item, row.index)}
                </div>
              );
            })}
          </div>
        ) : (
          quote.items.map((item, index) => (
            <div key={item.shortageId} role="listitem" aria-label={item.productName} className="border-b p-3 last:border-b-0">
              {renderRow(item, index)}
            </div>
          ))
        )}
      </div>
      {/* Typed values not in the database yet (saving, retrying, refused as invalid): leaving would lose them. */}
      <UnsavedChangesGuard when={editable && (unsaved > 0 || overall === 'invalid')} description={purchasingMessages.quoteLeaveUnsaved} />
    </div>
  );
}

function SaveIndicator({ state, unsaved }: { state: OverallSaveState; unsaved: number }) {
  const content: Record<OverallSaveState, ReactNode> = {
    idle: null,
    saving: (
      <>
        <CloudUpload aria-hidden="true" className="size-4" /> Salvando...
      </>
    ),
    saved: (
      <>
        <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" /> Todas as alterações foram salvas
      </>
    ),
    retrying: (
      <>
        <CloudOff aria-hidden="true" className="size-4 text-destructive" /> {formatCount(unsaved, 'alteração não salva', 'alterações não salvas')}: nova tentativa automática
      </>
    ),
    refused: (
      <>
        <AlertCircle aria-hidden="true" className="size-4 text-destructive" /> Não foi possível salvar alguns itens
      </>
    ),
    invalid: (
      <>
        <AlertCircle aria-hidden="true" className="size-4 text-destructive" /> Corrija os campos destacados
      </>
    ),
  };
  return (
    <p role="status" aria-live="polite" className="flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground">
      {content[state]}
    </p>
  );
}
