import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';

export interface BoletoHistoryEntry {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  changedAt: string;
  changedByName: string;
}

/** Every status change of a boleto, oldest first, with who made it (get_boleto_history). */
export async function getBoletoHistory(boletoId: string, signal?: AbortSignal): Promise<BoletoHistoryEntry[]> {
  let call = supabase.rpc('get_boleto_history', { p_boleto_id: boletoId });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    reason: row.reason,
    changedAt: row.changed_at,
    changedByName: row.changed_by_name,
  }));
}

export function boletoHistoryQueryOptions(boletoId: string) {
  return queryOptions({ queryKey: boletoKeys.history(boletoId), queryFn: ({ signal }) => getBoletoHistory(boletoId, signal) });
}

/** Loaded only while the history sheet is open (`boletoId` null otherwise). */
export function useBoletoHistory(boletoId: string | null) {
  return useQuery({ ...boletoHistoryQueryOptions(boletoId ?? ''), enabled: boletoId !== null });
}
