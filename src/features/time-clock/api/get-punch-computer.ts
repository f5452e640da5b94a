import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { readDeviceToken } from '@/features/time-clock/device-token';
import { punchComputerSchema } from '@/features/time-clock/schemas';
import type { PunchComputer } from '@/features/time-clock/types';

/**
 * Which authorized computer this browser is, at which unit, and whether the caller works there: the punch
 * screen says it before the punch. Null when this browser holds no token, or one the database does not
 * know or has revoked (not authorized).
 */
export async function getPunchComputer(signal?: AbortSignal): Promise<PunchComputer | null> {
  const token = readDeviceToken();
  if (!token) return null;
  let call = supabase.rpc('get_punch_computer', { p_device_token: token });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  const computer = punchComputerSchema.parse(data);
  return computer ? { name: computer.computer_name, unitId: computer.unit_id, unitName: computer.unit_name, assigned: computer.assigned } : null;
}

export function punchComputerQueryOptions(userId: string) {
  // The token is a credential: it stays out of the cache key, and the answer is asked again on each visit
  // (staleTime 0), so a browser authorized or revoked meanwhile is seen as it is now.
  return queryOptions({ queryKey: timeClockKeys.punchComputer(userId), queryFn: ({ signal }) => getPunchComputer(signal), staleTime: 0 });
}

export function usePunchComputer(userId: string) {
  return useQuery(punchComputerQueryOptions(userId));
}
