import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { codeStatus, formatAmountInput } from '@/features/boletos/entry-logic';
import type { BoletoFormData, BoletoFormValues } from '@/features/boletos/schemas';

/** What was filled from the code (so a new code replaces it, and a manual change is kept). */
interface AutoFilled {
  barcode: string | null;
  amount: boolean;
  due: boolean;
}

const NOTHING_FILLED: AutoFilled = { barcode: null, amount: false, due: false };

/** Edit: the stored amount came from the code when the code carries one; the stored due date is the user's. */
function initialAutoFilled(values: BoletoFormValues): AutoFilled {
  const initial = codeStatus(values.code);
  if (initial.state !== 'valid') return { ...NOTHING_FILLED };
  return { barcode: initial.value.barcode, amount: initial.value.amount !== null && initial.value.amount > 0, due: false };
}

/**
 * The code fills amount and due date: a new valid code refills what came from the previous one,
 * clearing the code clears it, and what the user typed by hand is kept.
 */
export function useCodeAutofill(form: UseFormReturn<BoletoFormValues, unknown, BoletoFormData>, defaultValues: BoletoFormValues) {
  const [initial] = useState(() => initialAutoFilled(defaultValues));
  const auto = useRef<AutoFilled>({ ...initial });

  const setFromCode = (name: 'amount' | 'dueDate', value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  /** After every change of the code field. */
  const applyCode = (value: string) => {
    const next = codeStatus(value);
    const filled = auto.current;
    if (next.state === 'empty') {
      filled.barcode = null;
      if (filled.amount) setFromCode('amount', '');
      if (filled.due) setFromCode('dueDate', '');
      filled.amount = false;
      filled.due = false;
      return;
    }
    if (next.state !== 'valid' || next.value.barcode === filled.barcode) return;
    filled.barcode = next.value.barcode;
    // A zero amount is no amount (FEBRABAN: set at payment): the user types it.
    if (next.value.amount !== null && next.value.amount > 0) {
      setFromCode('amount', formatAmountInput(next.value.amount));
      filled.amount = true;
    } else if (filled.amount) {
      setFromCode('amount', '');
      filled.amount = false;
    }
    if (next.value.dueDate !== null) {
      setFromCode('dueDate', next.value.dueDate);
      filled.due = true;
    } else if (filled.due) {
      setFromCode('dueDate', '');
      filled.due = false;
    }
  };

  return {
    /** The code the boleto had when the form opened (an edit that keeps it is not a new entry of that code). */
    initialBarcode: initial.barcode,
    applyCode,
    /** The form was cleared: nothing on it came from a code any more. */
    forget: () => {
      auto.current = { ...NOTHING_FILLED };
    },
    /** The user typed a due date: a new code no longer replaces it. */
    dueTyped: () => {
      auto.current.due = false;
    },
    /** 'Usar a data do código': the due date back to the code's, replaced again by the next code. */
    useCodeDue: (day: string) => {
      form.setValue('dueDate', day, { shouldValidate: form.formState.isSubmitted });
      auto.current.due = true;
    },
  };
}
