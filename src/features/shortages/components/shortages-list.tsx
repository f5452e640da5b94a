import { useVirtualizer } from '@tanstack/react-virtual';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { allowedStatuses, BATCHED_SHORTAGE_MESSAGE } from '@/features/shortages/status-rules';
import { STATUS_BADGE_CLASSES, STATUS_LABELS, type Shortage, type ShortageStatus } from '@/features/shortages/types';

const ROW_HEIGHT = 60;
// Minimums, gaps and padding add up to 59.5rem, so the list fits beside the 16rem sidebar on a
// 1280 px screen; wider screens share the rest between product, unit and creator. An extra row
// action (rowAction) widens the actions column by one button.
const COLUMNS =
  'grid grid-cols-[2rem_minmax(9rem,2fr)_minmax(6rem,1fr)_minmax(6.5rem,1fr)_10.5rem_4rem_4rem_7rem_5rem] items-center gap-2 px-3';
const COLUMNS_WITH_ACTION =
  'grid grid-cols-[2rem_minmax(9rem,2fr)_minmax(6rem,1fr)_minmax(6.5rem,1fr)_10.5rem_4rem_4rem_7rem_7.5rem] items-center gap-2 px-3';

/** What an extra row action (composed by the route) knows about the shortage. */
export interface ShortageRowActionTarget {
  id: string;
  product_id: string;
  product_name: string;
  unit_id: string;
  status: ShortageStatus;
  requested_quantity: number;
}

export interface ShortagesListProps {
  shortages: readonly Shortage[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onEdit: (shortage: Shortage) => void;
  onDelete: (shortage: Shortage) => void;
  onStatusChange: (shortage: Shortage, status: ShortageStatus) => void;
  /** Called when the rows near the end come into view (load the next page). */
  onEndReached?: () => void;
  /** An extra action before Edit/Delete (e.g. 'Transferir de outra unidade'); null renders nothing for that row. */
  rowAction?: (shortage: ShortageRowActionTarget) => ReactNode;
}

/** Ask for more when the last rendered row is this close to the end. */
const END_THRESHOLD = 20;

export function StatusBadge({ status }: { status: ShortageStatus }) {
  return (
    <Badge variant="outline" className={STATUS_BADGE_CLASSES[status]}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Shortages newest first as an ARIA table; rows are virtualised so thousands stay smooth. */
export function ShortagesList({ shortages, selected, onToggle, onToggleAll, onEdit, onDelete, onStatusChange, onEndReached, rowAction }: ShortagesListProps) {
  const columns = rowAction ? COLUMNS_WITH_ACTION : COLUMNS;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns fresh functions by design
  const virtualizer = useVirtualizer({
    count: shortages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const lastIndex = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  const nearEnd = shortages.length > 0 && lastIndex >= shortages.length - END_THRESHOLD;
  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, shortages.length, onEndReached]);
  const allChecked = shortages.length > 0 && shortages.every((s) => selected.has(s.id));
  const someChecked = !allChecked && shortages.some((s) => selected.has(s.id));

  return (
    <div className="overflow-x-auto rounded-lg border bg-card text-sm">
      <div role="table" aria-label="Faltas" aria-rowcount={shortages.length + 1} className={rowAction ? 'min-w-[62rem]' : 'min-w-[59.5rem]'}>
        <div role="rowgroup" className="border-b bg-muted/40">
          <div role="row" aria-rowindex={1} className={`${columns} h-10 font-medium`}>
            <span role="columnheader">
              <Checkbox
                aria-label="Selecionar todas"
                checked={allChecked ? true : someChecked ? 'indeterminate' : false}
                onCheckedChange={(value) => onToggleAll(value === true)}
              />
            </span>
            <span role="columnheader">Produto</span>
            <span role="columnheader">Unidade</span>
            <span role="columnheader">Criado por</span>
            <span role="columnheader">Status</span>
            <span role="columnheader" className="text-right">
              Solicit.
            </span>
            <span role="columnheader" className="text-right">
              Disp.
            </span>
            <span role="columnheader">Data</span>
            <span role="columnheader" className="text-right">
              Ações
            </span>
          </div>
        </div>
        <div ref={scrollRef} role="rowgroup" className="max-h-[65vh] overflow-y-auto" style={{ height: virtualizer.getTotalSize() }}>
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const shortage = shortages[item.index];
              if (!shortage) return null;
              const name = shortage.product?.name ?? 'Produto removido';
              const statuses = allowedStatuses(shortage);
              const statusLocked = statuses.length <= 1;
              return (
                <div
                  key={shortage.id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  data-state={selected.has(shortage.id) ? 'selected' : undefined}
                  className={cn(`${columns} absolute inset-x-0 border-b hover:bg-muted/50 data-[state=selected]:bg-muted`)}
                  style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <span role="cell">
                    <Checkbox
                      aria-label={`Selecionar ${name}`}
                      checked={selected.has(shortage.id)}
                      onCheckedChange={(value) => onToggle(shortage.id, value === true)}
                    />
                  </span>
                  <span role="cell" className="min-w-0">
                    <span className="block truncate font-medium" title={shortage.observation ?? name}>
                      {name}
                    </span>
                    <span className="block truncate font-mono text-xs text-muted-foreground">
                      {shortage.product?.barcode ?? '—'}
                      {shortage.groupName ? ` · ${shortage.groupName}` : ''}
                    </span>
                  </span>
                  <span role="cell" className="truncate">
                    {shortage.unitName ?? '—'}
                  </span>
                  <span role="cell" className="truncate">
                    {shortage.creatorName}
                  </span>
                  <span role="cell">
                    <Select
                      value={shortage.status}
                      disabled={statusLocked}
                      onValueChange={(value) => onStatusChange(shortage, value as ShortageStatus)}
                    >
                      <SelectTrigger
                        aria-label={`Status de ${name}`}
                        title={statusLocked && shortage.batch_id !== null ? BATCHED_SHORTAGE_MESSAGE : undefined}
                        className="h-8 border-none px-1 shadow-none"
                      >
                        <SelectValue>
                          <StatusBadge status={shortage.status} />
                        </SelectValue>
                      </SelectTrigger>
                      <SelectContent>
                        {statuses.map((status) => (
                          <SelectItem key={status} value={status}>
                            {STATUS_LABELS[status]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </span>
                  <span role="cell" className="text-right tabular-nums">
                    {formatNumber(shortage.requested_quantity)}
                  </span>
                  <span role="cell" className="text-right tabular-nums">
                    {formatNumber(shortage.available_quantity)}
                  </span>
                  <span role="cell" className="text-xs tabular-nums">
                    {formatDateTime(shortage.created_at)}
                  </span>
                  <span role="cell" className="flex justify-end gap-1">
                    {rowAction?.({
                      id: shortage.id,
                      product_id: shortage.product_id,
                      product_name: name,
                      unit_id: shortage.unit_id,
                      status: shortage.status,
                      requested_quantity: shortage.requested_quantity,
                    })}
                    <Button variant="ghost" size="icon" aria-label={`Editar falta de ${name}`} onClick={() => onEdit(shortage)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      aria-label={`Excluir falta de ${name}`}
                      onClick={() => onDelete(shortage)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
