import { Spinner } from '@/components/ui/spinner';

/** Shown while authentication loads (spec §2). */
export function FullPageSpinner({ label = 'Carregando sessão...' }: { label?: string }) {
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
