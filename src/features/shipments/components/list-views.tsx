import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatDateTime } from '@/lib/dates';
import { RowActions } from '@/features/shipments/components/row-actions';
import { DiscrepancyBadge, LinkHint, StatusBadge, UnitRoute } from '@/features/shipments/components/shipment-badges';
import { formatShipmentNumber, itemsSummary } from '@/features/shipments/logic';
import { shipmentMessages } from '@/features/shipments/messages';
import type { ShipmentRow, ShipmentViewer } from '@/features/shipments/types';

export interface ListViewProps {
  rows: readonly ShipmentRow[];
  viewer: ShipmentViewer;
  onAction: (action: 'details' | 'dispatch' | 'delete', row: ShipmentRow) => void;
}

/** The number as a button that opens the details sheet. */
function NumberButton({ row, onOpen }: { row: ShipmentRow; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="justify-self-start rounded-sm text-left font-mono font-semibold tabular-nums underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      aria-label={`Ver detalhes da remessa ${formatShipmentNumber(row.number)}`}
    >
      {formatShipmentNumber(row.number)}
    </button>
  );
}

function Created({ row }: { row: ShipmentRow }) {
  return (
    <span className="text-xs text-muted-foreground">
      {row.created_by_name ? `${row.created_by_name} · ` : ''}
      <span className="tabular-nums">{formatDateTime(row.created_at)}</span>
    </span>
  );
}

/** Delivered (when, who signed), dispatched and awaiting the signature (link), or not yet dispatched. */
function Delivery({ row }: { row: ShipmentRow }) {
  if (row.status === 'ENTREGUE') {
    return (
      <div className="grid gap-0.5">
        <span className="tabular-nums">{row.delivered_at ? formatDateTime(row.delivered_at) : '—'}</span>
        {row.signer_name ? <span className="text-xs break-words text-muted-foreground">Assinada por {row.signer_name}</span> : null}
        {row.signed_at_sender ? <span className="text-xs font-medium break-words text-amber-800 dark:text-amber-300">{shipmentMessages.signedAtSender}</span> : null}
      </div>
    );
  }
  if (row.status === 'PENDENTE') {
    return (
      <div className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">
          Despachada{row.dispatched_at ? <> em <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.dispatched_at)}</span></> : null}
        </span>
        {row.link_expires_at ? <LinkHint expiresAt={row.link_expires_at} /> : <span className="text-xs text-muted-foreground">Sem link de assinatura ativo</span>}
      </div>
    );
  }
  return <span className="text-xs text-muted-foreground">Aguardando despacho</span>;
}

function Quantities({ row }: { row: ShipmentRow }) {
  return (
    <div className="grid gap-0.5 tabular-nums">
      <span>{formatCount(row.item_count, 'item', 'itens')}</span>
      <span className="text-xs text-muted-foreground">{formatCount(row.total_quantity, 'unidade', 'unidades')}</span>
    </div>
  );
}

/** The list at desktop widths: one row per shipment. */
export function ListTable({ rows, viewer, onAction }: ListViewProps) {
  return (
    <Table aria-label="Remessas" className="table-fixed">
      <colgroup>
        <col className="w-44" />
        <col />
        <col className="w-28" />
        <col className="w-36" />
        <col className="w-60" />
        <col className="w-44" />
      </colgroup>
      <TableHeader>
        <TableRow>
          <TableHead>Remessa</TableHead>
          <TableHead>Origem → destino</TableHead>
          <TableHead>Itens</TableHead>
          <TableHead>Situação</TableHead>
          <TableHead>Entrega</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} className="align-top">
            <TableCell className="align-top whitespace-normal">
              <NumberButton row={row} onOpen={() => onAction('details', row)} />
              <div>
                <Created row={row} />
              </div>
            </TableCell>
            <TableCell className="align-top whitespace-normal">
              <UnitRoute origin={row.origin_name} destination={row.destination_name} />
              {row.notes ? (
                <p className="mt-0.5 line-clamp-1 text-xs text-muted-foreground italic" title={row.notes}>
                  {row.notes}
                </p>
              ) : null}
            </TableCell>
            <TableCell className="align-top whitespace-normal">
              <Quantities row={row} />
            </TableCell>
            <TableCell className="align-top whitespace-normal">
              <div className="flex flex-wrap gap-1">
                <StatusBadge status={row.status} />
                <DiscrepancyBadge count={row.discrepancy_count} />
              </div>
            </TableCell>
            <TableCell className="align-top text-sm whitespace-normal">
              <Delivery row={row} />
            </TableCell>
            <TableCell className="py-1.5 align-top">
              <RowActions row={row} viewer={viewer} onAction={onAction} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The list on a phone: one card per shipment with the same facts and actions. */
export function ListCards({ rows, viewer, onAction }: ListViewProps) {
  return (
    <ul aria-label="Remessas" className="grid grid-cols-1 gap-3">
      {rows.map((row) => (
        <li key={row.id} className="grid min-w-0 grid-cols-1 gap-2 rounded-xl border bg-card p-3 shadow-sm">
          <div className="flex items-start justify-between gap-2">
            <div className="grid min-w-0 gap-0.5">
              <NumberButton row={row} onOpen={() => onAction('details', row)} />
              <Created row={row} />
            </div>
            <div className="flex flex-wrap justify-end gap-1">
              <StatusBadge status={row.status} />
            </div>
          </div>
          <UnitRoute origin={row.origin_name} destination={row.destination_name} className="text-sm" />
          <p className="text-sm text-muted-foreground tabular-nums">
            {itemsSummary(row.item_count, row.total_quantity)}
          </p>
          {row.notes ? <p className="line-clamp-2 text-xs text-muted-foreground italic">{row.notes}</p> : null}
          <div className="text-sm">
            <Delivery row={row} />
          </div>
          {row.discrepancy_count > 0 ? (
            <div>
              <DiscrepancyBadge count={row.discrepancy_count} />
            </div>
          ) : null}
          <div className="border-t pt-2">
            <RowActions row={row} viewer={viewer} onAction={onAction} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder rows while the first page loads. */
export function ListSkeleton() {
  return (
    <div className="grid gap-2 p-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-14" />
      ))}
    </div>
  );
}
