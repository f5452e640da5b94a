/**
 * The quote editor's state: what the representative typed per item (drafts and their field errors), what the
 * database holds per item (its last answer), the autosave wiring (use-quote-autosave) and the send, which waits for
 * every save. The editor component only lays it out.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { RECORD_UPDATE_ERROR } from '@/lib/errors';
import { useSaveQuoteItem } from '@/features/purchasing/api/update-quote-item';
import { useSavePaymentTerm, type PaymentTermValue } from '@/features/purchasing/api/set-payment-term';
import { paymentTermSchema } from '@/features/purchasing/schemas';
import { useSubmitQuote } from '@/features/purchasing/api/submit-quote';
import { draftFromValues, lineTotal, parseBrl, valuesFromDraft, type QuoteItemDraft, type QuoteItemDraftErrors } from '@/features/purchasing/logic';
import { purchasingMessages, quoteUnsavedMessage } from '@/features/purchasing/messages';
import type { Quote, QuoteItem, QuoteItemValues } from '@/features/purchasing/types';
import { SAVED, useQuoteAutosave, type CellSaveState } from '@/features/purchasing/use-quote-autosave';

/** The autosave id of the quote-level payment term (item ids are shortage ids, never this). */
const PAYMENT_TERM = 'payment-term';

/** The editor's one-line summary of its saves. */
export type OverallSaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'refused' | 'invalid';

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

/**
 * What it counts as priced is what the database answered, never what was typed; `send` waits for every save and is
 * refused while any is pending, and the database checks that it holds what the screen shows.
 */
export function useQuoteEditing(quote: Quote, editable: boolean) {
  const { mutateAsync: saveItem } = useSaveQuoteItem();
  const { mutateAsync: saveTerm } = useSavePaymentTerm();
  /** The payment term as typed, and its field error (issue 28: quote level, autosaved like the items). */
  const [termText, setTermText] = useState(() => (quote.paymentTermDays === null ? '' : String(quote.paymentTermDays)));
  const termParsed = paymentTermSchema.safeParse(termText);
  const termError = termParsed.success ? null : (termParsed.error.issues[0]?.message ?? null);
  const submit = useSubmitQuote();
  const [drafts, setDrafts] = useState<Record<string, QuoteItemDraft>>(() => Object.fromEntries(quote.items.map((item) => [item.shortageId, draftOf(item)])));
  /** What the database holds per item (its last answer): the count and total shown come from here. */
  const [stored, setStored] = useState<Record<string, QuoteItemValues | null>>(() => Object.fromEntries(quote.items.map((item) => [item.shortageId, item])));
  const [sending, setSending] = useState(false);
  /** Each draft's field errors, read off the draft itself. */
  const errors = useMemo(
    () => Object.fromEntries(Object.entries(drafts).map(([id, draft]) => [id, valuesFromDraft(draft).errors ?? {}])) as Record<string, QuoteItemDraftErrors>,
    [drafts],
  );
  const latest = useRef(drafts);
  useEffect(() => {
    latest.current = drafts;
  });

  const { autosave, states } = useQuoteAutosave<QuoteItemValues>({
    save: (shortageId, values) => saveItem({ quoteId: quote.id, batchId: quote.batchId, shortageId, values }),
    onStored: (shortageId, values) => setStored((current) => ({ ...current, [shortageId]: values })),
    onRefused: (shortageId, values, message) => {
      const draft = values ? draftFromValues(values) : EMPTY_DRAFT;
      latest.current = { ...latest.current, [shortageId]: draft };
      setDrafts((current) => ({ ...current, [shortageId]: draft }));
      toast({ title: RECORD_UPDATE_ERROR, description: message, variant: 'destructive' });
    },
    onNetworkFailure: (shortageId, message) => {
      // One notification per outage, not one per item or per retry.
      const othersFailing = Object.entries(autosave.getSnapshot()).some(([id, state]) => id !== shortageId && state.status === 'retrying');
      if (!othersFailing) toast({ title: RECORD_UPDATE_ERROR, description: message, variant: 'destructive' });
    },
  });

  const term = useQuoteAutosave<PaymentTermValue>({
    save: (_id, value) => saveTerm({ quoteId: quote.id, days: value.days }),
    onRefused: (_id, stored, message) => {
      const days = stored?.days ?? null;
      setTermText(days === null ? '' : String(days));
      toast({ title: RECORD_UPDATE_ERROR, description: message, variant: 'destructive' });
    },
    onNetworkFailure: (_id, message) => {
      const othersFailing = Object.values(autosave.getSnapshot()).some((state) => state.status === 'retrying');
      if (!othersFailing) toast({ title: RECORD_UPDATE_ERROR, description: message, variant: 'destructive' });
    },
  });

  /** The payment term typed: saved after the typing pause when valid, held back (shown invalid) otherwise. */
  function changeTerm(text: string) {
    setTermText(text);
    const parsed = paymentTermSchema.safeParse(text);
    term.autosave.edit(PAYMENT_TERM, parsed.success ? { days: parsed.data } : null);
  }

  function change(shortageId: string, patch: Partial<QuoteItemDraft>) {
    const current = latest.current[shortageId];
    if (!current) return;
    const next = { ...current, ...patch };
    latest.current = { ...latest.current, [shortageId]: next };
    setDrafts((d) => ({ ...d, [shortageId]: next }));
    const result = valuesFromDraft(next);
    autosave.edit(shortageId, result.values);
  }

  /** Waits for every save; false (with the reason shown) when something typed is not in the database. */
  async function everythingSaved(): Promise<boolean> {
    const [itemsSaved, termSaved] = await Promise.all([autosave.flush(), term.autosave.flush()]);
    if (itemsSaved && termSaved) return true;
    const invalid = autosave.invalidIds().length + term.autosave.invalidIds().length;
    toast({
      title: RECORD_UPDATE_ERROR,
      description: invalid > 0 ? purchasingMessages.quoteInvalidItems : quoteUnsavedMessage(autosave.pendingIds().length + term.autosave.pendingIds().length),
      variant: 'destructive',
    });
    return false;
  }

  /** 'Enviar': once every save is in, the quote goes with every item as the screen shows it. */
  async function send() {
    setSending(true);
    let submitted = false;
    try {
      if (!(await everythingSaved())) return;
      // Every item as the screen shows it: the database refuses the send unless it holds exactly this.
      const expected = quote.items.map((item) => {
        const values = valuesFromDraft(latest.current[item.shortageId] ?? draftOf(item)).values;
        return { shortageId: item.shortageId, unitPrice: values?.unitPrice ?? null, minimumQuantity: values?.minimumQuantity ?? null };
      });
      submit.mutate({ quoteId: quote.id, expected }, { onSettled: () => setSending(false) });
      submitted = true;
    } finally {
      if (!submitted) setSending(false);
    }
  }

  /** 'Voltar': leaves once nothing typed is left unsaved (a read-only quote leaves at once). */
  async function leave(onLeave: () => void) {
    if (!editable || (await Promise.all([autosave.flush(), term.autosave.flush()])).every(Boolean)) {
      onLeave();
      return;
    }
    toast({ title: RECORD_UPDATE_ERROR, description: purchasingMessages.quoteLeaveUnsaved, variant: 'destructive' });
  }

  const termState = term.states[PAYMENT_TERM] ?? SAVED;
  const cellStates = [...quote.items.map((item) => states[item.shortageId] ?? SAVED), termState];
  const retrying = cellStates.filter((state) => state.status === 'retrying').length;
  const unsaved = cellStates.filter((state) => state.status === 'waiting' || state.status === 'saving' || state.status === 'retrying').length;
  const overall: OverallSaveState = cellStates.some((state) => state.status === 'invalid')
    ? 'invalid'
    : retrying > 0
      ? 'retrying'
      : unsaved > 0
        ? 'saving'
        : cellStates.some((state) => state.status === 'refused')
          ? 'refused'
          : Object.keys(states).length > 0 || Object.keys(term.states).length > 0
            ? 'saved'
            : 'idle';
  // Counted from the database's answers, so 'X de Y itens têm preço' is what submit_quote will find.
  const priced = quote.items.filter((item) => {
    const price = stored[item.shortageId]?.unitPrice;
    return price !== null && price !== undefined;
  }).length;
  const total = quote.items.reduce((sum, item) => {
    const price = stored[item.shortageId]?.unitPrice;
    return price === null || price === undefined ? sum : sum + lineTotal(item.requestedQuantity, price);
  }, 0);
  const shownPriced = quote.items.some((item) => {
    const price = parseBrl(drafts[item.shortageId]?.unitPrice ?? '');
    return price !== null && !Number.isNaN(price);
  });

  return {
    drafts,
    errors,
    /** The payment term as typed, its field error and its save state. */
    termText,
    termError,
    termState,
    changeTerm,
    /** Each item's save state (`SAVED` when never touched). */
    stateOf: (shortageId: string): CellSaveState => states[shortageId] ?? SAVED,
    overall,
    unsaved,
    priced,
    total,
    shownPriced,
    sending: sending || submit.isPending,
    change,
    send,
    leave,
    retryNow: () => {
      autosave.retryNow();
      term.autosave.retryNow();
    },
  };
}
