import { Skeleton } from '@/components/ui/skeleton';
import { PageShell, Section } from '@/features/public-signing/components/page-shell';

/** A light outline of the shipment while it loads. */
export function LoadingView() {
  return (
    <PageShell busy>
      <p role="status" className="sr-only">
        Carregando remessa...
      </p>
      <Section>
        <div className="grid gap-3" aria-hidden="true">
          <Skeleton className="h-6 w-44" />
          <Skeleton className="h-4 w-full max-w-sm" />
          <Skeleton className="h-4 w-56" />
        </div>
      </Section>
      <Section>
        <div className="grid gap-5" aria-hidden="true">
          {[0, 1, 2].map((line) => (
            <div key={line} className="grid gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          ))}
        </div>
      </Section>
      <Section>
        <div className="grid gap-3" aria-hidden="true">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-44 w-full" />
        </div>
      </Section>
    </PageShell>
  );
}
