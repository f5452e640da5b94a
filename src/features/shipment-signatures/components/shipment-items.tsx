import { TriangleAlert } from 'lucide-react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/dates';
import { formatDay } from '@/lib/dates';
import { discrepancyParts } from '@/features/shipment-signatures/logic';
import type { ShipmentDiscrepancy, ShipmentItem } from '@/features/shipment-signatures/types';

interface ShipmentItemsProps {
  items: readonly ShipmentItem[];
  /** The receiver's reported differences by item id; absent before signing (no column then). */
  discrepancies?: ReadonlyMap<string, ShipmentDiscrepancy>;
  label: string;
}

/**
 * The shipment's lines: product, quantity, lot and expiry, and once signed the differences the
 * receiver reported on each line. On a phone, lot and expiry go under the product; on paper they
 * keep their columns.
 */
export function ShipmentItems({ items, discrepancies, label }: ShipmentItemsProps) {
  const withDifferences = discrepancies !== undefined;
  const total = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Table aria-label={label} className="print:text-[9pt]">
      <TableHeader>
        <TableRow>
          <TableHead className="w-8 text-right">#</TableHead>
          <TableHead>Produto</TableHead>
          <TableHead className="text-right">Qtd.</TableHead>
          <TableHead className="hidden sm:table-cell print:table-cell">Lote</TableHead>
          <TableHead className="hidden sm:table-cell print:table-cell">Validade</TableHead>
          {withDifferences ? <TableHead className="hidden sm:table-cell print:table-cell">Divergências informadas</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item, index) => {
          const line = discrepancies?.get(item.id);
          const parts = line ? discrepancyParts(line) : [];
          return (
            <TableRow key={item.id} className="break-inside-avoid">
              <TableCell className="text-right align-top text-muted-foreground tabular-nums">{index + 1}</TableCell>
              <TableCell className="min-w-32 align-top whitespace-normal">
                <div className="font-medium">{item.product_name}</div>
                {item.barcode ? <div className="font-mono text-xs text-muted-foreground">{item.barcode}</div> : null}
                <div className="text-xs text-muted-foreground sm:hidden print:hidden">
                  Lote {item.lot ?? '—'} · Validade {formatDay(item.expiry_date)}
                </div>
                {withDifferences ? (
                  <div className="mt-1 sm:hidden print:hidden">
                    <Differences parts={parts} />
                  </div>
                ) : null}
              </TableCell>
              <TableCell className="text-right align-top font-medium tabular-nums">{formatNumber(item.quantity)}</TableCell>
              <TableCell className="hidden align-top font-mono text-xs sm:table-cell print:table-cell">{item.lot ?? '—'}</TableCell>
              <TableCell className="hidden align-top tabular-nums sm:table-cell print:table-cell">{formatDay(item.expiry_date)}</TableCell>
              {withDifferences ? (
                <TableCell className="hidden min-w-32 align-top whitespace-normal sm:table-cell print:table-cell">
                  <Differences parts={parts} />
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
        <TableRow className="bg-muted/40 font-medium hover:bg-muted/40">
          <TableCell />
          <TableCell>Total</TableCell>
          <TableCell className="text-right tabular-nums">{formatNumber(total)}</TableCell>
          <TableCell className="hidden sm:table-cell print:table-cell" />
          <TableCell className="hidden sm:table-cell print:table-cell" />
          {withDifferences ? <TableCell className="hidden sm:table-cell print:table-cell" /> : null}
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** One line's reported differences, or 'Conforme' when the receiver reported none. */
function Differences({ parts }: { parts: readonly string[] }) {
  if (parts.length === 0) return <span className="text-sm text-muted-foreground">Conforme</span>;
  return (
    <ul aria-label="Divergências informadas" className="receipt-warn grid gap-0.5 text-amber-900 dark:text-amber-200">
      {parts.map((part, index) => (
        <li key={part} className="flex gap-1">
          {index === 0 ? <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" /> : <span className="w-3.5 shrink-0" />}
          <span className="break-words">{part}</span>
        </li>
      ))}
    </ul>
  );
}
