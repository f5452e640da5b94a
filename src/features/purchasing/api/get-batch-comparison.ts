import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { COST_OF_MONEY_DEFAULT_PERCENT } from '@/lib/cost-of-money';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { batchStatus, nullableNumeric, quoteStatus } from '@/features/purchasing/api/rows';
import { cellKey } from '@/features/purchasing/logic';
import type { Comparison, ComparisonCell } from '@/features/purchasing/types';

const offerSchema = z.object({
  quote_id: z.string(),
  unit_price: nullableNumeric,
  minimum_quantity: z.nullable(z.number()),
  is_winner: z.boolean(),
  wants_substitute: z.boolean(),
  substitute_product_name: z.nullable(z.string()),
  substitute_manufacturer: z.nullable(z.string()),
  has_bonus: z.boolean(),
  bonus_product_name: z.nullable(z.string()),
  bonus_manufacturer: z.nullable(z.string()),
  bonus_expiry_date: z.nullable(z.string()),
  bonus_quantity: z.number(),
  effective_unit_cost: nullableNumeric,
  effective_explanation: z.nullable(z.string()),
  price_rank: z.nullable(z.number()),
  effective_rank: z.nullable(z.number()),
});

const comparisonSchema = z.object({
  batch: z.object({ id: z.string(), name: z.nullable(z.string()), status: batchStatus, closed_at: z.nullable(z.string()) }),
  version: z.string(),
  checksum: z.string(),
  monthly_rate: z.number(),
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
  const cells: Record<string, ComparisonCell> = {};
  for (const item of raw.items) {
    for (const offer of item.offers) {
      cells[cellKey(item.shortage_id, offer.quote_id)] = {
        quoteId: offer.quote_id,
        shortageId: item.shortage_id,
        unitPrice: offer.unit_price,
        minimumQuantity: offer.minimum_quantity,
        isWinner: offer.is_winner,
        wantsSubstitute: offer.wants_substitute,
        substituteProductName: offer.substitute_product_name,
        substituteManufacturer: offer.substitute_manufacturer,
        hasBonus: offer.has_bonus,
        bonusProductName: offer.bonus_product_name,
        bonusManufacturer: offer.bonus_manufacturer,
        bonusExpiryDate: offer.bonus_expiry_date,
        bonusQuantity: offer.bonus_quantity,
        effectiveUnitCost: offer.effective_unit_cost,
        effectiveExplanation: offer.effective_explanation,
        priceRank: offer.price_rank,
        effectiveRank: offer.effective_rank,
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
