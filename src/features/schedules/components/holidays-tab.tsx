import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay, formatWeekday, toAppDateString } from '@/lib/dates';
import { useDeleteHoliday } from '@/features/schedules/api/delete-holiday';
import { useScheduleOverview } from '@/features/schedules/api/get-schedule-overview';
import { useHolidays } from '@/features/schedules/api/list-holidays';
import { useSaveHoliday } from '@/features/schedules/api/save-holiday';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import { holidayFormSchema, type HolidayFormValues } from '@/features/schedules/schemas';
import type { Holiday } from '@/features/schedules/types';

const SCOPE_LABELS = { nacional: 'Nacional', estadual: 'Estadual', municipal: 'Municipal' } as const;

/** 'Feriados': the year's national holidays (computed by the database) and the state and municipal ones; add and remove. */
export function HolidaysTab() {
  const [year, setYear] = useState(() => Number(toAppDateString(new Date()).slice(0, 4)));
  const holidays = useHolidays(year);
  const overview = useScheduleOverview();
  const remove = useDeleteHoliday();
  const units = overview.data?.units ?? [];
  const unitName = (holiday: Holiday) => (holiday.scope === 'nacional' || holiday.unitId === null ? 'Todas as unidades' : (units.find((u) => u.id === holiday.unitId)?.name ?? '—'));

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <HolidayForm units={units} />
      <div className="flex items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Ano anterior" onClick={() => setYear((y) => y - 1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p className="min-w-16 text-center font-medium tabular-nums" aria-live="polite">
          {year}
        </p>
        <Button variant="outline" size="icon" aria-label="Próximo ano" onClick={() => setYear((y) => y + 1)}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {holidays.isError ? (
        <LoadError message={schedulesMessages.holidaysLoadError} detail={schedulesErrorMessage(holidays.error)} onRetry={() => void holidays.refetch()} />
      ) : !holidays.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div className="min-w-0 rounded-xl border">
          <Table aria-label={`Feriados de ${year}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Dia</TableHead>
                <TableHead>Feriado</TableHead>
                <TableHead>Abrangência</TableHead>
                <TableHead>Unidade</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {holidays.data.map((holiday) => (
                <TableRow key={holiday.id ?? `${holiday.day}-${holiday.name}`}>
                  <TableCell className="whitespace-nowrap">
                    {formatDay(holiday.day)} <span className="text-muted-foreground">({formatWeekday(holiday.day)})</span>
                  </TableCell>
                  <TableCell>{holiday.name}</TableCell>
                  <TableCell>
                    <Badge variant={holiday.scope === 'nacional' ? 'secondary' : 'outline'}>{SCOPE_LABELS[holiday.scope]}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{unitName(holiday)}</TableCell>
                  <TableCell className="text-right">
                    {holiday.id ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={remove.isPending}
                        aria-label={`Excluir o feriado ${holiday.name} de ${formatDay(holiday.day)}`}
                        onClick={() => remove.mutate({ ...holiday, id: holiday.id as string })}
                      >
                        <Trash2 aria-hidden="true" /> Excluir
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {holidays.data.every((h) => h.scope === 'nacional') ? <p className="p-3 text-sm text-muted-foreground">{schedulesMessages.noHolidays}</p> : null}
        </div>
      )}
    </div>
  );
}

function HolidayForm({ units }: { units: readonly { id: string; name: string }[] }) {
  const save = useSaveHoliday();
  const empty: HolidayFormValues = { day: '', name: '', scope: 'municipal', unitId: null };
  const form = useForm({ resolver: zodResolver(holidayFormSchema), defaultValues: empty });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => save.mutate(values, { onSuccess: () => form.reset(empty) }));

  return (
    <form className="grid min-w-0 gap-3 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" onSubmit={submit} noValidate aria-label="Novo feriado">
      <Field label="Dia" error={errors.day?.message}>
        <Input type="date" {...form.register('day')} />
      </Field>
      <Field label="Nome do feriado" error={errors.name?.message}>
        <Input maxLength={80} {...form.register('name')} />
      </Field>
      <Field label="Abrangência">
        <Controller
          control={form.control}
          name="scope"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="estadual">Estadual</SelectItem>
                <SelectItem value="municipal">Municipal</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <Field label="Unidade" description="Todas: apenas administradores.">
        <Controller
          control={form.control}
          name="unitId"
          render={({ field }) => (
            <ChoiceSelect id="holiday-unit" value={field.value} noneLabel="Todas as unidades" options={units.map((u) => ({ value: u.id, label: u.name }))} onChange={field.onChange} />
          )}
        />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        <Plus aria-hidden="true" /> Adicionar feriado
      </Button>
    </form>
  );
}
