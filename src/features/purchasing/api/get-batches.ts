import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { BATCH_SELECT, toBatch } from '@/features/purchasing/api/rows';
import type { Batch } from '@/features/purchasing/types';

/** quote_batches with unit and shortage ids (for the item count), newest first. */
export async function getBatches(signal?: AbortSignal): Promise<Batch[]> {
  let query = supabase
    .from('quote_batches')
    .select(`${BATCH_SELECT}, shortages(id)` as const)
    .order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => toBatch(row, row.shortages.length));
}

export function batchesQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.batchList(), queryFn: ({ signal }) => getBatches(signal) });
}

export function useBatches() {
  return useQuery(batchesQueryOptions());
}
