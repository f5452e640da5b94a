import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { analysisQueryDefaults } from '@/features/analytics/api/query-defaults';

/** The filters of /analise-dias-compras as the RPC takes them (yyyy-MM-dd São Paulo days; null ids = all). */
export interface PurchaseDaysParams {
  from: string;
  to: string;
  unitId: string | null;
  supplierId: string | null;
  categoryId: string | null;
  productId: string | null;
}

const count = z.number();
const days = z.nullable(z.number());
const ratio = z.nullable(z.number());

const schema = z.object({
  summary: z.object({
    orders: count,
    received_orders: count,
    lines: count,
    received_lines: count,
    avg_days_shortage_to_order: days,
    avg_days_shortage_to_delivery: days,
    avg_days_order_to_delivery: days,
    judged_orders: count,
    on_time_orders: count,
    on_time_rate: ratio,
    fill_rate: ratio,
  }),
  by_supplier: z.array(
    z.object({
      supplier_id: z.string(),
      supplier_name: z.string(),
      orders: count,
      lines: count,
      received_orders: count,
      avg_days_order_to_delivery: days,
      avg_days_shortage_to_delivery: days,
      judged_orders: count,
      on_time_orders: count,
      on_time_rate: ratio,
      ordered_quantity: count,
      received_quantity: count,
      fill_rate: ratio,
    }),
  ),
  by_weekday: z.array(
    z.object({ weekday: count, orders: count, avg_days_order_to_delivery: days, avg_days_shortage_to_delivery: days }),
  ),
  by_product: z.array(
    z.object({
      product_id: z.string(),
      product_name: z.string(),
      lines: count,
      avg_days_shortage_to_order: days,
      avg_days_shortage_to_delivery: days,
    }),
  ),
  best_weekday: z.nullable(count),
});

export type PurchaseDaysAnalysis = z.infer<typeof schema>;

/** get_purchase_days_analysis: the whole /analise-dias-compras screen in one document (computed in SQL). */
export async function getPurchaseDaysAnalysis(params: PurchaseDaysParams, signal?: AbortSignal): Promise<PurchaseDaysAnalysis> {
  let query = supabase.rpc('get_purchase_days_analysis', {
    p_from: params.from,
    p_to: params.to,
    p_unit_id: params.unitId ?? undefined,
    p_supplier_id: params.supplierId ?? undefined,
    p_category_id: params.categoryId ?? undefined,
    p_product_id: params.productId ?? undefined,
  });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return schema.parse(data);
}

export function purchaseDaysQueryOptions(params: PurchaseDaysParams) {
  return queryOptions({
    queryKey: analyticsKeys.purchaseDays(params),
    queryFn: ({ signal }) => getPurchaseDaysAnalysis(params, signal),
    ...analysisQueryDefaults,
  });
}

/** The screen's figures; `enabled` waits for the URL's ids to be confirmed (useAnalysisParams().ready). */
export function usePurchaseDaysAnalysis(params: PurchaseDaysParams, enabled = true) {
  return useQuery({ ...purchaseDaysQueryOptions(params), enabled });
}
