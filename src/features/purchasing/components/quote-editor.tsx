import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle, ArrowLeft, CheckCircle2, CloudOff, CloudUpload, Send, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/dates';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { cn } from '@/lib/utils';
import { draftFromValues, lineTotal, parseBrl, valuesFromDraft, type QuoteItemDraft, type QuoteItemDraftErrors } from '@/features/purchasing/logic';
import { useQuotes } from '@/features/purchasing/quote-context';
import { QuoteStatusBadge } from '@/features/purchasing/components/status-badges';
import { QUOTE_INVALID_ITEMS, QUOTE_LEAVE_UNSAVED, quoteUnsavedMessage } from '@/features/purchasing/messages';
import type { Quote, QuoteItem, QuoteItemValues } from '@/features/purchasing/types';
import { useQuoteAutosave, type CellSaveState } from '@/features/purchasing/use-quote-autosave';

/** Lists longer than this are virtualised (style rule: over 200 rows). */
const VIRTUALIZE_OVER = 200;
type OverallState = 'idle' | 'saving' | 'saved' | 'retrying' | 'refused' | 'invalid';

function draftOf(item: QuoteItem): QuoteItemDraft {
  return draftFromValues(item);
}

const EMPTY_DRAFT: QuoteItemDraft = draftFromValues({
  unitPrice: null,
  minimumQuantity: null,
  wantsSubstitute: false,
  substituteProductName: null,
  substituteManufacturer: null,
  hasBonus: false,
  bonusProductName: null,
  bonusManufacturer: null,
  bonusExpiryDate: null,
  bonusQuantity: 1,
});

const SAVED_STATE: CellSaveState = { status: 'saved', attempts: 0, error: null, retryAt: null };

/**
 * The representative's grid: price, minimum quantity, substitute and bonus per item, autosaved (use-quote-autosave).
 * What it counts as priced is what the database answered, never what was typed; 'Enviar' waits for every save and
 * is refused while any is pending, and the database checks that it holds what the screen shows.
 */
export function QuoteEditor({ quote, canEdit, onBack }: { quote: Quote; canEdit: boolean; onBack: () => void }) {
  const { saveItem, submitQuote, deleteQuote } = useQuotes();
  const editable = canEdit && quote.status === 'EM_ANDAMENTO' && quote.batchStatus === 'EM_COTACAO';
  const [drafts, setDrafts] = useState<Record<string, QuoteItemDraft>>(() => Object.fromEntries(quote.items.map((item) => [item.shortageId, draftOf(item)])));
  const [errors, setErrors] = useState<Record<string, QuoteItemDraftErrors>>({});
  /** What the database holds per item (its last answer): the count and total shown come from here. */
  const [stored, setStored] = useState<Record<string, QuoteItemValues | null>>(() => Object.fromEntries(quote.items.map((item) => [item.shortageId, item])));
  const [sending, setSending] = useState(false);
  const latest = useRef(drafts);
  useEffect(() => {
    latest.current = drafts;
  });

  const { autosave, states } = useQuoteAutosave<QuoteItemValues>({
    save: (shortageId, values) => saveItem(quote, shortageId, values),
    onStored: (shortageId, values) => setStored((current) => ({ ...current, [shortageId]: values })),
    onRefused: (shortageId, values, message) => {
      const draft = values ? draftFromValues(values) : EMPTY_DRAFT;
      latest.current = { ...latest.current, [shortageId]: draft };
      setDrafts((current) => ({ ...current, [shortageId]: draft }));
      setErrors((current) => ({ ...current, [shortageId]: {} }));
      toast({ title: RECORD_UPDATE_ERROR, description: message, variant: 'destructive' });
    },
    onNetworkFailure: (shortageId, message) => {
      // One notification per outage, not one per item or per retry.
      const othersFailing = Object.entries(autosave.getSnapshot()).some(([id, state]) => id !== shortageId && state.status === 'retrying');
      if (!othersFailing) toast({ title: RECORD_UPDATE_ERROR, description: message, variant: 'destructive' });
    },
  });

  function change(shortageId: string, patch: Partial<QuoteItemDraft>) {
    const current = latest.current[shortageId];
    if (!current) return;
    const next = { ...current, ...patch };
    latest.current = { ...latest.current, [shortageId]: next };
    setDrafts((d) => ({ ...d, [shortageId]: next }));
    const result = valuesFromDraft(next);
    setErrors((e) => ({ ...e, [shortageId]: result.errors ?? {} }));
    autosave.edit(shortageId, result.values);
  }

  /** Waits for every save; false (with the reason shown) when something typed is not in the database. */
  async function everythingSaved(): Promise<boolean> {
    const saved = await autosave.flush();
    if (saved) return true;
    const invalid = autosave.invalidIds().length;
    toast({
      title: RECORD_UPDATE_ERROR,
      description: invalid > 0 ? QUOTE_INVALID_ITEMS : quoteUnsavedMessage(autosave.pendingIds().length),
      variant: 'destructive',
    });
    return false;
  }

  async function send() {
    setSending(true);
    try {
      if (!(await everythingSaved())) return;
      // Every item as the screen shows it: the database refuses the send unless it holds exactly this.
      const expected = quote.items.map((item) => {
        const values = valuesFromDraft(latest.current[item.shortageId] ?? draftOf(item)).values;
        return { shortageId: item.shortageId, unitPrice: values?.unitPrice ?? null, minimumQuantity: values?.minimumQuantity ?? null };
      });
      await submitQuote(quote.id, expected);
    } finally {
      setSending(false);
    }
  }

  async function back() {
    if (!editable || (await autosave.flush())) {
      onBack();
      return;
    }
    toast({ title: RECORD_UPDATE_ERROR, description: QUOTE_LEAVE_UNSAVED, variant: 'destructive' });
  }

  const cellStates = quote.items.map((item) => states[item.shortageId] ?? SAVED_STATE);
  const retrying = cellStates.filter((state) => state.status === 'retrying').length;
  const unsaved = cellStates.filter((state) => state.status === 'waiting' || state.status === 'saving' || state.status === 'retrying').length;
  const overall: OverallState = cellStates.some((state) => state.status === 'invalid')
    ? 'invalid'
    : retrying > 0
      ? 'retrying'
      : unsaved > 0
        ? 'saving'
        : cellStates.some((state) => state.status === 'refused')
          ? 'refused'
          : Object.keys(states).length > 0
            ? 'saved'
            : 'idle';
  // Counted from the database's answers, so 'X de Y item(ns) têm preço' is what submit_quote will find.
  const priced = quote.items.filter((item) => {
    const price = stored[item.shortageId]?.unitPrice;
    return price !== null && price !== undefined;
  });
  const total = priced.reduce((sum, item) => sum + lineTotal(item.requestedQuantity, stored[item.shortageId]?.unitPrice ?? 0), 0);
  const shownPriced = quote.items.some((item) => {
    const price = parseBrl(drafts[item.shortageId]?.unitPrice ?? '');
    return price !== null && !Number.isNaN(price);
  });

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
        state={states[item.shortageId] ?? SAVED_STATE}
        disabled={!editable}
        onChange={(patch) => change(item.shortageId, patch)}
        onEnter={() => focusNextPrice(index)}
        onRetry={() => autosave.retryNow()}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Button variant="ghost" className="w-fit" onClick={() => void back()}>
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
            {formatNumber(priced.length)} de {formatNumber(quote.items.length)} item(ns) com preço salvo · total estimado{' '}
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
                    <AlertDialogCancel>Cancelar</AlertDialogCancel>
                    <AlertDialogAction onClick={() => void deleteQuote(quote.id).then((ok) => ok && onBack())}>Excluir</AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button disabled={(!shownPriced && priced.length === 0) || overall === 'invalid' || sending}>
                    <Send aria-hidden="true" /> Enviar cotação
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Enviar a cotação ao comprador?</AlertDialogTitle>
                    <AlertDialogDescription>
                      {formatNumber(priced.length)} de {formatNumber(quote.items.length)} item(ns) têm preço. Depois de enviada, a cotação não pode mais ser alterada.
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  {unsaved > 0 ? (
                    <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
                      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      {formatNumber(unsaved)} item(ns) ainda não foram salvos: a cotação só será enviada depois que forem salvos.
                    </p>
                  ) : null}
                  <AlertDialogFooter>
                    <AlertDialogCancel>Revisar</AlertDialogCancel>
                    <AlertDialogAction onClick={() => void send()}>Enviar</AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            </div>
          ) : null}
        </div>
      </header>
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
      <UnsavedChangesGuard when={editable && (unsaved > 0 || overall === 'invalid')} description={QUOTE_LEAVE_UNSAVED} />
    </div>
  );
}

function SaveIndicator({ state, unsaved }: { state: OverallState; unsaved: number }) {
  const content: Record<OverallState, ReactNode> = {
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
        <CloudOff aria-hidden="true" className="size-4 text-destructive" /> {formatNumber(unsaved)} alteração(ões) não salva(s): nova tentativa automática
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

interface QuoteItemRowProps {
  item: QuoteItem;
  draft: QuoteItemDraft;
  errors: QuoteItemDraftErrors;
  state: CellSaveState;
  disabled: boolean;
  onChange: (patch: Partial<QuoteItemDraft>) => void;
  onEnter: () => void;
  onRetry: () => void;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  ) : null;
}

/** A field of an offer's substitute or bonus, with a visible caption (its accessible name is on the field itself). */
function Captioned({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-muted-foreground" aria-hidden="true">
        {caption}
      </span>
      {children}
    </div>
  );
}

function QuoteItemRow({ item, draft, errors, state, disabled, onChange, onEnter, onRetry }: QuoteItemRowProps) {
  const id = item.shortageId;
  const price = parseBrl(draft.unitPrice);
  const failing = state.status === 'retrying' || (state.error !== null && (state.status === 'waiting' || state.status === 'saving'));
  return (
    <div className="grid gap-2" data-save-status={state.status}>
      <div className="grid items-start gap-3 md:grid-cols-[minmax(0,1fr)_9rem_7rem_auto]">
        <div className="min-w-0">
          <p className="truncate font-medium">{item.productName}</p>
          <p className="text-xs text-muted-foreground">
            {formatNumber(item.requestedQuantity)} un. · {item.unitName ?? '—'}
            {item.barcode ? ` · ${item.barcode}` : ''}
            {price !== null && !Number.isNaN(price) ? ` · total ${formatCurrency(lineTotal(item.requestedQuantity, price))}` : ''}
          </p>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`price-${id}`} className="text-xs font-medium">
            Preço unitário (R$)
          </label>
          <Input
            id={`price-${id}`}
            inputMode="decimal"
            placeholder="0,00"
            disabled={disabled}
            value={draft.unitPrice}
            aria-label={`Preço unitário de ${item.productName}`}
            aria-invalid={errors.unitPrice ? true : undefined}
            aria-describedby={errors.unitPrice ? `price-${id}-error` : undefined}
            className={cn('text-right tabular-nums', failing && 'border-amber-500')}
            onChange={(e) => onChange({ unitPrice: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onEnter();
              }
            }}
          />
          <FieldError id={`price-${id}-error`} message={errors.unitPrice} />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`min-${id}`} className="text-xs font-medium">
            Qtd. mínima
          </label>
          <Input
            id={`min-${id}`}
            inputMode="numeric"
            disabled={disabled}
            value={draft.minimumQuantity}
            aria-label={`Quantidade mínima de ${item.productName}`}
            aria-invalid={errors.minimumQuantity ? true : undefined}
            aria-describedby={errors.minimumQuantity ? `min-${id}-error` : undefined}
            className="text-right tabular-nums"
            onChange={(e) => onChange({ minimumQuantity: e.target.value })}
          />
          <FieldError id={`min-${id}-error`} message={errors.minimumQuantity} />
        </div>
        <div className="flex flex-col gap-2 pt-5 text-sm">
          <label className="flex items-center gap-2">
            <Checkbox
              disabled={disabled}
              checked={draft.wantsSubstitute}
              aria-label={`Oferecer substituto para ${item.productName}`}
              onCheckedChange={(value) => onChange({ wantsSubstitute: value === true })}
            />
            Substituto
          </label>
          <label className="flex items-center gap-2">
            <Checkbox
              disabled={disabled}
              checked={draft.hasBonus}
              aria-label={`Oferecer bonificação para ${item.productName}`}
              onCheckedChange={(value) => onChange({ hasBonus: value === true })}
            />
            Bonificação
          </label>
        </div>
      </div>
      {draft.wantsSubstitute ? (
        <div className="grid items-start gap-2 rounded-md bg-muted/50 p-2 sm:grid-cols-2">
          <Captioned caption="Produto substituto">
            <Input
              disabled={disabled}
              placeholder="Nome e apresentação"
              aria-label={`Produto substituto de ${item.productName}`}
              value={draft.substituteProductName}
              maxLength={200}
              onChange={(e) => onChange({ substituteProductName: e.target.value })}
            />
          </Captioned>
          <Captioned caption="Fabricante do substituto">
            <Input
              disabled={disabled}
              placeholder="Fabricante ou laboratório"
              aria-label={`Fabricante do substituto de ${item.productName}`}
              value={draft.substituteManufacturer}
              maxLength={200}
              onChange={(e) => onChange({ substituteManufacturer: e.target.value })}
            />
          </Captioned>
        </div>
      ) : null}
      {draft.hasBonus ? (
        <div className="grid items-start gap-2 rounded-md bg-muted/50 p-2 sm:grid-cols-[1fr_1fr_10rem_7rem]">
          <Captioned caption="Produto bonificado">
            <Input
              disabled={disabled}
              placeholder="Nome e apresentação"
              aria-label={`Produto da bonificação de ${item.productName}`}
              value={draft.bonusProductName}
              maxLength={200}
              onChange={(e) => onChange({ bonusProductName: e.target.value })}
            />
          </Captioned>
          <Captioned caption="Fabricante da bonificação">
            <Input
              disabled={disabled}
              placeholder="Fabricante ou laboratório"
              aria-label={`Fabricante da bonificação de ${item.productName}`}
              value={draft.bonusManufacturer}
              maxLength={200}
              onChange={(e) => onChange({ bonusManufacturer: e.target.value })}
            />
          </Captioned>
          <Captioned caption="Validade (opcional)">
            <Input
              type="date"
              disabled={disabled}
              aria-label={`Validade da bonificação de ${item.productName}`}
              aria-invalid={errors.bonusExpiryDate ? true : undefined}
              value={draft.bonusExpiryDate}
              onChange={(e) => onChange({ bonusExpiryDate: e.target.value })}
            />
            <FieldError id={`bonus-date-${id}-error`} message={errors.bonusExpiryDate} />
          </Captioned>
          <Captioned caption="Qtd. bonificada">
            <Input
              inputMode="numeric"
              disabled={disabled}
              aria-label={`Quantidade da bonificação de ${item.productName}`}
              aria-invalid={errors.bonusQuantity ? true : undefined}
              value={draft.bonusQuantity}
              className="text-right tabular-nums"
              onChange={(e) => onChange({ bonusQuantity: e.target.value })}
            />
            <FieldError id={`bonus-qty-${id}-error`} message={errors.bonusQuantity} />
          </Captioned>
        </div>
      ) : null}
      <CellSaveNote state={state} failing={failing} onRetry={onRetry} />
    </div>
  );
}

/** Under an item: pending, failing (with the reason and a retry) or refused (showing what the database holds). */
function CellSaveNote({ state, failing, onRetry }: { state: CellSaveState; failing: boolean; onRetry: () => void }) {
  if (failing)
    return (
      <p className="flex flex-wrap items-center gap-2 text-xs text-amber-800 dark:text-amber-200" data-testid="cell-save-pending">
        <CloudOff aria-hidden="true" className="size-3.5" />
        Não salvo: {state.error} {state.status === 'retrying' ? 'Nova tentativa automática em instantes.' : 'Salvando novamente...'}
        {state.status === 'retrying' ? (
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onRetry}>
            Tentar agora
          </Button>
        ) : null}
      </p>
    );
  if (state.status === 'refused')
    return (
      <p className="flex items-center gap-2 text-xs text-destructive">
        <AlertCircle aria-hidden="true" className="size-3.5" /> Não salvo: {state.error} Os valores exibidos são os que estão salvos.
      </p>
    );
  if (state.status === 'waiting' || state.status === 'saving') return <p className="text-xs text-muted-foreground">Salvando...</p>;
  return null;
}
