import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, type ComponentProps } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { formatDay, toAppDateString } from '@/lib/dates';
import { provenFileType } from '@/lib/file-signature';
import { cn } from '@/lib/utils';
import type { DecodedBoleto } from '@/features/boletos/code';
import { useSameCodeBoletos } from '@/features/boletos/api/check-boleto-warnings';
import type { BoletoUnitOption } from '@/features/boletos/api/get-boleto-options';
import { EntryAttachmentField } from '@/features/boletos/components/entry-attachment-field';
import { EntryCodeField } from '@/features/boletos/components/entry-code-field';
import { EntrySupplierCombobox } from '@/features/boletos/components/entry-supplier-combobox';
import { EntryWarningsDialog } from '@/features/boletos/components/entry-warnings-dialog';
import { codeStatus, formatAmountInput, parseAmountInput, sameCodeText, type SupplierOption } from '@/features/boletos/entry-logic';
import { boletoEntryMessages } from '@/features/boletos/messages';
import { DUE_DATE_MAX, DUE_DATE_MIN, NOTES_MAX, boletoFormSchema, emptyBoletoForm, type BoletoFormValues, type BoletoWrite } from '@/features/boletos/schemas';
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
    payeeMessage: `${id}-payee-message`,
    amount: `${id}-amount`,
    due: `${id}-due`,
    issue: `${id}-issue`,
    document: `${id}-document`,
    notes: `${id}-notes`,
    duplicateReason: `${id}-duplicate-reason`,
  };
  const form = useForm({ resolver: zodResolver(boletoFormSchema), defaultValues });
  const { errors, isDirty } = form.formState;
  const [code, payee, dueDate, notes, attachment] = useWatch({ control: form.control, name: ['code', 'payee', 'dueDate', 'notes', 'attachment'] });
  const status = useMemo(() => codeStatus(code), [code]);
  const decoded = status.state === 'valid' ? status.value : null;
  const today = toAppDateString(new Date());
  const autofill = useCodeAutofill(form, defaultValues);
  const submitRef = useRef<HTMLButtonElement>(null);
  // At paste time: the boletos with this code anywhere in the chain. Entering it again takes a
  // reason (an edit that keeps its own code does not ask again).
  const twinsQuery = useSameCodeBoletos(decoded?.barcode ?? null, boletoId);
  const twins = decoded && decoded.barcode !== autofill.initialBarcode ? (twinsQuery.data ?? []) : [];

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
    twins: { count: twins.length, refetch: () => void twinsQuery.refetch() },
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
  const duePast = /^\d{4}-\d{2}-\d{2}$/.test(dueDate) && dueDate < today && mode === 'create';

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

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.unit}>Unidade</Label>
          <Controller
            control={form.control}
            name="unitId"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={ids.unit} ref={field.ref} onBlur={field.onBlur} aria-invalid={errors.unitId ? true : undefined}>
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
            )}
          />
          {errors.unitId ? <p className="text-sm text-destructive">{errors.unitId.message}</p> : null}
        </div>

        <div className="grid content-start gap-2 sm:col-span-1 lg:col-span-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={ids.payee}>{payee === 'supplier' ? 'Fornecedor' : 'Beneficiário (não cadastrado)'}</Label>
            <button
              type="button"
              className="rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => switchPayee(payee === 'supplier' ? 'other' : 'supplier')}
            >
              {payee === 'supplier' ? 'Outro beneficiário' : 'Escolher fornecedor cadastrado'}
            </button>
          </div>
          {payee === 'supplier' ? (
            <Controller
              control={form.control}
              name="supplierId"
              render={({ field }) => (
                <EntrySupplierCombobox
                  id={ids.payee}
                  suppliers={suppliers}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  onOther={(typed) => switchPayee('other', typed)}
                  onPicked={focusNextEmpty}
                  invalid={errors.supplierId !== undefined}
                  describedBy={errors.supplierId ? ids.payeeMessage : undefined}
                />
              )}
            />
          ) : (
            <Input
              id={ids.payee}
              autoComplete="off"
              placeholder="Ex.: Companhia de Saneamento, Receita Federal"
              aria-invalid={errors.beneficiary ? true : undefined}
              aria-describedby={errors.beneficiary ? ids.payeeMessage : undefined}
              {...form.register('beneficiary')}
            />
          )}
          {(payee === 'supplier' ? errors.supplierId : errors.beneficiary) ? (
            <p id={ids.payeeMessage} className="text-sm text-destructive">
              {(payee === 'supplier' ? errors.supplierId : errors.beneficiary)?.message}
            </p>
          ) : null}
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
              min={DUE_DATE_MIN}
              max={DUE_DATE_MAX}
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
          <Input type="date" min={DUE_DATE_MIN} max={/^\d{4}-\d{2}-\d{2}$/.test(dueDate) ? dueDate : DUE_DATE_MAX} {...form.register('issueDate')} />
        </Field>

        <div className="sm:col-span-2 lg:col-span-1">
          <EntryAttachmentField
            label={mode === 'edit' ? 'Adicionar anexo (opcional)' : 'Anexo (opcional)'}
            file={attachment}
            error={errors.attachment?.message}
            onChange={(file) => void chooseAttachment(file)}
          />
        </div>

        <div className="grid content-start gap-2 sm:col-span-2 lg:col-span-4">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor={ids.notes}>Observações (opcional)</Label>
            <span className={cn('text-xs tabular-nums', notes.length > NOTES_MAX ? 'text-destructive' : 'text-muted-foreground')}>
              {notes.length}/{NOTES_MAX}
            </span>
          </div>
          <Textarea
            id={ids.notes}
            rows={3}
            className="min-h-[4.5rem]"
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? `${ids.notes}-message` : undefined}
            {...form.register('notes')}
          />
          {errors.notes ? (
            <p id={`${ids.notes}-message`} className="text-sm text-destructive">
              {errors.notes.message}
            </p>
          ) : null}
        </div>

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
