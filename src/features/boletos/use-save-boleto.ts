import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { toAppDateString } from '@/lib/dates';
import { useCheckBoletoWarnings } from '@/features/boletos/api/check-boleto-warnings';
import { useCreateBoleto } from '@/features/boletos/api/create-boleto';
import type { SaveBoletoInput } from '@/features/boletos/api/saved-boleto';
import { useUpdateBoleto } from '@/features/boletos/api/update-boleto';
import { hasWarnings, warningItems, type SupplierOption, type WarningItem } from '@/features/boletos/entry-logic';
import { boletoEntryErrorMessage, boletoEntryMessages } from '@/features/boletos/messages';
import {
  BOLETO_FORM_MESSAGES,
  DUPLICATE_REASON_MIN,
  toBoletoWrite,
  type BoletoFormData,
  type BoletoFormValues,
  type BoletoWrite,
} from '@/features/boletos/schemas';

interface SaveBoletoOptions {
  form: UseFormReturn<BoletoFormValues, unknown, BoletoFormData>;
  /** The boleto being edited (null: a new one), also left out of its own duplicates. */
  boletoId: string | null;
  suppliers: readonly SupplierOption[];
  /** The code the boleto had when the form opened: keeping it asks no reason. */
  initialBarcode: string | null;
  /**
   * What the form already shows: `twins`, the boletos with this code known since it was read (a
   * reason is asked); `refresh` asks again, so the form shows whatever the save-time check found.
   */
  inline: { twins: number; refresh: () => void };
  /** What the screen does once the boleto is saved (also when its attachment was not sent). */
  onSaved: (write: BoletoWrite) => void;
}

/**
 * Saving from the entry form: asks for the reason of a code entered again, asks the database what
 * to confirm (same code, same supplier, amount and due date, an unusual bank), shows that for
 * confirmation, then creates or updates the boleto with its attachment (the mutation hooks say how it went).
 */
export function useSaveBoleto({ form, boletoId, suppliers, initialBarcode, inline, onSaved }: SaveBoletoOptions) {
  const checkWarnings = useCheckBoletoWarnings();
  const create = useCreateBoleto();
  const update = useUpdateBoleto();
  const [checking, setChecking] = useState(false);
  const [confirmation, setConfirmation] = useState<{ items: WarningItem[]; input: SaveBoletoInput } | null>(null);

  const supplierName = (supplierId: string | null) => suppliers.find((supplier) => supplier.id === supplierId)?.name ?? null;

  const save = (input: SaveBoletoInput) => {
    // Nothing is lost on a refusal: the form keeps every value.
    const effects = { onSuccess: () => onSaved(input.write) };
    if (boletoId) update.mutate({ ...input, id: boletoId }, effects);
    else create.mutate(input, effects);
  };

  const submit = async (values: BoletoFormData) => {
    if (inline.twins > 0 && values.duplicateReason.trim().length < DUPLICATE_REASON_MIN) {
      form.setError('duplicateReason', { message: BOLETO_FORM_MESSAGES.duplicateReason }, { shouldFocus: true });
      return;
    }
    const write = toBoletoWrite(values);
    const input: SaveBoletoInput = { write, attachment: values.attachment, payeeName: supplierName(write.supplier_id) ?? write.beneficiary ?? '' };
    setChecking(true);
    let items: WarningItem[] = [];
    try {
      const warnings = await checkWarnings({
        barcode: write.barcode,
        unitId: write.unit_id,
        supplierId: write.supplier_id,
        amount: write.amount,
        dueDate: write.due_date,
        excludeId: boletoId,
      });
      // The form shows what this last check found (another user may have entered this code, or a
      // boleto of this supplier, since the form asked): the dialog then holds nothing not on screen.
      if (hasWarnings(warnings)) inline.refresh();
      const entersTwin = warnings.same_code.length > 0 && write.barcode !== initialBarcode;
      if (entersTwin && values.duplicateReason.trim().length < DUPLICATE_REASON_MIN) {
        form.setError('duplicateReason', { message: BOLETO_FORM_MESSAGES.duplicateReason });
        return;
      }
      if (hasWarnings(warnings)) items = warningItems(warnings, { supplierName: supplierName(write.supplier_id), today: toAppDateString(new Date()) });
    } catch (error) {
      toast({ title: boletoEntryMessages.warningsError, description: boletoEntryErrorMessage(error), variant: 'destructive' });
      return;
    } finally {
      setChecking(false);
    }
    if (items.length > 0) setConfirmation({ items, input });
    else save(input);
  };

  return {
    submit,
    checking,
    busy: checking || create.isPending || update.isPending,
    /** The warnings waiting for 'Salvar mesmo assim' (null: none). */
    warnings: confirmation?.items ?? null,
    confirm: () => {
      const pending = confirmation;
      setConfirmation(null);
      if (pending) save(pending.input);
    },
    cancel: () => setConfirmation(null),
  };
}
