import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useCreateBatch } from '@/features/purchasing/api/create-batch';
import { usePendingShortages } from '@/features/purchasing/api/get-pending-shortages';
import { ShortagePicker } from '@/features/purchasing/components/shortage-picker';

/** Creates a batch from selected pending shortages; opens the new batch on success. */
export function CreateBatchDialog({ onCreated }: { onCreated: (batchId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  const pending = usePendingShortages(open);
  const create = useCreateBatch();

  function submit() {
    if (selected.size === 0) {
      setError('Selecione ao menos um item para criar o lote.');
      return;
    }
    // The batch's unit: the one all chosen shortages share, or none when they come from several units.
    const units = new Set((pending.data ?? []).filter((s) => selected.has(s.id)).map((s) => s.unitId));
    const unitId = units.size === 1 ? ([...units][0] ?? null) : null;
    create.mutate(
      { unitId, shortageIds: [...selected], name: name.trim() || null },
      {
        onSuccess: (batchId) => {
          setOpen(false);
          setSelected(new Set());
          setName('');
          onCreated(batchId);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> Novo lote
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Novo lote de cotação</DialogTitle>
          <DialogDescription>Selecione as faltas pendentes que farão parte do lote. Sem nome, o lote recebe “Lote” e o início do seu código.</DialogDescription>
        </DialogHeader>
        <FormField label="Nome do lote (opcional)" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Lote Semanal Centro" />
        {pending.isLoading ? (
          <div className="flex h-40 items-center justify-center">
            <Spinner label="Carregando faltas pendentes" />
          </div>
        ) : pending.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Erro ao carregar dados
          </p>
        ) : (
          <ShortagePicker
            shortages={pending.data ?? []}
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              setError(undefined);
            }}
          />
        )}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={create.isPending}>
            {create.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null} Criar lote
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
