import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { analyticsKeys } from '@/features/analytics/api/keys';
import { analysisQueryDefaults } from '@/features/analytics/api/query-defaults';

/** numeric comes back as a JSON number; sums over nothing are null. */
const money = z.number();
const maybeMoney = z.number().nullable();

const summarySchema = z.object({
  orders: z.number(),
  lines: z.number(),
  total_amount: money,
  savings_vs_avg: maybeMoney,
  savings_vs_last: maybeMoney,
  received_orders: z.number(),
  pending_orders: z.number(),
});

const monthSchema = z.object({
  month: z.string(),
  orders: z.number(),
  lines: z.number(),
  total_amount: money,
  savings_vs_avg: maybeMoney,
  savings_vs_last: maybeMoney,
});

const supplierSchema = z.object({
  supplier_id: z.string(),
  supplier_name: z.string(),
  orders: z.number(),
  lines: z.number(),
  total_amount: money,
  savings_vs_avg: maybeMoney,
  savings_vs_last: maybeMoney,
});

const unitSchema = z.object({
  unit_id: z.string(),
  unit_name: z.string(),
  orders: z.number(),
  lines: z.number(),
  total_amount: money,
  savings_vs_avg: maybeMoney,
});

const orderSchema = z.object({
  order_id: z.string(),
  batch_id: z.string(),
  batch_name: z.string(),
  supplier_id: z.string(),
  supplier_name: z.string(),
  created_at: z.string(),
  promised_date: z.string().nullable(),
  delivery_date: z.string().nullable(),
  received_at: z.string().nullable(),
  status: z.enum(['SOLICITADO', 'RECEBIDO']),
  lines: z.number(),
  total_amount: money,
  savings_vs_avg: maybeMoney,
  savings_vs_last: maybeMoney,
});

const reportSchema = z.object({
  summary: summarySchema,
  by_month: z.array(monthSchema),
  by_supplier: z.array(supplierSchema),
  by_unit: z.array(unitSchema),
  orders: z.array(orderSchema),
  /** The whole orders list's length (the orders, up to the database's cap). */
  orders_listed: z.number(),
  truncated: z.boolean(),
});

export type PurchaseReport = z.infer<typeof reportSchema>;
export type PurchaseReportMonth = z.infer<typeof monthSchema>;
export type PurchaseReportSupplier = z.infer<typeof supplierSchema>;
export type PurchaseReportUnit = z.infer<typeof unitSchema>;
export type PurchaseReportOrder = z.infer<typeof orderSchema>;

export interface PurchaseReportFilters {
  from: string;
  to: string;
  unitId: string | null;
  supplierId: string | null;
  categoryId: string | null;
}

/** Orders in the report's first answer: what the orders table shows until 'Mostrar todas' (the rest on demand). */
export const PURCHASE_REPORT_FIRST_ORDERS = 50;

/** Which orders an answer holds: the first ones (the screen) or all of them ('Mostrar todas', exports). */
export type PurchaseReportLines = 'first' | 'all';

/** get_purchase_report: the orders of the period by month, supplier and unit (one round trip per filter change). */
export async function getPurchaseReport(filters: PurchaseReportFilters, lines: PurchaseReportLines, signal?: AbortSignal): Promise<PurchaseReport> {
  let call = supabase.rpc('get_purchase_report', {
    p_from: filters.from,
    p_to: filters.to,
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
    ...(filters.supplierId ? { p_supplier_id: filters.supplierId } : {}),
    ...(filters.categoryId ? { p_category_id: filters.categoryId } : {}),
    ...(lines === 'first' ? { p_list_limit: PURCHASE_REPORT_FIRST_ORDERS } : {}),
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return reportSchema.parse(data);
}

export function purchaseReportQueryOptions(filters: PurchaseReportFilters, lines: PurchaseReportLines = 'first') {
  return queryOptions({
    queryKey: analyticsKeys.purchaseReport(filters, lines),
    queryFn: ({ signal }) => getPurchaseReport(filters, lines, signal),
    ...analysisQueryDefaults,
  });
}

export function usePurchaseReport(filters: PurchaseReportFilters, enabled: boolean) {
  return useQuery({ ...purchaseReportQueryOptions(filters), enabled });
}

/** The whole orders list of the same filters ('Mostrar todas', exports): fetched once, then cached. */
export function useLoadAllPurchaseReportOrders(filters: PurchaseReportFilters): () => Promise<PurchaseReportOrder[]> {
  const queryClient = useQueryClient();
  return useCallback(async () => (await queryClient.fetchQuery(purchaseReportQueryOptions(filters, 'all'))).orders, [queryClient, filters]);
}
