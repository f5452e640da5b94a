import { supabase } from '@/lib/supabase';

/** Spec §7: the name shown for a creator whose profile is missing or unreadable (shortages, and import history alike). */
export const UNKNOWN_USER = 'Unknown User';

/**
 * Display names of users by id, read from profiles (spec §7 "Profiles lookup for creator names"). Only the profiles
 * the caller may read and that have a name are in the map: each screen shows its own fallback for the rest. Names are
 * decoration, so a failed lookup yields an empty map instead of failing the list that asked for them.
 */
export async function profileNames(ids: Iterable<string | null>, signal?: AbortSignal): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter((id): id is string => id !== null);
  const names = new Map<string, string>();
  if (unique.length === 0) return names;
  let query = supabase.from('profiles').select('id, full_name').in('id', unique);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) return names;
  for (const row of data) if (row.full_name) names.set(row.id, row.full_name);
  return names;
}
