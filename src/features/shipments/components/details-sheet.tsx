import { AlertTriangle, CircleCheck, FilePlus2, FileSignature, Pencil, Send, Trash2, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { editShipmentPath } from '@/config/paths';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useShipment } from '@/features/shipments/api/get-shipment';
import { LinkHint, StatusBadge, UnitRoute } from '@/features/shipments/components/shipment-badges';
import { discrepancySummary, formatShipmentNumber, itemsSummary, signaturePagePath } from '@/features/shipments/logic';
import { historyLabel } from '@/features/shipments/status';
import { formatDay } from '@/lib/dates';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';
import type { ShipmentDetail, ShipmentHistoryEntry, ShipmentItem } from '@/features/shipments/types';

export interface DetailsTarget {
  id: string;
  number: number;
}

interface DetailsSheetProps {
  target: DetailsTarget | null;
  onClose: () => void;
  /** Dispatch and delete are confirmed by the page. */
  onAction: (action: 'dispatch' | 'delete', shipment: ShipmentDetail) => void;
}

/** A side sheet with everything about one shipment: route, items, signature, differences and history. */
export function DetailsSheet({ target, onClose, onAction }: DetailsSheetProps) {
  const shipment = useShipment(target?.id ?? null);
  const data = shipment.data;
  return (
    <Sheet open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader className="pr-10">
          <SheetTitle className="flex flex-wrap items-center gap-2">
            Remessa {target ? formatShipmentNumber(target.number) : ''}
            {data ? <StatusBadge status={data.status} /> : null}
          </SheetTitle>
          <SheetDescription asChild>
            <div>{data ? <UnitRoute origin={data.origin_name} destination={data.destination_name} /> : 'Carregando...'}</div>
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 px-4 pb-6">
          {shipment.isLoading ? (
            <div className="grid gap-3" aria-hidden="true">
              <Skeleton className="h-20" />
              <Skeleton className="h-40" />
            </div>
          ) : shipment.isError ? (
            <LoadError message={shipmentMessages.detailsLoadError} detail={shipmentErrorMessage(shipment.error)} onRetry={() => void shipment.refetch()} />
          ) : data ? (
            <DetailsBody shipment={data} onAction={onAction} />
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function DetailsBody({ shipment, onAction }: { shipment: ShipmentDetail; onAction: DetailsSheetProps['onAction'] }) {
  const totalQuantity = shipment.items.reduce((sum, item) => sum + item.quantity, 0);
  const discrepancies = shipment.signature?.discrepancies ?? [];
  const isSignable = shipment.status === 'PENDENTE' || shipment.status === 'ENTREGUE';
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {shipment.can_edit ? (
          <Button asChild size="sm" variant="outline">
            <Link to={editShipmentPath(shipment.id)}>
              <Pencil aria-hidden="true" /> Editar
            </Link>
          </Button>
        ) : null}
        {shipment.can_dispatch ? (
          <Button size="sm" onClick={() => onAction('dispatch', shipment)}>
            <Send aria-hidden="true" /> Despachar
          </Button>
        ) : null}
        {isSignable ? (
          <Button asChild size="sm" variant="outline">
            <Link to={signaturePagePath(shipment.id)}>
              <FileSignature aria-hidden="true" /> Assinatura
            </Link>
          </Button>
        ) : null}
        {shipment.can_edit ? (
          <Button size="sm" variant="ghost" className="text-destructive hover:text-destructive dark:text-red-400" onClick={() => onAction('delete', shipment)}>
            <Trash2 aria-hidden="true" /> Excluir
          </Button>
        ) : null}
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-muted-foreground">Criada</dt>
        <dd>
          <span className="tabular-nums">{formatDateTime(shipment.created_at)}</span>
          {shipment.created_by_name ? ` por ${shipment.created_by_name}` : ''}
        </dd>
        {shipment.dispatched_at ? (
          <>
            <dt className="text-muted-foreground">Despachada</dt>
            <dd>
              <span className="tabular-nums">{formatDateTime(shipment.dispatched_at)}</span>
              {shipment.dispatched_by_name ? ` por ${shipment.dispatched_by_name}` : ''}
            </dd>
          </>
        ) : null}
        {shipment.delivered_at ? (
          <>
            <dt className="text-muted-foreground">Entregue</dt>
            <dd className="tabular-nums">{formatDateTime(shipment.delivered_at)}</dd>
          </>
        ) : null}
        {shipment.signature ? (
          <>
            <dt className="text-muted-foreground">Assinada por</dt>
            <dd className="break-words">
              {shipment.signature.signer_name}
              {shipment.signature.signer_document_masked ? <span className="text-muted-foreground tabular-nums"> · CPF {shipment.signature.signer_document_masked}</span> : null}
              {shipment.signature.signed_on_sender_device || shipment.signature.signed_from_sender_address ? (
                <span className="block text-xs font-medium text-amber-800 dark:text-amber-300">{shipmentMessages.signedAtSender}</span>
              ) : null}
            </dd>
          </>
        ) : null}
        {shipment.notes ? (
          <>
            <dt className="text-muted-foreground">Observações</dt>
            <dd className="break-words whitespace-pre-line">{shipment.notes}</dd>
          </>
        ) : null}
      </dl>
      {shipment.status === 'PENDENTE' ? (
        shipment.link ? (
          <LinkHint expiresAt={shipment.link.expires_at} className="text-sm" />
        ) : (
          <p className="text-sm text-muted-foreground">Sem link de assinatura ativo. Gere um em Assinatura.</p>
        )
      ) : null}

      {discrepancies.length > 0 ? (
        <section aria-labelledby="shipment-discrepancies" className="grid gap-2 rounded-lg border border-red-300 bg-red-50 p-3 dark:border-red-900 dark:bg-red-950/40">
          <h3 id="shipment-discrepancies" className="flex items-center gap-2 text-sm font-semibold text-red-900 dark:text-red-200">
            <AlertTriangle aria-hidden="true" className="size-4" />
            Divergências informadas no recebimento
          </h3>
          <ul className="grid gap-2 text-sm">
            {discrepancies.map((line, index) => (
              <li key={line.item_id ?? index} className="grid gap-0.5">
                <span className="font-medium break-words">{line.product_name ?? itemName(shipment.items, line.item_id)}</span>
                <span>{discrepancySummary(line)}{line.quantity !== null ? ` (de ${formatNumber(line.quantity)} enviadas)` : ''}</span>
                {line.note ? <span className="text-muted-foreground break-words italic">“{line.note}”</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="shipment-items" className="grid gap-2">
        <h3 id="shipment-items" className="text-sm font-semibold">
          Itens <span className="font-normal text-muted-foreground">({itemsSummary(shipment.items.length, totalQuantity)})</span>
        </h3>
        <ItemsList items={shipment.items} />
      </section>

      <section aria-labelledby="shipment-history" className="grid gap-3">
        <h3 id="shipment-history" className="text-sm font-semibold">
          Histórico
        </h3>
        {shipment.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma alteração registrada.</p>
        ) : (
          <ol className="relative ml-3 grid gap-4 border-l pl-6" aria-label="Alterações da remessa">
            {shipment.history.map((entry, index) => (
              <HistoryItem key={`${entry.changed_at}-${index}`} entry={entry} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

function itemName(items: readonly ShipmentItem[], itemId: string | null): string {
  return items.find((item) => item.id === itemId)?.product_name ?? 'Item';
}

/** The lines of a shipment: product, barcode, quantity, lot and validity (also used by the read-only form). */
export function ItemsList({ items }: { items: readonly ShipmentItem[] }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nenhum item.</p>;
  return (
    <ul className="divide-y rounded-lg border text-sm">
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-3 px-3 py-2">
          <div className="min-w-0">
            <div className="font-medium break-words">{item.product_name}</div>
            <div className="text-xs text-muted-foreground">
              {[item.barcode, item.lot ? `Lote ${item.lot}` : 'Sem lote', item.expiry_date ? `Validade ${formatDay(item.expiry_date)}` : null].filter(Boolean).join(' · ')}
            </div>
          </div>
          <div className="shrink-0 text-right font-medium tabular-nums">
            {formatNumber(item.quantity)} <span className="text-xs font-normal text-muted-foreground">un.</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function HistoryItem({ entry }: { entry: ShipmentHistoryEntry }) {
  const { Icon, className } =
    entry.to_status === 'ENTREGUE'
      ? { Icon: CircleCheck, className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' }
      : entry.to_status === 'PENDENTE'
        ? { Icon: Truck, className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' }
        : { Icon: FilePlus2, className: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300' };
  return (
    <li className="relative">
      <span className={cn('absolute top-0 -left-[2.2rem] flex size-7 items-center justify-center rounded-full ring-4 ring-background', className)}>
        <Icon aria-hidden="true" className="size-3.5" />
      </span>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-medium">{historyLabel(entry.from_status, entry.to_status)}</span>
        <time dateTime={entry.changed_at} className="text-xs text-muted-foreground tabular-nums">
          {formatDateTime(entry.changed_at)}
        </time>
      </div>
      {entry.changed_by_name ? <p className="text-sm text-muted-foreground">por {entry.changed_by_name}</p> : null}
    </li>
  );
}
