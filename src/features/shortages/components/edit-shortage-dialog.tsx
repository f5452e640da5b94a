import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useUpdateShortage } from '@/features/shortages/api/update-shortage';
import { shortageFormSchema, toShortageWrite } from '@/features/shortages/schemas';
import { canEditProductAndQuantity, frozenQuantityMessage } from '@/features/shortages/status-rules';
import type { Shortage, ShortageGroup } from '@/features/shortages/types';

const NO_GROUP = 'none';

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
      <div className="grid gap-2">
        <Label htmlFor="edit-shortage-group">Grupo</Label>
        <Controller
          control={form.control}
          name="groupId"
          render={({ field }) => (
            <Select value={field.value ?? NO_GROUP} onValueChange={(value) => field.onChange(value === NO_GROUP ? null : value)}>
              <SelectTrigger id="edit-shortage-group" aria-label="Grupo">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_GROUP}>Grupo não especificado</SelectItem>
                {groups.map((group) => (
                  <SelectItem key={group.id} value={group.id}>
                    {group.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="edit-shortage-observation">Observação</Label>
        <Textarea
          id="edit-shortage-observation"
          aria-invalid={errors.observation ? true : undefined}
          aria-describedby={errors.observation ? 'edit-shortage-observation-message' : undefined}
          {...form.register('observation')}
        />
        {errors.observation ? (
          <p id="edit-shortage-observation-message" className="text-sm text-destructive">
            {errors.observation.message}
          </p>
        ) : null}
      </div>
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
