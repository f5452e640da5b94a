import * as Popover from '@radix-ui/react-popover';
import { ArrowRightLeft, Building2, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/dates';
import { useTransferUnits } from '@/features/shipments/api/suggest-transfer-units';
import { newShipmentPath } from '@/features/shipments/url-params';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';

export interface TransferShortage {
  id: string;
  product_id: string;
  product_name: string;
  /** The unit that lacks the product: the shipment's destination. */
  unit_id: string;
  requested_quantity: number;
}

/**
 * 'Transferir de outra unidade' on a pending shortage: lists the other units that registered no
 * shortage of the product in the last 60 days (suggest_transfer_units); choosing one opens
 * /nova-remessa from that unit to the shortage's unit with the product and the requested quantity.
 */
export function TransferFromOtherUnit({ shortage }: { shortage: TransferShortage }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const units = useTransferUnits(shortage.product_id, open);
  // The shortage's own unit is never the origin (an administrator may look at any unit's shortages).
  const options = (units.data ?? []).filter((unit) => unit.id !== shortage.unit_id);
  const quantity = Math.max(1, Math.ceil(shortage.requested_quantity || 1));

  const choose = (unitId: string) => {
    setOpen(false);
    navigate(newShipmentPath({ originUnitId: unitId, destinationUnitId: shortage.unit_id, productId: shortage.product_id, quantity }));
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${shipmentMessages.transferLabel}: ${shortage.product_name}`}
          title={shipmentMessages.transferLabel}
        >
          <ArrowRightLeft aria-hidden="true" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 grid w-[min(20rem,calc(100vw-1.5rem))] gap-3 rounded-lg border bg-popover p-3 text-popover-foreground shadow-lg outline-none"
          aria-label={shipmentMessages.transferTitle}
        >
          <div className="grid gap-0.5">
            <p className="text-sm font-semibold">{shipmentMessages.transferLabel}</p>
            <p className="text-xs break-words text-muted-foreground">
              {shortage.product_name} · {formatCount(quantity, 'unidade', 'unidades')}
            </p>
          </div>
          {units.isPending ? (
            <div className="grid gap-2" role="status" aria-label="Buscando unidades...">
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </div>
          ) : units.isError ? (
            <LoadError message={shipmentMessages.transferError} detail={shipmentErrorMessage(units.error)} onRetry={() => void units.refetch()} />
          ) : options.length === 0 ? (
            <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">{shipmentMessages.transferNone}</p>
          ) : (
            <div className="grid gap-1.5">
              <p id={`transfer-${shortage.id}-title`} className="text-xs font-medium text-muted-foreground">
                {shipmentMessages.transferTitle}
              </p>
              <ul aria-labelledby={`transfer-${shortage.id}-title`} className="grid gap-1">
                {options.map((unit) => (
                  <li key={unit.id}>
                    <button
                      type="button"
                      onClick={() => choose(unit.id)}
                      className="flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                    >
                      <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                      <span className="min-w-0 flex-1 break-words">{unit.name}</span>
                      <span className="sr-only">: pedir remessa desta unidade</span>
                      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    </button>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">Abre uma nova remessa desta unidade para a sua, com o produto e a quantidade da falta.</p>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
