import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { boletoReportKeys } from '@/features/boleto-report/api/keys';
import type { Option } from '@/features/boleto-report/types';

/** Every supplier by name, for the Fornecedor filter (RLS decides what the caller reads). */
export async function getReportSuppliers(signal?: AbortSignal): Promise<Option[]> {
  let query = supabase.from('suppliers').select('id, name').order('name');
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function reportSuppliersQueryOptions() {
  return queryOptions({ queryKey: boletoReportKeys.suppliers(), queryFn: ({ signal }) => getReportSuppliers(signal) });
}

export function useReportSuppliers() {
  return useQuery(reportSuppliersQueryOptions());
}
