/**
 * The analyses' charts, loaded on demand: recharts is a chunk of its own that the screens start
 * fetching when they mount (prefetchAnalysisCharts), alongside their RPC. A chart whose code is not
 * here yet shows a skeleton of its size (src/lib/preloadable: no Suspense throttle on its reveal).
 */
import { preloadable } from '@/lib/preloadable';
import { ChartSkeleton } from '@/features/analytics/components/shared/chart-card';

const loadCharts = () => import('@/features/analytics/components/shared/charts');
const fallback = <ChartSkeleton />;

export const BarSeriesChart = preloadable(() => loadCharts().then((module) => module.BarSeriesChart), { fallback });
export const LineSeriesChart = preloadable(() => loadCharts().then((module) => module.LineSeriesChart), { fallback });

/** Starts loading the charts' chunk (a failure is tried again when a chart mounts). */
export function prefetchAnalysisCharts(): void {
  void BarSeriesChart.preload().catch(() => undefined);
  void LineSeriesChart.preload().catch(() => undefined);
}

export type { ChartSeries } from '@/features/analytics/components/shared/charts';
