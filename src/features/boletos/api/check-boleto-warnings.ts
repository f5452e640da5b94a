import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';
import type { BoletoWarnings, SameCodeBoleto } from '@/features/boletos/entry-logic';
import { boletoWarningsSchema } from '@/features/boletos/schemas';
import { lookupSignal } from '@/lib/network';

export interface BoletoWarningsInput {
  barcode: string;
  /** Null when only the code is asked about (at paste time): the function then checks the code alone. */
  unitId: string | null;
  supplierId: string | null;
  amount: number | null;
  dueDate: string | null;
  /** The boleto being edited (not a duplicate of itself). */
  excludeId: string | null;
}

/**
 * The generated types make every argument without a default non-null; check_boleto_warnings takes
 * null for what it is not asked about (no registered supplier, or only the code at paste time).
 */
function nullableArg<T>(value: T | null): T {
  return value as T;
}

/**
 * What to confirm before saving (check_boleto_warnings): the same code anywhere in the chain, the
 * same supplier, amount and due date in the unit, and a bank the supplier never used.
 */
export async function checkBoletoWarnings(input: BoletoWarningsInput, signal?: AbortSignal): Promise<BoletoWarnings> {
  let call = supabase.rpc('check_boleto_warnings', {
    p_barcode: input.barcode,
    p_unit_id: nullableArg(input.unitId),
    p_supplier_id: nullableArg(input.supplierId),
    p_amount: nullableArg(input.amount),
    p_due_date: nullableArg(input.dueDate),
    ...(input.excludeId ? { p_exclude_id: input.excludeId } : {}),
  });
  call = call.abortSignal(lookupSignal(signal));
  const { data, error } = await call;
  if (error) throw error;
  return boletoWarningsSchema.parse(data);
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
      const input = { barcode: barcode ?? '', unitId: null, supplierId: null, amount: null, dueDate: null, excludeId };
      return (await checkBoletoWarnings(input, signal)).same_code;
    },
    enabled: barcode !== null,
    staleTime: 0,
    retry: false,
  });
}
