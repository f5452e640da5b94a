import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder while a lazily loaded page arrives (spec §2). */
export function PageLoading() {
  return (
    <div role="status" aria-label="Carregando página..." className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}
