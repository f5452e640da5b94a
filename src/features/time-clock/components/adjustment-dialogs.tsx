import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { formatFullDate, formatTime } from '@/lib/dates';
import { useAddPunchAdjustment } from '@/features/time-clock/api/add-punch-adjustment';
import { useRevokePunchAdjustment } from '@/features/time-clock/api/revoke-punch-adjustment';
import { abonoFormSchema, disregardFormSchema, inclusionFormSchema, revokeFormSchema } from '@/features/time-clock/schemas';
import { ABONO_LABELS, ABONO_TIPOS, ADJUSTMENT_LABELS, saoPauloInstant, settlementLabel, type AbonoTipo, type Adjustment, type TreatedDay } from '@/features/time-clock/treatment';
import { FormFooter } from '@/features/time-clock/components/form-parts';

export type AdjustMode = 'inclusao' | 'desconsiderar' | 'abono';

const TITLES: Record<AdjustMode, string> = { inclusao: 'Incluir marcação', desconsiderar: 'Desconsiderar marcação', abono: 'Abonar o dia' };

const ABONO_OPTIONS = ABONO_TIPOS.map((value) => ({ value, label: ABONO_LABELS[value] }));

/** The day's date at noon (a calendar day, never shifted by the time zone). */
const fullDay = (day: string) => formatFullDate(`${day}T12:00:00Z`);

interface AdjustDialogProps {
  userId: string;
  day: TreatedDay | null;
  mode: AdjustMode;
  /** The month is closed: the adjustment will be recorded as made after closing. */
  closed: boolean;
  onClose: () => void;
}

/** Adds a missing mark, disregards a wrong one, or excuses the day: each with a mandatory motive, as its own row. */
export function AdjustDayDialog({ userId, day, mode, closed, onClose }: AdjustDialogProps) {
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TITLES[mode]}</DialogTitle>
          <DialogDescription>
            {day ? fullDay(day.date) : ''}.{' '}
            {closed ? 'O mês está fechado: o ajuste ficará registrado como feito após o fechamento.' : 'As marcações originais nunca mudam: o ajuste é um registro à parte, com você como autor.'}
          </DialogDescription>
        </DialogHeader>
        {day ? (
          mode === 'inclusao' ? (
            <InclusionForm key={day.date} userId={userId} day={day} onClose={onClose} />
          ) : mode === 'desconsiderar' ? (
            <DisregardForm key={day.date} userId={userId} day={day} onClose={onClose} />
          ) : (
            <AbonoForm key={day.date} userId={userId} day={day} onClose={onClose} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MotiveField({ id, error, registration }: { id: string; error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <Field id={id} label="Motivo" error={error} description="Obrigatório: fica no espelho junto com o ajuste.">
      <Textarea rows={3} {...registration} />
    </Field>
  );
}


function InclusionForm({ userId, day, onClose }: { userId: string; day: TreatedDay; onClose: () => void }) {
  const add = useAddPunchAdjustment();
  const form = useForm({ resolver: zodResolver(inclusionFormSchema), defaultValues: { time: '', motivo: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    add.mutate({ kind: 'inclusao', userId, workDate: day.date, motivo: values.motivo, punchedAt: saoPauloInstant(day.date, values.time) }, { onSuccess: onClose }),
  );
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <Field id="adjust-time" label="Horário da marcação" error={errors.time?.message} description="Horário de Brasília, no dia acima.">
        <Input type="time" className="w-36" {...form.register('time')} />
      </Field>
      <MotiveField id="adjust-motive" error={errors.motivo?.message} registration={form.register('motivo')} />
      <FormFooter pending={add.isPending} submitLabel="Incluir marcação" onClose={onClose} />
    </form>
  );
}

function DisregardForm({ userId, day, onClose }: { userId: string; day: TreatedDay; onClose: () => void }) {
  const add = useAddPunchAdjustment();
  // Only an original still counting can be disregarded (an included one is undone by revoking its adjustment).
  const marks = day.marks.filter((mark) => mark.source === 'O' && mark.ponto_id !== null);
  const form = useForm({ resolver: zodResolver(disregardFormSchema), defaultValues: { pontoId: marks.length === 1 ? (marks[0]?.ponto_id ?? '') : '', motivo: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    const mark = marks.find((candidate) => candidate.ponto_id === values.pontoId);
    if (!mark) return;
    add.mutate({ kind: 'desconsiderar', userId, workDate: day.date, motivo: values.motivo, pontoId: values.pontoId, punchedAt: mark.at }, { onSuccess: onClose });
  });
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      {marks.length === 0 ? <p className="text-sm text-muted-foreground">Nenhuma marcação original deste dia para desconsiderar.</p> : null}
      <Controller
        control={form.control}
        name="pontoId"
        render={({ field }) => (
          <Field id="adjust-mark" label="Marcação" error={errors.pontoId?.message}>
            <ChoiceSelect
              id="adjust-mark"
              value={field.value || null}
              noneLabel="Escolha a marcação"
              options={marks.map((mark) => ({ value: mark.ponto_id ?? '', label: `${formatTime(mark.at)}${mark.nsr ? ` (NSR ${mark.nsr})` : ''}` }))}
              onChange={(value) => field.onChange(value ?? '')}
              invalid={errors.pontoId !== undefined}
            />
          </Field>
        )}
      />
      <MotiveField id="adjust-motive" error={errors.motivo?.message} registration={form.register('motivo')} />
      <FormFooter pending={add.isPending} submitLabel="Desconsiderar marcação" onClose={onClose} />
    </form>
  );
}

function AbonoForm({ userId, day, onClose }: { userId: string; day: TreatedDay; onClose: () => void }) {
  const add = useAddPunchAdjustment();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm({ resolver: zodResolver(abonoFormSchema), defaultValues: { abonoTipo: '', motivo: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => add.mutate({ kind: 'abono', userId, workDate: day.date, motivo: values.motivo, abonoTipo: values.abonoTipo as AbonoTipo, file }, { onSuccess: onClose }));
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <Controller
        control={form.control}
        name="abonoTipo"
        render={({ field }) => (
          <Field id="adjust-abono" label="Tipo de abono" error={errors.abonoTipo?.message}>
            <ChoiceSelect
              id="adjust-abono"
              value={field.value || null}
              noneLabel="Escolha o tipo"
              options={ABONO_OPTIONS}
              onChange={(value) => field.onChange(value ?? '')}
              invalid={errors.abonoTipo !== undefined}
            />
          </Field>
        )}
      />
      <MotiveField id="adjust-motive" error={errors.motivo?.message} registration={form.register('motivo')} />
      <Field id="adjust-file" label="Anexo (opcional)" description="PDF, JPG, PNG ou WEBP, até 10 MB. Fica em área privada.">
        <Input type="file" accept="application/pdf,image/jpeg,image/png,image/webp" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </Field>
      <FormFooter pending={add.isPending} submitLabel="Abonar o dia" onClose={onClose} />
    </form>
  );
}

/** What is being revoked: 'Marcação incluída das 17:00', 'Pagamento de 1h00'. */
function revokedLabel(adjustment: Adjustment): string {
  if ((adjustment.kind === 'compensacao' || adjustment.kind === 'pagamento') && adjustment.minutes !== null) return settlementLabel(adjustment.kind, adjustment.minutes);
  return `${ADJUSTMENT_LABELS[adjustment.kind]}${adjustment.punched_at ? ` das ${formatTime(adjustment.punched_at)}` : ''}`;
}

/** Undoes an adjustment by another row (revogação) with its motive; the revoked one stays in the history. */
export function RevokeAdjustmentDialog({ adjustment, onClose }: { adjustment: Adjustment | null; onClose: () => void }) {
  return (
    <Dialog open={adjustment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revogar ajuste</DialogTitle>
          <DialogDescription>
            {adjustment ? `${revokedLabel(adjustment)}: ${adjustment.motivo}` : ''}
          </DialogDescription>
        </DialogHeader>
        {adjustment ? <RevokeForm key={adjustment.id} adjustment={adjustment} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RevokeForm({ adjustment, onClose }: { adjustment: Adjustment; onClose: () => void }) {
  const revoke = useRevokePunchAdjustment();
  const form = useForm({ resolver: zodResolver(revokeFormSchema), defaultValues: { motivo: '' } });
  const { errors } = form.formState;
  const label = revokedLabel(adjustment);
  const submit = form.handleSubmit((values) => revoke.mutate({ id: adjustment.id, motivo: values.motivo, label }, { onSuccess: onClose }));
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <Field id="revoke-motive" label="Motivo da revogação" error={errors.motivo?.message}>
        <Textarea rows={3} {...form.register('motivo')} />
      </Field>
      <FormFooter pending={revoke.isPending} submitLabel="Revogar ajuste" onClose={onClose} />
    </form>
  );
}
