import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount } from '@/lib/dates';
import { useTemplates } from '@/features/schedules/api/list-templates';
import { useSaveTemplate } from '@/features/schedules/api/save-template';
import { dayWorkMinutes, defaultDays, formatHours, positionLabel, resizeDays, weeklyMinutes } from '@/features/schedules/logic';
import { schedulesErrorMessage, schedulesMessages } from '@/features/schedules/messages';
import { templateFormSchema, type TemplateFormValues } from '@/features/schedules/schemas';
import type { ScheduleTemplate } from '@/features/schedules/types';

const KIND_LABELS = { weekly: 'Semanal fixa', rotation: 'Revezamento' } as const;

/** 'Modelos': the templates, their cycle and expected hours per week; create and edit. */
export function TemplatesTab() {
  const templates = useTemplates();
  const [editing, setEditing] = useState<ScheduleTemplate | 'new' | null>(null);

  if (templates.isError) {
    return <LoadError message={schedulesMessages.templatesLoadError} detail={schedulesErrorMessage(templates.error)} onRetry={() => void templates.refetch()} />;
  }
  if (!templates.data) return <Skeleton className="h-64 w-full" />;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" /> Novo modelo
        </Button>
      </div>
      <div className="min-w-0 rounded-xl border">
        <Table aria-label="Modelos de escala">
          <TableHeader>
            <TableRow>
              <TableHead>Nome</TableHead>
              <TableHead>Tipo</TableHead>
              <TableHead>Ciclo</TableHead>
              <TableHead>Horas por semana</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {templates.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-center text-muted-foreground">
                  {schedulesMessages.noTemplates}
                </TableCell>
              </TableRow>
            ) : (
              templates.data.map((template) => (
                <TableRow key={template.id}>
                  <TableCell className="font-medium">
                    {template.name}
                    {template.active ? null : (
                      <Badge variant="outline" className="ml-2">
                        Inativo
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{KIND_LABELS[template.kind]}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatCount(template.cycleDays, 'dia', 'dias')}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatHours(weeklyMinutes(template.days))}</TableCell>
                  <TableCell className="text-right">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(template)} aria-label={`Editar o modelo ${template.name}`}>
                      <Pencil aria-hidden="true" /> Editar
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Novo modelo de escala' : 'Editar modelo de escala'}</DialogTitle>
            <DialogDescription>Horários de cada dia do ciclo; um fim antes do início termina no dia seguinte (turno noturno).</DialogDescription>
          </DialogHeader>
          {editing ? <TemplateForm key={editing === 'new' ? 'new' : editing.id} template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function toFormDays(template: ScheduleTemplate | null): TemplateFormValues['days'] {
  const days = template?.days ?? defaultDays('weekly', 7);
  return days.map((day) => ({ works: day.works, start: day.start || '08:00', end: day.end || '17:00', breakMinutes: String(day.breakMinutes) }));
}

function TemplateForm({ template, onClose }: { template: ScheduleTemplate | null; onClose: () => void }) {
  const save = useSaveTemplate();
  const form = useForm({
    resolver: zodResolver(templateFormSchema),
    defaultValues: {
      name: template?.name ?? '',
      kind: template?.kind ?? 'weekly',
      cycleDays: String(template?.cycleDays ?? 7),
      days: toFormDays(template),
      active: template?.active ?? true,
    } satisfies TemplateFormValues,
  });
  const { errors } = form.formState;
  const days = useFieldArray({ control: form.control, name: 'days' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const watched = useWatch({ control: form.control, name: 'days' });
  const parsed = watched.map((day) => ({ works: day.works, start: day.start, end: day.end, breakMinutes: Number(day.breakMinutes) || 0 }));

  const resize = (cycle: number) => {
    const current = form.getValues('days').map((day) => ({ works: day.works, start: day.start, end: day.end, breakMinutes: Number(day.breakMinutes) || 0 }));
    days.replace(resizeDays(current, cycle).map((day) => ({ ...day, breakMinutes: String(day.breakMinutes) })));
  };

  const submit = form.handleSubmit((values) => save.mutate({ id: template?.id ?? null, values }, { onSuccess: onClose }));

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Nome" error={errors.name?.message} className="sm:col-span-3">
          <Input maxLength={80} {...form.register('name')} />
        </Field>
        <Field label="Tipo">
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  if (value === 'weekly') {
                    form.setValue('cycleDays', '7');
                    resize(7);
                  }
                }}
              >
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="weekly">{KIND_LABELS.weekly}</SelectItem>
                  <SelectItem value="rotation">{KIND_LABELS.rotation}</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        {kind === 'rotation' ? (
          <Field label="Dias do ciclo" error={errors.cycleDays?.message} description="12x36: 2; 6x1: 7; sábados alternados: 14.">
            <Input
              inputMode="numeric"
              {...form.register('cycleDays', {
                onChange: (event: { target: { value: string } }) => {
                  const cycle = Number(event.target.value);
                  if (Number.isInteger(cycle) && cycle >= 2 && cycle <= 28) resize(cycle);
                },
              })}
            />
          </Field>
        ) : null}
        <div className="flex items-center gap-2 self-end pb-2">
          <Controller control={form.control} name="active" render={({ field }) => <Checkbox id="template-active" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />} />
          <Label htmlFor="template-active">Ativo (pode ser atribuído)</Label>
        </div>
      </div>
      {errors.days?.message ? <p className="text-sm text-destructive">{errors.days.message}</p> : null}
      <div className="min-w-0 overflow-x-auto rounded-lg border">
        <table className="w-full min-w-[36rem] text-sm" aria-label="Dias do ciclo">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th className="p-2 font-medium">Dia</th>
              <th className="p-2 font-medium">Trabalha</th>
              <th className="p-2 font-medium">Início</th>
              <th className="p-2 font-medium">Fim</th>
              <th className="p-2 font-medium">Intervalo (min)</th>
              <th className="p-2 font-medium">Horas</th>
            </tr>
          </thead>
          <tbody>
            {days.fields.map((row, index) => {
              const works = watched[index]?.works ?? false;
              const label = positionLabel(kind, index);
              const dayErrors = errors.days?.[index];
              return (
                <tr key={row.id} className="border-b last:border-0">
                  <td className="p-2 whitespace-nowrap">{label}</td>
                  <td className="p-2">
                    <Controller
                      control={form.control}
                      name={`days.${index}.works`}
                      render={({ field }) => <Checkbox aria-label={`${label}: trabalha`} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />}
                    />
                  </td>
                  <td className="p-2">
                    <Input type="time" aria-label={`${label}: início`} disabled={!works} aria-invalid={dayErrors?.start ? true : undefined} {...form.register(`days.${index}.start`)} />
                    {dayErrors?.start?.message ? <p className="text-xs text-destructive">{dayErrors.start.message}</p> : null}
                  </td>
                  <td className="p-2">
                    <Input type="time" aria-label={`${label}: fim`} disabled={!works} aria-invalid={dayErrors?.end ? true : undefined} {...form.register(`days.${index}.end`)} />
                    {dayErrors?.end?.message ? <p className="text-xs text-destructive">{dayErrors.end.message}</p> : null}
                  </td>
                  <td className="p-2">
                    <Input inputMode="numeric" className="w-20" aria-label={`${label}: intervalo em minutos`} disabled={!works} aria-invalid={dayErrors?.breakMinutes ? true : undefined} {...form.register(`days.${index}.breakMinutes`)} />
                    {dayErrors?.breakMinutes?.message ? <p className="text-xs text-destructive">{dayErrors.breakMinutes.message}</p> : null}
                  </td>
                  <td className="p-2 whitespace-nowrap tabular-nums">{works && parsed[index] ? formatHours(dayWorkMinutes(parsed[index])) : 'Folga'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-sm">
        Horas por semana, em média: <strong className="tabular-nums">{formatHours(weeklyMinutes(parsed))}</strong>
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Salvar modelo
        </Button>
      </DialogFooter>
    </form>
  );
}
