import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatDateTime, toAppDateString } from '@/lib/dates';
import { useCloseTimesheetMonth } from '@/features/time-clock/api/close-timesheet-month';
import { useClosedMonths } from '@/features/time-clock/api/get-closed-months';
import { useMonthClosing } from '@/features/time-clock/api/get-month-closing';
import { useTimeClockSettings } from '@/features/time-clock/api/get-time-clock-settings';
import { useTimeClockUnits } from '@/features/time-clock/api/get-treatment-people';
import { useSetTimeClockSettings } from '@/features/time-clock/api/set-time-clock-settings';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { settingsFormSchema } from '@/features/time-clock/schemas';
import { Balance } from '@/features/time-clock/components/treated-marks';
import { formatMinutes } from '@/features/time-clock/logic';
import { monthLabel, shiftMonth } from '@/features/time-clock/treatment';

/** The unit and month in the URL (?aba=fechamento&unidade=<id>&mes=2026-10); the month defaults to the last one ended. */
const PARAMS = { unit: 'unidade', month: 'mes' } as const;

function lastEndedMonth(): string {
  return shiftMonth(`${toAppDateString(new Date()).slice(0, 7)}-01`, -1);
}

/** 'Fechamento': close a unit's month, its closed months, who acknowledged the espelho, and the request deadline. */
export function ClosingTab() {
  const [params, setParams] = useSearchParams();
  const units = useTimeClockUnits();
  const unitParam = params.get(PARAMS.unit);
  const unitId = unitParam ?? units.data?.[0]?.id ?? '';
  const monthParam = params.get(PARAMS.month);
  const month = monthParam && /^\d{4}-(0[1-9]|1[0-2])$/.test(monthParam) ? `${monthParam}-01` : lastEndedMonth();
  const update = (key: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const unitName = units.data?.find((unit) => unit.id === unitId)?.name ?? '';

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2 sm:w-64">
          <Label htmlFor="closing-unit">Unidade</Label>
          {units.isError ? (
            <LoadError message={timeClockMessages.closingLoadError} detail={timeClockLoadErrorDetail(units.error)} onRetry={() => void units.refetch()} />
          ) : (
            <ChoiceSelect
              id="closing-unit"
              value={unitId || null}
              noneLabel="Escolha a unidade"
              options={(units.data ?? []).map((unit) => ({ value: unit.id, label: unit.name }))}
              onChange={(value) => value && update(PARAMS.unit, value)}
            />
          )}
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" aria-label="Mês anterior" onClick={() => update(PARAMS.month, shiftMonth(month, -1).slice(0, 7))}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-36 text-center font-medium" aria-live="polite">
            {monthLabel(month)}
          </span>
          <Button variant="outline" size="icon" aria-label="Próximo mês" disabled={month >= lastEndedMonth()} onClick={() => update(PARAMS.month, shiftMonth(month, 1).slice(0, 7))}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {unitId ? <MonthClosingCard unitId={unitId} unitName={unitName} month={month} /> : null}
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        {unitId ? <ClosedMonthsCard unitId={unitId} /> : null}
        <DeadlineCard />
      </div>
    </div>
  );
}

function MonthClosingCard({ unitId, unitName, month }: { unitId: string; unitName: string; month: string }) {
  const closing = useMonthClosing(unitId, month);
  const close = useCloseTimesheetMonth();
  const [confirming, setConfirming] = useState(false);
  const data = closing.data;
  const employees = data?.employees ?? [];
  const agreed = employees.filter((employee) => employee.acknowledgement?.concorda === true).length;
  const contested = employees.filter((employee) => employee.acknowledgement?.concorda === false).length;
  const pending = employees.length - agreed - contested;

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {monthLabel(month)} · {unitName}
          {data?.closed ? (
            <Badge variant="secondary" className="gap-1">
              <Lock aria-hidden="true" className="size-3" /> Fechado
            </Badge>
          ) : data ? (
            <Badge variant="outline">Aberto</Badge>
          ) : null}
        </CardTitle>
        <CardDescription>
          {data?.closed
            ? `Fechado${data.closed_at ? ` em ${formatDateTime(data.closed_at)}` : ''}${data.closed_by_name ? ` por ${data.closed_by_name}` : ''}. Ajustes agora só por administrador, com motivo, marcados como feitos após o fechamento.`
            : 'Ao fechar, os funcionários veem o espelho do mês em Meu Ponto e registram sua ciência.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">
        {closing.isLoading ? (
          <Skeleton className="h-24" />
        ) : closing.isError ? (
          <LoadError message={timeClockMessages.closingLoadError} detail={timeClockLoadErrorDetail(closing.error)} onRetry={() => void closing.refetch()} />
        ) : data && !data.closed ? (
          <Button className="w-fit" onClick={() => setConfirming(true)} disabled={close.isPending}>
            <Lock aria-hidden="true" /> Fechar mês
          </Button>
        ) : data ? (
          <>
            <p className="text-sm">
              {formatCount(agreed, 'concordou', 'concordaram')} · {formatCount(contested, 'discordou', 'discordaram')} · {formatCount(pending, 'pendente', 'pendentes')}
            </p>
            <div className="min-w-0 overflow-x-auto rounded-md border">
              <Table aria-label="Totais do fechamento e ciência do espelho por funcionário">
                <TableHeader>
                  <TableRow>
                    <TableHead>Funcionário</TableHead>
                    <TableHead className="text-right">Esperadas</TableHead>
                    <TableHead className="text-right">Trabalhadas</TableHead>
                    <TableHead className="text-right">Saldo</TableHead>
                    <TableHead className="text-right">Faltas</TableHead>
                    <TableHead>Ciência</TableHead>
                    <TableHead>Data e hora</TableHead>
                    <TableHead>Comentário</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {employees.map((employee) => (
                    <TableRow key={employee.user_id}>
                      <TableCell>
                        {employee.full_name ?? 'Funcionário'}
                        {employee.closing?.changed_since ? (
                          <Badge variant="outline" className="ml-2" title="O espelho deste funcionário mudou depois do fechamento (ajuste feito por um administrador); os totais são os do fechamento.">
                            Ajustado após o fechamento
                          </Badge>
                        ) : null}
                      </TableCell>
                      <TableCell className="text-right font-mono">{employee.closing ? formatMinutes(employee.closing.expected_minutes) : '—'}</TableCell>
                      <TableCell className="text-right font-mono">{employee.closing ? formatMinutes(employee.closing.worked_minutes) : '—'}</TableCell>
                      <TableCell className="text-right">{employee.closing ? <Balance minutes={employee.closing.balance_minutes} /> : '—'}</TableCell>
                      <TableCell className="text-right">{employee.closing ? employee.closing.absences : '—'}</TableCell>
                      <TableCell>
                        {employee.acknowledgement === null ? (
                          <Badge variant="outline">Pendente</Badge>
                        ) : employee.acknowledgement.concorda ? (
                          <Badge variant="secondary">Concordou</Badge>
                        ) : (
                          <Badge variant="destructive">Discordou</Badge>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{employee.acknowledgement ? formatDateTime(employee.acknowledgement.created_at) : '—'}</TableCell>
                      <TableCell className="max-w-80 break-words whitespace-normal">{employee.acknowledgement?.comentario ?? '—'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        ) : null}
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Fechar {monthLabel(month).toLocaleLowerCase('pt-BR')} de {unitName}?</AlertDialogTitle>
            <AlertDialogDescription>
              Depois de fechado, só um administrador ajusta o mês, com motivo, e o ajuste fica marcado como feito após o fechamento. Os funcionários passam a ver o espelho e a registrar ciência.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Voltar</AlertDialogCancel>
            <AlertDialogAction onClick={() => close.mutate({ unitId, month, label: monthLabel(month), unitName })}>Fechar mês</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

function ClosedMonthsCard({ unitId }: { unitId: string }) {
  const closed = useClosedMonths(unitId);
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Meses fechados</CardTitle>
      </CardHeader>
      <CardContent>
        {closed.isLoading ? (
          <Skeleton className="h-16" />
        ) : closed.isError ? (
          <LoadError message={timeClockMessages.closingLoadError} detail={timeClockLoadErrorDetail(closed.error)} onRetry={() => void closed.refetch()} />
        ) : (closed.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum mês fechado nesta unidade.</p>
        ) : (
          <ul aria-label="Meses fechados" className="grid gap-1 text-sm">
            {closed.data?.map((row) => (
              <li key={row.id} className="flex flex-wrap justify-between gap-2">
                <span>{monthLabel(row.month)}</span>
                <span className="text-muted-foreground">fechado em {formatDateTime(row.closedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DeadlineCard() {
  const settings = useTimeClockSettings();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">Prazo para solicitações</CardTitle>
        <CardDescription>Quantos dias depois do dia o funcionário ainda pode pedir um ajuste em Meu Ponto.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <Skeleton className="h-10" />
        ) : settings.isError ? (
          <LoadError message={timeClockMessages.closingLoadError} detail={timeClockLoadErrorDetail(settings.error)} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <DeadlineForm key={settings.data.prazoDias} days={settings.data.prazoDias} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeadlineForm({ days }: { days: number }) {
  const save = useSetTimeClockSettings();
  const form = useForm({ resolver: zodResolver(settingsFormSchema), defaultValues: { prazoDias: String(days) } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => save.mutate({ prazoDias: Number(values.prazoDias) }));
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)} noValidate>
      <Field id="deadline-days" label="Prazo (dias)" error={errors.prazoDias?.message}>
        <Input inputMode="numeric" className="w-24" {...form.register('prazoDias')} />
      </Field>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        Salvar prazo
      </Button>
    </form>
  );
}
