import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useScheduleOverview } from '@/features/schedules/api/get-schedule-overview';
import { useOpeningHours } from '@/features/schedules/api/get-opening-hours';
import { useSaveOpeningHours } from '@/features/schedules/api/save-opening-hours';
import { WEEKDAYS } from '@/features/schedules/logic';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import { openingHoursFormSchema, type OpeningHoursFormValues } from '@/features/schedules/schemas';
import type { OpeningDay, Unit } from '@/features/schedules/types';

/** 'Funcionamento': each unit's opening hours per weekday (the pharmacist check compares schedules with them). */
export function OpeningHoursTab() {
  const overview = useScheduleOverview();
  const [unitId, setUnitId] = useState<string | null>(null);
  const units = overview.data?.units ?? [];
  const unit = units.find((u) => u.id === unitId) ?? units[0] ?? null;
  const hours = useOpeningHours(unit?.id ?? '');

  if (overview.isError) {
    return <LoadError message={schedulesMessages.overviewLoadError} detail={schedulesErrorMessage(overview.error)} onRetry={() => void overview.refetch()} />;
  }
  if (!overview.data) return <Skeleton className="h-64 w-full" />;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <Field label="Unidade" className="max-w-sm">
        <ChoiceSelect id="opening-unit" value={unit?.id ?? null} noneLabel="Escolha a unidade" options={units.map((u) => ({ value: u.id, label: u.name }))} onChange={setUnitId} />
      </Field>
      {!unit ? null : hours.isError ? (
        <LoadError message={schedulesMessages.openingHoursLoadError} detail={schedulesErrorMessage(hours.error)} onRetry={() => void hours.refetch()} />
      ) : !hours.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <OpeningHoursForm key={unit.id} unit={unit} hours={hours.data} />
      )}
    </div>
  );
}

function OpeningHoursForm({ unit, hours }: { unit: Unit; hours: readonly OpeningDay[] }) {
  const save = useSaveOpeningHours();
  const form = useForm({
    resolver: zodResolver(openingHoursFormSchema),
    defaultValues: {
      days: WEEKDAYS.map((_, index) => {
        const day = hours.find((h) => h.weekday === index + 1);
        return day ? { open: true, opens: day.opens, closes: day.closes } : { open: false, opens: '08:00', closes: '18:00' };
      }),
    } satisfies OpeningHoursFormValues,
  });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control, name: 'days' });
  const submit = form.handleSubmit((values) => save.mutate({ unitId: unit.id, unitName: unit.name, values }, { onSuccess: () => form.reset(values) }));

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate aria-label={`Horário de funcionamento da ${unit.name}`}>
      <div className="grid gap-3">
        {WEEKDAYS.map((weekday, index) => {
          const open = watched[index]?.open ?? false;
          return (
            <div key={weekday} className="grid grid-cols-1 items-start gap-2 rounded-lg border p-3 sm:grid-cols-[10rem_1fr_1fr]">
              <div className="flex items-center gap-2 pt-2">
                <Controller
                  control={form.control}
                  name={`days.${index}.open`}
                  render={({ field }) => <Checkbox id={`open-${index}`} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />}
                />
                <Label htmlFor={`open-${index}`}>{weekday}</Label>
              </div>
              <Field label="Abre" error={errors.days?.[index]?.opens?.message}>
                <Input type="time" disabled={!open} {...form.register(`days.${index}.opens`)} />
              </Field>
              <Field label="Fecha" error={errors.days?.[index]?.closes?.message} description={open ? 'Antes da abertura: fecha no dia seguinte.' : 'Fechado'}>
                <Input type="time" disabled={!open} {...form.register(`days.${index}.closes`)} />
              </Field>
            </div>
          );
        })}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          Salvar horário
        </Button>
      </div>
    </form>
  );
}
