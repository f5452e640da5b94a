import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { evidenceAddress, type PunchType } from '@/features/time-clock/logic';
import type { PunchReceipt } from '@/features/time-clock/types';

/** Portaria 671: the receipts of the last 48 h can be opened again (newest first). */
export async function getRecentReceipts(userId: string, employeeName: string, signal?: AbortSignal): Promise<PunchReceipt[]> {
  let query = supabase
    .from('pontos')
    .select('id, nsr, punch_type, punched_at, receipt_hash, work_date, ip_origem, fora_da_unidade, unit:store_units(name, address)')
    .eq('funcionario_id', userId)
    .gte('punched_at', new Date(Date.now() - 48 * 3600_000).toISOString())
    .order('punched_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    nsr: Number(row.nsr),
    punchType: row.punch_type as PunchType,
    punchedAt: row.punched_at,
    receiptHash: row.receipt_hash,
    workDate: row.work_date,
    employeeName,
    unitName: row.unit?.name ?? null,
    unitAddress: row.unit?.address ?? null,
    ipAddress: evidenceAddress(row.ip_origem),
    outsideUnit: row.fora_da_unidade === true,
    repeated: false,
  }));
}

export function recentReceiptsQueryOptions(userId: string, employeeName: string) {
  return queryOptions({ queryKey: [...timeClockKeys.receipts(userId), employeeName] as const, queryFn: ({ signal }) => getRecentReceipts(userId, employeeName, signal) });
}

export function useRecentReceipts(userId: string, employeeName: string) {
  return useQuery(recentReceiptsQueryOptions(userId, employeeName));
}
