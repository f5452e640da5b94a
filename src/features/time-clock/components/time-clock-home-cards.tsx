import { ArrowRight, Clock, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatTime } from '@/lib/dates';
import { useActiveTerm } from '@/features/time-clock/api/get-active-term';
import { useMyConsent } from '@/features/time-clock/api/get-my-consent';
import { useTodayGoal } from '@/features/time-clock/api/get-my-schedule';
import { useTodayPunches } from '@/features/time-clock/api/get-today-punches';
import { useLivePunches } from '@/features/time-clock/api/live-punches';
import { dayStatus, PUNCH_LABELS, progressPercent, workedMilliseconds } from '@/features/time-clock/logic';
import type { TodayPunch } from '@/features/time-clock/types';

/** 8:00 → '8 h'; 450 → '7 h 30 min'. */
function hoursAndMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

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
 */
export function TimeClockHomeCards({ userId }: { userId: string }) {
  const term = useActiveTerm();
  const consent = useMyConsent(userId, term.data?.id ?? null);
  if (consent.data?.decision !== 'accepted') return null;
  return <ConsentedCards userId={userId} />;
}

function ConsentedCards({ userId }: { userId: string }) {
  useLivePunches(userId);
  const today = useTodayPunches(userId);
  const goal = useTodayGoal(userId);
  const punches = today.data ?? [];
  const status = dayStatus(punches);
  const worked = useWorkedSeconds(punches, status === 'Trabalhando');
  const expected = goal.data ?? 480;
  const percent = progressPercent(Math.floor(worked / 60), expected);
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
            <p className="text-muted-foreground">
              {percent}% da meta de {hoursAndMinutes(expected)}
            </p>
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
