import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { nullableNumeric, numeric, quoteStatus } from '@/features/purchasing/api/rows';
import type { RepresentativeDashboard } from '@/features/purchasing/types';

const dashboardSchema = z.object({
  supplier: z.nullable(z.object({ id: z.string(), name: z.string() })),
  awaiting_count: numeric,
  awaiting_batches: z.array(z.object({ batch_id: z.string(), batch_name: z.nullable(z.string()), sent_at: z.nullable(z.string()), item_count: numeric })),
  in_progress_count: numeric,
  quotes_in_progress: z.array(
    z.object({
      quote_id: z.string(),
      batch_id: z.string(),
      batch_name: z.nullable(z.string()),
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
  recent_results: z.array(
    z.object({
      quote_id: z.string(),
      batch_name: z.nullable(z.string()),
      status: quoteStatus,
      closed_at: z.nullable(z.string()),
      items_won: numeric,
      value_won: numeric,
    }),
  ),
});

/** get_representative_dashboard: the signed-in representative's numbers. */
export async function getRepresentativeDashboard(signal?: AbortSignal): Promise<RepresentativeDashboard> {
  let query = supabase.rpc('get_representative_dashboard');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const raw = dashboardSchema.parse(data);
  return {
    supplierName: raw.supplier?.name ?? null,
    awaitingCount: raw.awaiting_count,
    awaitingBatches: raw.awaiting_batches.map((b) => ({ batchId: b.batch_id, batchName: b.batch_name ?? '—', sentAt: b.sent_at, itemCount: b.item_count })),
    inProgressCount: raw.in_progress_count,
    quotesInProgress: raw.quotes_in_progress.map((q) => ({
      quoteId: q.quote_id,
      batchId: q.batch_id,
      batchName: q.batch_name ?? '—',
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
    recentResults: raw.recent_results.map((r) => ({
      quoteId: r.quote_id,
      batchName: r.batch_name ?? '—',
      status: r.status,
      closedAt: r.closed_at,
      itemsWon: r.items_won,
      valueWon: r.value_won,
    })),
  };
}

export function representativeDashboardQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.dashboard(), queryFn: ({ signal }) => getRepresentativeDashboard(signal) });
}

export function useRepresentativeDashboard() {
  return useQuery(representativeDashboardQueryOptions());
}
