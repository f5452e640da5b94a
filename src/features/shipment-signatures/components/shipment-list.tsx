import { ArrowRight, FileCheck2, Link2, MonitorSmartphone, QrCode } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { activeLinkText, discrepancyCountLabel, isLinkActive, itemsSummary, shipmentNumber } from '@/features/shipment-signatures/logic';
import { signatureMessages } from '@/features/shipment-signatures/messages';
import type { SignatureShipmentRow, SignatureTab } from '@/features/shipment-signatures/types';

export interface ShipmentListProps {
  tab: SignatureTab;
  rows: readonly SignatureShipmentRow[];
  now: Date;
  /** Opens the shipment's panel (link management, or the receipt once signed). */
  onOpen: (row: SignatureShipmentRow) => void;
  /** Creates a link for a shipment without one and opens its panel with it. */
  onGenerate: (row: SignatureShipmentRow) => void;
  /** The shipment whose link is being created. */
  generatingId: string | null;
}

function Route({ row, className }: { row: SignatureShipmentRow; className?: string }) {
  return (
    <span className={cn('flex min-w-0 flex-wrap items-center gap-x-1.5', className)}>
      <span className="font-medium">{row.origin_name}</span>
      <ArrowRight aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="sr-only">para</span>
      <span className="font-medium">{row.destination_name}</span>
    </span>
  );
}

function NumberButton({ row, onOpen }: { row: SignatureShipmentRow; onOpen: (row: SignatureShipmentRow) => void }) {
  return (
    <button
      type="button"
      className="rounded-sm font-mono font-semibold text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
      onClick={() => onOpen(row)}
    >
      {shipmentNumber(row.number)}
    </button>
  );
}

export function LinkBadge({ expiresAt, now }: { expiresAt: string | null; now: Date }) {
  return isLinkActive(expiresAt, now) ? (
    <Badge variant="outline" className="border-emerald-300 bg-emerald-50 whitespace-normal text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
      <Link2 aria-hidden="true" /> {activeLinkText(expiresAt)}
    </Badge>
  ) : (
    <Badge variant="outline" className="text-muted-foreground">
      Sem link ativo
    </Badge>
  );
}

export function DiscrepancyBadge({ count }: { count: number }) {
  return (
    <Badge
      variant="outline"
      className={
        count > 0
          ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200'
          : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
      }
    >
      {discrepancyCountLabel(count)}
    </Badge>
  );
}

/** A signature the database flagged as made in the sender's browser or from its address. */
export function SignedAtSenderBadge({ flagged }: { flagged: boolean }) {
  if (!flagged) return null;
  return (
    <Badge variant="outline" className="border-amber-400 bg-amber-50 whitespace-normal text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <MonitorSmartphone aria-hidden="true" /> {signatureMessages.signedAtSender}
    </Badge>
  );
}

/** The signed tab's facts: the differences reported and, when flagged, where it was signed. */
function SignedBadges({ row }: { row: SignatureShipmentRow }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <DiscrepancyBadge count={row.discrepancy_count} />
      <SignedAtSenderBadge flagged={row.signed_at_sender} />
    </div>
  );
}

function RowAction({ tab, row, now, onOpen, onGenerate, generatingId, className }: Omit<ShipmentListProps, 'rows'> & { row: SignatureShipmentRow; className?: string }) {
  const number = shipmentNumber(row.number);
  if (tab === 'assinadas')
    return (
      <Button variant="outline" size="sm" className={className} aria-label={`${signatureMessages.viewReceipt} da remessa ${number}`} onClick={() => onOpen(row)}>
        <FileCheck2 aria-hidden="true" /> {signatureMessages.viewReceipt}
      </Button>
    );
  if (isLinkActive(row.link_expires_at, now))
    return (
      <Button variant="outline" size="sm" className={className} aria-label={`Gerenciar o link da remessa ${number}`} onClick={() => onOpen(row)}>
        <Link2 aria-hidden="true" /> Gerenciar link
      </Button>
    );
  const busy = generatingId === row.id;
  return (
    <Button size="sm" className={className} disabled={generatingId !== null} aria-label={`${signatureMessages.generate} da remessa ${number}`} onClick={() => onGenerate(row)}>
      {busy ? <Spinner className="size-4 text-current" label="Gerando..." /> : <QrCode aria-hidden="true" />}
      {signatureMessages.generate}
    </Button>
  );
}

/** The list at desktop widths: one row per shipment. */
export function ShipmentTable(props: ShipmentListProps) {
  const { tab, rows, now, onOpen } = props;
  const pending = tab === 'pendentes';
  return (
    <Table aria-label={pending ? signatureMessages.tabPending : signatureMessages.tabSigned}>
      <TableHeader>
        <TableRow>
          <TableHead>Remessa</TableHead>
          <TableHead>Origem → destino</TableHead>
          <TableHead>{pending ? 'Despachada em' : 'Entregue em'}</TableHead>
          <TableHead>{pending ? 'Itens' : 'Assinada por'}</TableHead>
          <TableHead>{pending ? 'Link de assinatura' : 'Conferência'}</TableHead>
          <TableHead className="text-right">Ações</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="align-top">
              <NumberButton row={row} onOpen={onOpen} />
              <div className="text-xs text-muted-foreground">Criada em {formatDateTime(row.created_at)}</div>
            </TableCell>
            <TableCell className="max-w-72 align-top whitespace-normal">
              <Route row={row} />
              {row.notes ? <div className="line-clamp-1 text-xs text-muted-foreground italic">{row.notes}</div> : null}
            </TableCell>
            <TableCell className="align-top tabular-nums">
              {pending ? (row.dispatched_at ? formatDateTime(row.dispatched_at) : '—') : row.delivered_at ? formatDateTime(row.delivered_at) : '—'}
            </TableCell>
            <TableCell className="align-top">
              {pending ? <span className="tabular-nums">{itemsSummary(row.item_count, row.total_quantity)}</span> : (row.signer_name ?? '—')}
            </TableCell>
            <TableCell className="max-w-64 align-top whitespace-normal">{pending ? <LinkBadge expiresAt={row.link_expires_at} now={now} /> : <SignedBadges row={row} />}</TableCell>
            <TableCell className="text-right align-top">
              <RowAction {...props} row={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The list on a phone: one card per shipment with the same facts and action. */
export function ShipmentCards(props: ShipmentListProps) {
  const { tab, rows, now, onOpen } = props;
  const pending = tab === 'pendentes';
  return (
    <ul aria-label={pending ? signatureMessages.tabPending : signatureMessages.tabSigned} className="grid grid-cols-1 gap-3">
      {rows.map((row) => (
        <li key={row.id} className="grid min-w-0 grid-cols-1 gap-2 rounded-xl border bg-card p-3 shadow-sm">
          <div className="flex items-baseline justify-between gap-2">
            <NumberButton row={row} onOpen={onOpen} />
            <span className="text-xs text-muted-foreground tabular-nums">
              {pending
                ? `Despachada ${row.dispatched_at ? formatDateTime(row.dispatched_at) : '—'}`
                : `Entregue ${row.delivered_at ? formatDateTime(row.delivered_at) : '—'}`}
            </span>
          </div>
          <Route row={row} className="text-sm" />
          <p className="text-sm text-muted-foreground">
            {itemsSummary(row.item_count, row.total_quantity)}
            {!pending && row.signer_name ? ` · assinada por ${row.signer_name}` : ''}
          </p>
          {row.notes ? <p className="line-clamp-2 text-xs text-muted-foreground italic">{row.notes}</p> : null}
          <div>{pending ? <LinkBadge expiresAt={row.link_expires_at} now={now} /> : <SignedBadges row={row} />}</div>
          <RowAction {...props} row={row} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

export function ListSkeleton() {
  return (
    <div className="grid gap-3 p-4">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-10" />
      ))}
    </div>
  );
}
