import { CircleCheck, SearchX, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatCurrency, formatNumber, plural, toAppDateString } from '@/lib/dates';
import { useBoletoSuppliers, useBoletoUnits } from '@/features/boletos/api/get-boleto-options';
import { useBoletos } from '@/features/boletos/api/list-boletos';
import { BoletoEditDialog } from '@/features/boletos/components/boleto-entry';
import { AttachmentsSheet } from '@/features/boletos/components/list-attachments-sheet';
import { ListCards } from '@/features/boletos/components/list-cards';
import { ListFilters } from '@/features/boletos/components/list-filters';
import { HistorySheet } from '@/features/boletos/components/list-history-sheet';
import { Pager } from '@/components/ui/pager';
import { PaymentDialog } from '@/features/boletos/components/list-payment-dialog';
import { ReasonDialog, type ReasonIntent } from '@/features/boletos/components/list-reason-dialog';
import { ListSkeleton, ListTable } from '@/features/boletos/components/list-table';
import {
  BOLETO_PAGE_SIZE,
  DEFAULT_BOLETO_FILTERS,
  hasActiveFilters,
  isSelectable,
  pruneSelection,
  selectionSummary,
  type BoletoAction,
} from '@/features/boletos/logic';
import { boletoListErrorMessage, boletoListMessages } from '@/features/boletos/messages';
import type { BoletoListFilters, BoletoRow } from '@/features/boletos/types';

interface BoletosListProps {
  /** The filters and the 0-based page, as the URL holds them (the route reads and writes it). */
  filters: BoletoListFilters;
  page: number;
  onChange: (filters: BoletoListFilters, page: number) => void;
  /** Administrators undo payments and cancellations (the database checks it again). */
  isAdmin: boolean;
}

/**
 * The boletos of the caller's units: filters in the URL, paging and totals in the database, a
 * table at desktop widths and cards on a phone, bulk payment of the selected pending boletos and
 * each row's actions (pay, edit, cancel, reopen, delete, history, attachments).
 */
export function BoletosList({ filters, page, onChange, isAdmin }: BoletosListProps) {
  const unitOptions = useBoletoUnits();
  const supplierOptions = useBoletoSuppliers();
  const units = unitOptions.data?.units ?? [];
  const suppliers = supplierOptions.data ?? [];
  const boletos = useBoletos(filters, page);

  const [selected, setSelected] = useState<ReadonlyMap<string, BoletoRow>>(new Map());
  const [viewKey, setViewKey] = useState(() => JSON.stringify([filters, page]));
  const [paying, setPaying] = useState<readonly BoletoRow[] | null>(null);
  const [reason, setReason] = useState<ReasonIntent | null>(null);
  const [historyRow, setHistoryRow] = useState<BoletoRow | null>(null);
  const [attachmentsRow, setAttachmentsRow] = useState<BoletoRow | null>(null);
  const [editing, setEditing] = useState<BoletoRow | null>(null);

  // Another view (filters or page) starts with nothing selected: nothing hidden gets paid.
  const currentKey = JSON.stringify([filters, page]);
  if (currentKey !== viewKey) {
    setViewKey(currentKey);
    setSelected(new Map());
  }

  const data = boletos.data;
  const rows = data?.rows ?? [];
  const today = data?.today ?? toAppDateString(new Date());
  // What is selected and still pending on the page (a refetch may have paid or removed some).
  const selection = pruneSelection(selected, rows);
  const summary = selectionSummary([...selection.values()]);

  const change = useCallback((patch: Partial<BoletoListFilters>) => onChange({ ...filters, ...patch }, 0), [filters, onChange]);
  const clear = useCallback(() => onChange({ ...DEFAULT_BOLETO_FILTERS, sort: filters.sort }, 0), [filters.sort, onChange]);

  // A page past the end (after deletions, or an old link) moves to the last page there is.
  const total = data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / BOLETO_PAGE_SIZE) - 1);
  const pastTheEnd = data !== undefined && !boletos.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onChange(filters, lastPage);
  }, [pastTheEnd, filters, lastPage, onChange]);

  // A unit or supplier in the URL that the caller cannot choose (an old or shared link) is dropped,
  // so the filter shown is always the filter applied.
  const staleUnit = unitOptions.isSuccess && filters.unitId !== null && !units.some((unit) => unit.id === filters.unitId);
  const staleSupplier = supplierOptions.isSuccess && filters.supplierId !== null && !suppliers.some((supplier) => supplier.id === filters.supplierId);
  useEffect(() => {
    if (staleUnit || staleSupplier) onChange({ ...filters, ...(staleUnit ? { unitId: null } : {}), ...(staleSupplier ? { supplierId: null } : {}) }, 0);
  }, [staleUnit, staleSupplier, filters, onChange]);

  const toggle = (row: BoletoRow, checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const togglePage = (checked: boolean) => setSelected(checked ? new Map(rows.filter(isSelectable).map((row) => [row.id, row])) : new Map());

  const onAction = (action: BoletoAction, row: BoletoRow) => {
    switch (action) {
      case 'pay':
        return setPaying([row]);
      case 'edit':
        return setEditing(row);
      case 'cancel':
      case 'reopen':
      case 'delete':
        return setReason({ kind: action, row });
      case 'history':
        return setHistoryRow(row);
      case 'attachments':
        return setAttachmentsRow(row);
    }
  };

  const viewProps = { rows, today, showUnit: units.length !== 1, isAdmin, selected: selection, onToggle: toggle, onAction };
  const filtered = hasActiveFilters(filters);

  return (
    <section aria-labelledby="boletos-list-title" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="boletos-list-title" className="text-lg font-semibold tracking-tight">
          Boletos lançados
        </h2>
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          {boletos.isFetching && data ? <Spinner className="size-3.5" label="Atualizando..." /> : null}
          {data ? (
            <span>
              <span className="font-medium text-foreground">{formatNumber(data.total)}</span> {plural(data.total, 'boleto', 'boletos')} · total{' '}
              <span className="font-medium text-foreground tabular-nums">{formatCurrency(data.total_amount)}</span>
            </span>
          ) : null}
        </p>
      </div>

      <ListFilters filters={filters} onChange={change} onClear={clear} units={units} suppliers={suppliers} />
      {unitOptions.isError || supplierOptions.isError ? (
        <LoadError
          message={boletoListMessages.filtersLoadError}
          detail={boletoListErrorMessage(unitOptions.error ?? supplierOptions.error)}
          onRetry={() => {
            if (unitOptions.isError) void unitOptions.refetch();
            if (supplierOptions.isError) void supplierOptions.refetch();
          }}
        />
      ) : null}

      {boletos.isError ? (
        <LoadError message={boletoListMessages.loadError} detail={boletoListErrorMessage(boletos.error)} onRetry={() => void boletos.refetch()} />
      ) : null}

      {boletos.isLoading ? (
        <div className="rounded-xl border bg-card shadow-sm">
          <span className="sr-only" role="status">
            Carregando boletos...
          </span>
          <ListSkeleton />
        </div>
      ) : data && rows.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
          {filtered ? <SearchX aria-hidden="true" className="size-8 text-muted-foreground" /> : <CircleCheck aria-hidden="true" className="size-8 text-emerald-600" />}
          <p className="font-medium">{filtered ? boletoListMessages.empty : boletoListMessages.emptyPending}</p>
          {filtered ? (
            <Button variant="outline" onClick={clear}>
              <X aria-hidden="true" /> {boletoListMessages.clearFilters}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => change({ situation: null })}>
              {boletoListMessages.showAll}
            </Button>
          )}
        </div>
      ) : data ? (
        <>
          <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm lg:block">
            <ListTable {...viewProps} onTogglePage={togglePage} />
          </div>
          <div className="lg:hidden">
            <ListCards {...viewProps} onTogglePage={togglePage} />
          </div>
          <Pager page={page} pageSize={BOLETO_PAGE_SIZE} total={data.total} empty="Nenhum boleto" hideWhenSinglePage onPage={(next) => onChange(filters, next)} />
        </>
      ) : null}

      {summary.count > 0 ? (
        <div
          role="region"
          aria-label="Boletos selecionados"
          className="sticky bottom-3 z-20 flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-background/95 px-4 py-3 shadow-lg backdrop-blur"
        >
          <p className="text-sm">
            <span className="font-medium">{formatCount(summary.count, 'boleto selecionado', 'boletos selecionados')}</span>
            {' · '}
            <span className="font-semibold tabular-nums">{formatCurrency(summary.total)}</span>
          </p>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
              Limpar seleção
            </Button>
            <Button size="sm" onClick={() => setPaying([...selection.values()])}>
              <CircleCheck aria-hidden="true" /> Marcar como pago
            </Button>
          </div>
        </div>
      ) : null}

      <PaymentDialog
        boletos={paying}
        onClose={() => setPaying(null)}
        onPaid={() =>
          setSelected((current) => {
            const next = new Map(current);
            for (const row of paying ?? []) next.delete(row.id);
            return next;
          })
        }
      />
      <ReasonDialog intent={reason} onClose={() => setReason(null)} />
      <HistorySheet row={historyRow} onClose={() => setHistoryRow(null)} />
      <AttachmentsSheet row={attachmentsRow} onClose={() => setAttachmentsRow(null)} />
      <BoletoEditDialog boleto={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </section>
  );
}
