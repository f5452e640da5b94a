import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { batchNameSchema, useRenameBatch } from '@/features/purchasing/api/update-batch';

export function RenameBatchDialog({ batchId, name }: { batchId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameBatch();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = batchNameSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    rename.mutate({ batchId, name: parsed.data }, { onSuccess: () => setOpen(false) });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setValue(name);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Renomear lote">
          <Pencil aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Renomear lote</DialogTitle>
            <DialogDescription>O novo nome aparece para o setor de compras e para os representantes.</DialogDescription>
          </DialogHeader>
          <FormField label="Nome do lote" value={value} maxLength={120} error={error} onChange={(e) => setValue(e.target.value)} autoFocus />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={rename.isPending}>
              Salvar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
