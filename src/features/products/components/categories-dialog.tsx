import { zodResolver } from '@hookform/resolvers/zod';
import { Tags } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateCategory } from '@/features/products/api/create-category';
import { categoryFormSchema, type CategoryFormValues } from '@/features/products/schemas';
import type { Category } from '@/features/products/types';

const EMPTY_CATEGORY: CategoryFormValues = { name: '', description: '' };

interface CategoriesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: readonly Category[];
  isLoading: boolean;
  canManage: boolean;
}

/** The list of groups (categories) and, for catalogue managers, a form to add one. */
export function CategoriesDialog({ open, onOpenChange, categories, isLoading, canManage }: CategoriesDialogProps) {
  const createCategory = useCreateCategory();
  const form = useForm({ resolver: zodResolver(categoryFormSchema), defaultValues: EMPTY_CATEGORY });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => createCategory.mutate(values, { onSuccess: () => form.reset(EMPTY_CATEGORY) }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Grupos</DialogTitle>
          <DialogDescription>Os grupos organizam os produtos e as faltas por categoria.</DialogDescription>
        </DialogHeader>
        {canManage ? (
          <form className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit} noValidate>
            <Field label="Nome do grupo" error={errors.name?.message}>
              <Input {...form.register('name')} />
            </Field>
            <Field label="Descrição do grupo">
              <Input {...form.register('description')} />
            </Field>
            <Button type="submit" disabled={createCategory.isPending}>
              Adicionar
            </Button>
          </form>
        ) : null}
        <div className="max-h-80 overflow-y-auto rounded-md border">
          {isLoading ? (
            <div className="grid gap-2 p-3" aria-hidden="true">
              <Skeleton className="h-6" />
              <Skeleton className="h-6" />
            </div>
          ) : categories.length === 0 ? (
            <p className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
              <Tags aria-hidden="true" className="size-4" /> Nenhum grupo cadastrado.
            </p>
          ) : (
            <ul className="divide-y" aria-label="Grupos cadastrados">
              {categories.map((category) => (
                <li key={category.id} className="grid gap-0.5 px-3 py-2">
                  <span className="font-medium">{category.name}</span>
                  {category.description ? <span className="text-sm text-muted-foreground">{category.description}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
