import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { formatCount, formatDate, formatDateTime, formatTime, formatWeekdayShortDay } from '@/lib/dates';
import { useDecidePunchRequest } from '@/features/time-clock/api/decide-punch-request';
import { usePunchRequests, type RequestStatusFilter } from '@/features/time-clock/api/list-punch-requests';
import { AttachmentLink, StatusBadge } from '@/features/time-clock/components/treated-marks';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { decisionFormSchema } from '@/features/time-clock/schemas';
import { REQUEST_STATUS_LABELS, requestSubject, type PunchRequest } from '@/features/time-clock/treatment';

const STATUS_OPTIONS = (['PENDENTE', 'APROVADA', 'REJEITADA'] as const).map((value) => ({ value, label: REQUEST_STATUS_LABELS[value] }));

/** 'Solicitações': the employees' adjustment requests, pending first by default; approve or reject with a reason. */
export function RequestsTab() {
  const [status, setStatus] = useState<RequestStatusFilter>('PENDENTE');
  const requests = usePunchRequests(status, null);
  const [deciding, setDeciding] = useState<{ request: PunchRequest; approve: boolean } | null>(null);
  const list = requests.data ?? [];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-2 sm:w-64">
        <Label htmlFor="requests-status">Situação</Label>
        <ChoiceSelect
          id="requests-status"
          value={status}
          noneLabel="Todas"
          options={STATUS_OPTIONS}
          onChange={(value) => setStatus(value as RequestStatusFilter)}
        />
      </div>
      {requests.isLoading ? (
        <Skeleton className="h-32" aria-hidden="true" />
      ) : requests.isError ? (
        <LoadError message={timeClockMessages.requestsLoadError} detail={timeClockLoadErrorDetail(requests.error)} onRetry={() => void requests.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{status === 'PENDENTE' ? 'Nenhuma solicitação pendente.' : 'Nenhuma solicitação.'}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{formatCount(list.length, 'solicitação', 'solicitações')}</p>
          <ul aria-label="Solicitações de ajuste" className="grid gap-3">
            {list.map((request) => (
              <RequestItem key={request.id} request={request} onDecide={(approve) => setDeciding({ request, approve })} />
            ))}
          </ul>
        </>
      )}
      <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </div>
  );
}

function RequestItem({ request, onDecide }: { request: PunchRequest; onDecide: (approve: boolean) => void }) {
  const subject = requestSubject(request.kind, request.abono_tipo, request.punched_at ? formatTime(request.punched_at) : null);
  return (
    <li aria-label={`${request.full_name ?? 'Funcionário'}: ${subject}`} className="grid min-w-0 gap-2 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{request.full_name ?? 'Funcionário'}</span>
        <StatusBadge status={request.status} />
      </div>
      <p className="text-sm">
        <span className="font-medium">{subject}</span> em {formatWeekdayShortDay(request.work_date)}
      </p>
      <p className="text-sm break-words">Motivo: {request.motivo}</p>
      <p className="text-xs text-muted-foreground">Pedida em {formatDateTime(request.created_at)}</p>
      {request.anexo_path ? <AttachmentLink path={request.anexo_path} /> : null}
      {request.status !== 'PENDENTE' ? (
        <p className="text-sm text-muted-foreground">
          {request.status === 'APROVADA' ? 'Aprovada' : 'Rejeitada'}
          {request.decided_by_name ? ` por ${request.decided_by_name}` : ''}
          {request.decided_at ? ` em ${formatDateTime(request.decided_at)}` : ''}
          {request.decision_reason ? `: ${request.decision_reason}` : ''}
        </p>
      ) : request.can_decide ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onDecide(true)}>
            Aprovar
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDecide(false)}>
            Rejeitar
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function DecisionDialog({ deciding, onClose }: { deciding: { request: PunchRequest; approve: boolean } | null; onClose: () => void }) {
  return (
    <Dialog open={deciding !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{deciding?.approve ? 'Aprovar solicitação' : 'Rejeitar solicitação'}</DialogTitle>
          <DialogDescription>
            {deciding
              ? `${deciding.request.full_name ?? 'Funcionário'}, ${formatDate(`${deciding.request.work_date}T12:00:00Z`)}. ${
                  deciding.approve ? 'Aprovar registra o ajuste no espelho, com o motivo do funcionário.' : 'O funcionário verá o motivo da rejeição.'
                }`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {deciding ? <DecisionForm key={`${deciding.request.id}-${String(deciding.approve)}`} request={deciding.request} approve={deciding.approve} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DecisionForm({ request, approve, onClose }: { request: PunchRequest; approve: boolean; onClose: () => void }) {
  const decide = useDecidePunchRequest();
  const form = useForm({ resolver: zodResolver(decisionFormSchema), defaultValues: { motivo: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    // A rejection says why (the database refuses one without it, too).
    if (!approve && values.motivo.trim() === '') {
      form.setError('motivo', { message: 'Informe o motivo da rejeição.' });
      return;
    }
    decide.mutate({ id: request.id, approve, motivo: values.motivo, employeeName: request.full_name ?? 'Funcionário', workDate: request.work_date }, { onSuccess: onClose });
  });
  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      <Field id="decision-reason" label={approve ? 'Observação (opcional)' : 'Motivo da rejeição'} error={errors.motivo?.message}>
        <Textarea rows={3} {...form.register('motivo')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" variant={approve ? 'default' : 'destructive'} disabled={decide.isPending}>
          {approve ? 'Aprovar' : 'Rejeitar'}
        </Button>
      </DialogFooter>
    </form>
  );
}
