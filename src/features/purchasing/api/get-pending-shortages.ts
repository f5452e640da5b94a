import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { SHORTAGE_SELECT, toBatchShortage } from '@/features/purchasing/api/rows';
import type { BatchShortage } from '@/features/purchasing/types';

const PAGE = 1000;
/** Upper bound of pending shortages offered for a batch (the list is virtualised). */
export const PENDING_SHORTAGES_LIMIT = 5000;

/** Truly pending shortages (PENDENTE, no batch) of every unit, newest first, read in pages of 1000. */
export async function getPendingShortages(signal?: AbortSignal): Promise<BatchShortage[]> {
  const result: BatchShortage[] = [];
  for (let from = 0; from < PENDING_SHORTAGES_LIMIT; from += PAGE) {
    let query = supabase
      .from('shortages')
      .select(SHORTAGE_SELECT)
      .eq('status', 'PENDENTE')
      .is('batch_id', null)
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, from + PAGE - 1);
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw error;
    for (const row of data) result.push(toBatchShortage(row));
    if (data.length < PAGE) break;
  }
  return result;
}

export function pendingShortagesQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.pendingShortages(), queryFn: ({ signal }) => getPendingShortages(signal) });
}

export function usePendingShortages(enabled = true) {
  return useQuery({ ...pendingShortagesQueryOptions(), enabled });
}
