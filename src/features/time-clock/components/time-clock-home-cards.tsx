import { ArrowRight, Clock, ShieldCheck, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatPercent, formatTime } from '@/lib/dates';
import { useActiveTerm } from '@/features/time-clock/api/get-active-term';
import { useMyConsent } from '@/features/time-clock/api/get-my-consent';
import { useTodayGoal, type TodayGoal } from '@/features/time-clock/api/get-my-schedule';
import { useTodayPunches } from '@/features/time-clock/api/get-today-punches';
import { useLivePunches } from '@/features/time-clock/api/live-punches';
import { dayStatus, formatGoal, PUNCH_LABELS, progressPercent, workedMilliseconds } from '@/features/time-clock/logic';
import { timeClockMessages } from '@/features/time-clock/messages';
import type { TodayPunch } from '@/features/time-clock/types';

/** Worked time in seconds, ticking each second while the employee is working (spec §2, §9). */
function useWorkedSeconds(punches: readonly TodayPunch[], ticking: boolean): number {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  // Closed intervals do not depend on `now`; only the open one (Trabalhando) grows with it.
  return Math.floor(workedMilliseconds(punches, now) / 1000);
}

function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((part) => String(part).padStart(2, '0')).join(':');
}

/**
 * Spec §2: with PUNCH_CLOCK_ACCESS and consent to the active LGPD term, two cards: 'Ponto Digital' and
 * 'Minhas Horas Hoje'. Today's figures are read every 30 s and at once through the employee's pontos channel.
 * Always at least one card (given PUNCH_CLOCK_ACCESS): the home counts it before showing 'Permissões Limitadas'.
 */
export function TimeClockHomeCards({ userId }: { userId: string }) {
  const term = useActiveTerm();
  const consent = useMyConsent(userId, term.data?.id ?? null);
  if (term.isLoading || (term.data && consent.isLoading)) {
    return (
      <li className="flex [&>*]:flex-1" aria-hidden="true">
        <Skeleton className="h-44" />
      </li>
    );
  }
  if (consent.data?.decision === 'accepted') return <ConsentedCards userId={userId} />;
  // deviation: spec §2 shows the time-clock cards only with consent; a new hire (or someone who refused)
  // met no sign of the clock at all (issue 24, item 9). Without consent, 'Ponto Digital' says what is missing
  // and leads to the term.
  return <TermCard state={term.isError || consent.isError ? 'error' : !term.data ? 'no-term' : consent.data?.decision === 'refused' ? 'refused' : 'pending'} at={consent.data?.at ?? null} />;
}

/** 'Ponto Digital' before consent: the term to read (new hire), a refusal and what happens meanwhile, or no term published yet. */
function TermCard({ state, at }: { state: 'pending' | 'refused' | 'no-term' | 'error'; at: string | null }) {
  return (
    <li className="flex [&>*]:flex-1">
      <Card aria-label="Ponto Digital">
        <CardHeader className="flex-row items-start gap-3">
          <ShieldCheck aria-hidden="true" className="size-6 shrink-0 text-primary" />
          <div className="grid gap-1.5">
            <CardTitle>Ponto Digital</CardTitle>
            <CardDescription className="grid gap-1">
              {state === 'pending' ? <span>{timeClockMessages.termPending}</span> : null}
              {state === 'refused' ? (
                <>
                  <span>{timeClockMessages.termRefused(at ? formatDateTime(at) : '—')}</span>
                  <span>{timeClockMessages.termRefusedMeanwhile}</span>
                </>
              ) : null}
              {state === 'no-term' ? (
                <>
                  <span className="font-medium text-foreground">{timeClockMessages.noActiveTerm}</span>
                  <span>{timeClockMessages.noActiveTermExplained}</span>
                </>
              ) : null}
              {state === 'error' ? <span>{timeClockMessages.termLoadError}</span> : null}
            </CardDescription>
          </div>
        </CardHeader>
        {state === 'no-term' ? null : (
          <CardFooter className="mt-auto">
            <Button asChild className="w-full">
              <Link to={paths.punchClock}>
                {state === 'refused' ? 'Ler e aceitar o termo' : state === 'pending' ? 'Ler o termo' : 'Acessar'} <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardFooter>
        )}
      </Card>
    </li>
  );
}

/** '50 % da meta de 8h00'; on a day off the goal is 0h00 and the card says why (the database's expected_day decides). */
function goalText(goal: TodayGoal | undefined, failed: boolean, percent: number): string {
  if (failed) return timeClockMessages.goalUnavailable;
  if (!goal) return timeClockMessages.goalLoading;
  const text = `${formatPercent(percent / 100)} da meta de ${formatGoal(goal.expectedMinutes)}`;
  if (goal.dayKind === 'holiday') return `${text} — ${timeClockMessages.goalHoliday(goal.holidayName ?? '')}`;
  if (goal.dayKind === 'rest') return `${text} — ${timeClockMessages.goalRest}`;
  if (goal.dayKind === 'excused') return `${text} — ${timeClockMessages.goalExcused}`;
  return text;
}

function ConsentedCards({ userId }: { userId: string }) {
  useLivePunches(userId);
  const today = useTodayPunches(userId);
  const goal = useTodayGoal(userId);
  const punches = today.data ?? [];
  const status = dayStatus(punches);
  const worked = useWorkedSeconds(punches, status === 'Trabalhando');
  const percent = goal.data ? progressPercent(Math.floor(worked / 60), goal.data.expectedMinutes) : 0;
  const last = punches.at(-1);

  return (
    <>
      <li className="flex [&>*]:flex-1">
        <Card>
          <CardHeader className="flex-row items-start gap-3">
            <Clock aria-hidden="true" className="size-6 shrink-0 text-primary" />
            <div className="grid gap-1.5">
              <CardTitle>Ponto Digital</CardTitle>
              <CardDescription>Registre seu horário</CardDescription>
            </div>
          </CardHeader>
          <CardFooter className="mt-auto">
            <Button asChild className="w-full">
              <Link to={paths.punchClock}>
                Acessar <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardFooter>
        </Card>
      </li>
      <li className="flex [&>*]:flex-1">
        <Card aria-label="Minhas Horas Hoje">
          <CardHeader className="flex-row items-start gap-3">
            <Timer aria-hidden="true" className="size-6 shrink-0 text-primary" />
            <div className="grid gap-1.5">
              <CardTitle>Minhas Horas Hoje</CardTitle>
              <CardDescription>
                <Badge variant="secondary">{status}</Badge>
              </CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="font-mono text-2xl font-semibold tabular-nums" aria-label="Horas trabalhadas hoje">
              {clockText(worked)}
            </p>
            <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Progresso da meta">
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-muted-foreground">{goalText(goal.data, goal.isError, percent)}</p>
            <p className="text-muted-foreground">{last ? `Última marcação: ${PUNCH_LABELS[last.punchType]} às ${formatTime(last.punchedAt)}` : 'Nenhuma marcação hoje'}</p>
          </CardContent>
          <CardFooter className="mt-auto">
            <Button asChild variant="outline" className="w-full">
              <Link to={paths.myPunches}>Ver relatório completo</Link>
            </Button>
          </CardFooter>
        </Card>
      </li>
    </>
  );
}
