import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';
import { readWarnings, type BoletoWarnings } from '@/features/boletos/entry-logic';
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
