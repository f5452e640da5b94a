import { ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatDateTime, formatWeekdayShortDay, toAppDateString } from '@/lib/dates';
import { useEspelho } from '@/features/time-clock/api/get-espelho';
import { useTimeClockEmployees } from '@/features/time-clock/api/get-treatment-people';
import { useTreatedTimesheet } from '@/features/time-clock/api/get-treated-timesheet';
import { AdjustDayDialog, RevokeAdjustmentDialog, type AdjustMode } from '@/features/time-clock/components/adjustment-dialogs';
import { HourBankActions } from '@/features/time-clock/components/hour-bank-dialogs';
import { AttachmentLink, Balance, DayFlags, DayMarks, HourBankCard } from '@/features/time-clock/components/treated-marks';
import { formatMinutes } from '@/features/time-clock/logic';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { adjustmentWhat, monthLabel, shiftMonth, type Adjustment, type TreatedDay, type TreatedTimesheet } from '@/features/time-clock/treatment';

/** The employee and month in the URL (?aba=espelhos&funcionario=<id>&mes=2026-10). */
const PARAMS = { employee: 'funcionario', month: 'mes' } as const;

function currentMonth(): string {
  return `${toAppDateString(new Date()).slice(0, 7)}-01`;
}

function monthFromParam(value: string | null): string {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? `${value}-01` : currentMonth();
}

/** 'Espelhos': any employee's treated month, and the adjustments made to it. */
export function TimesheetsTab() {
  const [params, setParams] = useSearchParams();
  const employees = useTimeClockEmployees();
  const [search, setSearch] = useState('');
  const userId = params.get(PARAMS.employee) ?? '';
  const month = monthFromParam(params.get(PARAMS.month));
  const selected = employees.data?.find((employee) => employee.id === userId) ?? null;
  const options = useMemo<ComboboxOption[]>(() => {
    const term = search.trim().toLocaleLowerCase('pt-BR');
    return (employees.data ?? []).filter((employee) => employee.name.toLocaleLowerCase('pt-BR').includes(term)).slice(0, 50).map((employee) => ({ id: employee.id, label: employee.name }));
  }, [employees.data, search]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const isCurrentMonth = month === currentMonth();

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid min-w-0 gap-2 sm:w-80">
          <Label htmlFor="timesheet-employee">Funcionário</Label>
          <Combobox
            id="timesheet-employee"
            options={options}
            value={selected ? { id: selected.id, label: selected.name } : null}
            onChange={(option) => update({ [PARAMS.employee]: option?.id ?? null })}
            onSearch={setSearch}
            loading={employees.isLoading}
            errorText={employees.isError ? timeClockMessages.employeesLoadError : null}
            placeholder="Digite o nome"
            emptyText="Nenhum funcionário encontrado"
            listLabel="Funcionários"
          />
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" aria-label="Mês anterior" onClick={() => update({ [PARAMS.month]: shiftMonth(month, -1).slice(0, 7) })}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-36 text-center font-medium" aria-live="polite" data-testid="timesheet-month">
            {monthLabel(month)}
          </span>
          <Button variant="outline" size="icon" aria-label="Próximo mês" disabled={isCurrentMonth} onClick={() => update({ [PARAMS.month]: shiftMonth(month, 1).slice(0, 7) })}>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
      {userId ? <TreatedMonth userId={userId} month={month} /> : <p className="text-sm text-muted-foreground">Escolha um funcionário para ver o espelho tratado do mês.</p>}
    </div>
  );
}

function TreatedMonth({ userId, month }: { userId: string; month: string }) {
  const timesheet = useTreatedTimesheet(userId, month);
  const [adjusting, setAdjusting] = useState<{ day: TreatedDay; mode: AdjustMode } | null>(null);
  const [revoking, setRevoking] = useState<Adjustment | null>(null);

  if (timesheet.isLoading) return <Skeleton className="h-96" aria-hidden="true" />;
  if (timesheet.isError)
    return <LoadError message={timeClockMessages.treatedTimesheetLoadError} detail={timeClockLoadErrorDetail(timesheet.error)} onRetry={() => void timesheet.refetch()} />;
  const data = timesheet.data;
  if (!data) return null;

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{data.full_name ?? 'Funcionário'}</h2>
        {data.closed ? (
          <Badge variant="secondary" className="gap-1">
            <Lock aria-hidden="true" className="size-3" /> Mês fechado{data.closed_at ? ` em ${formatDateTime(data.closed_at)}` : ''}
          </Badge>
        ) : (
          <Badge variant="outline">Mês aberto</Badge>
        )}
      </div>
      <Totals data={data} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        {data.bank ? <HourBankCard bank={data.bank} actions={<HourBankActions userId={userId} name={data.full_name ?? 'Funcionário'} bank={data.bank} today={data.today} />} /> : null}
        {data.closed ? <AcknowledgementCard userId={userId} month={month} /> : null}
      </div>
      <Legend />
      <div className="min-w-0 overflow-x-auto rounded-xl border bg-card shadow-sm">
        <Table aria-label={`Espelho tratado de ${monthLabel(month)}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Dia</TableHead>
              <TableHead>Marcações</TableHead>
              <TableHead className="text-right">Esperadas</TableHead>
              <TableHead className="text-right">Trabalhadas</TableHead>
              <TableHead className="text-right">Saldo</TableHead>
              <TableHead className="text-right">Noturnas</TableHead>
              <TableHead>Sinalizações</TableHead>
              <TableHead>Ajustar</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.days.map((day) => (
              <DayRows key={day.date} day={day} today={data.today} onAdjust={(mode) => setAdjusting({ day, mode })} onRevoke={setRevoking} />
            ))}
          </TableBody>
        </Table>
      </div>
      <AdjustDayDialog userId={userId} day={adjusting?.day ?? null} mode={adjusting?.mode ?? 'inclusao'} closed={data.closed} onClose={() => setAdjusting(null)} />
      <RevokeAdjustmentDialog adjustment={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function Totals({ data }: { data: TreatedTimesheet }) {
  const { totals } = data;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Figure label="Esperadas" value={formatMinutes(totals.expected_minutes)} />
      <Figure label="Trabalhadas" value={formatMinutes(totals.worked_minutes)} />
      <Figure label="Saldo do mês" value={formatMinutes(totals.balance_minutes)} negative={totals.balance_minutes < 0} />
      <Figure label="Noturnas" value={formatMinutes(totals.night_minutes)} />
    </dl>
  );
}

function Figure({ label, value, negative }: { label: string; value: string; negative?: boolean }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-3 shadow-sm">
      <dt className="text-xs text-muted-foreground uppercase">{label}</dt>
      <dd className={`font-mono text-xl font-semibold tabular-nums ${negative ? 'text-destructive' : ''}`}>{value}</dd>
    </div>
  );
}

function Legend() {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      Legenda:
      <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground">08:00</span> original
      <span className="rounded bg-sky-100 px-1.5 py-0.5 font-mono text-sky-900 italic ring-1 ring-sky-400 dark:bg-sky-950 dark:text-sky-100">08:00 I</span> incluída
      <span className="rounded px-1.5 py-0.5 font-mono line-through decoration-red-500 ring-1 ring-red-300 dark:ring-red-800">08:00 D</span> desconsiderada
    </p>
  );
}

/** A day, and under it the adjustments made to it (each with its motive, author and time; revocable while in force). */
function DayRows({ day, today, onAdjust, onRevoke }: { day: TreatedDay; today: string; onAdjust: (mode: AdjustMode) => void; onRevoke: (adjustment: Adjustment) => void }) {
  const future = day.future || day.date > today;
  const shaded = day.day_kind !== 'work';
  return (
    <>
      <TableRow data-day={day.date} className={shaded ? 'bg-muted/40' : undefined}>
        <TableCell className="whitespace-nowrap">{formatWeekdayShortDay(day.date)}</TableCell>
        <TableCell className="min-w-40">
          <DayMarks day={day} />
        </TableCell>
        <TableCell className="text-right font-mono">{future ? '—' : formatMinutes(day.expected_minutes)}</TableCell>
        <TableCell className="text-right font-mono">{future ? '—' : formatMinutes(day.worked_minutes)}</TableCell>
        <TableCell className="text-right">{future ? '—' : <Balance minutes={day.balance_minutes} />}</TableCell>
        <TableCell className="text-right font-mono">{day.night_minutes > 0 ? formatMinutes(day.night_minutes) : '—'}</TableCell>
        <TableCell className="min-w-32">
          <DayFlags day={day} />
        </TableCell>
        <TableCell>
          {future ? null : (
            <div className="flex gap-1" role="group" aria-label={`Ajustar ${formatDate(`${day.date}T12:00:00Z`)}`}>
              <Button size="sm" variant="outline" onClick={() => onAdjust('inclusao')}>
                Incluir
              </Button>
              <Button size="sm" variant="outline" disabled={!day.marks.some((mark) => mark.source === 'O')} onClick={() => onAdjust('desconsiderar')}>
                Desconsiderar
              </Button>
              <Button size="sm" variant="outline" disabled={day.abono_tipo !== null} onClick={() => onAdjust('abono')}>
                Abonar
              </Button>
            </div>
          )}
        </TableCell>
      </TableRow>
      {day.adjustments.length > 0 ? (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={8} className="bg-muted/20 py-1">
            <ul aria-label={`Ajustes de ${formatDate(`${day.date}T12:00:00Z`)}`} className="grid gap-1 text-xs">
              {day.adjustments.map((adjustment) => (
                <AdjustmentLine key={adjustment.id} adjustment={adjustment} onRevoke={onRevoke} />
              ))}
            </ul>
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

function AdjustmentLine({ adjustment, onRevoke }: { adjustment: Adjustment; onRevoke: (adjustment: Adjustment) => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className={adjustment.revoked ? 'text-muted-foreground line-through' : 'font-medium'}>{adjustmentWhat(adjustment)}</span>
      <span className="min-w-0 break-words">— {adjustment.motivo}</span>
      <span className="text-muted-foreground">
        por {adjustment.created_by_name ?? 'usuário removido'} em {formatDateTime(adjustment.created_at)}
      </span>
      {adjustment.after_closing ? (
        <Badge variant="outline" className="border-amber-400 text-amber-800 dark:text-amber-200">
          Após o fechamento
        </Badge>
      ) : null}
      {adjustment.solicitacao_id ? <Badge variant="secondary">Por solicitação</Badge> : null}
      {adjustment.revoked ? <Badge variant="outline">Revogado</Badge> : null}
      {adjustment.anexo_path ? <AttachmentLink path={adjustment.anexo_path} /> : null}
      {adjustment.kind !== 'revogacao' && !adjustment.revoked ? (
        <Button size="sm" variant="link" className="h-auto p-0 text-destructive" onClick={() => onRevoke(adjustment)}>
          Revogar
        </Button>
      ) : null}
    </li>
  );
}

/** Who acknowledged the closed month's espelho (or contested it, with the comment). */
function AcknowledgementCard({ userId, month }: { userId: string; month: string }) {
  const espelho = useEspelho(userId, month);
  const ack = espelho.data?.acknowledgement ?? null;
  return (
    <Card role="region" className="min-w-0" aria-label="Ciência do espelho">
      <CardHeader>
        <CardTitle className="text-base">Ciência do espelho</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        {espelho.isLoading ? (
          <Skeleton className="h-10" />
        ) : espelho.isError ? (
          <LoadError message={timeClockMessages.espelhoLoadError} detail={timeClockLoadErrorDetail(espelho.error)} onRetry={() => void espelho.refetch()} />
        ) : ack ? (
          <>
            <p>
              <Badge variant={ack.concorda ? 'secondary' : 'destructive'}>{ack.concorda ? 'Concordou' : 'Discordou'}</Badge> em {formatDateTime(ack.created_at)}
            </p>
            {ack.comentario ? <p className="break-words">Comentário: {ack.comentario}</p> : null}
          </>
        ) : (
          <p className="text-muted-foreground">Pendente: o funcionário ainda não deu ciência.</p>
        )}
      </CardContent>
    </Card>
  );
}
