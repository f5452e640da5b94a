import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * What a screen shows where its data failed to load: what did not load, the reason when there is
 * one (the database's own message), and 'Tentar novamente'.
 */
export function LoadError({ message, detail, onRetry }: { message: string; detail?: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4">
      <div className="grid gap-1 text-sm">
        <p className={detail ? 'font-medium text-destructive' : 'text-destructive'}>{message}</p>
        {detail ? <p>{detail}</p> : null}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" /> Tentar novamente
      </Button>
    </div>
  );
}
