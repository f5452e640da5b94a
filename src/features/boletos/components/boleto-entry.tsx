import { Barcode } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useBoletoSuppliers, useBoletoUnits, type BoletoUnitOption } from '@/features/boletos/api/get-boleto-options';
import { formatLinhaDigitavel } from '@/features/boletos/code';
import { EntryForm } from '@/features/boletos/components/entry-form';
import { formatAmountInput } from '@/features/boletos/entry-logic';
import { boletoEntryErrorMessage, boletoEntryMessages } from '@/features/boletos/messages';
import { emptyBoletoForm, type BoletoFormValues } from '@/features/boletos/schemas';
import type { BoletoRow } from '@/features/boletos/types';

/** Units and suppliers the form needs, with their loading and error states. */
function useEntryOptions() {
  const units = useBoletoUnits();
  const suppliers = useBoletoSuppliers();
  return {
    isLoading: units.isLoading || suppliers.isLoading,
    error: units.error ?? suppliers.error,
    retry: () => {
      if (units.isError) void units.refetch();
      if (suppliers.isError) void suppliers.refetch();
    },
    units: units.data,
    suppliers: suppliers.data,
  };
}

function OptionsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <LoadError message={boletoEntryMessages.optionsLoadError} detail={boletoEntryErrorMessage(error)} onRetry={onRetry} />;
}

function FormSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <Skeleton className="h-12" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} className="h-14" />
        ))}
      </div>
    </div>
  );
}

/**
 * The entry card at the top of /boletos: scan (or paste, or type) a code, check what it says,
 * complete payee and unit, confirm any warning, save; the form clears itself and waits for the
 * next scan, keeping the unit.
 */
export function BoletoEntryCard() {
  const options = useEntryOptions();
  const headingId = 'boleto-entry-title';
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-4">
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 leading-none font-semibold">
          <Barcode aria-hidden="true" className="size-5 text-primary" />
          {boletoEntryMessages.cardTitle}
        </h2>
        <CardDescription>{boletoEntryMessages.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {options.isLoading ? (
          <FormSkeleton />
        ) : options.error || !options.units || !options.suppliers ? (
          <OptionsError error={options.error} onRetry={options.retry} />
        ) : options.units.units.length === 0 ? (
          <p className="text-sm text-muted-foreground">{boletoEntryMessages.noUnits}</p>
        ) : (
          <EntryForm
            // A change of the current unit (the header's switch) starts a fresh form in the new unit.
            key={options.units.currentUnitId ?? 'none'}
            mode="create"
            boletoId={null}
            units={options.units.units}
            suppliers={options.suppliers}
            defaultValues={emptyBoletoForm(options.units.currentUnitId ?? options.units.units[0]?.id ?? '')}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The stored boleto as the form's values (the code as its formatted linha digitável). */
function editValues(boleto: BoletoRow): BoletoFormValues {
  return {
    code: formatLinhaDigitavel(boleto.linha_digitavel),
    unitId: boleto.unit_id,
    payee: boleto.supplier_id ? 'supplier' : 'other',
    supplierId: boleto.supplier_id,
    beneficiary: boleto.supplier_id ? '' : (boleto.beneficiary ?? ''),
    documentNumber: boleto.document_number ?? '',
    amount: formatAmountInput(boleto.amount),
    dueDate: boleto.due_date,
    issueDate: boleto.issue_date ?? '',
    notes: boleto.notes ?? '',
    duplicateReason: boleto.duplicate_reason ?? '',
    attachment: null,
  };
}

/** The boleto's own unit stays selectable even if the caller's list no longer has it. */
function unitsWith(units: readonly BoletoUnitOption[], boleto: BoletoRow): BoletoUnitOption[] {
  return units.some((unit) => unit.id === boleto.unit_id) ? [...units] : [{ id: boleto.unit_id, name: boleto.unit_name }, ...units];
}

interface BoletoEditDialogProps {
  /** The boleto to edit (PENDENTE); null closes the dialog. */
  boleto: BoletoRow | null;
  onOpenChange: (open: boolean) => void;
}

/** The entry form in a dialog, for a pending boleto: same fields and checks, code included. */
export function BoletoEditDialog({ boleto, onOpenChange }: BoletoEditDialogProps) {
  return (
    <Dialog open={boleto !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{boletoEntryMessages.editTitle}</DialogTitle>
          <DialogDescription>{boletoEntryMessages.editDescription}</DialogDescription>
        </DialogHeader>
        {boleto ? <EditBody key={boleto.id} boleto={boleto} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditBody({ boleto, onClose }: { boleto: BoletoRow; onClose: () => void }) {
  const options = useEntryOptions();
  if (boleto.status !== 'PENDENTE') {
    return <p className="text-sm text-muted-foreground">Apenas boletos pendentes podem ser editados.</p>;
  }
  if (options.isLoading) return <FormSkeleton />;
  if (options.error || !options.units || !options.suppliers) return <OptionsError error={options.error} onRetry={options.retry} />;
  return (
    <EntryForm
      mode="edit"
      boletoId={boleto.id}
      units={unitsWith(options.units.units, boleto)}
      suppliers={options.suppliers}
      defaultValues={editValues(boleto)}
      onSaved={onClose}
      onCancel={onClose}
    />
  );
}
