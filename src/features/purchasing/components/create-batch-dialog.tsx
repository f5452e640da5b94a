import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useCreateBatch } from '@/features/purchasing/api/create-batch';
import { useRequestIds } from '@/hooks/use-request-id';
import { usePendingShortages } from '@/features/purchasing/api/get-pending-shortages';
import { ShortagePicker } from '@/features/purchasing/components/shortage-picker';
import { createBatchFormSchema, type CreateBatchFormValues } from '@/features/purchasing/schemas';
import { LoadError } from '@/components/ui/load-error';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';

const EMPTY: CreateBatchFormValues = { name: '', shortageIds: [] };

/** Creates a batch from selected pending shortages; opens the new batch on success. */
export function CreateBatchDialog({ onCreated }: { onCreated: (batchId: string) => void }) {
  const [open, setOpen] = useState(false);
  const pending = usePendingShortages(open);
  const create = useCreateBatch();
  const requests = useRequestIds();
  const form = useForm({ resolver: zodResolver(createBatchFormSchema), defaultValues: EMPTY });
  const selectionError = form.formState.errors.shortageIds?.message;

  const submit = form.handleSubmit(({ name, shortageIds }) => {
    // The batch's unit: the one all chosen shortages share, or none when they come from several units.
    const chosen = new Set(shortageIds);
    const units = new Set((pending.data ?? []).filter((s) => chosen.has(s.id)).map((s) => s.unitId));
    const unitId = units.size === 1 ? ([...units][0] ?? null) : null;
    const input = { unitId, shortageIds: [...shortageIds].sort(), name: name || null };
    create.mutate(
      { ...input, requestId: requests.idFor(JSON.stringify(input)) },
      {
        onSuccess: (batchId) => {
          requests.done();
          setOpen(false);
          form.reset(EMPTY);
          onCreated(batchId);
        },
      },
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.clearErrors();
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
        <Field label="Nome do lote (opcional)" error={form.formState.errors.name?.message}>
          <Input maxLength={120} placeholder="Ex.: Lote Semanal Centro" {...form.register('name')} />
        </Field>
        {pending.isLoading ? (
          <div className="flex h-40 items-center justify-center">
            <Spinner label="Carregando faltas pendentes" />
          </div>
        ) : pending.isError ? (
          <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(pending.error)} onRetry={() => void pending.refetch()} />
        ) : (
          <Controller
            control={form.control}
            name="shortageIds"
            render={({ field }) => (
              <ShortagePicker shortages={pending.data ?? []} selected={new Set(field.value)} onChange={(next) => field.onChange([...next])} />
            )}
          />
        )}
        {selectionError ? (
          <p role="alert" className="text-sm text-destructive">
            {selectionError}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Voltar
          </Button>
          {/* No <form>: Enter in the picker's search box filters, it must not create the batch. */}
          <Button type="button" onClick={() => void submit()} disabled={create.isPending}>
            {create.isPending ? <Spinner className="size-4 text-primary-foreground" /> : null} Criar lote
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
