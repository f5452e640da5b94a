import { ArrowUpRight, CalendarClock, CalendarDays, CalendarPlus, CalendarRange, CircleCheck, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCurrency } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { AGING_BUCKETS, AGING_LABELS, boletosListHref, bucketDaysLabel, cardFigure, countLabel, MEASURE_LABELS } from '@/features/boleto-report/logic';
import { MEASURE_KEYS, type BoletoReport, type MeasureKey, type Measures, type ReportFilters } from '@/features/boleto-report/types';

const LINK_CLASS =
  'rounded-lg outline-none transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 print:hover:bg-transparent';

type Tone = 'warning' | 'danger' | 'plain';

const AMOUNT_TONE: Record<Tone, string> = { warning: 'text-warning-foreground', danger: 'text-destructive', plain: '' };

/**
 * Vence hoje, Próximos 7 dias, Próximos 30 dias, A vencer após 30 dias, Vencidos (1–7, 8–30, > 30 dias)
 * and Pagos no período. Vencidos, hoje, 30 dias and após 30 dias add up to 'Total pendente'.
 */
export function SummaryCards({ report, filters }: { report: BoletoReport; filters: ReportFilters }) {
  const totals = Object.fromEntries(MEASURE_KEYS.map((key) => [key, cardFigure(report, key)])) as Measures;
  const card = (key: MeasureKey, icon: LucideIcon, tone: Tone, title = MEASURE_LABELS[key]) => (
    <FigureCard
      key={key}
      icon={icon}
      title={title}
      days={bucketDaysLabel(key, report)}
      amount={totals[key].amount}
      count={totals[key].count}
      tone={totals[key].amount > 0 ? tone : 'plain'}
      href={boletosListHref(key, filters, report.today)}
    />
  );
  return (
    <section aria-label="Resumo" className="grid grid-flow-row-dense gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <PendingLine amount={totals.pending.amount} count={totals.pending.count} href={boletosListHref('pending', filters, report.today)} />
      {card('due_today', CalendarClock, 'warning')}
      {card('next_7', CalendarDays, 'plain')}
      {card('next_30', CalendarRange, 'plain')}
      {card('after_30', CalendarPlus, 'plain')}
      <div role="group" aria-label="Vencidos" className="flex flex-col gap-3 rounded-xl border bg-card p-2 shadow-sm sm:col-span-2 print:break-inside-avoid">
        <CardBody
          icon={TriangleAlert}
          title="Vencidos"
          days={bucketDaysLabel('overdue', report)}
          amount={totals.overdue.amount}
          count={totals.overdue.count}
          tone={totals.overdue.amount > 0 ? 'danger' : 'plain'}
          href={boletosListHref('overdue', filters, report.today)}
        />
        <ul aria-label="Vencidos por atraso" className="grid gap-1 border-t pt-2 sm:grid-cols-3">
          {AGING_BUCKETS.map((key) => {
            const href = boletosListHref(key, filters, report.today);
            const content = (
              <>
                <span className="text-xs text-muted-foreground">
                  {AGING_LABELS[key]} <span className="whitespace-nowrap">({bucketDaysLabel(key, report)})</span>
                </span>
                <span className={cn('text-base font-semibold tabular-nums', totals[key].amount > 0 && 'text-destructive')}>{formatCurrency(totals[key].amount)}</span>
                <span className="text-xs text-muted-foreground">{countLabel(totals[key].count)}</span>
              </>
            );
            return (
              <li key={key}>
                {href ? (
                  <Link to={href} className={cn('grid gap-0.5 p-2', LINK_CLASS)}>
                    <span className="sr-only">Vencidos há </span>
                    {content}
                    <span className="sr-only">Ver na lista de boletos</span>
                  </Link>
                ) : (
                  <div className="grid gap-0.5 p-2">{content}</div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {card('paid', CircleCheck, 'plain', 'Pagos no período')}
    </section>
  );
}

interface BodyProps {
  icon: LucideIcon;
  title: string;
  days: string;
  amount: number;
  count: number;
  tone: Tone;
  href: string | null;
}

function FigureCard(props: BodyProps) {
  return (
    <div role="group" aria-label={props.title} className="rounded-xl border bg-card p-2 shadow-sm print:break-inside-avoid">
      <CardBody {...props} />
    </div>
  );
}

/** Title and days, the amount big and the count small; a link to /boletos when the list can show them. */
function CardBody({ icon: Icon, title, days, amount, count, tone, href }: BodyProps) {
  const content: ReactNode = (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <span className="flex items-center gap-2 text-sm font-medium">
            <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
            {title}
          </span>
          <span className="text-xs text-muted-foreground">{days}</span>
        </div>
        {href ? <ArrowUpRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground print:hidden" /> : null}
      </div>
      <span className={cn('text-2xl font-semibold tracking-tight tabular-nums', AMOUNT_TONE[tone])}>{formatCurrency(amount)}</span>
      <span className="text-xs text-muted-foreground">{countLabel(count)}</span>
    </>
  );
  return href ? (
    <Link to={href} className={cn('grid gap-1 p-2', LINK_CLASS)}>
      {content}
      <span className="sr-only">Ver na lista de boletos</span>
    </Link>
  ) : (
    <div className="grid gap-1 p-2">{content}</div>
  );
}

/** The whole pending amount (overdue, today and every later due date), above the cards. */
function PendingLine({ amount, count, href }: { amount: number; count: number; href: string | null }) {
  return (
    <p className="col-span-full flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
      <span className="text-muted-foreground">Total pendente:</span>
      <span className="text-lg font-semibold tabular-nums">{formatCurrency(amount)}</span>
      <span className="text-muted-foreground">({countLabel(count).toLowerCase()})</span>
      {href && count > 0 ? (
        <Link to={href} className="rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 print:hidden">
          Ver pendentes na lista de boletos
        </Link>
      ) : null}
    </p>
  );
}
