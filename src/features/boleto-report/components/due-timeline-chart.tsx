/**
 * The due-date calendar: pending amount per day from today − 30 to today + 60, overdue days in
 * red, today in amber and marked. Loaded lazily (React.lazy) so recharts stays out of every other chunk.
 */
import { useEffect } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { formatCurrency, formatDay, formatNumber, formatShortDay, formatWeekday } from '@/lib/dates';
import { DAY_TONE_FILL } from '@/features/boleto-report/components/chart-colors';
import { countLabel, DAY_TONE_LABELS, type TimelineBar } from '@/features/boleto-report/logic';

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };

function compactCurrency(value: number): string {
  return formatNumber(value, { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });
}

function TimelineTooltip({ active, payload }: Pick<TooltipContentProps, 'active' | 'payload'>) {
  const day = active ? (payload[0]?.payload as TimelineBar | undefined) : undefined;
  if (!day) return null;
  return (
    <div className="grid gap-0.5 rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      <span className="font-medium">
        {formatDay(day.date)} <span className="font-normal text-muted-foreground">({formatWeekday(day.date)})</span>
      </span>
      <span className="tabular-nums">{formatCurrency(day.amount)}</span>
      <span className="text-xs text-muted-foreground">
        {countLabel(day.count)} · {DAY_TONE_LABELS[day.tone]}
      </span>
    </div>
  );
}

export default function DueTimelineChart({ bars, today, onShown }: { bars: TimelineBar[]; today: string; onShown?: () => void }) {
  useEffect(() => {
    onShown?.();
  }, [onShown]);
  return (
    <div className="boleto-report-chart h-64 w-full sm:h-72">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        <BarChart
          data={bars}
          margin={{ top: 20, right: 8, bottom: 0, left: 0 }}
          barCategoryGap="15%"
          title="Calendário de vencimentos"
          desc="Valor pendente por dia de vencimento; use as setas para percorrer os dias."
        >
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="date" tickFormatter={formatShortDay} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} interval="preserveStartEnd" minTickGap={24} />
          <YAxis tickFormatter={compactCurrency} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} axisLine={false} width={76} />
          <Tooltip cursor={{ fill: 'var(--muted)' }} content={TimelineTooltip} isAnimationActive={false} />
          <ReferenceLine
            x={today}
            stroke="var(--foreground)"
            strokeDasharray="4 3"
            label={{ value: 'Hoje', position: 'top', fill: 'var(--foreground)', fontSize: 12 }}
          />
          <Bar dataKey="amount" name="Valor pendente" isAnimationActive={false} radius={[2, 2, 0, 0]} minPointSize={0}>
            {bars.map((bar) => (
              <Cell key={bar.date} fill={DAY_TONE_FILL[bar.tone]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
