import { Radio } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useLivePunchDashboard, usePunchDashboard } from '@/features/time-clock/api/get-punch-dashboard';
import { formatMinutes, PUNCH_LABELS } from '@/features/time-clock/logic';
import { timeClockLoadErrorDetail, timeClockMessages } from '@/features/time-clock/messages';
import { DASHBOARD_STATUS_LABELS, dashboardCounts, type DashboardCounts } from '@/features/time-clock/reports/report-view';
import { DASHBOARD_STATUSES, type DashboardPerson, type DashboardStatus, type PunchDashboard } from '@/features/time-clock/reports/schemas';

/** The unit in the URL (?unidade=<id>); none: every unit in the caller's scope. */
const UNIT_PARAM = 'unidade';

/** Each status's colours, readable in light and dark (the badge and the card's figure). */
const STATUS_TONE: Record<DashboardStatus, string> = {
  trabalhando: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  intervalo: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  encerrado: 'border-border bg-muted text-foreground',
  ausente: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  aguardando: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  sem_escala: 'border-border bg-transparent text-muted-foreground',
};

/** The cards' short words (the badges say it in full). */
const CARD_LABELS: Record<DashboardStatus, string> = {
  trabalhando: 'Trabalhando',
  intervalo: 'Em intervalo',
  encerrado: 'Encerrados',
  ausente: 'Ausentes',
  aguardando: 'Aguardando',
  sem_escala: 'Sem escala',
};

const MARK_LABELS: Record<NonNullable<DashboardPerson['last_mark']>['kind'], string> = { ...PUNCH_LABELS, INCLUSAO: 'Marcação incluída' };

/**
 * /ponto/dashboard 'Dashboard Ponto' (ADMIN, ANALISTA): right now, per unit in the caller's scope, who is working, on break,
 * finished, absent, waiting for the first mark or off the schedule, with the late arrivals marked. Live: every punch or
 * adjustment (pontos, ponto_ajustes inserts, RLS per subscriber) re-reads get_punch_dashboard; a reconnection reads it
 * again; and a read every minute turns 'Aguardando entrada' into 'Ausente' once the tolerance passes.
 */
export function PunchDashboardPage({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const dashboard = usePunchDashboard('');
  useLivePunchDashboard();
  const data = dashboard.data;
  const unitParam = params.get(UNIT_PARAM);
  const units = data?.units ?? [];
  const shown = units.filter((unit) => !unitParam || unit.unit_id === unitParam);
  const visible = shown.length > 0 ? shown : units;
  const counts = dashboardCounts(visible);

  const selectUnit = (unitId: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (unitId) next.set(UNIT_PARAM, unitId);
        else next.delete(UNIT_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <div data-testid="punch-dashboard" data-state={dashboard.isError ? 'error' : data ? 'ready' : 'loading'} className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">Quem está trabalhando, em intervalo, encerrou, está ausente ou atrasado agora, por unidade.</p>
        </div>
        {data ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite" data-testid="dashboard-updated">
            <Radio aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
            {timeClockMessages.dashboardUpdatedAt(formatTime(dashboard.dataUpdatedAt, true))}
          </p>
        ) : null}
      </div>

      {units.length > 1 ? (
        <div className="grid min-w-0 gap-1.5 sm:w-72">
          <Label htmlFor="dashboard-unit">Unidade</Label>
          <ChoiceSelect
            id="dashboard-unit"
            value={unitParam}
            noneLabel="Todas as unidades"
            options={units.map((unit) => ({ value: unit.unit_id, label: unit.unit_name }))}
            onChange={selectUnit}
          />
        </div>
      ) : null}

      {dashboard.isError && !data ? (
        <LoadError message={timeClockMessages.dashboardLoadError} detail={timeClockLoadErrorDetail(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : !data ? (
        <div role="status" aria-label="Carregando dashboard..." className="grid gap-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      ) : units.length === 0 ? (
        <p role="status" className="rounded-xl border bg-card p-6 text-sm text-muted-foreground shadow-sm">
          {timeClockMessages.dashboardNoUnits}
        </p>
      ) : (
        <>
          {dashboard.isError ? (
            <LoadError message={timeClockMessages.dashboardLoadError} detail={timeClockLoadErrorDetail(dashboard.error)} onRetry={() => void dashboard.refetch()} />
          ) : null}
          <CountCards counts={counts} />
          {visible.map((unit) => (
            <UnitPeople key={unit.unit_id} unit={unit} />
          ))}
        </>
      )}
    </div>
  );
}

function CountCards({ counts }: { counts: DashboardCounts }) {
  return (
    <dl aria-label="Situação agora" className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 2xl:grid-cols-8">
      {DASHBOARD_STATUSES.map((status) => (
        <div key={status} data-status={status} className="min-w-0 rounded-xl border bg-card p-2.5 shadow-sm sm:p-3">
          <dt className="text-[11px] leading-tight break-words text-muted-foreground uppercase sm:text-xs">{CARD_LABELS[status]}</dt>
          <dd className="font-mono text-2xl font-semibold tabular-nums">{counts[status]}</dd>
        </div>
      ))}
      <div data-status="atrasado" className="min-w-0 rounded-xl border bg-card p-2.5 shadow-sm sm:p-3">
        <dt className="text-[11px] leading-tight break-words text-muted-foreground uppercase sm:text-xs">Atrasados</dt>
        <dd className={cn('font-mono text-2xl font-semibold tabular-nums', counts.atrasado > 0 && 'text-destructive')}>{counts.atrasado}</dd>
      </div>
      <div data-status="total" className="min-w-0 rounded-xl border bg-card p-2.5 shadow-sm sm:p-3">
        <dt className="text-[11px] leading-tight break-words text-muted-foreground uppercase sm:text-xs">Total</dt>
        <dd className="font-mono text-2xl font-semibold tabular-nums">{counts.total}</dd>
      </div>
    </dl>
  );
}

function UnitPeople({ unit }: { unit: PunchDashboard['units'][number] }) {
  const headingId = `dashboard-unit-${unit.unit_id}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-xl border bg-card py-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2 px-4">
        <h2 id={headingId} className="text-base font-semibold">
          {unit.unit_name}
        </h2>
        <p className="text-xs text-muted-foreground">
          {formatCount(unit.counts.total, 'pessoa', 'pessoas')} · {unit.counts.trabalhando} trabalhando
          {unit.counts.atrasado > 0 ? ` · ${formatCount(unit.counts.atrasado, 'atrasada', 'atrasadas')}` : ''}
        </p>
      </div>
      {unit.people.length === 0 ? (
        <p className="px-4 text-sm text-muted-foreground">Nenhum funcionário nesta unidade.</p>
      ) : (
        <div className="min-w-0 overflow-x-auto">
          <Table aria-labelledby={headingId} className="text-[13px]">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-4">Funcionário</TableHead>
                <TableHead>Situação</TableHead>
                <TableHead>Última marcação</TableHead>
                <TableHead>Jornada prevista</TableHead>
                <TableHead className="pr-4 text-right">Trabalhadas hoje</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {unit.people.map((person) => (
                <PersonRow key={person.user_id} person={person} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function PersonRow({ person }: { person: DashboardPerson }) {
  return (
    <TableRow data-person={person.user_id} data-status={person.status}>
      <TableCell className="min-w-36 pl-4 font-medium whitespace-normal">{person.full_name}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          <Badge variant="outline" className={STATUS_TONE[person.status]}>
            {DASHBOARD_STATUS_LABELS[person.status]}
          </Badge>
          {person.late ? (
            <Badge variant="destructive" title="Chegou depois do horário previsto mais a tolerância de 5 minutos">
              {person.status === 'ausente' ? 'Atrasado' : `Atraso de ${lateText(person.late_minutes)}`}
            </Badge>
          ) : null}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap" data-testid="last-mark">
        {person.last_mark ? (
          <>
            <span className="font-mono">{formatTime(person.last_mark.at)}</span> <span className="text-muted-foreground">{MARK_LABELS[person.last_mark.kind]}</span>
            {person.last_mark.source === 'I' ? <span className="text-muted-foreground"> (ajuste)</span> : null}
          </>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {person.expected_start && person.expected_end ? (
          <span className="font-mono">
            {clockText(person.expected_start)}–{clockText(person.expected_end)}
          </span>
        ) : (
          <span className="text-muted-foreground">{dayKindLabel(person.day_kind)}</span>
        )}
      </TableCell>
      <TableCell className="pr-4 text-right font-mono tabular-nums">{person.worked_minutes > 0 ? formatMinutes(person.worked_minutes) : '—'}</TableCell>
    </TableRow>
  );
}

/** 17 → '17 min'; 75 → '1h15'. */
function lateText(minutes: number): string {
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;
}

/** A planned time as the database sends it, '08:00:00' or an instant, as 'HH:MM'. */
function clockText(value: string): string {
  return value.includes('T') ? formatTime(value) : value.slice(0, 5);
}

function dayKindLabel(kind: DashboardPerson['day_kind']): string {
  if (kind === 'rest') return 'Folga';
  if (kind === 'holiday') return 'Feriado';
  if (kind === 'excused') return 'Abonado';
  return 'Sem horário';
}
