import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from '@/lib/utils';

/** A spinning indicator with an accessible name (role="status"). */
function Spinner({ className, label = 'Carregando...' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner };
