import { Checkbox } from '@/components/ui/checkbox';
import { formatDay } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { AlertBadges, AttachmentCount, BankName, LinhaDigitavel, Payee, SituationBadge, TwinBadge } from '@/features/boletos/components/list-cells';
import { RowActions } from '@/features/boletos/components/list-row-actions';
import { AmountCell, type ListViewProps } from '@/features/boletos/components/list-table';
import { dueHint, isSelectable, pageSelectionState, rowName } from '@/features/boletos/logic';

/** The list on a phone: one card per boleto with the same facts, actions and selection as the table. */
export function ListCards({ rows, today, showUnit, isAdmin, selected, onToggle, onTogglePage, onAction }: ListViewProps) {
  const pageState = pageSelectionState(rows, selected);
  return (
    <div className="grid grid-cols-1 gap-3">
      {rows.some(isSelectable) ? (
        <label className="flex w-fit items-center gap-2 px-1 text-sm text-muted-foreground">
          <Checkbox checked={pageState} onCheckedChange={(checked) => onTogglePage(checked === true)} />
          Selecionar todos os pendentes desta página
        </label>
      ) : null}
      <ul aria-label="Boletos" className="grid grid-cols-1 gap-3">
        {rows.map((row) => {
          const isSelected = selected.has(row.id);
          const hint = dueHint(row, today);
          return (
            <li key={row.id} className={cn('grid min-w-0 grid-cols-1 gap-2 rounded-xl border bg-card p-3 shadow-sm', isSelected && 'border-primary ring-1 ring-primary')}>
              <div className="flex items-start gap-3">
                {isSelectable(row) ? (
                  <Checkbox className="mt-1" aria-label={`Selecionar boleto de ${rowName(row)}`} checked={isSelected} onCheckedChange={(checked) => onToggle(row, checked === true)} />
                ) : null}
                <Payee row={row} className="flex-1" />
                <AmountCell row={row} />
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="tabular-nums">
                  Vencimento <span className="font-medium">{formatDay(row.due_date)}</span>
                </span>
                <SituationBadge row={row} today={today} />
                {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
              </div>
              <p className="text-sm text-muted-foreground">
                {[row.document_number, showUnit ? row.unit_name : null].filter(Boolean).join(' · ')}
                {row.document_number || showUnit ? ' · ' : ''}
                <BankName row={row} />
              </p>
              {row.alerts.length > 0 ? <AlertBadges alerts={row.alerts} inline /> : null}
              <TwinBadge row={row} inline />
              {row.notes ? <p className="line-clamp-2 text-xs text-muted-foreground italic">{row.notes}</p> : null}
              <LinhaDigitavel row={row} className="rounded-md bg-muted/50 px-2 py-1" />
              <div className="flex items-center justify-between">
                <AttachmentCount count={row.attachments} onOpen={() => onAction('attachments', row)} />
                <RowActions row={row} isAdmin={isAdmin} onAction={onAction} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
