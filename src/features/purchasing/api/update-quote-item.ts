import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { purchasingErrorMessage, purchasingMessages } from '@/features/purchasing/messages';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import type { Quote, QuoteItemValues } from '@/features/purchasing/types';
import type { AutosaveOutcome } from '@/features/purchasing/use-quote-autosave';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

const optionalText = z.nullable(z.string().check(z.maxLength(200, 'Use no máximo 200 caracteres.')));

/** What a quote item may hold (the database enforces the same checks). */
export const quoteItemValuesSchema = z.object({
  unitPrice: z.nullable(z.number('Preço inválido.').check(z.gte(0, 'O preço não pode ser negativo.'), z.lt(1e8, 'Preço muito alto.'))),
  minimumQuantity: z.nullable(z.number('Quantidade inválida.').check(z.int('Use um número inteiro.'), z.gte(0, 'A quantidade mínima não pode ser negativa.'))),
  wantsSubstitute: z.boolean(),
  substituteProductName: optionalText,
  substituteManufacturer: optionalText,
  hasBonus: z.boolean(),
  bonusProductName: optionalText,
  bonusManufacturer: optionalText,
  bonusExpiryDate: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Data de validade inválida.'))),
  bonusQuantity: z.number('Quantidade inválida.').check(z.int('Use um número inteiro.'), z.positive('A quantidade da bonificação deve ser maior que zero.')),
});

function blankToNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The columns of an update, from what the representative typed (spec §5: an empty bonus expiry date is null). */
function columnsOf(values: QuoteItemValues) {
  const v = quoteItemValuesSchema.parse(values);
  return {
    unit_price: v.unitPrice,
    minimum_quantity: v.minimumQuantity,
    wants_substitute: v.wantsSubstitute,
    substitute_product_name: v.wantsSubstitute ? blankToNull(v.substituteProductName) : null,
    substitute_manufacturer: v.wantsSubstitute ? blankToNull(v.substituteManufacturer) : null,
    has_bonus: v.hasBonus,
    bonus_product_name: v.hasBonus ? blankToNull(v.bonusProductName) : null,
    bonus_manufacturer: v.hasBonus ? blankToNull(v.bonusManufacturer) : null,
    bonus_expiry_date: v.hasBonus ? blankToNull(v.bonusExpiryDate) : null,
    bonus_quantity: v.hasBonus ? v.bonusQuantity : 1,
  };
}

const STORED_COLUMNS =
  'unit_price, minimum_quantity, wants_substitute, substitute_product_name, substitute_manufacturer, has_bonus, bonus_product_name, bonus_manufacturer, bonus_expiry_date, bonus_quantity' as const;
type StoredRow = Pick<
  Tables<'quote_items'>,
  | 'unit_price'
  | 'minimum_quantity'
  | 'wants_substitute'
  | 'substitute_product_name'
  | 'substitute_manufacturer'
  | 'has_bonus'
  | 'bonus_product_name'
  | 'bonus_manufacturer'
  | 'bonus_expiry_date'
  | 'bonus_quantity'
>;

function valuesOf(row: StoredRow): QuoteItemValues {
  return {
    unitPrice: row.unit_price === null ? null : Number(row.unit_price),
    minimumQuantity: row.minimum_quantity,
    wantsSubstitute: row.wants_substitute,
    substituteProductName: row.substitute_product_name,
    substituteManufacturer: row.substitute_manufacturer,
    hasBonus: row.has_bonus,
    bonusProductName: row.bonus_product_name,
    bonusManufacturer: row.bonus_manufacturer,
    bonusExpiryDate: row.bonus_expiry_date,
    bonusQuantity: row.bonus_quantity,
  };
}

export interface UpdateQuoteItemInput {
  quoteId: string;
  /** The quote's batch: when the quote is gone, whether its batch still exists says why. */
  batchId: string;
  shortageId: string;
  values: QuoteItemValues;
}

/**
 * What became of one autosave: stored (the database's answer, which the screen then counts), not delivered
 * (the connection's fault: keep it pending and retry) or refused by the database (the reason, and what the
 * database holds for the item, null when the item no longer exists, for the screen to show instead).
 */
export type QuoteItemSaveOutcome = AutosaveOutcome<QuoteItemValues>;

const NOT_DELIVERED = { ok: false, network: true, message: NETWORK_ERROR_MESSAGE } as const;

/** Why an update of the quote's items matched no row (RLS lets a representative edit only an open quote). */
async function whyNotEditable(quoteId: string, batchId: string): Promise<string | null> {
  const quote = await supabase.from('quotes').select('status, quote_batches(status)').eq('id', quoteId).maybeSingle();
  if (quote.error) return isNetworkError(quote.error, quote.status) ? null : purchasingMessages.quoteEditForbidden;
  if (!quote.data) {
    const batch = await supabase.from('quote_batches').select('id').eq('id', batchId).maybeSingle();
    if (batch.error) return isNetworkError(batch.error, batch.status) ? null : purchasingMessages.quoteRemoved;
    return batch.data ? purchasingMessages.quoteRemoved : purchasingMessages.quoteBatchRemoved;
  }
  if (quote.data.status === 'ENVIADA') return purchasingMessages.quoteAlreadySent;
  if (quote.data.status !== 'EM_ANDAMENTO') return purchasingMessages.quoteAlreadyDecided;
  if (quote.data.quote_batches && quote.data.quote_batches.status !== 'EM_COTACAO') return purchasingMessages.quoteBatchClosed;
  return purchasingMessages.quoteEditForbidden;
}

/**
 * Updates one item by quote_id and shortage_id (spec §7) and answers what the database now holds. Never throws:
 * a connection failure is `network`, a refusal carries its Portuguese reason and the row as stored.
 */
export async function saveQuoteItem({ quoteId, batchId, shortageId, values }: UpdateQuoteItemInput): Promise<QuoteItemSaveOutcome> {
  const parsed = quoteItemValuesSchema.safeParse(values);
  const update = parsed.success
    ? await supabase.from('quote_items').update(columnsOf(parsed.data)).eq('quote_id', quoteId).eq('shortage_id', shortageId).select(STORED_COLUMNS).maybeSingle()
    : null;
  if (update && !update.error && update.data) return { ok: true, stored: valuesOf(update.data) };
  if (update?.error && isNetworkError(update.error, update.status)) return NOT_DELIVERED;

  // Refused: say why, and read what the database holds for the item.
  const message = update?.error
    ? purchasingErrorMessage(update.error, 'Verifique os dados informados.')
    : update
      ? await whyNotEditable(quoteId, batchId)
      : (parsed.error?.issues[0]?.message ?? 'Verifique os dados informados.');
  if (message === null) return NOT_DELIVERED;
  const stored = await supabase.from('quote_items').select(STORED_COLUMNS).eq('quote_id', quoteId).eq('shortage_id', shortageId).maybeSingle();
  if (stored.error) return isNetworkError(stored.error, stored.status) ? NOT_DELIVERED : { ok: false, network: false, message, stored: null };
  return { ok: false, network: false, message, stored: stored.data ? valuesOf(stored.data) : null };
}

/**
 * Autosave of one item: the cache follows the database's answer (stored values, or what it holds after a refusal).
 * Notifications are the editor's (one per failure episode, not one per retry).
 */
export function useSaveQuoteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQuoteItem,
    onSuccess: (outcome, input) => {
      const stored = outcome.ok ? outcome.stored : outcome.network ? null : outcome.stored;
      if (!stored) return;
      queryClient.setQueryData<Quote[]>(purchasingKeys.quoteList(), (quotes) =>
        quotes?.map((quote) =>
          quote.id !== input.quoteId
            ? quote
            : { ...quote, items: quote.items.map((item) => (item.shortageId === input.shortageId ? { ...item, ...stored } : item)) },
        ),
      );
    },
  });
}
