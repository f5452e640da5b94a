import { supabase } from '@/lib/supabase';
import { aejDataSchema, type AejData } from '@/features/time-clock/reports/legal-files';

/**
 * get_aej_data: a unit's treated days of a period (marks O/D/I with motives, absences, hour-bank movements) for
 * buildAej. Same rights and refusals as get_afd_data.
 */
export async function getAejData(unitId: string, from: string, to: string, signal?: AbortSignal): Promise<AejData> {
  let call = supabase.rpc('get_aej_data', { p_unit_id: unitId, p_from: from, p_to: to });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return aejDataSchema.parse(data);
}
