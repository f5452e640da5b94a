import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { productFormSchema, type ProductFormData, type ProductFormValues } from '@/features/products/schemas';
import { NO_GROUP_LABEL, type Category, type Product } from '@/features/products/types';

const NO_GROUP = 'none';

interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; null to create one. */
  product: Product | null;
  categories: readonly Category[];
  isSaving: boolean;
  /** The page saves and closes the dialog on success; on failure the dialog stays open (the toast says why). */
  onSubmit: (values: ProductFormData) => void;
}

function initialValues(product: Product | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    barcode: product?.barcode ?? '',
    description: product?.description ?? '',
    groupId: product?.groupId ?? null,
  };
}

/** Create/edit dialog; validates with the same rules as the database before sending. */
export function ProductFormDialog({ open, onOpenChange, product, categories, isSaving, onSubmit }: ProductFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{product ? 'Editar produto' : 'Novo produto'}</DialogTitle>
          <DialogDescription>
            {product ? 'Altere os dados do produto e salve.' : 'Informe os dados do produto. O código de barras é opcional.'}
          </DialogDescription>
        </DialogHeader>
        {/* Remount the form for each product so its fields start from that product. */}
        {open ? (
          <ProductForm
            key={product?.id ?? 'new'}
            product={product}
            categories={categories}
            isSaving={isSaving}
            onCancel={() => onOpenChange(false)}
            onSubmit={onSubmit}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ProductForm({
  product,
  categories,
  isSaving,
  onCancel,
  onSubmit,
}: Pick<ProductFormDialogProps, 'product' | 'categories' | 'isSaving' | 'onSubmit'> & { onCancel: () => void }) {
  const form = useForm({ resolver: zodResolver(productFormSchema), defaultValues: initialValues(product) });
  const { errors } = form.formState;

  // The page keeps the dialog open on failure (its toast says why), so the values stay as typed.
  const submit = form.handleSubmit((values) => onSubmit(values));

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field label="Nome" error={errors.name?.message}>
        <Input autoFocus required {...form.register('name')} />
      </Field>
      <Field label="Código de barras" description="EAN/GTIN com 8, 12, 13 ou 14 dígitos (o dígito verificador é conferido)." error={errors.barcode?.message}>
        <Input inputMode="numeric" autoComplete="off" {...form.register('barcode')} />
      </Field>
      <div className="grid gap-2">
        <Label htmlFor="product-group">Grupo</Label>
        <Controller
          control={form.control}
          name="groupId"
          render={({ field }) => (
            <Select value={field.value ?? NO_GROUP} onValueChange={(value) => field.onChange(value === NO_GROUP ? null : value)}>
              <SelectTrigger id="product-group" aria-label="Grupo">
                <SelectValue placeholder={NO_GROUP_LABEL} />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_GROUP}>{NO_GROUP_LABEL}</SelectItem>
                {categories.map((category) => (
                  <SelectItem key={category.id} value={category.id}>
                    {category.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="product-description">Descrição</Label>
        <Textarea id="product-description" {...form.register('description')} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Voltar
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? <Spinner className="size-4 text-current" label="Salvando..." /> : null}
          Salvar
        </Button>
      </DialogFooter>
    </form>
  );
}
