import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Clock3 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { shipmentSignatureKeys } from '@/features/shipment-signatures/api/keys';
import { useSignatureShipment } from '@/features/shipment-signatures/api/get-shipment';
import { LinkManager } from '@/features/shipment-signatures/components/link-manager';
import { Receipt } from '@/features/shipment-signatures/components/receipt';
import { ShipmentItems } from '@/features/shipment-signatures/components/shipment-items';
import { itemsSummary, shipmentNumber, STATUS_LABELS } from '@/features/shipment-signatures/logic';
import { signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';
import type { CreatedSignatureLink, ShipmentDetail } from '@/features/shipment-signatures/types';
import { useNow } from '@/features/shipment-signatures/use-now';

interface ShipmentPanelProps {
  shipmentId: string;
  freshLink: CreatedSignatureLink | null;
  onLinkCreated: (link: CreatedSignatureLink) => void;
  onBack: () => void;
}

/**
 * ?remessa=<id>: a dispatched shipment's signing link (with its items), or, once signed, its
 * receipt. While a link is out the shipment is re-read, so the receipt appears when the receiver signs.
 */
export function ShipmentPanel({ shipmentId, freshLink, onLinkCreated, onBack }: ShipmentPanelProps) {
  const shipment = useSignatureShipment(shipmentId);
  const queryClient = useQueryClient();
  const status = shipment.data?.status;
  const previousStatus = useRef(status);

  // Signed on the receiver's phone while this panel was open: say so, and refresh the lists.
  useEffect(() => {
    const before = previousStatus.current;
    previousStatus.current = status;
    if (before === 'PENDENTE' && status === 'ENTREGUE' && shipment.data) {
      toast({ title: signatureMessages.signedMeanwhile(shipmentNumber(shipment.data.number), shipment.data.signature?.signer_name ?? 'quem recebeu') });
      void queryClient.invalidateQueries({ queryKey: shipmentSignatureKeys.lists() });
    }
  }, [status, shipment.data, queryClient]);

  if (status === 'ENTREGUE') return <Receipt shipmentId={shipmentId} onBack={onBack} />;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> {signatureMessages.backToList}
        </Button>
      </div>
      {shipment.isError ? (
        <LoadError message={signatureMessages.shipmentLoadError} detail={signatureErrorMessage(shipment.error)} onRetry={() => void shipment.refetch()} />
      ) : !shipment.data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <span className="sr-only" role="status">
            Carregando remessa...
          </span>
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : (
        <PendingShipment shipment={shipment.data} freshLink={freshLink} onLinkCreated={onLinkCreated} />
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function PendingShipment({ shipment, freshLink, onLinkCreated }: { shipment: ShipmentDetail; freshLink: CreatedSignatureLink | null; onLinkCreated: (link: CreatedSignatureLink) => void }) {
  const now = useNow();
  const number = shipmentNumber(shipment.number);
  const total = shipment.items.reduce((sum, item) => sum + item.quantity, 0);
  const pending = shipment.status === 'PENDENTE';
  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-2xl font-semibold tracking-tight">{number}</h1>
          <Badge
            variant="outline"
            className={
              pending
                ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200'
                : 'text-muted-foreground'
            }
          >
            {pending ? <Clock3 aria-hidden="true" /> : null}
            {pending ? `${STATUS_LABELS.PENDENTE} · aguardando assinatura` : STATUS_LABELS[shipment.status]}
          </Badge>
        </div>
        <p className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className="font-medium">{shipment.origin_name}</span>
          <ArrowRight aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="sr-only">para</span>
          <span className="font-medium">{shipment.destination_name}</span>
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        {pending && shipment.can_link ? (
          <LinkManager shipment={shipment} freshLink={freshLink} onCreated={onLinkCreated} now={now} />
        ) : (
          <p role="note" className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
            {shipment.status === 'SOLICITADO' ? signatureMessages.notDispatched : signatureMessages.cannotLink}
          </p>
        )}

        <section aria-labelledby="shipment-items-title" className="grid min-w-0 grid-cols-1 gap-4 overflow-hidden rounded-xl border bg-card pt-4 shadow-sm sm:pt-6">
          <div className="grid gap-3 px-4 sm:px-6">
            <h2 id="shipment-items-title" className="text-lg font-semibold tracking-tight">
              Itens enviados
            </h2>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <Fact label="Despachada em">
                {shipment.dispatched_at ? formatDateTime(shipment.dispatched_at) : '—'}
                {shipment.dispatched_by_name ? ` por ${shipment.dispatched_by_name}` : ''}
              </Fact>
              <Fact label="Conteúdo">{itemsSummary(shipment.items.length, total)}</Fact>
              {shipment.notes ? (
                <div className="sm:col-span-2">
                  <Fact label="Observações">
                    <span className="whitespace-pre-line">{shipment.notes}</span>
                  </Fact>
                </div>
              ) : null}
            </dl>
          </div>
          <div className="border-t">
            <ShipmentItems items={shipment.items} label={`Itens da remessa ${number}`} />
          </div>
        </section>
      </div>
    </div>
  );
}
