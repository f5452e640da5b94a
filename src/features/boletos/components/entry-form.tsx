import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, type ComponentProps, type Ref } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Copy, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { formatDay, isIsoDay, MAX_DAY, MIN_DAY, toAppDateString } from '@/lib/dates';
import { provenFileType } from '@/lib/file-signature';
import { cn } from '@/lib/utils';
import type { DecodedBoleto } from '@/features/boletos/code';
import { useEntryWarnings } from '@/features/boletos/api/check-boleto-warnings';
import type { BoletoUnitOption } from '@/features/boletos/api/get-boleto-options';
import { EntryAttachmentField } from '@/features/boletos/components/entry-attachment-field';
import { EntryCodeField } from '@/features/boletos/components/entry-code-field';
import { EntrySupplierCombobox } from '@/features/boletos/components/entry-supplier-combobox';
import { EntryWarningsDialog } from '@/features/boletos/components/entry-warnings-dialog';
import { codeStatus, formatAmountInput, parseAmountInput, sameCodeText, warningItems, type SupplierOption } from '@/features/boletos/entry-logic';
import { boletoEntryMessages } from '@/features/boletos/messages';
import { NOTES_MAX, boletoFormSchema, emptyBoletoForm, type BoletoFormValues, type BoletoWrite } from '@/features/boletos/schemas';
import { useCodeAutofill } from '@/features/boletos/use-code-autofill';
import { useSaveBoleto } from '@/features/boletos/use-save-boleto';

interface EntryFormProps {
  /** 'create': the entry card (cleared after each save, ready for the next scan); 'edit': a pending boleto. */
  mode: 'create' | 'edit';
  /** The boleto being edited (not a duplicate of itself in the warnings). */
  boletoId: string | null;
  units: readonly BoletoUnitOption[];
  suppliers: readonly SupplierOption[];
  defaultValues: BoletoFormValues;
  /** Edit: close the dialog after saving. */
  onSaved?: () => void;
  /** Edit: the Cancel button. */
  onCancel?: () => void;
}

/**
 * The boleto form shared by the entry card and the edit dialog: the code decoded in the browser
 * fills amount and due date, the warnings are confirmed before saving, then the row is written
 * and the attachment uploaded into its folder.
 */
export function EntryForm({ mode, boletoId, units, suppliers, defaultValues, onSaved, onCancel }: EntryFormProps) {
  const id = useId();
  const ids = {
    code: `${id}-code`,
    unit: `${id}-unit`,
    payee: `${id}-payee`,
    amount: `${id}-amount`,
    due: `${id}-due`,
    issue: `${id}-issue`,
    document: `${id}-document`,
    notes: `${id}-notes`,
    duplicateReason: `${id}-duplicate-reason`,
  };
  const form = useForm({ resolver: zodResolver(boletoFormSchema), defaultValues });
  const { errors, isDirty } = form.formState;
  const [code, unitId, payee, supplierId, amount, dueDate, notes, attachment] = useWatch({
    control: form.control,
    name: ['code', 'unitId', 'payee', 'supplierId', 'amount', 'dueDate', 'notes', 'attachment'],
  });
  const status = useMemo(() => codeStatus(code), [code]);
  const decoded = status.state === 'valid' ? status.value : null;
  const today = toAppDateString(new Date());
  const autofill = useCodeAutofill(form, defaultValues);
  const submitRef = useRef<HTMLButtonElement>(null);
  // As soon as the code is read: the boletos with this code anywhere in the chain (entering it again
  // takes a reason; an edit that keeps its own code does not ask again), then, once the supplier is
  // known, the same supplier, amount and due date and a bank the supplier never used.
  const typedAmount = parseAmountInput(amount);
  const live = useEntryWarnings({
    barcode: decoded?.barcode ?? null,
    newCode: decoded !== null && decoded.barcode !== autofill.initialBarcode,
    unitId: unitId || null,
    supplierId: payee === 'supplier' ? supplierId : null,
    amount: typedAmount !== null && !Number.isNaN(typedAmount) && typedAmount > 0 ? typedAmount : null,
    dueDate: isIsoDay(dueDate) ? dueDate : null,
    excludeId: boletoId,
  });
  const twins = live.sameCode;
  const supplierName = suppliers.find((supplier) => supplier.id === supplierId)?.name ?? null;
  const supplierWarnings = live.supplier ? warningItems({ ...live.supplier, same_code: [] }, { supplierName, today }) : [];

  /** Ready for the next scan: everything cleared but the unit. */
  const clearForm = (unitId: string) => {
    autofill.forget();
    form.reset(emptyBoletoForm(unitId));
    document.getElementById(ids.code)?.focus();
  };

  const saving = useSaveBoleto({
    form,
    boletoId,
    suppliers,
    initialBarcode: autofill.initialBarcode,
    inline: { twins: twins.length, refresh: live.refresh },
    onSaved: (write: BoletoWrite) => (mode === 'edit' ? onSaved?.() : clearForm(write.unit_id)),
  });
  const busy = saving.busy;

  const clearCode = () => {
    form.setValue('code', '', { shouldDirty: true });
    autofill.applyCode('');
    document.getElementById(ids.code)?.focus();
  };

  /**
   * Enter in the code field (a scanner's last key): on to the first empty required field, then
   * Save. Synchronous on purpose (react-hook-form's setFocus waits for a timer): what is typed right
   * after the scan must land in the next field, not at the end of the code.
   */
  const focusNextEmpty = () => {
    const values = form.getValues();
    const next = !values.unitId
      ? ids.unit
      : values.payee === 'supplier' ? (values.supplierId ? null : ids.payee) : values.beneficiary.trim() === '' ? ids.payee : null;
    const target = next ?? (values.amount.trim() === '' ? ids.amount : values.dueDate === '' ? ids.due : null);
    if (target) document.getElementById(target)?.focus();
    else submitRef.current?.focus();
  };

  const onCodeEnter = () => {
    if (codeStatus(form.getValues('code')).state === 'valid') focusNextEmpty();
  };

  /** A chosen file is checked by its content (not its name) before it is kept. */
  const chooseAttachment = async (file: File | null) => {
    if (file) {
      try {
        await provenFileType(file);
      } catch (error) {
        form.setValue('attachment', null, { shouldDirty: true });
        form.setError('attachment', { message: error instanceof Error ? error.message : String(error) });
        return;
      }
    }
    form.setValue('attachment', file, { shouldValidate: true, shouldDirty: true });
  };

  // ---- payee ------------------------------------------------------------------------------------

  const switchPayee = (next: 'supplier' | 'other', typed = '') => {
    form.setValue('payee', next);
    form.clearErrors(['supplierId', 'beneficiary']);
    if (next === 'other') {
      form.setValue('supplierId', null);
      if (typed) form.setValue('beneficiary', typed);
    }
    // The other control appears on the next render.
    window.setTimeout(() => document.getElementById(ids.payee)?.focus(), 0);
  };

  // ---- what the fields say ----------------------------------------------------------------------

  const amountEditable = decoded !== null && (decoded.amount === null || decoded.amount === 0);
  const amountHint = decoded === null ? boletoEntryMessages.amountAwaitingCode : amountEditable ? boletoEntryMessages.amountNotInCode : boletoEntryMessages.amountFromCode;
  const dueNote = dueDateNote(decoded, dueDate);
  const duePast = isIsoDay(dueDate) && dueDate < today && mode === 'create';

  const codeRegistration = form.register('code');
  const dueRegistration = form.register('dueDate');

  return (
    <form onSubmit={(event) => void form.handleSubmit(saving.submit)(event)} noValidate className="grid gap-5" aria-busy={busy}>
      <EntryCodeField
        id={ids.code}
        status={status}
        submitError={errors.code?.message}
        inputProps={{
          ...codeRegistration,
          onChange: (event) => {
            void codeRegistration.onChange(event);
            autofill.applyCode(event.target.value);
          },
        }}
        autoFocus={mode === 'create'}
        typed={code}
        onClear={clearCode}
        onEnter={onCodeEnter}
      />

      {twins.length > 0 ? (
        <div className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/10 px-3 py-2 text-sm dark:bg-destructive/20" role="alert">
          <ul className="grid gap-1 font-medium text-destructive">
            {twins.map((twin, index) => (
              <li key={twin.id ?? index}>{sameCodeText(twin, today)}</li>
            ))}
          </ul>
          <Field id={ids.duplicateReason} label="Motivo para lançar este código de novo" error={errors.duplicateReason?.message}>
            <Textarea rows={2} placeholder="Ex.: o fornecedor informou que o pagamento anterior foi devolvido" {...form.register('duplicateReason')} />
          </Field>
        </div>
      ) : null}

      {supplierWarnings.length > 0 ? (
        <div role="alert">
          <ul aria-label={boletoEntryMessages.inlineWarningsLabel} className="grid gap-2">
            {supplierWarnings.map((item, index) => (
              <li
                key={`${item.kind}-${index}`}
                className={cn(
                  'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
                  item.severity === 'fraud'
                    ? 'border-destructive/50 bg-destructive/10 font-medium text-destructive dark:bg-destructive/20'
                    : 'border-amber-500/40 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100',
                )}
              >
                {item.severity === 'fraud' ? <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : <Copy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Controller
          control={form.control}
          name="unitId"
          render={({ field }) => (
            <Field id={ids.unit} label="Unidade" error={errors.unitId?.message} className="content-start">
              <UnitSelect units={units} value={field.value} onValueChange={field.onChange} triggerRef={field.ref} onBlur={field.onBlur} />
            </Field>
          )}
        />

        <div className="grid content-start gap-1.5 sm:col-span-1 lg:col-span-2">
          {payee === 'supplier' ? (
            <Controller
              control={form.control}
              name="supplierId"
              render={({ field }) => (
                <Field id={ids.payee} label="Fornecedor" error={errors.supplierId?.message}>
                  <EntrySupplierCombobox
                    suppliers={suppliers}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    onOther={(typed) => switchPayee('other', typed)}
                    onPicked={focusNextEmpty}
                  />
                </Field>
              )}
            />
          ) : (
            <Field id={ids.payee} label="Beneficiário (não cadastrado)" error={errors.beneficiary?.message}>
              <Input autoComplete="off" placeholder="Ex.: Companhia de Saneamento, Receita Federal" {...form.register('beneficiary')} />
            </Field>
          )}
          {/* Under the control, not in its label (a button inside a label would be read as part of its name). */}
          <button
            type="button"
            className="justify-self-start rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            onClick={() => switchPayee(payee === 'supplier' ? 'other' : 'supplier')}
          >
            {payee === 'supplier' ? 'Outro beneficiário' : 'Escolher fornecedor cadastrado'}
          </button>
        </div>

        <Field id={ids.document} label="Nº do documento / NF" error={errors.documentNumber?.message} className="content-start">
          <Input autoComplete="off" placeholder="Ex.: NF 7802" {...form.register('documentNumber')} />
        </Field>

        <Field id={ids.amount} label="Valor" error={errors.amount?.message} description={amountHint} className="content-start">
          <AmountInput
            inputMode="decimal"
            autoComplete="off"
            readOnly={!amountEditable}
            placeholder={decoded === null ? '—' : '0,00'}
            className={cn(!amountEditable && 'bg-muted/60 text-foreground focus-visible:ring-0')}
            {...form.register('amount', {
              onBlur: (event: { target: { value: string } }) => {
                const value = parseAmountInput(event.target.value);
                if (amountEditable && value !== null && !Number.isNaN(value) && value > 0) form.setValue('amount', formatAmountInput(value));
              },
            })}
          />
        </Field>

        <div className="grid content-start gap-2">
          <Field id={ids.due} label="Vencimento" error={errors.dueDate?.message} description={dueNote.text}>
            <Input
              type="date"
              min={MIN_DAY}
              max={MAX_DAY}
              {...dueRegistration}
              onChange={(event) => {
                autofill.dueTyped();
                void dueRegistration.onChange(event);
              }}
            />
          </Field>
          {dueNote.codeDay && dueNote.codeDay !== dueDate ? (
            <button
              type="button"
              className="justify-self-start rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => {
                if (dueNote.codeDay) autofill.useCodeDue(dueNote.codeDay);
              }}
            >
              Usar a data do código ({formatDay(dueNote.codeDay)})
            </button>
          ) : null}
          {duePast && !errors.dueDate ? <p className="text-xs font-medium text-amber-700 dark:text-amber-400">{boletoEntryMessages.duePast}</p> : null}
        </div>

        <Field id={ids.issue} label="Data de emissão (opcional)" error={errors.issueDate?.message} className="content-start">
          <Input type="date" min={MIN_DAY} max={isIsoDay(dueDate) ? dueDate : MAX_DAY} {...form.register('issueDate')} />
        </Field>

        <div className="sm:col-span-2 lg:col-span-1">
          <EntryAttachmentField
            label={mode === 'edit' ? 'Adicionar anexo (opcional)' : 'Anexo (opcional)'}
            file={attachment}
            error={errors.attachment?.message}
            onChange={(file) => void chooseAttachment(file)}
          />
        </div>

        <Field
          id={ids.notes}
          label="Observações (opcional)"
          error={errors.notes?.message}
          description={
            <span className={cn('tabular-nums', notes.length > NOTES_MAX && 'font-medium text-destructive')}>
              {notes.length}/{NOTES_MAX}
            </span>
          }
          className="content-start sm:col-span-2 lg:col-span-4"
        >
          <Textarea rows={3} className="min-h-[4.5rem]" {...form.register('notes')} />
        </Field>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {mode === 'edit' ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Voltar
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => clearForm(form.getValues('unitId'))}
          >
            Limpar
          </Button>
        )}
        <Button ref={submitRef} type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 text-current" label={saving.checking ? 'Conferindo...' : 'Salvando...'} /> : null}
          {mode === 'edit' ? 'Salvar alterações' : 'Lançar boleto'}
        </Button>
      </div>

      <EntryWarningsDialog items={saving.warnings} onCancel={saving.cancel} onConfirm={saving.confirm} />
      <UnsavedChangesGuard when={isDirty || busy} />
    </form>
  );
}

/** The unit choice as one control for Field: its id and aria props reach the trigger the label names. */
function UnitSelect({
  units,
  value,
  onValueChange,
  triggerRef,
  ...triggerProps
}: { units: readonly BoletoUnitOption[]; value: string; onValueChange: (value: string) => void; triggerRef: Ref<HTMLButtonElement> } & ComponentProps<'button'>) {
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger ref={triggerRef} {...triggerProps}>
        <SelectValue placeholder="Selecione a unidade" />
      </SelectTrigger>
      <SelectContent>
        {units.map((unit) => (
          <SelectItem key={unit.id} value={unit.id}>
            {unit.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The amount with 'R$' before it: one control for Field (id, aria-invalid and aria-describedby reach the input). */
function AmountInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
        R$
      </span>
      <Input className={cn('pl-9 text-right tabular-nums', className)} {...props} />
    </div>
  );
}

/** The note under the due date, and the date the code gives when the user changed it. */
function dueDateNote(decoded: DecodedBoleto | null, dueDate: string): { text: string | null; codeDay: string | null } {
  if (decoded === null) return { text: null, codeDay: null };
  if (decoded.kind === 'ARRECADACAO') return { text: boletoEntryMessages.dueArrecadacao, codeDay: null };
  if (decoded.dueDate === null) return { text: boletoEntryMessages.dueWithoutFactor, codeDay: null };
  if (dueDate !== '' && dueDate !== decoded.dueDate) return { text: boletoEntryMessages.dueAdjusted(formatDay(decoded.dueDate)), codeDay: decoded.dueDate };
  return { text: boletoEntryMessages.dueFromFactor, codeDay: decoded.dueDate };
}
