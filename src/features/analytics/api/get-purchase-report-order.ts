import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { analysisQueryDefaults } from '@/features/analytics/api/query-defaults';

const lineSchema = z.object({
  line_id: z.string(),
  shortage_id: z.string(),
  product_name: z.string(),
  barcode: z.string().nullable(),
  unit_id: z.string(),
  unit_name: z.string(),
  quantity: z.number(),
  requested_quantity: z.number(),
  minimum_quantity: z.number().nullable(),
  raised_to_minimum: z.boolean(),
  received_quantity: z.number().nullable(),
  received_at: z.string().nullable(),
  received_by_name: z.string().nullable(),
  receipt_requested_at: z.string().nullable(),
  unit_price: z.number(),
  total_price: z.number(),
  substitute_product_name: z.string().nullable(),
  substitute_manufacturer: z.string().nullable(),
  bonus_quantity: z.number(),
  bonus_product_name: z.string().nullable(),
  bonus_manufacturer: z.string().nullable(),
  bonus_expiry_date: z.string().nullable(),
  avg_quote_price: z.number().nullable(),
  savings_vs_avg: z.number().nullable(),
  last_price: z.number().nullable(),
  savings_vs_last: z.number().nullable(),
});

const orderDetailSchema = z.object({
  order_id: z.string(),
  batch_id: z.string(),
  batch_name: z.string(),
  batch_unit_name: z.string().nullable(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  created_at: z.string(),
  promised_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  received_at: z.string().nullable(),
  status: z.enum(['SOLICITADO', 'RECEBIDO']),
  total_amount: z.number(),
  lines: z.array(lineSchema),
});

export type PurchaseOrderDetail = z.infer<typeof orderDetailSchema>;
export type PurchaseOrderDetailLine = z.infer<typeof lineSchema>;

/** get_purchase_report_order: one order and its lines for the drill-down; null when there is no such order. */
export async function getPurchaseReportOrder(orderId: string, signal?: AbortSignal): Promise<PurchaseOrderDetail | null> {
  let call = supabase.rpc('get_purchase_report_order', { p_order_id: orderId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return orderDetailSchema.nullable().parse(data);
}

export function purchaseReportOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: analyticsKeys.purchaseReportOrder(orderId),
    queryFn: ({ signal }) => getPurchaseReportOrder(orderId, signal),
    retry: analysisQueryDefaults.retry,
    staleTime: analysisQueryDefaults.staleTime,
  });
}

export function usePurchaseReportOrder(orderId: string | null) {
  return useQuery({ ...purchaseReportOrderQueryOptions(orderId ?? ''), enabled: orderId !== null });
}
