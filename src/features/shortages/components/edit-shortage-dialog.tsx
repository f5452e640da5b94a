import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
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
  const frozen = !canEditProductAndQuantity(shortage);
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

  // The dialog stays open on failure (the toast says why), so the values stay as typed.
  const submit = form.handleSubmit((values) => {
    const { product_id: _productId, ...write } = toShortageWrite(values);
    update.mutate({ id: shortage.id, values: write }, { onSuccess: onClose });
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Quantidade solicitada"
          inputMode="numeric"
          autoFocus={!frozen}
          disabled={frozen}
          {...(frozen ? { hint: frozenQuantityMessage(shortage) } : {})}
          error={errors.requestedQuantity?.message}
          {...form.register('requestedQuantity')}
        />
        <FormField label="Quantidade disponível" inputMode="numeric" error={errors.availableQuantity?.message} {...form.register('availableQuantity')} />
      </div>
      <ShortageGroupField id="edit-shortage-group" control={form.control} groups={groups} />
      <ShortageObservationField id="edit-shortage-observation" error={errors.observation} registration={form.register('observation')} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Salvar
        </Button>
      </DialogFooter>
    </form>
  );
}
