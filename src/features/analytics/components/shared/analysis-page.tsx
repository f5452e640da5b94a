import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { analyticsErrorMessage, analyticsMessages } from '@/features/analytics/messages';

export type AnalysisRoute = 'analise-cotacoes' | 'analise-faltas' | 'analise-dias-compras' | 'relatorio-compras';

interface AnalysisPageProps {
  /** The route's name without the slash: the root's data-analysis (tests and benches find the screen by it). */
  name: AnalysisRoute;
  title: string;
  description?: string;
  /** The FilterBar. */
  filters: ReactNode;
  /** Loading or refetching: aria-busy on the root (benches wait for it to turn false). */
  busy: boolean;
  /** Buttons beside the title (e.g. 'Exportar matriz (XLSX)'). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every analysis screen: title, description, filters, then the figures. */
export function AnalysisPage({ name, title, description, filters, busy, actions, children }: AnalysisPageProps) {
  // The URL query this render was made from: the router may change the URL before the screen that reads it
  // commits (a navigation in a transition), and a bench knows the screen shows the new filters by this.
  const { search } = useLocation();
  return (
    <div data-analysis={name} data-search={search} aria-busy={busy} className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2 print:hidden">{actions}</div> : null}
      </div>
      {filters}
      {children}
    </div>
  );
}

interface AnalysisContentProps {
  /** No figures yet (first load). */
  loading: boolean;
  /** Figures of an earlier filter are shown while the new ones load (dimmed). */
  stale: boolean;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}

/** The figures' area: a skeleton on the first load, the error with 'Tentar novamente', or the figures (dimmed while a change loads). */
export function AnalysisContent({ loading, stale, error, onRetry, children }: AnalysisContentProps) {
  if (error) return <LoadError message={analyticsMessages.loadError} detail={analyticsErrorMessage(error)} onRetry={onRetry} />;
  if (loading) {
    return (
      <div role="status" aria-label={analyticsMessages.loading} className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-72" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return (
    <div className={cn('grid min-w-0 gap-6 transition-opacity', stale && 'opacity-60')}>
      {stale ? (
        <p role="status" className="sr-only">
          {analyticsMessages.updating}
        </p>
      ) : null}
      {children}
    </div>
  );
}
