import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDay } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { AlertBadges, AttachmentCount, BankName, LinhaDigitavel, Payee, SituationBadge, TwinBadge } from '@/features/boletos/components/list-cells';
import { RowActions } from '@/features/boletos/components/list-row-actions';
import { dueHint, isSelectable, pageSelectionState, rowName, type BoletoAction } from '@/features/boletos/logic';
import type { BoletoRow } from '@/features/boletos/types';

export interface ListViewProps {
  rows: readonly BoletoRow[];
  today: string;
  showUnit: boolean;
  isAdmin: boolean;
  selected: ReadonlyMap<string, BoletoRow>;
  onToggle: (row: BoletoRow, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  onAction: (action: BoletoAction, row: BoletoRow) => void;
}

/** The amount, and what was actually paid when it differs (interest, fine, discount). */
export function AmountCell({ row }: { row: BoletoRow }) {
  const paidDiffers = row.status === 'PAGO' && row.paid_amount !== null && row.paid_amount !== row.amount;
  return (
    <div className="text-right">
      <div className={cn('font-medium tabular-nums', row.status === 'CANCELADO' && 'text-muted-foreground line-through')}>{formatCurrency(row.amount)}</div>
      {paidDiffers && row.paid_amount !== null ? <div className="text-xs text-muted-foreground tabular-nums">pago {formatCurrency(row.paid_amount)}</div> : null}
    </div>
  );
}

/** The list at desktop widths: one row per boleto, selection on the pending ones. */
export function ListTable({ rows, today, showUnit, isAdmin, selected, onToggle, onTogglePage, onAction }: ListViewProps) {
  const pageState = pageSelectionState(rows, selected);
  const anySelectable = rows.some(isSelectable);
  return (
    <Table aria-label="Boletos" className="table-fixed">
      <colgroup>
        <col className="w-10" />
        <col className="w-34" />
        <col />
        {showUnit ? <col className="w-28" /> : null}
        <col className="w-24" />
        <col className="w-30" />
        <col className="w-64" />
        <col className="w-14" />
        <col className="w-11" />
      </colgroup>
      <TableHeader>
        <TableRow>
          <TableHead>
            <Checkbox
              aria-label="Selecionar todos os boletos pendentes desta página"
              checked={pageState}
              disabled={!anySelectable}
              onCheckedChange={(checked) => onTogglePage(checked === true)}
            />
          </TableHead>
          <TableHead>Vencimento</TableHead>
          <TableHead>Fornecedor / beneficiário</TableHead>
          {showUnit ? <TableHead>Unidade</TableHead> : null}
          <TableHead>NF</TableHead>
          <TableHead className="text-right">Valor</TableHead>
          <TableHead>Banco e linha digitável</TableHead>
          <TableHead>
            <span className="sr-only">Anexos</span>
          </TableHead>
          <TableHead>
            <span className="sr-only">Ações</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const isSelected = selected.has(row.id);
          const hint = dueHint(row, today);
          return (
            <TableRow key={row.id} data-state={isSelected ? 'selected' : undefined} className="align-top">
              <TableCell className="pt-3 align-top">
                {isSelectable(row) ? (
                  <Checkbox aria-label={`Selecionar boleto de ${rowName(row)}`} checked={isSelected} onCheckedChange={(checked) => onToggle(row, checked === true)} />
                ) : null}
              </TableCell>
              <TableCell className="align-top whitespace-normal">
                <div className="font-medium tabular-nums" title={hint ?? undefined}>
                  {formatDay(row.due_date)}
                </div>
                <SituationBadge row={row} today={today} />
              </TableCell>
              <TableCell className="align-top whitespace-normal">
                <Payee row={row} />
                {row.alerts.length > 0 ? <AlertBadges alerts={row.alerts} /> : null}
                <TwinBadge row={row} />
                {row.notes ? (
                  <p className="mt-0.5 line-clamp-1 text-xs text-muted-foreground italic" title={row.notes}>
                    {row.notes}
                  </p>
                ) : null}
              </TableCell>
              {showUnit ? <TableCell className="align-top whitespace-normal">{row.unit_name}</TableCell> : null}
              <TableCell className="align-top break-words whitespace-normal">{row.document_number ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell className="align-top">
                <AmountCell row={row} />
              </TableCell>
              <TableCell className="align-top whitespace-normal">
                <div className="text-xs">
                  <BankName row={row} />
                </div>
                <LinhaDigitavel row={row} />
              </TableCell>
              <TableCell className="py-1 align-top">
                <AttachmentCount count={row.attachments} onOpen={() => onAction('attachments', row)} />
              </TableCell>
              <TableCell className="py-1 align-top">
                <RowActions row={row} isAdmin={isAdmin} onAction={onAction} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
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
