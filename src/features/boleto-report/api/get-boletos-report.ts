import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { codeOf } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { boletoReportKeys } from '@/features/boleto-report/api/keys';
import { parseReport } from '@/features/boleto-report/logic';
import type { BoletoReport, ReportFilters } from '@/features/boleto-report/types';

/** The payables report in one call: totals, by unit, by payee and the daily calendar (RLS decides the boletos). */
export async function getBoletosReport(filters: ReportFilters, signal?: AbortSignal): Promise<BoletoReport> {
  let call = supabase.rpc('get_boletos_report', {
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
    ...(filters.supplierId ? { p_supplier_id: filters.supplierId } : {}),
    ...(filters.paidFrom ? { p_paid_from: filters.paidFrom } : {}),
    ...(filters.paidTo ? { p_paid_to: filters.paidTo } : {}),
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return parseReport(data);
}

/** A refusal (no permission, a bad period) is the same on a second try. */
const REFUSALS = ['42501', '22023'];

export function boletosReportQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: boletoReportKeys.report(filters),
    queryFn: ({ signal }) => getBoletosReport(filters, signal),
    placeholderData: keepPreviousData,
    retry: (failures, error) => !REFUSALS.includes(codeOf(error) ?? '') && failures < 1,
  });
}

export function useBoletosReport(filters: ReportFilters, enabled: boolean) {
  return useQuery({ ...boletosReportQueryOptions(filters), enabled });
}
