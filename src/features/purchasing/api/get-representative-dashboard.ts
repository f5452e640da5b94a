import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { nullableNumeric, numeric, quoteStatus } from '@/features/purchasing/api/rows';
import type { RepresentativeDashboard } from '@/features/purchasing/types';

const dashboardSchema = z.object({
  scope: z.enum(['ALL', 'SUPPLIER']),
  supplier: z.nullable(z.object({ id: z.string(), name: z.string() })),
  awaiting_count: numeric,
  awaiting_batches: z.array(z.object({ batch_id: z.string(), batch_name: z.nullable(z.string()), sent_at: z.nullable(z.string()), item_count: numeric })),
  in_progress_count: numeric,
  quotes_in_progress: z.array(
    z.object({
      quote_id: z.string(),
      batch_id: z.string(),
      batch_name: z.nullable(z.string()),
      supplier_name: z.string(),
      priced_items: numeric,
      total_items: numeric,
      updated_at: z.nullable(z.string()),
    }),
  ),
  sent_count: numeric,
  won_count: numeric,
  lost_count: numeric,
  win_rate: nullableNumeric,
  items_won: numeric,
  value_won: numeric,
  invited_count: numeric,
  response_rate: nullableNumeric,
  avg_response_hours: nullableNumeric,
  recent_results: z.array(
    z.object({
      quote_id: z.string(),
      batch_id: z.string(),
      batch_name: z.nullable(z.string()),
      supplier_name: z.string(),
      status: quoteStatus,
      closed_at: z.nullable(z.string()),
      items_won: numeric,
      value_won: numeric,
    }),
  ),
});

/**
 * get_representative_dashboard: a representative's own supplier (the database decides which); for ADMIN, one
 * supplier (supplierId) or every supplier (null). The database refuses anyone else, and a representative naming
 * another supplier.
 */
export async function getRepresentativeDashboard(supplierId: string | null, signal?: AbortSignal): Promise<RepresentativeDashboard> {
  let query = supabase.rpc('get_representative_dashboard', supplierId ? { p_supplier_id: supplierId } : {});
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const raw = dashboardSchema.parse(data);
  return {
    allSuppliers: raw.scope === 'ALL',
    supplierName: raw.supplier?.name ?? null,
    awaitingCount: raw.awaiting_count,
    awaitingBatches: raw.awaiting_batches.map((b) => ({ batchId: b.batch_id, batchName: b.batch_name ?? '—', sentAt: b.sent_at, itemCount: b.item_count })),
    inProgressCount: raw.in_progress_count,
    quotesInProgress: raw.quotes_in_progress.map((q) => ({
      quoteId: q.quote_id,
      batchId: q.batch_id,
      batchName: q.batch_name ?? '—',
      supplierName: q.supplier_name,
      pricedItems: q.priced_items,
      totalItems: q.total_items,
      updatedAt: q.updated_at,
    })),
    sentCount: raw.sent_count,
    wonCount: raw.won_count,
    lostCount: raw.lost_count,
    winRate: raw.win_rate,
    itemsWon: raw.items_won,
    valueWon: raw.value_won,
    invitedCount: raw.invited_count,
    responseRate: raw.response_rate,
    avgResponseHours: raw.avg_response_hours,
    recentResults: raw.recent_results.map((r) => ({
      quoteId: r.quote_id,
      batchId: r.batch_id,
      batchName: r.batch_name ?? '—',
      supplierName: r.supplier_name,
      status: r.status,
      closedAt: r.closed_at,
      itemsWon: r.items_won,
      valueWon: r.value_won,
    })),
  };
}

export function representativeDashboardQueryOptions(supplierId: string | null) {
  return queryOptions({ queryKey: purchasingKeys.dashboardFor(supplierId), queryFn: ({ signal }) => getRepresentativeDashboard(supplierId, signal) });
}

export function useRepresentativeDashboard(supplierId: string | null) {
  return useQuery(representativeDashboardQueryOptions(supplierId));
}
