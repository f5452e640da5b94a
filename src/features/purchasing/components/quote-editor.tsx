import { useVirtualizer } from '@tanstack/react-virtual';
import { AlertCircle, ArrowLeft, CheckCircle2, CloudUpload, Send, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
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
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { draftFromValues, lineTotal, parseBrl, valuesFromDraft, type QuoteItemDraft, type QuoteItemDraftErrors } from '@/features/purchasing/logic';
import { useQuotes } from '@/features/purchasing/quote-context';
import { QuoteStatusBadge } from '@/features/purchasing/components/status-badges';
import type { Quote, QuoteItem } from '@/features/purchasing/types';

const AUTOSAVE_DELAY_MS = 700;
/** Lists longer than this are virtualised (style rule: over 200 rows). */
const VIRTUALIZE_OVER = 200;
type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error' | 'invalid';

function draftOf(item: QuoteItem): QuoteItemDraft {
  return draftFromValues(item);
}

/** The representative's grid: price, minimum quantity, substitute and bonus per item, autosaved. */
export function QuoteEditor({ quote, canEdit, onBack }: { quote: Quote; canEdit: boolean; onBack: () => void }) {
  const { updateItem, submitQuote, deleteQuote } = useQuotes();
  const editable = canEdit && quote.status === 'EM_ANDAMENTO' && quote.batchStatus === 'EM_COTACAO';
  const [drafts, setDrafts] = useState<Record<string, QuoteItemDraft>>(() => Object.fromEntries(quote.items.map((item) => [item.shortageId, draftOf(item)])));
  const [errors, setErrors] = useState<Record<string, QuoteItemDraftErrors>>({});
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  /** The save chain of each item still running: saves of one item run one after the other, in typing order. */
  const inFlight = useRef(new Map<string, Promise<boolean>>());
  const latest = useRef(drafts);
  latest.current = drafts;

  const runSave = useCallback(
    async (shortageId: string): Promise<boolean> => {
      const draft = latest.current[shortageId];
      if (!draft) return true;
      const result = valuesFromDraft(draft);
      if (!result.values) return false;
      setStates((s) => ({ ...s, [shortageId]: 'saving' }));
      const ok = await updateItem(quote.id, shortageId, result.values);
      setStates((s) => ({ ...s, [shortageId]: s[shortageId] === 'saving' ? (ok ? 'saved' : 'error') : (s[shortageId] ?? 'idle') }));
      return ok;
    },
    [quote.id, updateItem],
  );

  /** Saves an item after any save of it already running; resolves with whether this save succeeded. */
  const save = useCallback(
    (shortageId: string): Promise<boolean> => {
      const previous = inFlight.current.get(shortageId) ?? Promise.resolve(true);
      const next = previous.then(
        () => runSave(shortageId),
        () => runSave(shortageId),
      );
      inFlight.current.set(shortageId, next);
      void next.finally(() => {
        if (inFlight.current.get(shortageId) === next) inFlight.current.delete(shortageId);
      });
      return next;
    },
    [runSave],
  );

  /**
   * Before leaving or submitting: fires the saves still waiting for the typing pause and waits for every save in
   * flight, so submit_quote never commits ahead of a price being saved. Resolves false if any save failed.
   */
  const flush = useCallback(async (): Promise<boolean> => {
    const pending = [...timers.current.keys()];
    for (const id of pending) clearTimeout(timers.current.get(id));
    timers.current.clear();
    for (const id of pending) void save(id);
    const results = await Promise.all([...inFlight.current.values()]);
    return results.every(Boolean);
  }, [save]);

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const id of map.keys()) {
        clearTimeout(map.get(id));
        void save(id);
      }
      map.clear();
    };
  }, [save]);

  function change(shortageId: string, patch: Partial<QuoteItemDraft>) {
    const current = drafts[shortageId];
    if (!current) return;
    const next = { ...current, ...patch };
    setDrafts((d) => ({ ...d, [shortageId]: next }));
    latest.current = { ...latest.current, [shortageId]: next };
    const result = valuesFromDraft(next);
    setErrors((e) => ({ ...e, [shortageId]: result.errors ?? {} }));
    const existing = timers.current.get(shortageId);
    if (existing) clearTimeout(existing);
    timers.current.delete(shortageId);
    if (!result.values) {
      setStates((s) => ({ ...s, [shortageId]: 'invalid' }));
      return;
    }
    setStates((s) => ({ ...s, [shortageId]: 'pending' }));
    timers.current.set(
      shortageId,
      setTimeout(() => {
        timers.current.delete(shortageId);
        void save(shortageId);
      }, AUTOSAVE_DELAY_MS),
    );
  }

  const stateValues = Object.values(states);
  const overall: SaveState = stateValues.includes('invalid')
    ? 'invalid'
    : stateValues.includes('error')
      ? 'error'
      : stateValues.includes('saving') || stateValues.includes('pending')
        ? 'saving'
        : stateValues.includes('saved')
          ? 'saved'
          : 'idle';
  const priced = quote.items.filter((item) => {
    const price = parseBrl(drafts[item.shortageId]?.unitPrice ?? '');
    return price !== null && !Number.isNaN(price);
  });
  const total = priced.reduce((sum, item) => sum + lineTotal(item.requestedQuantity, parseBrl(drafts[item.shortageId]?.unitPrice ?? '') ?? 0), 0);

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
        state={states[item.shortageId] ?? 'idle'}
        disabled={!editable}
        onChange={(patch) => change(item.shortageId, patch)}
        onEnter={() => focusNextPrice(index)}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <Button variant="ghost" className="w-fit" onClick={() => void flush().then(onBack)}>
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
          <p className="text-sm">
            {formatNumber(priced.length)} de {formatNumber(quote.items.length)} item(ns) com preço · total estimado{' '}
            <strong className="tabular-nums">{formatCurrency(Math.round(total * 100) / 100)}</strong>
          </p>
        </div>
        <div className="flex flex-col items-end gap-2">
          <SaveIndicator state={overall} />
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
                  <Button disabled={priced.length === 0 || overall === 'invalid'}>
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
                  <AlertDialogFooter>
                    <AlertDialogCancel>Revisar</AlertDialogCancel>
                    <AlertDialogAction onClick={() => void flush().then((saved) => (saved ? submitQuote(quote.id) : false))}>Enviar</AlertDialogAction>
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
    </div>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const content: Record<SaveState, React.ReactNode> = {
    idle: null,
    pending: null,
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
    error: (
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
      {content[state === 'pending' ? 'saving' : state]}
    </p>
  );
}

interface QuoteItemRowProps {
  item: QuoteItem;
  draft: QuoteItemDraft;
  errors: QuoteItemDraftErrors;
  state: SaveState;
  disabled: boolean;
  onChange: (patch: Partial<QuoteItemDraft>) => void;
  onEnter: () => void;
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

function QuoteItemRow({ item, draft, errors, state, disabled, onChange, onEnter }: QuoteItemRowProps) {
  const id = item.shortageId;
  const price = parseBrl(draft.unitPrice);
  return (
    <div className="grid gap-2">
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
            className="text-right tabular-nums"
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
      <span className={cn('sr-only', state === 'error' && 'not-sr-only text-xs text-destructive')}>{state === 'error' ? 'Não foi possível salvar este item.' : ''}</span>
    </div>
  );
}
