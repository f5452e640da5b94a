import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';
import { BOLETO_PAGE_SIZE } from '@/features/boletos/logic';
import { boletoPageSchema } from '@/features/boletos/schemas';
import type { BoletoListFilters, BoletoPage } from '@/features/boletos/types';

/**
 * One page of the caller's boletos, filtered, sorted, counted and summed in the database
 * (list_boletos: the policies decide the rows; names, situation and attachment counts come with
 * them, so the screen makes no request per row).
 */
export async function listBoletos(filters: BoletoListFilters, page: number, signal?: AbortSignal): Promise<BoletoPage> {
  const search = filters.search.trim();
  let call = supabase.rpc('list_boletos', {
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
    ...(filters.supplierId ? { p_supplier_id: filters.supplierId } : {}),
    ...(filters.situation ? { p_situation: filters.situation } : {}),
    ...(filters.dueFrom ? { p_due_from: filters.dueFrom } : {}),
    ...(filters.dueTo ? { p_due_to: filters.dueTo } : {}),
    ...(search ? { p_search: search } : {}),
    p_sort: filters.sort,
    p_limit: BOLETO_PAGE_SIZE,
    p_offset: page * BOLETO_PAGE_SIZE,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return boletoPageSchema.parse(data);
}

export function boletosQueryOptions(filters: BoletoListFilters, page: number) {
  return queryOptions({
    queryKey: boletoKeys.list(filters, page),
    queryFn: ({ signal }) => listBoletos(filters, page, signal),
    // The previous page stays on screen while the next one loads (no flash of skeletons on paging).
    placeholderData: keepPreviousData,
  });
}

export function useBoletos(filters: BoletoListFilters, page: number) {
  return useQuery(boletosQueryOptions(filters, page));
}
