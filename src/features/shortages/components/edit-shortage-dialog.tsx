import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { validate, type FieldErrors } from '@/lib/form';
import { useUpdateShortage } from '@/features/shortages/api/mutations';
import { shortageFormSchema, toShortageWrite, type ShortageFormValues } from '@/features/shortages/schemas';
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
  const [values, setValues] = useState<ShortageFormValues>({
    productId: shortage.product_id,
    requestedQuantity: String(shortage.requested_quantity),
    availableQuantity: String(shortage.available_quantity),
    groupId: shortage.group_id,
    observation: shortage.observation ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<ShortageFormValues>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(shortageFormSchema, values);
    if (!result.success) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const { product_id: _productId, ...write } = toShortageWrite(result.data);
    update.mutate({ id: shortage.id, values: write }, { onSuccess: onClose });
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Quantidade solicitada"
          inputMode="numeric"
          autoFocus={!frozen}
          disabled={frozen}
          {...(frozen ? { hint: frozenQuantityMessage(shortage) } : {})}
          value={values.requestedQuantity}
          error={errors.requestedQuantity}
          onChange={(event) => setValues((v) => ({ ...v, requestedQuantity: event.target.value }))}
        />
        <FormField
          label="Quantidade disponível"
          inputMode="numeric"
          value={values.availableQuantity}
          error={errors.availableQuantity}
          onChange={(event) => setValues((v) => ({ ...v, availableQuantity: event.target.value }))}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="edit-shortage-group">Grupo</Label>
        <Select value={values.groupId ?? NO_GROUP} onValueChange={(value) => setValues((v) => ({ ...v, groupId: value === NO_GROUP ? null : value }))}>
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
      </div>
      <div className="grid gap-2">
        <Label htmlFor="edit-shortage-observation">Observação</Label>
        <Textarea
          id="edit-shortage-observation"
          value={values.observation}
          onChange={(event) => setValues((v) => ({ ...v, observation: event.target.value }))}
        />
        {errors.observation ? <p className="text-sm text-destructive">{errors.observation}</p> : null}
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
