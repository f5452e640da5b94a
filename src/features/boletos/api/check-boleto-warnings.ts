import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';
import type { BoletoWarnings, SameCodeBoleto } from '@/features/boletos/entry-logic';
import { boletoWarningsSchema } from '@/features/boletos/schemas';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
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
function useSameCodeBoletos(barcode: string | null, excludeId: string | null) {
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

/** What the entry form knows so far (null: not yet known, or not a registered supplier). */
export interface EntryWarningsInput {
  barcode: string | null;
  /** The code is not the one the edited boleto already had (only then are its twins asked about). */
  newCode: boolean;
  unitId: string | null;
  supplierId: string | null;
  amount: number | null;
  dueDate: string | null;
  excludeId: string | null;
}

/**
 * The warnings the entry form shows as it goes, before anything is saved: the boletos with the same
 * code as soon as a valid code is read, then, once the supplier is known, the same supplier with
 * the same amount and due date and a bank this supplier never used. Save asks again (the last
 * check) and calls `refresh` so the form shows what that check found.
 */
export function useEntryWarnings(input: EntryWarningsInput) {
  const sameCode = useSameCodeBoletos(input.newCode ? input.barcode : null, input.excludeId);
  // Debounced as text: the same question is the same string, so it is asked (and re-rendered) once.
  const { barcode, unitId, supplierId, amount, dueDate, excludeId } = input;
  const question = JSON.stringify({ barcode, unitId, supplierId, amount, dueDate, excludeId });
  const settled = useDebouncedValue(question, 400);
  const asked = useMemo(() => JSON.parse(settled) as BoletoWarningsInput & { barcode: string | null }, [settled]);
  // Only when the settled question is still about this code and supplier (not a step behind).
  const current = asked.barcode === barcode && asked.supplierId === supplierId && barcode !== null && supplierId !== null;
  const supplier = useQuery({
    queryKey: boletoKeys.warnings({ ...asked, barcode: asked.barcode ?? '' }),
    queryFn: ({ signal }) => checkBoletoWarnings({ ...asked, barcode: asked.barcode ?? '' }, signal),
    enabled: current,
    // A new amount or due date keeps the box on screen while it is asked again (same code and supplier).
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey[2] as { barcode: string; supplierId: string | null } | undefined;
      return key?.barcode === asked.barcode && key?.supplierId === asked.supplierId ? previous : undefined;
    },
    staleTime: 0,
    retry: false,
  });
  return {
    /** The boletos with this code (a reason is asked to enter it again). */
    sameCode: input.newCode && barcode ? (sameCode.data ?? []) : [],
    /** The supplier's warnings for this code (same amount and due date, a new bank), when known. */
    supplier: current ? (supplier.data ?? null) : null,
    refresh: () => {
      if (input.newCode && barcode) void sameCode.refetch();
      if (current) void supplier.refetch();
    },
  };
}
