import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateBatchQuantities } from '@/features/purchasing/api/update-batch-quantities';
import { batchQuantityFormSchema } from '@/features/purchasing/schemas';

/** Sets the requested quantity of every item of the batch (spec §8: failure returns false, no message). */
export function BatchQuantityForm({ batchId }: { batchId: string }) {
  const update = useUpdateBatchQuantities();
  const form = useForm({ resolver: zodResolver(batchQuantityFormSchema), defaultValues: { quantity: '' } });
  const error = form.formState.errors.quantity?.message;
  const submit = form.handleSubmit(({ quantity }) => update.mutate({ batchId, quantity }, { onSuccess: (ok) => ok && form.reset() }));

  return (
    <form onSubmit={(event) => void submit(event)} className="flex items-end gap-2" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="batch-quantity">Quantidade para todos os itens</Label>
        <Input
          id="batch-quantity"
          inputMode="numeric"
          className="w-40"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'batch-quantity-error' : undefined}
          {...form.register('quantity')}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={update.isPending}>
        Atualizar quantidades
      </Button>
      {error ? (
        <p id="batch-quantity-error" className="self-center text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
