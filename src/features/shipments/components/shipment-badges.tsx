import { AlertTriangle, ArrowRight, Link2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatCount, formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { discrepancyLabel } from '@/features/shipments/logic';
import { STATUS_DESCRIPTIONS, STATUS_LABELS } from '@/features/shipments/status';
import type { ShipmentStatus } from '@/features/shipments/types';

const STATUS_CLASSES: Record<ShipmentStatus, string> = {
  SOLICITADO: 'border-sky-300 bg-sky-100 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-200',
  PENDENTE: 'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  ENTREGUE: 'border-emerald-300 bg-emerald-100 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200',
};

/** 'Solicitado' (blue), 'Pendente' (amber), 'Entregue' (green); the meaning in its title. */
export function StatusBadge({ status, className }: { status: ShipmentStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(STATUS_CLASSES[status], className)} title={STATUS_DESCRIPTIONS[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * '2 divergências': lines the receiver signed with a difference (short, damaged, short-dated). A
 * focusable badge whose tooltip says what it means (the details sheet lists them).
 */
export function DiscrepancyBadge({ count }: { count: number }) {
  const label = discrepancyLabel(count);
  if (!label) return null;
  const description = `Quem recebeu informou diferença em ${formatCount(count, 'item', 'itens')} ao assinar. Veja os detalhes da remessa.`;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button type="button" aria-label={`${label}. ${description}`} className="cursor-help rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          <Badge variant="outline" className="border-red-300 bg-red-100 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            <AlertTriangle aria-hidden="true" />
            {label}
          </Badge>
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-72">{description}</TooltipContent>
    </Tooltip>
  );
}

/** 'Link ativo até 28/11/2026 14:00' for a dispatched shipment awaiting its signature. */
export function LinkHint({ expiresAt, className }: { expiresAt: string | null; className?: string }) {
  if (!expiresAt) return null;
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs text-muted-foreground', className)}>
      <Link2 aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        Link ativo até <span className="whitespace-nowrap tabular-nums">{formatDateTime(expiresAt)}</span>
      </span>
    </span>
  );
}

/** 'Unidade Centro → Unidade Norte' (the arrow read as 'para'). */
export function UnitRoute({ origin, destination, className }: { origin: string; destination: string; className?: string }) {
  return (
    <span className={cn('inline-flex min-w-0 flex-wrap items-center gap-x-1.5', className)}>
      <span className="break-words">{origin}</span>
      <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="sr-only">para</span>
      <span className="font-medium break-words">{destination}</span>
    </span>
  );
}
