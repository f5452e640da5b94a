import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { addDays, formatDate, formatDateTime, formatFullDate, formatTime, formatWeekdayShortDay } from '@/lib/dates';
import { useTimeClockSettings } from '@/features/time-clock/api/get-time-clock-settings';
import { usePunchRequests } from '@/features/time-clock/api/list-punch-requests';
import { useRequestPunchAdjustment } from '@/features/time-clock/api/request-punch-adjustment';
import { StatusBadge } from '@/features/time-clock/components/treated-marks';
import { timeClockErrorMessage, timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { requestFormSchema, type RequestFormValues } from '@/features/time-clock/schemas';
import { ABONO_LABELS, ABONO_TIPOS, requestSubject, saoPauloInstant, type AbonoTipo } from '@/features/time-clock/treatment';
import { FormFooter, FormRootError } from '@/features/time-clock/components/form-parts';

const KIND_OPTIONS = [
  { value: 'inclusao', label: 'Esqueci de marcar' },
  { value: 'abono', label: 'Atestado ou abono' },
] as const;

const ABONO_OPTIONS = ABONO_TIPOS.map((value) => ({ value, label: ABONO_LABELS[value] }));

/** 'Solicitar ajuste' of one day: a forgotten mark (its time) or an abono (atestado with a photo); the database keeps the deadline. */
export function RequestAdjustmentDialog({ userId, day, onClose }: { userId: string; day: string | null; onClose: () => void }) {
  const settings = useTimeClockSettings();
  const deadline = day && settings.data ? formatDate(`${addDays(day, settings.data.prazoDias)}T12:00:00Z`) : null;
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Solicitar ajuste</DialogTitle>
          <DialogDescription>
            {day ? formatFullDate(`${day}T12:00:00Z`) : ''}. O administrador aprova ou rejeita a solicitação{deadline ? `; prazo para pedir: até ${deadline}` : ''}.
          </DialogDescription>
        </DialogHeader>
        {day ? <RequestForm key={day} userId={userId} day={day} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RequestForm({ userId, day, onClose }: { userId: string; day: string; onClose: () => void }) {
  const request = useRequestPunchAdjustment();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<RequestFormValues>({ resolver: zodResolver(requestFormSchema), defaultValues: { kind: 'inclusao', time: '', abonoTipo: undefined, motivo: '' } });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = form.handleSubmit((values) => {
    const input =
      values.kind === 'inclusao'
        ? { kind: 'inclusao' as const, userId, workDate: day, motivo: values.motivo, punchedAt: saoPauloInstant(day, values.time) }
        : { kind: 'abono' as const, userId, workDate: day, motivo: values.motivo, abonoTipo: values.abonoTipo as AbonoTipo, file };
    request.mutate(input, {
      onSuccess: onClose,
      // The database's refusal (the deadline passed, a duplicate…) also stays in the form, under the fields.
      onError: (error) => form.setError('root', { message: timeClockErrorMessage(error) }),
    });
  });
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => (
          <Field id="request-kind" label="O que aconteceu">
            <ChoiceSelect id="request-kind" value={field.value} noneLabel="Escolha" options={KIND_OPTIONS} onChange={(value) => value && field.onChange(value)} />
          </Field>
        )}
      />
      {kind === 'inclusao' ? (
        <Field id="request-time" label="Horário da marcação esquecida" error={errors.time?.message}>
          <Input type="time" className="w-36" {...form.register('time')} />
        </Field>
      ) : (
        <>
          <Controller
            control={form.control}
            name="abonoTipo"
            render={({ field }) => (
              <Field id="request-abono" label="Tipo de abono" error={errors.abonoTipo?.message}>
                <ChoiceSelect
                  id="request-abono"
                  value={field.value ?? null}
                  noneLabel="Escolha o tipo"
                  options={ABONO_OPTIONS}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  invalid={errors.abonoTipo !== undefined}
                />
              </Field>
            )}
          />
          <Field id="request-file" label="Foto ou arquivo (atestado)" description="JPG, PNG, WEBP ou PDF, até 10 MB. Só você e os gestores veem.">
            <Input type="file" accept="image/jpeg,image/png,image/webp,application/pdf" capture="environment" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </Field>
        </>
      )}
      <Field id="request-motive" label="Motivo" error={errors.motivo?.message}>
        <Textarea rows={3} {...form.register('motivo')} />
      </Field>
      <FormRootError message={errors.root?.message} />
      <FormFooter pending={request.isPending} submitLabel="Enviar solicitação" onClose={onClose} />
    </form>
  );
}

/** The employee's requests and their outcome (who decided, when, and why a rejection). */
export function MyRequestsCard({ userId }: { userId: string }) {
  const requests = usePunchRequests(null, userId);
  return (
    <Card className="no-print min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Minhas solicitações</CardTitle>
        <CardDescription>Ajustes que você pediu e o que o administrador decidiu.</CardDescription>
      </CardHeader>
      <CardContent>
        {requests.isLoading ? (
          <Skeleton className="h-16" />
        ) : requests.isError ? (
          <LoadError message={timeClockMessages.requestsLoadError} detail={timeClockLoadErrorDetail(requests.error)} onRetry={() => void requests.refetch()} />
        ) : (requests.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma solicitação.</p>
        ) : (
          <ul aria-label="Minhas solicitações" className="grid gap-2 text-sm">
            {requests.data?.map((request) => {
              const subject = requestSubject(request.kind, request.abono_tipo, request.punched_at ? formatTime(request.punched_at) : null);
              return (
                <li key={request.id} aria-label={`${subject} em ${formatWeekdayShortDay(request.work_date)}`} className="grid gap-0.5 rounded-md border p-2">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      <span className="font-medium">{subject}</span> em {formatWeekdayShortDay(request.work_date)}
                    </span>
                    <StatusBadge status={request.status} />
                  </span>
                  <span className="break-words text-muted-foreground">Motivo: {request.motivo}</span>
                  {request.status !== 'PENDENTE' ? (
                    <span className="break-words">
                      {request.status === 'APROVADA' ? 'Aprovada' : 'Rejeitada'}
                      {request.decided_at ? ` em ${formatDateTime(request.decided_at)}` : ''}
                      {request.decision_reason ? `: ${request.decision_reason}` : ''}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
