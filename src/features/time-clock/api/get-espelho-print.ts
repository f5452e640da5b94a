import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { espelhoPrintSchema, type EspelhoPrint } from '@/features/time-clock/reports/schemas';

/**
 * get_espelho_print: an employee's month as the espelho de ponto prints it (Portaria 671 art. 84): employer, employee
 * (CPF whole only for who may read it), contractual schedules, original and treated marks, totals, acknowledgement.
 */
export async function getEspelhoPrint(userId: string, month: string, signal?: AbortSignal): Promise<EspelhoPrint> {
  let call = supabase.rpc('get_espelho_print', { p_user_id: userId, p_month: month });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return espelhoPrintSchema.parse(data);
}

export function espelhoPrintQueryOptions(userId: string, month: string) {
  return queryOptions({
    queryKey: timeClockKeys.espelhoPrint(userId, month),
    queryFn: ({ signal }) => getEspelhoPrint(userId, month, signal),
    enabled: userId !== '',
    retry: false,
  });
}

export function useEspelhoPrint(userId: string, month: string) {
  return useQuery(espelhoPrintQueryOptions(userId, month));
}
