import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { analysisQueryDefaults } from '@/features/analytics/api/query-defaults';

/** The filters of /analise-faltas as the RPC takes them (yyyy-MM-dd São Paulo days; null ids = all). */
export interface ShortageAnalysisParams {
  from: string;
  to: string;
  unitId: string | null;
  categoryId: string | null;
  productId: string | null;
  recurrenceDays: number;
}

const count = z.number();
const days = z.nullable(z.number());

const productRow = z.object({
  product_id: z.string(),
  product_name: z.string(),
  shortages: count,
  requested_quantity: count,
  units: count,
});

const schema = z.object({
  recurrence_days: count,
  summary: z.object({
    shortages: count,
    products: count,
    units: count,
    requested_quantity: count,
    recurring_shortages: count,
    recurring_share: z.nullable(z.number()),
    avg_days_to_batch: days,
    avg_days_to_order: days,
    avg_days_to_delivery: days,
  }),
  by_week: z.array(z.object({ week: z.string(), shortages: count, requested_quantity: count })),
  by_unit: z.array(
    z.object({
      unit_id: z.string(),
      unit_name: z.string(),
      shortages: count,
      requested_quantity: count,
      recurring: count,
      avg_days_to_delivery: days,
    }),
  ),
  by_category: z.array(
    z.object({ category_id: z.nullable(z.string()), category_name: z.string(), shortages: count, requested_quantity: count }),
  ),
  top_by_frequency: z.array(productRow),
  top_by_quantity: z.array(productRow),
  recurring: z.array(
    z.object({
      product_id: z.string(),
      product_name: z.string(),
      unit_id: z.string(),
      unit_name: z.string(),
      occurrences: count,
      recurring: count,
      last_at: z.string(),
    }),
  ),
});

export type ShortageAnalysis = z.infer<typeof schema>;

/** get_shortage_analysis: the whole /analise-faltas screen in one document (computed in SQL, grain: falta). */
export async function getShortageAnalysis(params: ShortageAnalysisParams, signal?: AbortSignal): Promise<ShortageAnalysis> {
  let query = supabase.rpc('get_shortage_analysis', {
    p_from: params.from,
    p_to: params.to,
    p_unit_id: params.unitId ?? undefined,
    p_category_id: params.categoryId ?? undefined,
    p_product_id: params.productId ?? undefined,
    p_recurrence_days: params.recurrenceDays,
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return schema.parse(data);
}

export function shortageAnalysisQueryOptions(params: ShortageAnalysisParams) {
  return queryOptions({
    queryKey: analyticsKeys.shortageAnalysis(params),
    queryFn: ({ signal }) => getShortageAnalysis(params, signal),
    ...analysisQueryDefaults,
  });
}

/** The screen's figures; `enabled` waits for the URL's ids to be confirmed (useAnalysisParams().ready). */
export function useShortageAnalysis(params: ShortageAnalysisParams, enabled = true) {
  return useQuery({ ...shortageAnalysisQueryOptions(params), enabled });
}
