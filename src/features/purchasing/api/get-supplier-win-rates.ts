import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { nullableNumeric, numeric } from '@/features/purchasing/api/rows';
import { itemWinRate } from '@/features/purchasing/logic';
import type { SupplierWinRate } from '@/features/purchasing/types';

const rowSchema = z.object({
  supplier_id: z.string(),
  supplier_name: z.string(),
  quotes_sent: numeric,
  quotes_won: numeric,
  win_rate: nullableNumeric,
  items_quoted: numeric,
  items_won: numeric,
  value_won: numeric,
  invited_batches: numeric,
  responded_batches: numeric,
  response_rate: nullableNumeric,
  avg_response_hours: nullableNumeric,
  avg_rank: nullableNumeric,
});

/**
 * get_supplier_win_rates (admin): per supplier, quotes sent and won with the per-quote win rate, items quoted and won
 * with the item-based rate, value won, batches invited and answered with the response rate and time, and the average
 * rank by price; the period is the day winners were chosen, as for the won items.
 */
export async function getSupplierWinRates(from: string | null, to: string | null, signal?: AbortSignal): Promise<SupplierWinRate[]> {
  let query = supabase.rpc('get_supplier_win_rates', { ...(from ? { p_from: from } : {}), ...(to ? { p_to: to } : {}) });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return z
    .array(rowSchema)
    .parse(data)
    .map((row) => ({
      supplierId: row.supplier_id,
      supplierName: row.supplier_name,
      quotesSent: row.quotes_sent,
      quotesWon: row.quotes_won,
      winRate: row.win_rate,
      itemsQuoted: row.items_quoted,
      itemsWon: row.items_won,
      itemWinRate: itemWinRate(row.items_won, row.items_quoted),
      valueWon: row.value_won,
      invitedBatches: row.invited_batches,
      respondedBatches: row.responded_batches,
      responseRate: row.response_rate,
      avgResponseHours: row.avg_response_hours,
      avgRank: row.avg_rank,
    }));
}

export function supplierWinRatesQueryOptions(from: string | null, to: string | null) {
  return queryOptions({ queryKey: purchasingKeys.winRates(from, to), queryFn: ({ signal }) => getSupplierWinRates(from, to, signal) });
}

export function useSupplierWinRates(from: string | null, to: string | null, enabled = true) {
  return useQuery({ ...supplierWinRatesQueryOptions(from, to), enabled });
}
