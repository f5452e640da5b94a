import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';
import { readWarnings, type BoletoWarnings, type SameCodeBoleto } from '@/features/boletos/entry-logic';
import { lookupSignal } from '@/lib/network';

export interface BoletoWarningsInput {
  barcode: string;
  unitId: string;
  supplierId: string | null;
  amount: number;
  dueDate: string;
  /** The boleto being edited (not a duplicate of itself). */
  excludeId: string | null;
}

/**
 * What to confirm before saving (check_boleto_warnings): the same code anywhere in the chain, the
 * same supplier, amount and due date in the unit, and a bank the supplier never used.
 */
export async function checkBoletoWarnings(input: BoletoWarningsInput, signal?: AbortSignal): Promise<BoletoWarnings> {
  let call = supabase.rpc('check_boleto_warnings', {
    p_barcode: input.barcode,
    p_unit_id: input.unitId,
    // The generated type says string, the function takes null for "no registered supplier".
    p_supplier_id: input.supplierId as string,
    p_amount: input.amount,
    p_due_date: input.dueDate,
    ...(input.excludeId ? { p_exclude_id: input.excludeId } : {}),
  });
  call = call.abortSignal(lookupSignal(signal));
  const { data, error } = await call;
  if (error) throw error;
  return readWarnings(data);
}

/** Asks the database at the moment of saving (never from the cache: another user may have just entered it). */
export function useCheckBoletoWarnings() {
  const queryClient = useQueryClient();
  return useCallback(
    (input: BoletoWarningsInput) =>
      queryClient.fetchQuery({ queryKey: boletoKeys.warnings(input), queryFn: ({ signal }) => checkBoletoWarnings(input, signal), staleTime: 0, gcTime: 0, retry: false }),
    [queryClient],
  );
}

/**
 * The boletos with this code anywhere in the chain (paid or pending), asked as soon as a valid code
 * is pasted: the form names them and asks why the code is entered again.
 */
export function useSameCodeBoletos(barcode: string | null, excludeId: string | null) {
  return useQuery({
    queryKey: boletoKeys.sameCode(barcode, excludeId),
    queryFn: async ({ signal }): Promise<SameCodeBoleto[]> => {
      let call = supabase.rpc('check_boleto_warnings', {
        p_barcode: barcode ?? '',
        // Only the code matters here; the function takes null for the rest.
        p_unit_id: null as unknown as string,
        p_supplier_id: null as unknown as string,
        p_amount: null as unknown as number,
        p_due_date: null as unknown as string,
        ...(excludeId ? { p_exclude_id: excludeId } : {}),
      });
      call = call.abortSignal(lookupSignal(signal));
      const { data, error } = await call;
      if (error) throw error;
      return readWarnings(data).same_code;
    },
    enabled: barcode !== null,
    staleTime: 0,
    retry: false,
  });
}
