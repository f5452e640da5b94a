import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useRenameBatch } from '@/features/purchasing/api/update-batch';
import { renameBatchFormSchema } from '@/features/purchasing/schemas';

export function RenameBatchDialog({ batchId, name }: { batchId: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Renomear lote">
          <Pencil aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        {/* Mounted while open: each opening starts from the batch's current name. */}
        {open ? <RenameBatchForm batchId={batchId} name={name} onClose={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameBatchForm({ batchId, name, onClose }: { batchId: string; name: string; onClose: () => void }) {
  const rename = useRenameBatch();
  const form = useForm({ resolver: zodResolver(renameBatchFormSchema), defaultValues: { name } });
  // The dialog stays open on failure (the toast says why), so the name stays as typed.
  const submit = form.handleSubmit((values) => rename.mutate({ batchId, name: values.name }, { onSuccess: onClose }));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Renomear lote</DialogTitle>
        <DialogDescription>O novo nome aparece para o setor de compras e para os representantes.</DialogDescription>
      </DialogHeader>
      <Field label="Nome do lote" error={form.formState.errors.name?.message}>
        <Input maxLength={120} autoFocus {...form.register('name')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          Salvar
        </Button>
      </DialogFooter>
    </form>
  );
}
