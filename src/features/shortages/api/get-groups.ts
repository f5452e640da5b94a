import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { shortageKeys } from '@/features/shortages/api/keys';
import type { ShortageGroup } from '@/features/shortages/types';

/** Categories offered as the shortage's group. */
export async function getGroups(signal?: AbortSignal): Promise<ShortageGroup[]> {
  let query = supabase.from('categories').select('id, name').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return z.array(z.object({ id: z.string(), name: z.string() })).parse(data);
}

export function groupsQueryOptions() {
  return queryOptions({ queryKey: shortageKeys.groups(), queryFn: ({ signal }) => getGroups(signal) });
}

export function useGroups() {
  return useQuery(groupsQueryOptions());
}
