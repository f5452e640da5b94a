import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { formatCurrency, formatDay, toAppDateString } from '@/lib/dates';
import { provenFileType } from '@/lib/file-signature';
import { cn } from '@/lib/utils';
import type { DecodedBoleto } from '@/features/boletos/code';
import { useCheckBoletoWarnings, useSameCodeBoletos } from '@/features/boletos/api/check-boleto-warnings';
import { useCreateBoleto } from '@/features/boletos/api/create-boleto';
import type { BoletoUnitOption } from '@/features/boletos/api/get-boleto-options';
import { useUpdateBoleto } from '@/features/boletos/api/update-boleto';
import { useUploadBoletoAttachment } from '@/features/boletos/api/upload-boleto-attachment';
import { EntryAttachmentField } from '@/features/boletos/components/entry-attachment-field';
import { EntryCodeField } from '@/features/boletos/components/entry-code-field';
import { EntrySupplierCombobox } from '@/features/boletos/components/entry-supplier-combobox';
import { EntryWarningsDialog } from '@/features/boletos/components/entry-warnings-dialog';
import {
  codeStatus,
  formatAmountInput,
  hasWarnings,
  parseAmountInput,
  sameCodeText,
  warningItems,
  type SupplierOption,
  type WarningItem,
} from '@/features/boletos/entry-logic';
import { attachmentErrorReason, boletoEntryErrorMessage, boletoEntryMessages } from '@/features/boletos/messages';
import {
  DUE_DATE_MAX,
  BOLETO_FORM_MESSAGES,
  DUE_DATE_MIN,
  DUPLICATE_REASON_MIN,
  NOTES_MAX,
  boletoFormSchema,
  emptyBoletoForm,
  toBoletoWrite,
  type BoletoFormData,
  type BoletoFormValues,
  type BoletoWrite,
} from '@/features/boletos/schemas';

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

/** What was filled from the code (so a new code replaces it, and a manual change is kept). */
interface AutoFilled {
  barcode: string | null;
  amount: boolean;
  due: boolean;
}

interface PendingConfirmation {
  items: WarningItem[];
  write: BoletoWrite;
  file: File | null;
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
  const auto = useRef<AutoFilled>(initialAutoFilled(defaultValues));
  const submitRef = useRef<HTMLButtonElement>(null);
  // At paste time: the boletos with this code anywhere in the chain. Entering it again takes a
  // reason (an edit that keeps its own code does not ask again).
  const [initialBarcode] = useState(() => initialAutoFilled(defaultValues).barcode);
  const twinsQuery = useSameCodeBoletos(decoded?.barcode ?? null, boletoId);
  const twins = decoded && decoded.barcode !== initialBarcode ? (twinsQuery.data ?? []) : [];

  const checkWarnings = useCheckBoletoWarnings();
  const create = useCreateBoleto();
  const update = useUpdateBoleto();
  const upload = useUploadBoletoAttachment();
  const [checking, setChecking] = useState(false);
  const [confirmation, setConfirmation] = useState<PendingConfirmation | null>(null);
  const busy = checking || create.isPending || update.isPending || upload.isPending;

  // ---- code → amount and due date ---------------------------------------------------------------

  const setFromCode = (name: 'amount' | 'dueDate', value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  /** A new valid code refills what came from the previous one; clearing the code clears it. */
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

  const clearCode = () => {
    form.setValue('code', '', { shouldDirty: true });
    applyCode('');
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

  // ---- saving -----------------------------------------------------------------------------------

  const supplierName = (supplierId: string | null) => suppliers.find((supplier) => supplier.id === supplierId)?.name ?? null;

  const afterSave = (write: BoletoWrite) => {
    if (mode === 'edit') {
      onSaved?.();
      return;
    }
    // Ready for the next scan: everything cleared but the unit.
    auto.current = { barcode: null, amount: false, due: false };
    form.reset(emptyBoletoForm(write.unit_id));
    document.getElementById(ids.code)?.focus();
  };

  const save = async (write: BoletoWrite, file: File | null) => {
    let savedId: string;
    try {
      savedId = mode === 'edit' && boletoId ? (await update.mutateAsync({ id: boletoId, write })).id : (await create.mutateAsync(write)).id;
    } catch (error) {
      // Nothing is lost: the form keeps every value.
      toast({ title: mode === 'edit' ? boletoEntryMessages.updateError : boletoEntryMessages.createError, description: boletoEntryErrorMessage(error), variant: 'destructive' });
      return;
    }
    let attachmentSent = true;
    if (file) {
      try {
        await upload.mutateAsync({ boletoId: savedId, file });
      } catch (error) {
        attachmentSent = false;
        toast({
          title: boletoEntryMessages.attachmentNotSentTitle,
          description: boletoEntryMessages.attachmentNotSent(attachmentErrorReason(error)),
          variant: 'destructive',
        });
      }
    }
    if (attachmentSent) {
      const payeeName = supplierName(write.supplier_id) ?? write.beneficiary ?? '';
      toast({
        title: mode === 'edit' ? boletoEntryMessages.updated : boletoEntryMessages.created,
        description: `${payeeName} · ${formatCurrency(write.amount)} · vence em ${formatDay(write.due_date)}`,
      });
    }
    afterSave(write);
  };

  const onValid = async (values: BoletoFormData) => {
    if (twins.length > 0 && values.duplicateReason.trim().length < DUPLICATE_REASON_MIN) {
      form.setError('duplicateReason', { message: BOLETO_FORM_MESSAGES.duplicateReason }, { shouldFocus: true });
      return;
    }
    const write = toBoletoWrite(values);
    const file = values.attachment;
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
      // Another user may have entered this code since it was pasted: the reason is asked all the same.
      const entersTwin = warnings.same_code.length > 0 && write.barcode !== initialBarcode;
      if (entersTwin && values.duplicateReason.trim().length < DUPLICATE_REASON_MIN) {
        void twinsQuery.refetch();
        form.setError('duplicateReason', { message: BOLETO_FORM_MESSAGES.duplicateReason });
        return;
      }
      if (hasWarnings(warnings)) items = warningItems(warnings, { supplierName: supplierName(write.supplier_id), today });
    } catch (error) {
      toast({ title: boletoEntryMessages.warningsError, description: boletoEntryErrorMessage(error), variant: 'destructive' });
      return;
    } finally {
      setChecking(false);
    }
    if (items.length > 0) setConfirmation({ items, write, file });
    else await save(write, file);
  };

  const confirmSave = () => {
    const pending = confirmation;
    setConfirmation(null);
    if (pending) void save(pending.write, pending.file);
  };

  // ---- what the fields say ----------------------------------------------------------------------

  const amountEditable = decoded !== null && (decoded.amount === null || decoded.amount === 0);
  const amountHint = decoded === null ? boletoEntryMessages.amountAwaitingCode : amountEditable ? boletoEntryMessages.amountNotInCode : boletoEntryMessages.amountFromCode;
  const dueNote = dueDateNote(decoded, dueDate);
  const duePast = /^\d{4}-\d{2}-\d{2}$/.test(dueDate) && dueDate < today && mode === 'create';

  const codeRegistration = form.register('code');
  const dueRegistration = form.register('dueDate');

  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)} noValidate className="grid gap-5" aria-busy={busy}>
      <EntryCodeField
        id={ids.code}
        status={status}
        submitError={errors.code?.message}
        inputProps={{
          ...codeRegistration,
          onChange: (event) => {
            void codeRegistration.onChange(event);
            applyCode(event.target.value);
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
          <Label htmlFor={ids.duplicateReason}>Motivo para lançar este código de novo</Label>
          <Textarea
            id={ids.duplicateReason}
            rows={2}
            placeholder="Ex.: o fornecedor informou que o pagamento anterior foi devolvido"
            aria-invalid={errors.duplicateReason ? true : undefined}
            aria-describedby={errors.duplicateReason ? `${ids.duplicateReason}-message` : undefined}
            {...form.register('duplicateReason')}
          />
          {errors.duplicateReason ? (
            <p id={`${ids.duplicateReason}-message`} className="text-sm text-destructive">
              {errors.duplicateReason.message}
            </p>
          ) : null}
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

        <TextField id={ids.document} label="Nº do documento / NF" error={errors.documentNumber?.message}>
          <Input
            id={ids.document}
            autoComplete="off"
            placeholder="Ex.: NF 7802"
            aria-invalid={errors.documentNumber ? true : undefined}
            {...form.register('documentNumber')}
          />
        </TextField>

        <TextField id={ids.amount} label="Valor" error={errors.amount?.message} hint={amountHint}>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
              R$
            </span>
            <Input
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              readOnly={!amountEditable}
              placeholder={decoded === null ? '—' : '0,00'}
              className={cn('pl-9 text-right tabular-nums', !amountEditable && 'bg-muted/60 text-foreground focus-visible:ring-0')}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${ids.amount}-message`}
              {...form.register('amount', {
                onBlur: (event: { target: { value: string } }) => {
                  const value = parseAmountInput(event.target.value);
                  if (amountEditable && value !== null && !Number.isNaN(value) && value > 0) form.setValue('amount', formatAmountInput(value));
                },
              })}
            />
          </div>
        </TextField>

        <TextField id={ids.due} label="Vencimento" error={errors.dueDate?.message} hint={dueNote.text}>
          <Input
            id={ids.due}
            type="date"
            min={DUE_DATE_MIN}
            max={DUE_DATE_MAX}
            aria-invalid={errors.dueDate ? true : undefined}
            aria-describedby={errors.dueDate || dueNote.text ? `${ids.due}-message` : undefined}
            {...dueRegistration}
            onChange={(event) => {
              auto.current.due = false;
              void dueRegistration.onChange(event);
            }}
          />
          {dueNote.codeDay && dueNote.codeDay !== dueDate ? (
            <button
              type="button"
              className="justify-self-start rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => {
                if (dueNote.codeDay) form.setValue('dueDate', dueNote.codeDay, { shouldValidate: form.formState.isSubmitted });
                auto.current.due = true;
              }}
            >
              Usar a data do código ({formatDay(dueNote.codeDay)})
            </button>
          ) : null}
          {duePast && !errors.dueDate ? <p className="text-xs font-medium text-amber-700 dark:text-amber-400">{boletoEntryMessages.duePast}</p> : null}
        </TextField>

        <TextField id={ids.issue} label="Data de emissão (opcional)" error={errors.issueDate?.message}>
          <Input
            id={ids.issue}
            type="date"
            min={DUE_DATE_MIN}
            max={/^\d{4}-\d{2}-\d{2}$/.test(dueDate) ? dueDate : DUE_DATE_MAX}
            aria-invalid={errors.issueDate ? true : undefined}
            aria-describedby={errors.issueDate ? `${ids.issue}-message` : undefined}
            {...form.register('issueDate')}
          />
        </TextField>

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
            Cancelar
          </Button>
        ) : (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => {
              auto.current = { barcode: null, amount: false, due: false };
              form.reset(emptyBoletoForm(form.getValues('unitId')));
              document.getElementById(ids.code)?.focus();
            }}
          >
            Limpar
          </Button>
        )}
        <Button ref={submitRef} type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 text-current" label={checking ? 'Conferindo...' : 'Salvando...'} /> : null}
          {mode === 'edit' ? 'Salvar alterações' : 'Lançar boleto'}
        </Button>
      </div>

      <EntryWarningsDialog items={confirmation?.items ?? null} onCancel={() => setConfirmation(null)} onConfirm={confirmSave} />
      <UnsavedChangesGuard when={isDirty || busy} />
    </form>
  );
}

/** A labelled control with its message (error first, then hint) under it. */
function TextField({ id, label, error, hint, children }: { id: string; label: string; error: string | undefined; hint?: string | null; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-message`} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-message`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
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

/** Edit: the stored amount came from the code when the code carries one; the stored due date is the user's. */
function initialAutoFilled(values: BoletoFormValues): AutoFilled {
  const initial = codeStatus(values.code);
  if (initial.state !== 'valid') return { barcode: null, amount: false, due: false };
  return { barcode: initial.value.barcode, amount: initial.value.amount !== null && initial.value.amount > 0, due: false };
}
