import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { parseQuantity } from '@/features/purchasing/logic';
import { useUpdateBatchQuantities } from '@/features/purchasing/api/update-batch-quantities';

/** Sets the requested quantity of every item of the batch (spec §8: failure returns false, no message). */
export function BatchQuantityForm({ batchId }: { batchId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBatchQuantities();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const quantity = parseQuantity(text);
    if (quantity === null || Number.isNaN(quantity) || quantity <= 0) {
      setError('Informe um número inteiro maior que zero.');
      return;
    }
    setError(null);
    update.mutate({ batchId, quantity }, { onSuccess: (ok) => ok && setText('') });
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="batch-quantity">Quantidade para todos os itens</Label>
        <Input
          id="batch-quantity"
          inputMode="numeric"
          className="w-40"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'batch-quantity-error' : undefined}
          onChange={(e) => setText(e.target.value)}
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
