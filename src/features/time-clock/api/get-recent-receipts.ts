import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import { evidenceAddress, type PunchType } from '@/features/time-clock/logic';
import type { PunchReceipt } from '@/features/time-clock/types';

/**
 * Portaria 671: the receipts of the last 48 h can be opened again (newest first), with what the receipt carries
 * (art. 79): the employer's name, CNPJ and address from the unit, the worker's own CPF from their record (the
 * person reads their own row).
 */
export async function getRecentReceipts(userId: string, employeeName: string, signal?: AbortSignal): Promise<PunchReceipt[]> {
  let query = supabase
    .from('pontos')
    .select('id, nsr, punch_type, punched_at, receipt_hash, work_date, ip_origem, fora_da_unidade, unit:store_units(name, address, legal_name, cnpj)')
    .eq('funcionario_id', userId)
    .gte('punched_at', new Date(Date.now() - 48 * 3600_000).toISOString())
    .order('punched_at', { ascending: false });
  let record = supabase.from('employee_records').select('cpf').eq('user_id', userId);
  if (signal) {
    query = query.abortSignal(signal);
    record = record.abortSignal(signal);
  }
  const [{ data, error }, records] = await Promise.all([query, record.maybeSingle()]);
  if (error) throw error;
  if (records.error) throw records.error;
  const cpf = records.data?.cpf ?? null;
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
    employerName: row.unit?.legal_name ?? null,
    cnpj: row.unit?.cnpj ?? null,
    cpf,
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
