import { PackagePlus, SearchX, Truck, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatNumber, plural } from '@/lib/dates';
import { useDeleteShipment } from '@/features/shipments/api/delete-shipment';
import { useDispatchShipment } from '@/features/shipments/api/dispatch-shipment';
import { useShipments } from '@/features/shipments/api/list-shipments';
import { DetailsSheet, type DetailsTarget } from '@/features/shipments/components/details-sheet';
import { ListFilters } from '@/features/shipments/components/list-filters';
import { ListCards, ListSkeleton, ListTable } from '@/features/shipments/components/list-views';
import { EMPTY_SHIPMENT_FILTERS, hasActiveFilters, SHIPMENT_PAGE_SIZE } from '@/features/shipments/url-params';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';
import type { ShipmentListFilters, ShipmentViewer } from '@/features/shipments/types';

interface ShipmentsPageProps {
  title: string;
  /** The filters and the 0-based page, as the URL holds them (the route reads and writes it). */
  filters: ShipmentListFilters;
  page: number;
  onChange: (filters: ShipmentListFilters, page: number) => void;
  viewer: ShipmentViewer;
}

interface Confirm {
  kind: 'dispatch' | 'delete';
  id: string;
  number: number;
  destinationName: string;
}

/**
 * /remessas: the shipments of the caller's units, sent and received. Filters in the URL, paging in
 * the database, a table at desktop widths and cards on a phone; edit, dispatch, delete, signature
 * and a details sheet with the items and the status history.
 */
export function ShipmentsPage({ title, filters, page, onChange, viewer }: ShipmentsPageProps) {
  const shipments = useShipments(filters, page);
  const dispatch = useDispatchShipment();
  const remove = useDeleteShipment();
  const [details, setDetails] = useState<DetailsTarget | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const data = shipments.data;
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;

  const change = useCallback((patch: Partial<ShipmentListFilters>) => onChange({ ...filters, ...patch }, 0), [filters, onChange]);
  const clear = useCallback(() => onChange(EMPTY_SHIPMENT_FILTERS, 0), [onChange]);

  // A page past the end (after deletions, or an old link) moves to the last page there is.
  const lastPage = Math.max(0, Math.ceil(total / SHIPMENT_PAGE_SIZE) - 1);
  const pastTheEnd = data !== undefined && !shipments.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onChange(filters, lastPage);
  }, [pastTheEnd, filters, lastPage, onChange]);

  // A unit in the URL the caller does not work at (an old or shared link) is dropped: the filter shown is the filter applied.
  const staleUnit = filters.unitId !== null && viewer.units.length > 0 && !viewer.units.some((unit) => unit.id === filters.unitId);
  useEffect(() => {
    if (staleUnit) onChange({ ...filters, unitId: null }, 0);
  }, [staleUnit, filters, onChange]);

  const onAction = (action: 'details' | 'dispatch' | 'delete', target: { id: string; number: number; destination_name: string }) => {
    if (action === 'details') setDetails({ id: target.id, number: target.number });
    else setConfirm({ kind: action, id: target.id, number: target.number, destinationName: target.destination_name });
  };

  const runConfirmed = () => {
    if (!confirm) return;
    const close = () => setConfirm(null);
    if (confirm.kind === 'dispatch') dispatch.mutate({ id: confirm.id, number: confirm.number }, { onSettled: close });
    else
      remove.mutate(
        { id: confirm.id, number: confirm.number },
        {
          onSuccess: () => {
            close();
            if (details?.id === confirm.id) setDetails(null);
          },
          onError: close,
        },
      );
  };

  const filtered = hasActiveFilters(filters);
  const viewProps = { rows, viewer, onAction };
  const busy = dispatch.isPending || remove.isPending;

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">Envie produtos entre as unidades e acompanhe o despacho e a assinatura de quem recebe.</p>
        </div>
        <Button asChild>
          <Link to={paths.newShipment}>
            <PackagePlus aria-hidden="true" /> Nova remessa
          </Link>
        </Button>
      </div>

      <section aria-labelledby="shipments-list-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="shipments-list-title" className="sr-only">
          Remessas das suas unidades
        </h2>
        <ListFilters filters={filters} onChange={change} onClear={clear} units={viewer.units} isAdmin={viewer.isAdmin} />
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          {shipments.isFetching && data ? <Spinner className="size-3.5" label="Atualizando..." /> : null}
          {data ? (
            <span>
              <span className="font-medium text-foreground">{formatNumber(data.total)}</span> {plural(data.total, 'remessa', 'remessas')}
            </span>
          ) : null}
        </p>

        {shipments.isError ? (
          <LoadError message={shipmentMessages.loadError} detail={shipmentErrorMessage(shipments.error)} onRetry={() => void shipments.refetch()} />
        ) : null}

        {shipments.isLoading ? (
          <div className="rounded-xl border bg-card shadow-sm">
            <span className="sr-only" role="status">
              Carregando remessas...
            </span>
            <ListSkeleton />
          </div>
        ) : data && rows.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
            {filtered ? <SearchX aria-hidden="true" className="size-8 text-muted-foreground" /> : <Truck aria-hidden="true" className="size-8 text-muted-foreground" />}
            <p className="font-medium">{filtered ? shipmentMessages.empty : shipmentMessages.emptyNone}</p>
            {filtered ? (
              <Button variant="outline" onClick={clear}>
                <X aria-hidden="true" /> {shipmentMessages.clearFilters}
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to={paths.newShipment}>
                  <PackagePlus aria-hidden="true" /> Nova remessa
                </Link>
              </Button>
            )}
          </div>
        ) : data ? (
          <>
            <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm lg:block">
              <ListTable {...viewProps} />
            </div>
            <div className="lg:hidden">
              <ListCards {...viewProps} />
            </div>
            <Pager page={page} pageSize={SHIPMENT_PAGE_SIZE} total={data.total} empty="Nenhuma remessa" hideWhenSinglePage onPage={(next) => onChange(filters, next)} />
          </>
        ) : null}
      </section>

      <DetailsSheet target={details} onClose={() => setDetails(null)} onAction={onAction} />

      <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && !busy && setConfirm(null)}>
        <AlertDialogContent>
          {confirm ? (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>{confirm.kind === 'dispatch' ? shipmentMessages.dispatchTitle : shipmentMessages.deleteTitle}</AlertDialogTitle>
                <AlertDialogDescription>
                  {confirm.kind === 'dispatch' ? shipmentMessages.dispatchQuestion(confirm.number, confirm.destinationName) : shipmentMessages.deleteQuestion(confirm.number)}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={busy}>Voltar</AlertDialogCancel>
                <Button variant={confirm.kind === 'delete' ? 'destructive' : 'default'} disabled={busy} onClick={runConfirmed}>
                  {busy ? <Spinner className="size-4 text-current" label="Aguarde..." /> : null}
                  {confirm.kind === 'dispatch' ? 'Despachar' : 'Excluir'}
                </Button>
              </AlertDialogFooter>
            </>
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
