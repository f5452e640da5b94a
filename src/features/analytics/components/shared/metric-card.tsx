import type { ReactNode } from 'react';
import { InfoTip } from '@/features/analytics/components/shared/info-tip';

interface MetricCardProps {
  label: string;
  /** Already formatted ('R$ 1.234,50', '12,5 %', 'sem dados'). */
  value: string;
  /** What it measures, and its grain ('Grão: pedido'): the (i) tooltip. */
  hint?: string;
  grain?: string;
  /** A second line (a count, a comparison). */
  detail?: ReactNode;
}

/** One KPI of an analysis: a label with its (i), the figure and an optional detail line. */
export function MetricCard({ label, value, hint, grain, detail }: MetricCardProps) {
  return (
    <div role="group" aria-label={label} className="grid gap-1 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-center gap-1 text-sm text-muted-foreground">
        <span>{label}</span>
        <InfoTip subject={label} hint={hint} grain={grain} />
      </div>
      <p className="text-2xl font-semibold tabular-nums" data-metric={label}>
        {value}
      </p>
      {detail ? <div className="text-xs text-muted-foreground">{detail}</div> : null}
    </div>
  );
}

/** The row of KPI cards. */
export function MetricGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>;
}
