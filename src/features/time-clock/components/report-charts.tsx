/**
 * The charts of /ponto/relatorios: worked vs expected hours per employee or unit (horizontal bars) and per day (lines).
 * Loaded lazily (React.lazy) so recharts stays out of every other chunk; each chart sits next to a table view of the
 * same numbers (punch-reports-page.tsx). Colours come from the theme's tokens, so light and dark both read.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDay } from '@/lib/dates';
import { formatFigure, type HoursBar } from '@/features/time-clock/reports/report-view';

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
export const EXPECTED_FILL = 'var(--muted-foreground)';
export const WORKED_FILL = 'var(--primary)';
const OVERTIME_STROKE = 'oklch(0.7 0.16 60)';
const TOOLTIP_STYLE = { background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 6, fontSize: 13 };

/** Hours (fractional) as 'HH:MM'. */
const hoursText = (hours: number) => formatFigure(Math.round(hours * 60), 'duration');
const legendText = (value: string) => <span style={{ color: 'var(--foreground)' }}>{value}</span>;

export function HoursBarChart({ bars, title }: { bars: HoursBar[]; title: string }) {
  // One row of bars per line, readable names: the chart grows with the lines instead of squeezing them.
  const height = Math.max(160, bars.length * 44 + 60);
  return (
    <div className="w-full" style={{ height }} data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }} barGap={2} title={title} desc="Horas esperadas e trabalhadas; os números estão na tabela.">
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" tickFormatter={(value: number) => `${Math.round(value)}h`} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} />
          <YAxis type="category" dataKey="name" tick={AXIS_TICK} stroke="var(--border)" tickLine={false} width={120} interval={0} />
          <Tooltip cursor={{ fill: 'var(--muted)' }} contentStyle={TOOLTIP_STYLE} formatter={(value) => hoursText(Number(value))} isAnimationActive={false} />
          <Legend formatter={legendText} wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="expected" name="Esperadas" fill={EXPECTED_FILL} fillOpacity={0.45} isAnimationActive={false} radius={[0, 2, 2, 0]} />
          <Bar dataKey="worked" name="Trabalhadas" fill={WORKED_FILL} isAnimationActive={false} radius={[0, 2, 2, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface DailyPoint {
  date: string;
  expected: number;
  worked: number;
  overtime: number;
}

export function DailyLineChart({ points }: { points: DailyPoint[] }) {
  return (
    <div className="h-64 w-full sm:h-72" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} title="Horas por dia" desc="Horas esperadas, trabalhadas e extras por dia; os números estão na tabela.">
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="date" tickFormatter={formatShortDay} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} interval="preserveStartEnd" minTickGap={24} />
          <YAxis tickFormatter={(value: number) => `${Math.round(value)}h`} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} axisLine={false} width={44} />
          <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(label) => formatShortDay(String(label))} formatter={(value) => hoursText(Number(value))} isAnimationActive={false} />
          <Legend formatter={legendText} wrapperStyle={{ fontSize: 12 }} />
          <Line type="monotone" dataKey="expected" name="Esperadas" stroke={EXPECTED_FILL} strokeDasharray="4 3" dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="worked" name="Trabalhadas" stroke={WORKED_FILL} strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="overtime" name="Horas extras" stroke={OVERTIME_STROKE} dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

