import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { homeKeys } from '@/features/home/api/keys';

/**
 * The role's configured visible homepage actions (spec §7 `get_visible_homepage_actions`). An empty list
 * means none configured; failures also yield an empty list (spec §7).
 */
export async function getVisibleHomeActions(roleId: string | null, signal?: AbortSignal): Promise<string[]> {
  if (!roleId) return [];
  let call = supabase.rpc('get_visible_homepage_actions', { role_id: roleId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) return [];
  return data.map((row) => row.action_key);
}

export function visibleHomeActionsQueryOptions(roleId: string | null) {
  return queryOptions({
    queryKey: homeKeys.visibleActions(roleId),
    queryFn: ({ signal }) => getVisibleHomeActions(roleId, signal),
  });
}

export function useVisibleHomeActions(roleId: string | null) {
  return useQuery(visibleHomeActionsQueryOptions(roleId));
}
