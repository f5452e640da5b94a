/**
 * The analyses' charts, loaded on demand: recharts is a chunk of its own that the screens start
 * fetching when they mount (prefetchAnalysisCharts), alongside their RPC, and that a ChartCard's
 * Suspense waits for.
 */
import { lazy } from 'react';

const loadCharts = () => import('@/features/analytics/components/shared/charts');

/** Starts loading the charts' chunk (a failure is retried by React.lazy when a chart renders). */
export function prefetchAnalysisCharts(): void {
  void loadCharts().catch(() => undefined);
}

export const BarSeriesChart = lazy(() => loadCharts().then((module) => ({ default: module.BarSeriesChart })));
export const LineSeriesChart = lazy(() => loadCharts().then((module) => ({ default: module.LineSeriesChart })));
export type { ChartSeries } from '@/features/analytics/components/shared/charts';
