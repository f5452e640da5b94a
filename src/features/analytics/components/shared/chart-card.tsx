import { BarChart3, Inbox, Table2 } from 'lucide-react';
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { InfoTip } from '@/features/analytics/components/shared/info-tip';
import { sameDrawing } from '@/features/analytics/components/shared/same-drawing';

interface ChartCardProps {
  title: string;
  /** The metric's grain, e.g. 'Grão: pedido' (in the (i) tooltip with the hint). */
  grain: string;
  /** What the chart shows. */
  hint?: string;
  /** The same data as a table (the 'Tabela' view; always available, for screen readers and for reading the numbers). */
  table: ReactNode;
  /** No data to draw: the empty state replaces both views. */
  empty?: boolean;
  /** What to do about it (default: 'Nenhum dado no período. Amplie o período ou remova filtros.'). */
  emptyText?: string;
  /** The chart (lazy-loaded recharts: it suspends until its chunk arrives). */
  children: ReactNode;
}

export const DEFAULT_EMPTY_TEXT = 'Nenhum dado no período. Amplie o período ou remova filtros.';

/**
 * The charts waiting to be drawn, in the order their cards asked (the screen's order: top first). Drawing a recharts
 * chart takes 80–100 ms on a shop PC; drawn all at once (one deferred render), a screen's four or five charts
 * appeared together 400 ms after its figures. Drawn one per task, with a frame painted between two, the charts at the
 * top of the screen appear first and the rest follow while the user reads them.
 */
const drawQueue: (() => void)[] = [];
let drawing = false;

function drawNext(): void {
  drawQueue.shift()?.();
  if (drawQueue.length === 0) {
    drawing = false;
    return;
  }
  // The next chart after this one is painted (a hidden tab paints nothing: then at once).
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(drawNext, 0));
  else setTimeout(drawNext, 0);
}

/** Queues `draw` after the charts already waiting; returns how to take it back out (the card changed or left). */
function queueDraw(draw: () => void): () => void {
  drawQueue.push(draw);
  if (!drawing) {
    drawing = true;
    setTimeout(drawNext, 0);
  }
  return () => {
    const index = drawQueue.indexOf(draw);
    if (index >= 0) drawQueue.splice(index, 1);
  };
}

/** A chart with its title, an (i) stating the metric and its grain, a 'Gráfico' / 'Tabela' toggle and an empty state. */
export function ChartCard({ title, grain, hint, table, empty = false, emptyText = DEFAULT_EMPTY_TEXT, children }: ChartCardProps) {
  const headingId = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // The chart is drawn after the rest of the screen, one chart at a time (queueDraw): the cards and tables need not
  // wait for the charts, nor the top chart for the others. A change of filters keeps the previous chart until the
  // new one is drawn; a render that changes nothing in the chart keeps the drawing as it is (sameDrawing).
  const [chart, setChart] = useState<ReactNode>(null);
  const current = sameDrawing(chart, children);
  useEffect(() => (current ? undefined : queueDraw(() => setChart(children))), [current, children]);
  return (
    <section
      aria-labelledby={headingId}
      // The chart drawn is not yet this render's (benches wait for no stale chart to be left).
      data-chart-stale={current ? undefined : ''}
      className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 shadow-sm print:break-inside-avoid"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          <InfoTip subject={title} hint={hint} grain={grain} />
        </div>
        {empty ? null : (
          <div role="group" aria-label={`Visualização: ${title}`} className="flex gap-1 print:hidden">
            <Button type="button" size="sm" variant={view === 'chart' ? 'secondary' : 'ghost'} aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
              <BarChart3 aria-hidden="true" /> Gráfico
            </Button>
            <Button type="button" size="sm" variant={view === 'table' ? 'secondary' : 'ghost'} aria-pressed={view === 'table'} onClick={() => setView('table')}>
              <Table2 aria-hidden="true" /> Tabela
            </Button>
          </div>
        )}
      </div>
      {empty ? (
        <EmptyState text={emptyText} />
      ) : view === 'chart' ? (
        <Suspense fallback={<ChartSkeleton />}>{chart ?? <ChartSkeleton />}</Suspense>
      ) : (
        table
      )}
    </section>
  );
}

/** The chart's place while it is drawn (data-chart-pending: benches wait for none to be left). */
export function ChartSkeleton() {
  return <Skeleton className="h-64 sm:h-72" aria-label="Carregando gráfico…" data-chart-pending="" />;
}

/** What an empty table or chart says: that nothing matched, and what to do about it. */
export function EmptyState({ text }: { text: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-10 text-center text-sm text-muted-foreground">
      <Inbox aria-hidden="true" className="size-7" />
      <p>{text}</p>
    </div>
  );
}
