import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftRight, Combine, Send, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ComponentProps } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { paths } from '@/config/paths';
import { formatNumber, toAppDateString } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useSaveAndDispatchShipment, type SaveAndDispatchResult } from '@/features/shipments/api/save-and-dispatch-shipment';
import { useSaveShipment } from '@/features/shipments/api/save-shipment';
import { ItemPicker } from '@/features/shipments/components/item-picker';
import { itemsSummary } from '@/features/shipments/logic';
import { addProductLine, duplicateLines, LOT_MAX, mergeDuplicateLines, NOTES_MAX, parseQuantity, type ItemLine } from '@/features/shipments/lines';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';
import { shipmentFormSchema, type ShipmentFormData, type ShipmentFormValues } from '@/features/shipments/schemas';
import type { ProductOption, ShipmentViewer, UnitOption } from '@/features/shipments/types';

let lineCounter = 0;
/** A key for a new line of the form (never saved). */
function newLineKey(): string {
  lineCounter += 1;
  return `line-${Date.now().toString(36)}-${lineCounter}`;
}

interface ShipmentFormProps {
  /** null: a new shipment. */
  shipmentId: string | null;
  defaultValues: ShipmentFormValues;
  /** Every unit (store_units): both ends are chosen from them. */
  units: readonly UnitOption[];
  viewer: ShipmentViewer;
  /** After the save (the route goes back to the list). */
  onSaved: (result: { id: string; number: number | null }) => void;
  /** A message shown above the items (e.g. a prefilled product that is not in the catalogue). */
  notice?: string | null;
  /** The saved shipment's number (null for a new one): named in the dispatch confirmation. */
  number?: number | null;
  /**
   * Given: 'Salvar e despachar' is offered to whoever may dispatch from the chosen origin, and is
   * told the outcome (dispatched, or saved while the dispatch was refused). The database decides again.
   */
  onDispatched?: (result: SaveAndDispatchResult) => void;
  /** False hides 'Salvar e despachar' (someone else dispatched it meanwhile); onDispatched is still told of a dispatch under way. */
  dispatchable?: boolean;
}

/**
 * The shipment form of /nova-remessa and /editar-remessa/:id: origin and destination, notes and
 * the lines (products by name or scanner, quantity, lot, validity). Saved in one transaction by
 * save_shipment; a refusal is shown as the database words it and the form keeps what was typed.
 */
export function ShipmentForm({ shipmentId, defaultValues, units, viewer, onSaved, notice, number = null, onDispatched, dispatchable = true }: ShipmentFormProps) {
  const id = useId();
  const today = toAppDateString(new Date());
  // The caller's units bound the form (the database checks again); an administrator has no bound.
  const scopeKey = viewer.isAdmin ? null : viewer.units.map((unit) => unit.id).join(',');
  const schema = useMemo(() => shipmentFormSchema({ today, scope: scopeKey === null ? null : scopeKey.split(',').filter(Boolean) }), [today, scopeKey]);
  const form = useForm<ShipmentFormValues>({ resolver: zodResolver(schema), defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { errors, isDirty, isSubmitted } = form.formState;
  const lines = useFieldArray({ control: form.control, name: 'items', keyName: 'fieldId' });
  const [originUnitId, notes, items] = useWatch({ control: form.control, name: ['originUnitId', 'notes', 'items'] });
  const save = useSaveShipment();
  const saveAndDispatch = useSaveAndDispatchShipment();
  const busy = save.isPending || saveAndDispatch.isPending;
  const [serverError, setServerError] = useState<{ title: string; detail: string } | null>(null);
  const [pickStatus, setPickStatus] = useState('');
  // Set once done: leaving is then expected (no "discard changes?"), and the route is told.
  const [saved, setSaved] = useState<
    { kind: 'saved'; result: { id: string; number: number | null } } | { kind: 'dispatch'; result: SaveAndDispatchResult } | null
  >(null);
  // The valid values waiting for the dispatch confirmation.
  const [confirmDispatch, setConfirmDispatch] = useState<ShipmentFormData | null>(null);

  const myUnitIds = new Set(viewer.units.map((unit) => unit.id));
  const unitLabel = (unit: UnitOption) => (!viewer.isAdmin && myUnitIds.has(unit.id) ? `${unit.name} (sua unidade)` : unit.name);
  const totalQuantity = (items ?? []).reduce((sum, line) => sum + (parseQuantity(line.quantity) ?? 0), 0);
  const hasDuplicates = duplicateLines(items ?? []).size > 0;

  // ---- leaving with unsaved changes ---------------------------------------------------------------
  const guard = isDirty && saved === null;
  useEffect(() => {
    if (saved?.kind === 'saved') onSaved(saved.result);
    if (saved?.kind === 'dispatch') onDispatched?.(saved.result);
  }, [saved, onSaved, onDispatched]);
  // The origin's staff (or ADMIN) dispatch: the others only save (dispatch_shipment refuses them anyway).
  const mayDispatch = onDispatched !== undefined && dispatchable && (viewer.isAdmin || myUnitIds.has(originUnitId));

  // ---- lines ----------------------------------------------------------------------------------------
  const addProduct = (product: ProductOption, source: 'search' | 'scan') => {
    const current = form.getValues('items');
    const result = addProductLine(current, product, 1, newLineKey());
    if (result.merged) {
      const quantity = result.lines[result.index]?.quantity ?? '1';
      form.setValue(`items.${result.index}.quantity`, quantity, { shouldDirty: true, shouldValidate: isSubmitted });
      setPickStatus(shipmentMessages.quantityIncreased(product.name, quantity));
      if (source === 'search') form.setFocus(`items.${result.index}.quantity`, { shouldSelect: true });
    } else {
      const line = result.lines[result.index];
      if (!line) return;
      lines.append(line, source === 'search' ? { shouldFocus: true, focusName: `items.${result.index}.quantity` } : { shouldFocus: false });
      setPickStatus(`${product.name} incluído na remessa`);
      if (isSubmitted) void form.trigger('items');
    }
  };

  const mergeDuplicates = () => {
    const merged = mergeDuplicateLines(form.getValues('items'));
    lines.replace(merged);
    setPickStatus('Linhas repetidas juntadas');
    void form.trigger('items');
  };

  const swapUnits = () => {
    const { originUnitId: origin, destinationUnitId: destination } = form.getValues();
    form.setValue('originUnitId', destination, { shouldDirty: true, shouldValidate: isSubmitted });
    form.setValue('destinationUnitId', origin, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  // ---- saving ---------------------------------------------------------------------------------------
  const submit = form.handleSubmit(
    (values) => {
      setServerError(null);
      save.mutate(
        { id: shipmentId, values },
        {
          onSuccess: (result) => setSaved({ kind: 'saved', result }),
          // The form stays as it was: nothing typed is lost.
          onError: (error) => setServerError({ title: shipmentMessages.saveError, detail: shipmentErrorMessage(error) }),
        },
      );
    },
    (invalid) => focusFirstError(invalid),
  );

  // 'Salvar e despachar': the same checks, then a confirmation (a dispatched shipment can no longer change).
  const askDispatch = form.handleSubmit(
    (values) => {
      setServerError(null);
      setConfirmDispatch(values);
    },
    (invalid) => focusFirstError(invalid),
  );

  const runDispatch = () => {
    if (!confirmDispatch) return;
    const typed = form.getValues();
    saveAndDispatch.mutate(
      { id: shipmentId, values: confirmDispatch },
      {
        onSuccess: (result) => {
          setConfirmDispatch(null);
          // Refused after an edit was saved: the form now holds the saved draft; say what is left to do.
          if (!result.dispatched && shipmentId !== null) {
            form.reset(typed);
            setServerError({ title: shipmentMessages.savedNotDispatched(result.number), detail: shipmentMessages.notDispatchedDetail(result.reason) });
            return;
          }
          setSaved({ kind: 'dispatch', result });
        },
        onError: (error) => {
          setConfirmDispatch(null);
          setServerError({ title: shipmentMessages.saveError, detail: shipmentErrorMessage(error) });
        },
      },
    );
  };
  const destinationName = units.find((unit) => unit.id === confirmDispatch?.destinationUnitId)?.name ?? '';

  /** Focus the first field with an error, in the order the form shows them. */
  const focusFirstError = (invalid: FieldErrors<ShipmentFormValues>) => {
    if (invalid.originUnitId) return document.getElementById(`${id}-origin`)?.focus();
    if (invalid.destinationUnitId) return document.getElementById(`${id}-destination`)?.focus();
    if (invalid.notes) return form.setFocus('notes');
    const itemErrors = Array.isArray(invalid.items) ? invalid.items : [];
    for (let index = 0; index < itemErrors.length; index++) {
      const line = itemErrors[index] as FieldErrors<ItemLine> | undefined;
      if (!line) continue;
      const field = line.quantity ? 'quantity' : line.lot ? 'lot' : line.expiryDate ? 'expiryDate' : null;
      if (field) return form.setFocus(`items.${index}.${field}`);
    }
    if (invalid.items) document.getElementById(`${id}-items-title`)?.scrollIntoView({ block: 'center' });
  };

  const itemsError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      // Enter in a field never saves: a scanner reading into the wrong field must not send the shipment.
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
      }}
      noValidate
      className="grid gap-6"
    >
      <section aria-labelledby={`${id}-units-title`} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <h2 id={`${id}-units-title`} className="font-semibold">
          Unidades
        </h2>
        <div className="grid items-start gap-4 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
          <UnitField
            id={`${id}-origin`}
            label="Origem (quem envia)"
            control={form.control}
            name="originUnitId"
            units={units}
            unitLabel={unitLabel}
            error={errors.originUnitId?.message}
          />
          <Button type="button" variant="ghost" size="icon" className="justify-self-center md:mt-6" aria-label="Trocar origem e destino" title="Trocar origem e destino" onClick={swapUnits}>
            <ArrowLeftRight aria-hidden="true" className="rotate-90 md:rotate-0" />
          </Button>
          <UnitField
            id={`${id}-destination`}
            label="Destino (quem recebe)"
            control={form.control}
            name="destinationUnitId"
            units={units}
            unitLabel={unitLabel}
            error={errors.destinationUnitId?.message}
            disabledId={originUnitId}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-notes`}>Observações (opcional)</Label>
          <Textarea
            id={`${id}-notes`}
            rows={2}
            maxLength={NOTES_MAX}
            placeholder="Ex.: enviar junto com a nota de transferência; urgente para o fim de semana"
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={`${id}-notes-message`}
            {...form.register('notes')}
          />
          <p id={`${id}-notes-message`} className={cn('text-xs', errors.notes ? 'text-sm text-destructive' : 'text-muted-foreground')}>
            {errors.notes?.message ?? `${formatNumber((notes ?? '').length)} de ${formatNumber(NOTES_MAX)} caracteres`}
          </p>
        </div>
      </section>

      <section aria-labelledby={`${id}-items-title`} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-items-title`} className="font-semibold">
            Itens
          </h2>
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {itemsSummary(lines.fields.length, totalQuantity)}
          </p>
        </div>
        {notice ? (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
            {notice}
          </p>
        ) : null}
        <ItemPicker onAdd={addProduct} status={pickStatus} />

        {lines.fields.length === 0 ? (
          <p className={cn('rounded-lg border border-dashed px-4 py-6 text-center text-sm', itemsError ? 'border-destructive text-destructive' : 'text-muted-foreground')} role={itemsError ? 'alert' : undefined}>
            {itemsError ?? 'Nenhum item ainda. Busque pelo nome ou escaneie o código de barras.'}
          </p>
        ) : (
          <div className="grid gap-2">
            <div aria-hidden="true" className="hidden grid-cols-[minmax(0,1fr)_7rem_9rem_10.5rem_2.25rem] gap-3 px-3 text-xs font-medium text-muted-foreground lg:grid">
              <span>Produto</span>
              <span>Quantidade</span>
              <span>Lote</span>
              <span>Validade</span>
              <span />
            </div>
            <ol className="grid gap-2" aria-label="Itens da remessa">
              {lines.fields.map((field, index) => {
                const lineErrors = errors.items?.[index];
                const base = `${id}-line-${field.key}`;
                return (
                  <li
                    key={field.fieldId}
                    className="grid grid-cols-2 gap-3 rounded-lg border bg-background p-3 lg:grid-cols-[minmax(0,1fr)_7rem_9rem_10.5rem_2.25rem] lg:items-start lg:border-0 lg:border-b lg:bg-transparent lg:px-3 lg:py-2 lg:rounded-none"
                  >
                    <div className="col-span-2 flex min-w-0 items-start justify-between gap-2 lg:col-span-1 lg:pt-2">
                      <div className="min-w-0">
                        <div className="font-medium break-words" id={`${base}-name`}>
                          <span className="mr-1.5 text-muted-foreground tabular-nums">{index + 1}.</span>
                          {field.productName}
                        </div>
                        {field.barcode ? <div className="font-mono text-xs text-muted-foreground">{field.barcode}</div> : null}
                      </div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="-mt-1 size-8 shrink-0 text-destructive hover:text-destructive lg:hidden dark:text-red-400"
                        aria-label={`Remover ${field.productName}`}
                        onClick={() => lines.remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                    <LineInput
                      id={`${base}-quantity`}
                      label="Quantidade"
                      productName={field.productName}
                      error={lineErrors?.quantity?.message}
                      inputMode="numeric"
                      autoComplete="off"
                      className="tabular-nums"
                      // Typing replaces the quantity (a picked product arrives with 1 selected).
                      onFocus={(event) => event.currentTarget.select()}
                      {...form.register(`items.${index}.quantity`)}
                    />
                    <LineInput
                      id={`${base}-lot`}
                      label="Lote (opcional)"
                      productName={field.productName}
                      error={lineErrors?.lot?.message}
                      maxLength={LOT_MAX}
                      autoComplete="off"
                      {...form.register(`items.${index}.lot`)}
                    />
                    <LineInput
                      id={`${base}-expiry`}
                      label="Validade (opcional)"
                      productName={field.productName}
                      error={lineErrors?.expiryDate?.message}
                      type="date"
                      min={today}
                      max="2100-12-31"
                      wrapperClassName="col-span-2 sm:col-span-1 lg:col-span-1"
                      {...form.register(`items.${index}.expiryDate`)}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="hidden text-destructive hover:text-destructive lg:inline-flex dark:text-red-400"
                      aria-label={`Remover ${field.productName}`}
                      title="Remover item"
                      onClick={() => lines.remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ol>
            {hasDuplicates ? (
              <div className="flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
                <span className="flex-1">O mesmo produto e lote aparece em mais de uma linha.</span>
                <Button type="button" size="sm" variant="outline" onClick={mergeDuplicates}>
                  <Combine aria-hidden="true" /> Juntar linhas repetidas
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </section>

      {serverError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
          <p className="font-medium text-destructive">{serverError.title}</p>
          <p className="text-destructive">{serverError.detail}</p>
        </div>
      ) : null}

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
        <Button asChild variant="outline">
          <Link to={paths.shipments}>Voltar</Link>
        </Button>
        <Button type="submit" variant={mayDispatch ? 'outline' : 'default'} disabled={busy}>
          {save.isPending ? <Spinner className="size-4 text-current" label="Salvando..." /> : null}
          {shipmentId ? 'Salvar alterações' : 'Salvar remessa'}
        </Button>
        {mayDispatch ? (
          <Button type="button" disabled={busy} onClick={() => void askDispatch()}>
            {saveAndDispatch.isPending ? <Spinner className="size-4 text-current" label="Despachando..." /> : <Send aria-hidden="true" />}
            {shipmentMessages.saveAndDispatch}
          </Button>
        ) : null}
      </div>

      <AlertDialog open={confirmDispatch !== null} onOpenChange={(open) => !open && !saveAndDispatch.isPending && setConfirmDispatch(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{shipmentMessages.saveAndDispatch}</AlertDialogTitle>
            <AlertDialogDescription>{shipmentMessages.saveAndDispatchQuestion(number, destinationName)}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={saveAndDispatch.isPending}>Voltar</AlertDialogCancel>
            <Button disabled={saveAndDispatch.isPending} onClick={runDispatch}>
              {saveAndDispatch.isPending ? <Spinner className="size-4 text-current" label="Aguarde..." /> : <Send aria-hidden="true" />}
              {shipmentMessages.saveAndDispatch}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <UnsavedChangesGuard when={guard} title={shipmentMessages.unsavedTitle} description={shipmentMessages.unsavedDescription} />
    </form>
  );
}

type UnitFieldProps = {
  id: string;
  label: string;
  control: ReturnType<typeof useForm<ShipmentFormValues>>['control'];
  name: 'originUnitId' | 'destinationUnitId';
  units: readonly UnitOption[];
  unitLabel: (unit: UnitOption) => string;
  error: string | undefined;
  /** The unit chosen at the other end (shown, but not offered twice). */
  disabledId?: string;
};

function UnitField({ id, label, control, name, units, unitLabel, error, disabledId }: UnitFieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? messageId : undefined} onBlur={field.onBlur} ref={field.ref}>
              <SelectValue placeholder="Selecione a unidade" />
            </SelectTrigger>
            <SelectContent>
              {units.map((unit) => (
                <SelectItem key={unit.id} value={unit.id} disabled={unit.id === disabledId}>
                  {unitLabel(unit)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      {error ? (
        <p id={messageId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type LineInputProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  productName: string;
  error: string | undefined;
  wrapperClassName?: string;
};

/** A line's field: a visible label on a phone, the column header on a desktop (the accessible name says which product). */
function LineInput({ id, label, productName, error, wrapperClassName, ...inputProps }: LineInputProps) {
  const messageId = `${id}-message`;
  return (
    <div className={cn('grid content-start gap-1', wrapperClassName)}>
      <Label htmlFor={id} className="text-xs lg:sr-only">
        {label}
        <span className="sr-only"> de {productName}</span>
      </Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? messageId : undefined} {...inputProps} />
      {error ? (
        <p id={messageId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
