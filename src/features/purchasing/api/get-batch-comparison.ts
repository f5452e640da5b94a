import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { COST_OF_MONEY_DEFAULT_PERCENT } from '@/lib/cost-of-money';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { batchStatus, nullableNumeric, quoteStatus } from '@/features/purchasing/api/rows';
import { cellKey } from '@/features/purchasing/logic';
import type { Comparison, ComparisonCell } from '@/features/purchasing/types';

/**
 * An offer as get_batch_comparison sends it: a row of OFFER_COLUMNS (its quote by position in `quotes`), not an object
 * of named fields: 5,000 of them for a 500 × 10 batch (migration 20261210000000).
 */
const OFFER_COLUMNS = [
  'quote',
  'unit_price',
  'minimum_quantity',
  'is_winner',
  'wants_substitute',
  'substitute_product_name',
  'substitute_manufacturer',
  'has_bonus',
  'bonus_product_name',
  'bonus_manufacturer',
  'bonus_expiry_date',
  'bonus_quantity',
  'effective_unit_cost',
  'price_rank',
  'effective_rank',
] as const;

const offerSchema = z.tuple([
  z.number(),
  nullableNumeric,
  z.nullable(z.number()),
  z.boolean(),
  z.boolean(),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.boolean(),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.nullable(z.string()),
  z.number(),
  nullableNumeric,
  z.nullable(z.number()),
  z.nullable(z.number()),
]);

const comparisonSchema = z.object({
  batch: z.object({ id: z.string(), name: z.nullable(z.string()), status: batchStatus, closed_at: z.nullable(z.string()) }),
  version: z.string(),
  checksum: z.string(),
  monthly_rate: z.number(),
  offer_columns: z.array(z.string()),
  quotes: z.array(
    z.object({
      id: z.string(),
      supplier_id: z.string(),
      supplier_name: z.nullable(z.string()),
      status: quoteStatus,
      priced_items: z.number(),
      payment_term_days: z.nullable(z.number()),
    }),
  ),
  items: z.array(
    z.object({
      shortage_id: z.string(),
      product_name: z.nullable(z.string()),
      barcode: z.nullable(z.string()),
      unit_name: z.nullable(z.string()),
      requested_quantity: z.number(),
      best_unit_price: nullableNumeric,
      effective_differs: z.boolean(),
      offers: z.array(offerSchema),
    }),
  ),
});

/** The buyer's monthly cost of money when none is chosen (2 % a month, domain notes §1.6). */
export const DEFAULT_MONTHLY_RATE = COST_OF_MONEY_DEFAULT_PERCENT / 100;

/** get_batch_comparison's answer when the document the caller holds (its checksum) is still current. */
const unchangedSchema = z.object({ unchanged: z.literal(true), checksum: z.string() });

/**
 * get_batch_comparison: every item of the batch against every supplier's answer, as a grid, with each offer's
 * effective unit cost at `monthlyRate` (a fraction: 0.02 = 2 % a month). With `known` (the comparison already held for
 * this batch and rate), the database answers in a few bytes when nothing changed, and `known` itself is returned: the
 * screen keeps its objects and draws nothing again (a live refresh, the one after the channel joins).
 */
export async function getBatchComparison(
  batchId: string,
  monthlyRate = DEFAULT_MONTHLY_RATE,
  signal?: AbortSignal,
  known?: Comparison,
): Promise<Comparison> {
  let query = supabase.rpc('get_batch_comparison', {
    p_batch_id: batchId,
    p_monthly_rate: monthlyRate,
    ...(known ? { p_known_checksum: known.checksum } : {}),
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const unchanged = unchangedSchema.safeParse(data);
  if (unchanged.success) {
    // Never the case without `known`, whose checksum it must be; otherwise the whole document is read.
    return known && unchanged.data.checksum === known.checksum ? known : getBatchComparison(batchId, monthlyRate, signal);
  }
  const raw = comparisonSchema.parse(data);
  if (raw.offer_columns.join() !== OFFER_COLUMNS.join()) throw new Error(`get_batch_comparison: unexpected offer columns ${raw.offer_columns.join()}`);
  const cells: Record<string, ComparisonCell> = {};
  for (const item of raw.items) {
    for (const offer of item.offers) {
      const [position, unitPrice, minimumQuantity, isWinner, wantsSubstitute, substituteProductName, substituteManufacturer, hasBonus,
        bonusProductName, bonusManufacturer, bonusExpiryDate, bonusQuantity, effectiveUnitCost, priceRank, effectiveRank] = offer;
      const quote = raw.quotes[position];
      if (!quote) throw new Error(`get_batch_comparison: an offer of quote ${position} of ${raw.quotes.length}`);
      cells[cellKey(item.shortage_id, quote.id)] = {
        quoteId: quote.id,
        shortageId: item.shortage_id,
        unitPrice,
        minimumQuantity,
        isWinner,
        wantsSubstitute,
        substituteProductName,
        substituteManufacturer,
        hasBonus,
        bonusProductName,
        bonusManufacturer,
        bonusExpiryDate,
        bonusQuantity,
        effectiveUnitCost,
        priceRank,
        effectiveRank,
      };
    }
  }
  return {
    batchId: raw.batch.id,
    batchName: raw.batch.name ?? `Lote ${raw.batch.id.slice(0, 6)}`,
    batchStatus: raw.batch.status,
    closedAt: raw.batch.closed_at,
    version: raw.version,
    checksum: raw.checksum,
    monthlyRate: raw.monthly_rate,
    quotes: raw.quotes.map((quote) => ({
      quoteId: quote.id,
      supplierId: quote.supplier_id,
      supplierName: quote.supplier_name ?? '—',
      status: quote.status,
      pricedItems: quote.priced_items,
      paymentTermDays: quote.payment_term_days,
    })),
    items: raw.items
      .map((item) => ({
        shortageId: item.shortage_id,
        productName: item.product_name ?? 'Produto não encontrado',
        barcode: item.barcode,
        unitName: item.unit_name,
        requestedQuantity: item.requested_quantity,
        bestPrice: item.best_unit_price,
        effectiveDiffers: item.effective_differs,
      }))
      .sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR')),
    cells,
  };
}

export function batchComparisonQueryOptions(batchId: string, monthlyRate = DEFAULT_MONTHLY_RATE) {
  return queryOptions({
    queryKey: purchasingKeys.comparisonAt(batchId, monthlyRate),
    queryFn: ({ signal, client, queryKey }) => getBatchComparison(batchId, monthlyRate, signal, client.getQueryData<Comparison>(queryKey)),
  });
}

/** Another cost of money keeps the grid on screen (previous figures) until the new ones arrive. */
export function useBatchComparison(batchId: string, enabled = true, monthlyRate = DEFAULT_MONTHLY_RATE) {
  return useQuery({ ...batchComparisonQueryOptions(batchId, monthlyRate), enabled, placeholderData: keepPreviousData });
}
