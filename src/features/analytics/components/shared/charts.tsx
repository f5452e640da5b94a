/**
 * The analyses' recharts charts, generic over the data: bars (vertical or horizontal, grouped) and
 * lines. Loaded lazily (lazy-charts.ts) so recharts stays out of every other chunk. Colours come
 * from the theme's tokens, so light and dark both read; every chart sits in a ChartCard whose
 * 'Tabela' view holds the same numbers.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import { SERIES_COLORS } from '@/features/analytics/components/shared/chart-colors';
import { shortLabel } from '@/features/analytics/components/shared/format';

const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
const TOOLTIP_STYLE = { background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 6, fontSize: 13 };
/** The legend's line under a chart of several series (text-xs and its margin). */
const legendHeight = (series: readonly ChartSeries[]) => (series.length > 1 ? 24 : 0);

const seriesColor = (series: readonly ChartSeries[], index: number) => series[index]?.color ?? SERIES_COLORS[index % SERIES_COLORS.length];

/**
 * The chart's box: measured in the commit that mounts it, so recharts draws in that same task at the box's width
 * (ResponsiveContainer alone draws nothing until its ResizeObserver reports, a frame later); it still follows later
 * resizes. A box without width (a hidden card) leaves the measuring to ResponsiveContainer. The series' names are an
 * HTML list under the drawing, rather than recharts' Legend, which measures itself after the chart is drawn and then
 * draws the chart again around it.
 */
function ChartBox({ height, series, children }: { height: number; series: readonly ChartSeries[]; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => setWidth(box.current?.getBoundingClientRect().width ?? 0), []);
  return (
    <div className="w-full" data-testid="analysis-chart">
      <div ref={box} className="w-full" style={{ height }}>
        {width === null ? null : (
          <ResponsiveContainer width="100%" height="100%" minWidth={0} {...(width > 0 ? { initialDimension: { width, height } } : {})}>
            {children}
          </ResponsiveContainer>
        )}
      </div>
      {series.length > 1 ? (
        <ul aria-label="Legenda do gráfico" className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
          {series.map((item, index) => (
            <li key={item.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-3 rounded-sm print:[print-color-adjust:exact]" style={{ backgroundColor: seriesColor(series, index) }} />
              {item.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

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
  // The legend's line (under the drawing) comes out of the same height.
  const height = (horizontal ? Math.max(180, data.length * (22 * series.length + 14) + 60) : 288) - legendHeight(series);
  return (
    <ChartBox height={height} series={series}>
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
        {series.map((item, index) => (
          <Bar key={item.key} dataKey={item.key} name={item.name} fill={seriesColor(series, index)} isAnimationActive={false} radius={horizontal ? [0, 2, 2, 0] : [2, 2, 0, 0]} />
        ))}
      </BarChart>
    </ChartBox>
  );
}

/** Lines over an ordered category (months, weeks). */
export function LineSeriesChart<Row>({ data, categoryKey, series, title, formatValue, formatCategory }: SeriesChartProps<Row>) {
  const label = (value: unknown) => (formatCategory ? formatCategory(String(value)) : String(value));
  return (
    <ChartBox height={288 - legendHeight(series)} series={series}>
      <LineChart data={data as Row[]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} title={title} desc="Os números estão na visualização em tabela.">
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey={categoryKey} tickFormatter={label} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} interval="preserveStartEnd" minTickGap={16} />
        <YAxis tickFormatter={(value: number) => formatValue(value)} tick={AXIS_TICK} stroke="var(--border)" tickLine={false} axisLine={false} width={88} />
        <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={label} formatter={(value) => formatValue(Number(value))} isAnimationActive={false} />
        {series.map((item, index) => (
          <Line key={item.key} type="monotone" dataKey={item.key} name={item.name} stroke={seriesColor(series, index)} strokeWidth={2} dot={data.length < 40} isAnimationActive={false} connectNulls />
        ))}
      </LineChart>
    </ChartBox>
  );
}
