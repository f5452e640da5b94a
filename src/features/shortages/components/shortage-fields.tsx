import { Controller, type Control, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ShortageFormValues } from '@/features/shortages/schemas';
import type { ShortageGroup } from '@/features/shortages/types';

/** Radix Select items cannot have an empty value: this one stands for "no group". */
const NO_GROUP = 'none';

/** The shortage's group (a catalogue category, or none), shared by the register form and the edit dialog. */
export function ShortageGroupField({ id, control, groups }: { id: string; control: Control<ShortageFormValues>; groups: readonly ShortageGroup[] }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Grupo</Label>
      <Controller
        control={control}
        name="groupId"
        render={({ field }) => (
          <Select value={field.value ?? NO_GROUP} onValueChange={(value) => field.onChange(value === NO_GROUP ? null : value)}>
            <SelectTrigger id={id} aria-label="Grupo">
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
  );
}

/** The free-text observation with its message under it. */
export function ShortageObservationField({ id, error, registration }: { id: string; error: FieldError | undefined; registration: UseFormRegisterReturn<'observation'> }) {
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Observação</Label>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? messageId : undefined} {...registration} />
      {error ? (
        <p id={messageId} className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
