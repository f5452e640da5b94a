import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { BATCH_SELECT, SHORTAGE_SELECT, toBatch, toBatchShortage } from '@/features/purchasing/api/rows';
import type { BatchDetail } from '@/features/purchasing/types';

/** One batch (maybe-single) with unit, shortages and their products; null when it does not exist. */
export async function getBatch(batchId: string, signal?: AbortSignal): Promise<BatchDetail | null> {
  let query = supabase.from('quote_batches').select(`${BATCH_SELECT}, shortages(${SHORTAGE_SELECT})` as const).eq('id', batchId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const shortages = data.shortages.map(toBatchShortage).sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR'));
  return { ...toBatch(data, shortages.length), shortages };
}

export function batchQueryOptions(batchId: string) {
  return queryOptions({ queryKey: purchasingKeys.batchDetail(batchId), queryFn: ({ signal }) => getBatch(batchId, signal) });
}

export function useBatch(batchId: string) {
  return useQuery(batchQueryOptions(batchId));
}
