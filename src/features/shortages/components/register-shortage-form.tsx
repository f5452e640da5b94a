import { zodResolver } from '@hookform/resolvers/zod';
import { Barcode, PackageCheck, X } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
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
import { Combobox } from '@/components/ui/combobox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { barcodeError, cleanBarcode } from '@/lib/barcode';
import { shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import { useCreateShortage } from '@/features/shortages/api/create-shortage';
import { useRequestIds } from '@/hooks/use-request-id';
import { findOpenShortage, type OpenShortage } from '@/features/shortages/api/find-open-shortage';
import { findProductByBarcode, useProductSearch } from '@/features/shortages/api/find-products';
import { ShortageGroupField, ShortageObservationField } from '@/features/shortages/components/shortage-fields';
import { EMPTY_SHORTAGE_FORM, shortageFormSchema, toShortageWrite, type ShortageFormOutput, type ShortageWrite } from '@/features/shortages/schemas';
import { duplicateMessage } from '@/features/shortages/messages';
import type { ShortageGroup, ShortageProduct, ShortageUser } from '@/features/shortages/types';

interface RegisterShortageFormProps {
  user: ShortageUser & { unitId: string };
  groups: readonly ShortageGroup[];
  onEditExisting: (shortageId: string) => void;
}

/** Registers a shortage: scan/type a barcode (Enter finds it and moves to the quantity) or search by name. */
export function RegisterShortageForm({ user, groups, onEditExisting }: RegisterShortageFormProps) {
  const createShortage = useCreateShortage();
  const requests = useRequestIds();
  const barcodeRef = useRef<HTMLInputElement>(null);
  const [barcode, setBarcode] = useState('');
  const [barcodeMessage, setBarcodeMessage] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [product, setProduct] = useState<ShortageProduct | null>(null);
  const form = useForm({ resolver: zodResolver(shortageFormSchema), defaultValues: EMPTY_SHORTAGE_FORM });
  const { errors, isDirty } = form.formState;
  const [checking, setChecking] = useState(false);
  const [duplicate, setDuplicate] = useState<{ open: OpenShortage[]; write: ShortageWrite } | null>(null);

  const choose = (found: ShortageProduct) => {
    setProduct(found);
    form.setValue('productId', found.id, { shouldValidate: form.formState.isSubmitted });
    if (form.getValues('groupId') === null) form.setValue('groupId', found.groupId);
    window.setTimeout(() => form.setFocus('requestedQuantity'), 0);
  };

  const lookUpBarcode = async () => {
    const code = cleanBarcode(barcode);
    if (!code) return;
    const invalid = barcodeError(code);
    if (invalid) {
      setBarcodeMessage(invalid);
      return;
    }
    setLooking(true);
    try {
      const found = await findProductByBarcode(code);
      if (found) {
        setBarcodeMessage(null);
        setBarcode('');
        choose(found);
      } else {
        setBarcodeMessage('Nenhum produto cadastrado com este código de barras');
      }
    } catch (error) {
      setBarcodeMessage(shortageErrorMessage(error));
    } finally {
      setLooking(false);
    }
  };

  const onBarcodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void lookUpBarcode();
    }
  };

  const reset = () => {
    setProduct(null);
    form.reset(EMPTY_SHORTAGE_FORM);
    setDuplicate(null);
    window.setTimeout(() => barcodeRef.current?.focus(), 0);
  };

  const save = (write: ShortageWrite) => {
    const input = { ...write, unit_id: user.unitId, created_by: user.id };
    createShortage.mutate(
      { ...input, request_id: requests.idFor(JSON.stringify(input)) },
      {
        onSuccess: () => {
          requests.done();
          reset();
        },
      },
    );
  };

  // Valid values first warn about an open shortage of the same product in the unit (the spec's duplicate check).
  const checkAndSave = async (values: ShortageFormOutput) => {
    const write = toShortageWrite(values);
    setChecking(true);
    try {
      const open = await findOpenShortage(write.product_id, user.unitId);
      if (open.length > 0) setDuplicate({ open, write });
      else save(write);
    } catch (error) {
      toast({ title: shortageMessages.shortageCreateError, description: shortageErrorMessage(error), variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };

  const existing = duplicate?.open[0];

  return (
    <form className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm" onSubmit={(event) => void form.handleSubmit(checkAndSave)(event)} noValidate aria-labelledby="register-shortage-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="register-shortage-title" className="text-lg font-medium">
          Registrar falta
        </h2>
        <p className="text-sm text-muted-foreground">
          Unidade: <span className="font-medium text-foreground">{user.unitName}</span>
        </p>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="shortage-barcode">
            <Barcode aria-hidden="true" className="size-4" />
            Código de barras
          </Label>
          <Input
            id="shortage-barcode"
            ref={barcodeRef}
            autoFocus
            inputMode="numeric"
            autoComplete="off"
            placeholder="Escaneie ou digite e tecle Enter"
            value={barcode}
            aria-invalid={barcodeMessage ? true : undefined}
            aria-describedby="shortage-barcode-message"
            onChange={(event) => {
              setBarcode(event.target.value);
              setBarcodeMessage(null);
            }}
            onKeyDown={onBarcodeKeyDown}
          />
          <p id="shortage-barcode-message" className={barcodeMessage ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
            {looking ? 'Buscando produto...' : (barcodeMessage ?? 'Leitores USB digitam o código e teclam Enter.')}
          </p>
        </div>
        <ProductSearch onSelect={choose} />
      </div>

      <div aria-live="polite">
        {product ? (
          <div className="flex items-center justify-between gap-3 rounded-md border border-primary/40 bg-primary/5 px-3 py-2">
            <div className="flex min-w-0 items-center gap-2">
              <PackageCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <div className="min-w-0">
                <p className="truncate font-medium" data-testid="selected-product">
                  {product.name}
                </p>
                <p className="font-mono text-xs text-muted-foreground">{product.barcode ?? 'Sem código de barras'}</p>
              </div>
            </div>
            <Button type="button" variant="ghost" size="icon" aria-label="Remover produto selecionado" onClick={reset}>
              <X aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <p className={errors.productId ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
            {errors.productId?.message ?? 'Nenhum produto selecionado.'}
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Quantidade solicitada" error={errors.requestedQuantity?.message}>
          <Input inputMode="numeric" {...form.register('requestedQuantity')} />
        </Field>
        <Field label="Quantidade disponível" error={errors.availableQuantity?.message}>
          <Input inputMode="numeric" {...form.register('availableQuantity')} />
        </Field>
        <ShortageGroupField id="shortage-group" control={form.control} groups={groups} />
      </div>
      <ShortageObservationField id="shortage-observation" error={errors.observation} registration={form.register('observation')} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={reset}>
          Limpar
        </Button>
        <Button type="submit" disabled={checking || createShortage.isPending}>
          Registrar falta
        </Button>
      </div>

      <AlertDialog open={duplicate !== null} onOpenChange={(open) => !open && setDuplicate(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Falta já registrada</AlertDialogTitle>
            <AlertDialogDescription>
              {existing ? duplicateMessage(existing) : ''}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <Button
              variant="outline"
              onClick={() => {
                if (existing) onEditExisting(existing.id);
                reset();
              }}
            >
              Editar existente
            </Button>
            <Button
              onClick={() => {
                if (duplicate) save(duplicate.write);
                setDuplicate(null);
              }}
            >
              Registrar mesmo assim
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <UnsavedChangesGuard when={isDirty || product !== null || createShortage.isPending} />
    </form>
  );
}

/** Search a product by name (the shared combobox; this feature's search feeds it). */
function ProductSearch({ onSelect }: { onSelect: (product: ShortageProduct) => void }) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term, 250);
  const search = useProductSearch(debounced);
  const options = useMemo(() => (search.data ?? []).map((product) => ({ id: product.id, label: product.name, description: product.barcode, product })), [search.data]);
  return (
    <Field label="Buscar produto pelo nome">
      <Combobox
        options={options}
        onChange={(option) => {
          if (option) onSelect(option.product);
        }}
        onSearch={setTerm}
        loading={search.isFetching || term.trim() !== debounced.trim()}
        minSearchLength={2}
        placeholder="Digite ao menos 2 letras"
        emptyText="Nenhum produto encontrado."
        listLabel="Produtos encontrados"
        descriptionClassName="font-mono"
      />
    </Field>
  );
}
