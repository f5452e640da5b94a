import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { analysisQueryDefaults } from '@/features/analytics/api/query-defaults';
import type { AnalysisFilters } from '@/features/analytics/components/shared/use-analysis-params';

/** A ratio or a duration whose denominator was zero arrives as null ('sem dados'). */
const maybe = z.number().nullable();

const summarySchema = z.object({
  batches: z.number(),
  items: z.number(),
  offers: z.number(),
  avg_offers_per_item: maybe,
  awarded_lines: z.number(),
  awarded_value: z.number(),
  savings_vs_avg: maybe,
  savings_vs_max: maybe,
  savings_vs_last: maybe,
  effective_differs_count: z.number(),
});

const supplierFiguresSchema = z.object({
  invited: z.number(),
  responded: z.number(),
  response_rate: maybe,
  avg_response_hours: maybe,
  items_quoted: z.number(),
  items_won: z.number(),
  win_rate: maybe,
  avg_rank: maybe,
  value_won: z.number(),
});

const supplierRowSchema = supplierFiguresSchema.extend({ supplier_id: z.string(), supplier_name: z.string() });

const itemSchema = z.object({
  batch_id: z.string(),
  batch_name: z.string().nullable(),
  shortage_id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  category_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.number(),
  offers: z.number(),
  min_price: maybe,
  avg_price: maybe,
  max_price: maybe,
  spread_pct: maybe,
  awarded_price: maybe,
  awarded_supplier_name: z.string().nullable(),
  last_price: maybe,
  best_price_supplier_name: z.string().nullable(),
  best_effective_supplier_name: z.string().nullable(),
  effective_differs: z.boolean(),
});

const offerSchema = z.object({
  batch_id: z.string(),
  batch_name: z.string().nullable(),
  shortage_id: z.string(),
  product_name: z.string(),
  unit_name: z.string().nullable(),
  quantity: z.number(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  price: z.number(),
  minimum_quantity: z.number().nullable(),
  bonus_quantity: z.number(),
  payment_term_days: z.number().nullable(),
  effective_unit_cost: maybe,
  effective_explanation: z.string().nullable(),
  price_rank: z.number(),
  effective_rank: z.number(),
  is_winner: z.boolean(),
});

const spreadItemSchema = z.object({
  batch_id: z.string(),
  batch_name: z.string().nullable(),
  shortage_id: z.string(),
  product_name: z.string(),
  unit_name: z.string().nullable(),
  min_price: z.number(),
  avg_price: z.number(),
  max_price: z.number(),
  spread_pct: z.number(),
});

const monthSchema = z.object({
  month: z.string(),
  awarded_value: z.number(),
  savings_vs_avg: maybe,
  savings_vs_max: maybe,
  savings_vs_last: maybe,
});

const allSchema = z.object({
  scope: z.literal('ALL'),
  monthly_rate: z.number(),
  summary: summarySchema,
  suppliers: z.array(supplierRowSchema),
  supplier_totals: supplierFiguresSchema,
  /** The 15 items of the widest price spread in the whole period (the spread chart). */
  spread_items: z.array(spreadItemSchema),
  items_total: z.number(),
  /** The whole items list's length (items_total up to the database's cap). */
  items_listed: z.number(),
  items_truncated: z.boolean(),
  items: z.array(itemSchema),
  offers_total: z.number(),
  offers_listed: z.number(),
  offers_truncated: z.boolean(),
  offers: z.array(offerSchema),
  monthly: z.array(monthSchema),
});

export const PRICE_BANDS = ['melhor preço', 'até 5 %', '5–10 %', 'acima de 10 %'] as const;
const bandSchema = z.enum(PRICE_BANDS);

const supplierScopeSchema = z.object({
  scope: z.literal('SUPPLIER'),
  supplier: z.object({ id: z.string(), name: z.string() }).nullable(),
  summary: supplierFiguresSchema.omit({ avg_rank: true }),
  by_band: z.array(z.object({ band: bandSchema, lines: z.number(), won: z.number() })),
  lines_total: z.number(),
  lines_truncated: z.boolean(),
  lines: z.array(
    z.object({
      line_id: z.string(),
      batch_id: z.string(),
      batch_name: z.string().nullable(),
      closed_at: z.string().nullable(),
      product_name: z.string(),
      my_price: z.number(),
      my_rank: z.number(),
      won: z.boolean(),
      band: bandSchema,
    }),
  ),
});

const quoteAnalysisSchema = z.discriminatedUnion('scope', [allSchema, supplierScopeSchema]);

export type QuoteAnalysis = z.infer<typeof quoteAnalysisSchema>;
export type QuoteAnalysisAll = z.infer<typeof allSchema>;
export type QuoteAnalysisSupplier = z.infer<typeof supplierScopeSchema>;
export type QuoteSupplierRow = z.infer<typeof supplierRowSchema>;
export type QuoteItemRow = z.infer<typeof itemSchema>;
export type QuoteOfferRow = z.infer<typeof offerSchema>;
export type QuoteMonthRow = z.infer<typeof monthSchema>;
export type QuoteSpreadItem = z.infer<typeof spreadItemSchema>;
export type QuoteSupplierLine = QuoteAnalysisSupplier['lines'][number];
export type PriceBand = z.infer<typeof bandSchema>;

/** The screen's whole input: the filters and the cost of money in % a month (2 = 2 %). */
export interface QuoteAnalysisInput extends AnalysisFilters {
  costOfMoney: number;
}

/** The RPC's arguments (the cost of money as a fraction: 2 % → 0.02). */
export function quoteAnalysisArgs(input: QuoteAnalysisInput) {
  return {
    p_from: input.from,
    p_to: input.to,
    p_unit_id: input.unitId ?? undefined,
    p_supplier_id: input.supplierId ?? undefined,
    p_category_id: input.categoryId ?? undefined,
    p_product_id: input.productId ?? undefined,
    p_monthly_rate: Math.round(input.costOfMoney * 100) / 10_000,
  };
}

/**
 * Lines of the items and offers lists in the screen's first answer: what their tables show until 'Mostrar todas'.
 * The whole lists (up to the database's caps) are asked for when a table is expanded or exported: for 90 days of a
 * large history they were 940 KB of an answer whose figures are 40 KB.
 */
export const QUOTE_ANALYSIS_FIRST_LINES = 25;

/** Which lines an answer holds: the first ones (the screen) or all of them ('Mostrar todas', exports). */
export type QuoteAnalysisLines = 'first' | 'all';

/** /analise-cotacoes in one call: every supplier for buyers and analysts, its own figures for a representative. */
export async function getQuoteAnalysis(input: QuoteAnalysisInput, lines: QuoteAnalysisLines, signal?: AbortSignal): Promise<QuoteAnalysis> {
  let call = supabase.rpc('get_quote_analysis', { ...quoteAnalysisArgs(input), p_list_limit: lines === 'first' ? QUOTE_ANALYSIS_FIRST_LINES : undefined });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return quoteAnalysisSchema.parse(data);
}

export function quoteAnalysisQueryOptions(input: QuoteAnalysisInput, lines: QuoteAnalysisLines = 'first') {
  return queryOptions({
    queryKey: analyticsKeys.quoteAnalysis(input, lines),
    queryFn: ({ signal }) => getQuoteAnalysis(input, lines, signal),
    ...analysisQueryDefaults,
  });
}

export function useQuoteAnalysis(input: QuoteAnalysisInput, enabled: boolean) {
  return useQuery({ ...quoteAnalysisQueryOptions(input), enabled });
}

/** The whole items and offers lists of the same filters ('Mostrar todas', exports): fetched once, then cached. */
export function useLoadAllQuoteAnalysisLines(input: QuoteAnalysisInput): () => Promise<QuoteAnalysisAll> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const data = await queryClient.fetchQuery(quoteAnalysisQueryOptions(input, 'all'));
    if (data.scope !== 'ALL') throw new Error('quote analysis: the whole lists are a buyer\'s document');
    return data;
  }, [queryClient, input]);
}
