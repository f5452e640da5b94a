import { Info } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

export interface InfoTipProps {
  /** What the metric or chart is about (the button's accessible name says 'Sobre: <subject>'). */
  subject: string;
  /** What the figure measures. */
  hint?: string;
  /** Its grain, e.g. 'Grão: pedido'. */
  grain?: string;
}

/** The (i) beside a metric: what it measures and its grain, on hover and on keyboard focus. */
export function InfoTip({ subject, hint, grain }: InfoTipProps) {
  if (!hint && !grain) return null;
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <button type="button" aria-label={`Sobre: ${subject}`} className="inline-flex size-5 items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none print:hidden">
            <Info aria-hidden="true" className="size-3.5" />
          </button>
        </TooltipTrigger>
        <TooltipContent className="max-w-xs">
          {hint ? <p>{hint}</p> : null}
          {grain ? <p className="font-semibold">{grain}</p> : null}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
