import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { punchRequestSchema, type PunchRequest } from '@/features/time-clock/treatment';

export type RequestStatusFilter = 'PENDENTE' | 'APROVADA' | 'REJEITADA' | null;

/** list_punch_requests: the requests the caller may view (their own, or their scope's), newest first. */
export async function listPunchRequests({ status, userId }: { status: RequestStatusFilter; userId: string | null }, signal?: AbortSignal): Promise<PunchRequest[]> {
  let call = supabase.rpc('list_punch_requests', { p_status: status ?? undefined, p_user_id: userId ?? undefined });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return z.array(punchRequestSchema).parse(data ?? []);
}

export function punchRequestsQueryOptions(status: RequestStatusFilter, userId: string | null) {
  return queryOptions({
    queryKey: timeClockKeys.requests(`${status ?? 'todas'}:${userId ?? 'escopo'}`),
    queryFn: ({ signal }) => listPunchRequests({ status, userId }, signal),
  });
}

export function usePunchRequests(status: RequestStatusFilter, userId: string | null) {
  return useQuery(punchRequestsQueryOptions(status, userId));
}
