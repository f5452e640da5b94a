import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';

/** count_pending_punch_requests: pending requests the caller may decide (0 for whoever decides none). */
export async function countPendingPunchRequests(signal?: AbortSignal): Promise<number> {
  let call = supabase.rpc('count_pending_punch_requests');
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  // An integer, not jsonb: checked by hand, so the sidebar's badge (loaded on every signed-in page) pulls no zod.
  return typeof data === 'number' && Number.isInteger(data) && data >= 0 ? data : 0;
}

export function pendingPunchRequestCountQueryOptions() {
  // A badge: refreshed now and then, and by every decision (the treatment keys' invalidation).
  return queryOptions({ queryKey: timeClockKeys.pendingRequestCount(), queryFn: ({ signal }) => countPendingPunchRequests(signal), refetchInterval: 60_000 });
}

export function usePendingPunchRequestCount(enabled = true) {
  return useQuery({ ...pendingPunchRequestCountQueryOptions(), enabled });
}
