import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { addDays, toAppDateString } from '@/lib/dates';
import { useAssignSchedule } from '@/features/schedules/api/assign-schedule';
import { useCheckAssignment, type AssignmentInput } from '@/features/schedules/api/check-assignment';
import { formatHours, weeklyMinutes } from '@/features/schedules/logic';
import { schedulesMessages } from '@/features/schedules/messages';
import { assignFormSchema, type AssignFormValues, type AssignmentWarning } from '@/features/schedules/schemas';
import type { Person, ScheduleTemplate, Unit } from '@/features/schedules/types';

interface AssignDialogProps {
  person: Person | null;
  units: readonly Unit[];
  templates: readonly ScheduleTemplate[];
  templatesError: boolean;
  onClose: () => void;
}

/**
 * Assigns a template from a date. The database's check runs first: with warnings (11 h rest, overtime,
 * Sunday rest, break, pharmacist coverage) they are listed and saving takes 'Salvar mesmo assim'.
 */
export function AssignDialog({ person, units, templates, templatesError, onClose }: AssignDialogProps) {
  return (
    <Dialog open={person !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Atribuir escala</DialogTitle>
          <DialogDescription>{person ? `${person.name}: a escala atual termina na véspera da nova.` : ''}</DialogDescription>
        </DialogHeader>
        {person ? <AssignForm key={person.id} person={person} units={units} templates={templates} templatesError={templatesError} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ person, units, templates, templatesError, onClose }: Omit<AssignDialogProps, 'person'> & { person: Person }) {
  const check = useCheckAssignment();
  const assign = useAssignSchedule();
  const [warnings, setWarnings] = useState<{ input: AssignmentInput; items: AssignmentWarning[] } | null>(null);
  const active = templates.filter((t) => t.active);
  const form = useForm({
    resolver: zodResolver(assignFormSchema),
    defaultValues: { templateId: '', validFrom: addDays(toAppDateString(new Date()), 1), cycleStart: '', unitId: person.unitId } satisfies AssignFormValues,
  });
  const { errors } = form.formState;
  const templateId = useWatch({ control: form.control, name: 'templateId' });
  const chosen = templates.find((t) => t.id === templateId) ?? null;

  const save = (input: AssignmentInput) =>
    assign.mutate({ ...input, personName: person.name, templateName: templates.find((t) => t.id === input.templateId)?.name ?? '' }, { onSuccess: onClose });

  const submit = form.handleSubmit((values) => {
    const input: AssignmentInput = {
      userId: person.id,
      templateId: values.templateId,
      validFrom: values.validFrom,
      cycleStart: chosen?.kind === 'rotation' && values.cycleStart ? values.cycleStart : null,
      unitId: values.unitId,
    };
    check.mutate(input, {
      onSuccess: (items) => (items.length > 0 ? setWarnings({ input, items }) : save(input)),
    });
  });

  if (warnings) {
    return (
      <div className="grid gap-4">
        <div role="alert" className="grid gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-600 dark:text-amber-400" /> {schedulesMessages.warningsTitle}
          </p>
          <p className="text-muted-foreground">{schedulesMessages.warningsDescription}</p>
        </div>
        <ul aria-label="Avisos da escala" className="grid max-h-72 gap-2 overflow-y-auto text-sm">
          {warnings.items.map((warning) => (
            <li key={`${warning.rule}-${warning.day}-${warning.message}`} className="rounded-md border p-2">
              <p className="font-medium">{warning.title}</p>
              <p>{warning.message}</p>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setWarnings(null)}>
            Voltar
          </Button>
          <Button type="button" disabled={assign.isPending} onClick={() => save(warnings.input)}>
            {schedulesMessages.saveAnyway}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field
        label="Modelo de escala"
        error={errors.templateId?.message ?? (templatesError ? schedulesMessages.templatesLoadError : undefined)}
        description={chosen ? `${formatHours(weeklyMinutes(chosen.days))} por semana, em média` : undefined}
      >
        <Controller
          control={form.control}
          name="templateId"
          render={({ field }) => (
            <ChoiceSelect
              id="assign-template"
              value={field.value || null}
              noneLabel="Escolha um modelo"
              options={active.map((t) => ({ value: t.id, label: t.name }))}
              onChange={(value) => field.onChange(value ?? '')}
              invalid={Boolean(errors.templateId)}
            />
          )}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="A partir de" error={errors.validFrom?.message}>
          <Input type="date" {...form.register('validFrom')} />
        </Field>
        {chosen?.kind === 'rotation' ? (
          <Field label="Início do ciclo" error={errors.cycleStart?.message} description="O dia 1 do revezamento; vazio: a data de início.">
            <Input type="date" {...form.register('cycleStart')} />
          </Field>
        ) : null}
      </div>
      <Field label="Unidade" description="Onde o funcionário cumpre esta escala (conta para a cobertura de farmacêutico).">
        <Controller
          control={form.control}
          name="unitId"
          render={({ field }) => (
            <ChoiceSelect id="assign-unit" value={field.value} noneLabel="Unidade do cadastro" options={units.map((u) => ({ value: u.id, label: u.name }))} onChange={field.onChange} />
          )}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={check.isPending || assign.isPending}>
          {check.isPending ? 'Verificando…' : 'Atribuir'}
        </Button>
      </DialogFooter>
    </form>
  );
}
