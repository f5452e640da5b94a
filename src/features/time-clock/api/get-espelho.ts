import { queryOptions, useQuery } from '@tanstack/react-query';
import { codeOf, messageOf } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { espelhoSchema, type Espelho } from '@/features/time-clock/treatment';

/** The database's answer for a month not closed yet ('O espelho deste mês ainda não foi fechado'). */
function isNotClosed(error: unknown): boolean {
  return codeOf(error) === 'P0001' && messageOf(error).includes('ainda não foi fechado');
}

/** get_espelho: a closed month's espelho (its text and SHA-256, days, totals, acknowledgement); null while the month is open. */
export async function getEspelho(userId: string, month: string, signal?: AbortSignal): Promise<Espelho | null> {
  let call = supabase.rpc('get_espelho', { p_user_id: userId, p_month: month });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) {
    if (isNotClosed(error)) return null;
    throw error;
  }
  return espelhoSchema.parse(data);
}

export function espelhoQueryOptions(userId: string, month: string) {
  return queryOptions({ queryKey: timeClockKeys.espelho(userId, month), queryFn: ({ signal }) => getEspelho(userId, month, signal) });
}

export function useEspelho(userId: string, month: string) {
  return useQuery(espelhoQueryOptions(userId, month));
}
