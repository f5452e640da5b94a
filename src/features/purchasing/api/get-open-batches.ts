import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { BATCH_SELECT, toBatch } from '@/features/purchasing/api/rows';
import type { Batch } from '@/features/purchasing/types';

/** Batches open to quotation (EM_COTACAO), the representative's to-do list; most recently sent first. */
export async function getOpenBatches(signal?: AbortSignal): Promise<Batch[]> {
  let query = supabase
    .from('quote_batches')
    .select(`${BATCH_SELECT}, shortages(id)` as const)
    .eq('status', 'EM_COTACAO')
    .order('sent_at', { ascending: false, nullsFirst: false })
    .order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => toBatch(row, row.shortages.length));
}

export function openBatchesQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.openBatches(), queryFn: ({ signal }) => getOpenBatches(signal) });
}

export function useOpenBatches() {
  return useQuery(openBatchesQueryOptions());
}
