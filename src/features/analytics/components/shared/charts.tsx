/**
 * The analyses' recharts charts, generic over the data: bars (vertical or horizontal, grouped) and
 * lines. Loaded lazily (lazy-charts.ts) so recharts stays out of every other chunk. Colours come
 * from the theme's tokens, so light and dark both read; every chart sits in a ChartCard whose
 * 'Tabela' view holds the same numbers.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { SERIES_COLORS } from '@/features/analytics/components/shared/chart-colors';
import { shortLabel } from '@/features/analytics/components/shared/format';

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const TOOLTIP_STYLE = { background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 6, fontSize: 13 };
const legendText = (value: string) => <span style={{ color: 'var(--foreground)' }}>{value}</span>;

export interface ChartSeries {
  /** The data key of the value. */
  key: string;
  /** The legend's and tooltip's name. */
  name: string;
  color?: string;
}

interface SeriesChartProps<Row> {
  data: readonly Row[];
  /** The data key of the category (month, supplier name…). */
  categoryKey: string;
  series: readonly ChartSeries[];
  /** The chart's accessible title and description (the numbers are in the table view). */
  title: string;
  /** How values read on the axis and in the tooltip ('R$ 1.234,50', '12,5 %'). */
  formatValue: (value: number) => string;
  /** How categories read (e.g. '2026-11' → 'nov. de 2026'). */
  formatCategory?: (category: string) => string;
}

/** Grouped bars: horizontal (one row per category, long names) or vertical (one column per period). */
export function BarSeriesChart<Row>({ data, categoryKey, series, title, formatValue, formatCategory, horizontal = false }: SeriesChartProps<Row> & { horizontal?: boolean }) {
  const label = (value: unknown) => (formatCategory ? formatCategory(String(value)) : String(value));
  const height = horizontal ? Math.max(180, data.length * (22 * series.length + 14) + 60) : 288;
  return (
    <div className="w-full" style={{ height }} data-testid="analysis-chart">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        <BarChart data={data as Row[]} layout={horizontal ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} title={title} desc="Os números estão na visualização em tabela.">
          <CartesianGrid horizontal={!horizontal} vertical={horizontal} stroke="var(--border)" />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={(value: number) => formatValue(value)} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} />
              <YAxis type="category" dataKey={categoryKey} tickFormatter={(value: unknown) => shortLabel(label(value))} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} width={140} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey={categoryKey} tickFormatter={label} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} interval="preserveStartEnd" minTickGap={16} />
              <YAxis tickFormatter={(value: number) => formatValue(value)} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} axisLine={false} width={88} />
            </>
          )}
          <Tooltip cursor={{ fill: 'var(--muted)' }} contentStyle={TOOLTIP_STYLE} labelFormatter={label} formatter={(value) => formatValue(Number(value))} isAnimationActive={false} />
          {series.length > 1 ? <Legend formatter={legendText} wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((item, index) => (
            <Bar key={item.key} dataKey={item.key} name={item.name} fill={item.color ?? SERIES_COLORS[index % SERIES_COLORS.length]} isAnimationActive={false} radius={horizontal ? [0, 2, 2, 0] : [2, 2, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Lines over an ordered category (months, weeks). */
export function LineSeriesChart<Row>({ data, categoryKey, series, title, formatValue, formatCategory }: SeriesChartProps<Row>) {
  const label = (value: unknown) => (formatCategory ? formatCategory(String(value)) : String(value));
  return (
    <div className="h-72 w-full" data-testid="analysis-chart">
      <ResponsiveContainer width="100%" height="100%" minWidth={0}>
        <LineChart data={data as Row[]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} title={title} desc="Os números estão na visualização em tabela.">
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey={categoryKey} tickFormatter={label} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} interval="preserveStartEnd" minTickGap={16} />
          <YAxis tickFormatter={(value: number) => formatValue(value)} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} axisLine={false} width={88} />
          <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={label} formatter={(value) => formatValue(Number(value))} isAnimationActive={false} />
          {series.length > 1 ? <Legend formatter={legendText} wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((item, index) => (
            <Line key={item.key} type="monotone" dataKey={item.key} name={item.name} stroke={item.color ?? SERIES_COLORS[index % SERIES_COLORS.length]} strokeWidth={2} dot={data.length < 40} isAnimationActive={false} connectNulls />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
