import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { nullableNumeric, numeric } from '@/features/purchasing/api/rows';
import type { WinningItem } from '@/features/purchasing/types';

const rowSchema = z.object({
  supplier_name: z.nullable(z.string()),
  product_name: z.nullable(z.string()),
  barcode: z.nullable(z.string()),
  batch_name: z.nullable(z.string()),
  quantity: z.number(),
  unit_price: numeric,
  total: numeric,
  won_at: z.nullable(z.string()),
  last_price: nullableNumeric,
  savings_vs_last: nullableNumeric,
});

/**
 * get_winning_items: a representative's won items (admin: every supplier's), by the day winners were chosen; for
 * purchasing readers, with the last price paid for the product and the saving against it.
 */
export async function getWinningItems(from: string | null, to: string | null, signal?: AbortSignal): Promise<WinningItem[]> {
  let query = supabase.rpc('get_winning_items', { ...(from ? { p_from: from } : {}), ...(to ? { p_to: to } : {}) });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return z
    .array(rowSchema)
    .parse(data)
    .map((row) => ({
      supplierName: row.supplier_name,
      productName: row.product_name ?? 'Produto não encontrado',
      barcode: row.barcode,
      quantity: row.quantity,
      unitPrice: row.unit_price,
      total: row.total,
      batchName: row.batch_name ?? '—',
      date: row.won_at ?? '',
      lastPrice: row.last_price,
      savingsVsLast: row.savings_vs_last,
    }));
}

export function winningItemsQueryOptions(from: string | null, to: string | null) {
  return queryOptions({ queryKey: purchasingKeys.winningItems(from, to), queryFn: ({ signal }) => getWinningItems(from, to, signal) });
}

export function useWinningItems(from: string | null, to: string | null) {
  return useQuery(winningItemsQueryOptions(from, to));
}
