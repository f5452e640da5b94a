import Cross from 'lucide-react/icons/cross';
import { cn } from '@/lib/utils';

/** The app's mark and name. */
export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('flex items-center gap-2 font-semibold', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Cross aria-hidden="true" className="size-5" />
      </span>
      {showName ? (
        <span className="flex flex-col leading-tight">
          <span>Farmácia</span>
          <span className="text-xs font-normal text-muted-foreground">Back Office</span>
        </span>
      ) : (
        <span className="sr-only">Farmácia Back Office</span>
      )}
    </span>
  );
}
