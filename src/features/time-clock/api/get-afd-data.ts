import { supabase } from '@/lib/supabase';
import { afdDataSchema, type AfdData } from '@/features/time-clock/reports/legal-files';

/**
 * get_afd_data: a unit's punches of a period (NSR order) with the employer's and the employees' identifiers, for
 * buildAfd. ADMIN or PUNCH_MANAGE of the unit; a unit without CNPJ or razão social, or an employee without CPF,
 * is refused in Portuguese (22023) with no partial data.
 */
export async function getAfdData(unitId: string, from: string, to: string, signal?: AbortSignal): Promise<AfdData> {
  let call = supabase.rpc('get_afd_data', { p_unit_id: unitId, p_from: from, p_to: to });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return afdDataSchema.parse(data);
}
