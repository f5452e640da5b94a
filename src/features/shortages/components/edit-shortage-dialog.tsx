import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { shortageQueryOptions } from '@/features/shortages/api/get-shortages';
import { useUpdateShortage } from '@/features/shortages/api/update-shortage';
import { shortageFormSchema, toShortageWrite } from '@/features/shortages/schemas';
import { canEditProductAndQuantity, frozenQuantityMessage } from '@/features/shortages/status-rules';
import { ShortageGroupField, ShortageObservationField } from '@/features/shortages/components/shortage-fields';
import type { Shortage, ShortageGroup } from '@/features/shortages/types';

interface EditShortageDialogProps {
  shortage: Shortage | null;
  groups: readonly ShortageGroup[];
  /** Buyers (on this screen: admins) may still change a batched shortage's requested quantity. */
  onClose: () => void;
}

export function EditShortageDialog({ shortage, groups, onClose }: EditShortageDialogProps) {
  return (
    <Dialog open={shortage !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar falta</DialogTitle>
          <DialogDescription>{shortage?.product?.name ?? ''}</DialogDescription>
        </DialogHeader>
        {shortage ? <EditForm key={shortage.id} shortage={shortage} groups={groups} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({
  shortage,
  groups,
  onClose,
}: {
  shortage: Shortage;
  groups: readonly ShortageGroup[];
  onClose: () => void;
}) {
  const update = useUpdateShortage();
  // The row as the database holds it now: the live shortage updates (src/lib/realtime.ts) refetch it, so a shortage
  // a buyer puts into a batch while this dialog is open locks its quantity at once.
  const live = useQuery(shortageQueryOptions(shortage.id));
  const current = live.data ?? shortage;
  const frozen = !canEditProductAndQuantity(current);
  const form = useForm({
    resolver: zodResolver(shortageFormSchema),
    defaultValues: {
      productId: shortage.product_id,
      requestedQuantity: String(shortage.requested_quantity),
      availableQuantity: String(shortage.available_quantity),
      groupId: shortage.group_id,
      observation: shortage.observation ?? '',
    },
  });
  const { errors } = form.formState;
  const { setValue } = form;

  // Once locked, the field shows the stored quantity (what was typed there can no longer be saved).
  useEffect(() => {
    if (frozen) setValue('requestedQuantity', String(current.requested_quantity), { shouldValidate: true });
  }, [frozen, current.requested_quantity, setValue]);

  // The dialog stays open on failure (the toast says why), so the values stay as typed. A locked quantity is not
  // sent, so the fields that stay editable (available quantity, group, observation) are still saved.
  const submit = form.handleSubmit((values) => {
    const { product_id: _productId, requested_quantity: requestedQuantity, ...editable } = toShortageWrite(values);
    const write = frozen ? editable : { ...editable, requested_quantity: requestedQuantity };
    update.mutate({ id: shortage.id, values: write }, { onSuccess: onClose });
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Quantidade solicitada" error={errors.requestedQuantity?.message} description={frozen ? frozenQuantityMessage(current) : undefined}>
          <Input inputMode="numeric" autoFocus={!frozen} disabled={frozen} {...form.register('requestedQuantity')} />
        </Field>
        <Field label="Quantidade disponível" error={errors.availableQuantity?.message}>
          <Input inputMode="numeric" {...form.register('availableQuantity')} />
        </Field>
      </div>
      <ShortageGroupField id="edit-shortage-group" control={form.control} groups={groups} />
      <ShortageObservationField id="edit-shortage-observation" error={errors.observation} registration={form.register('observation')} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Salvar
        </Button>
      </DialogFooter>
    </form>
  );
}
