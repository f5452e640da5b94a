import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Inbox, SearchX, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatNumber } from '@/lib/dates';
import { useCreateSignatureLink } from '@/features/shipment-signatures/api/create-signature-link';
import { signatureShipmentQueryOptions } from '@/features/shipment-signatures/api/get-shipment';
import { shipmentEvidenceQueryOptions } from '@/features/shipment-signatures/api/get-shipment-evidence';
import { useSignatureUnits } from '@/features/shipment-signatures/api/get-signature-units';
import { useSignatureShipmentCount, useSignatureShipments } from '@/features/shipment-signatures/api/list-shipments';
import { ListFilters } from '@/features/shipment-signatures/components/list-filters';
import { SettingsCard } from '@/features/shipment-signatures/components/settings-card';
import { ShipmentPanel } from '@/features/shipment-signatures/components/shipment-panel';
import { ListSkeleton, ShipmentCards, ShipmentTable } from '@/features/shipment-signatures/components/shipment-list';
import { EMPTY_FILTERS, hasActiveFilters, SIGNATURE_PAGE_SIZE, TAB_STATUS, type SignatureView } from '@/features/shipment-signatures/logic';
import { signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';
import type { CreatedSignatureLink, SignatureListFilters, SignatureShipmentRow, SignatureTab } from '@/features/shipment-signatures/types';

interface ShipmentSignaturesPageProps {
  title: string;
  /** Tab, filters, page and open shipment, as the URL holds them (the route reads and writes it). */
  view: SignatureView;
  onViewChange: (view: SignatureView) => void;
  /** Opens a shipment's panel (a new history entry, so the browser's back closes it). */
  onOpenShipment: (shipmentId: string) => void;
  /** Leaves the panel for the list. */
  onCloseShipment: () => void;
  user: { id: string; isAdmin: boolean; unitId: string | null };
}

const OTHER_TAB: Record<SignatureTab, SignatureTab> = { pendentes: 'assinadas', assinadas: 'pendentes' };

/**
 * /assinatura-remessas: the shipments awaiting the receiver's signature (generate, show, copy,
 * revoke or replace their link) and the signed ones (their receipt with the evidence). ADMIN also
 * sets how long new links last.
 */
export function ShipmentSignaturesPage({ title, view, onViewChange, onOpenShipment, onCloseShipment, user }: ShipmentSignaturesPageProps) {
  const queryClient = useQueryClient();
  const create = useCreateSignatureLink();
  // The token just generated, for its shipment's panel only: leaving the panel forgets it for good.
  const [fresh, setFresh] = useState<{ shipmentId: string; link: CreatedSignatureLink } | null>(null);
  const [seenShipmentId, setSeenShipmentId] = useState(view.shipmentId);
  if (view.shipmentId !== seenShipmentId) {
    setSeenShipmentId(view.shipmentId);
    if (fresh && fresh.shipmentId !== view.shipmentId) setFresh(null);
  }

  const open = useCallback(
    (row: SignatureShipmentRow) => {
      // The panel's reads start with the click.
      void queryClient.prefetchQuery(signatureShipmentQueryOptions(row.id));
      if (row.status === 'ENTREGUE') void queryClient.prefetchQuery(shipmentEvidenceQueryOptions(row.id));
      onOpenShipment(row.id);
    },
    [queryClient, onOpenShipment],
  );

  const generate = (row: SignatureShipmentRow) =>
    create.mutate(row.id, {
      onSuccess: (link) => {
        setFresh({ shipmentId: row.id, link });
        onOpenShipment(row.id);
      },
    });

  if (view.shipmentId) {
    return (
      <ShipmentPanel
        key={view.shipmentId}
        shipmentId={view.shipmentId}
        freshLink={fresh?.shipmentId === view.shipmentId ? fresh.link : null}
        onLinkCreated={(link) => view.shipmentId && setFresh({ shipmentId: view.shipmentId, link })}
        onBack={onCloseShipment}
      />
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{signatureMessages.subtitle}</p>
      </div>
      {user.isAdmin ? <SettingsCard /> : null}
      <ShipmentLists view={view} onViewChange={onViewChange} user={user} onOpen={open} onGenerate={generate} generatingId={create.isPending ? (create.variables ?? null) : null} />
    </div>
  );
}

interface ShipmentListsProps {
  view: SignatureView;
  onViewChange: (view: SignatureView) => void;
  user: ShipmentSignaturesPageProps['user'];
  onOpen: (row: SignatureShipmentRow) => void;
  onGenerate: (row: SignatureShipmentRow) => void;
  generatingId: string | null;
}

function ShipmentLists({ view, onViewChange, user, onOpen, onGenerate, generatingId }: ShipmentListsProps) {
  const { tab, filters, page } = view;
  const units = useSignatureUnits(user.id, user.isAdmin, user.unitId);
  const list = useSignatureShipments(TAB_STATUS[tab], filters, page, SIGNATURE_PAGE_SIZE);
  const otherCount = useSignatureShipmentCount(TAB_STATUS[OTHER_TAB[tab]], filters);
  const activeCount = list.isPlaceholderData ? undefined : list.data?.total;
  const countOf = (value: SignatureTab): number | undefined => (value === tab ? activeCount : otherCount.data);

  const change = useCallback((patch: Partial<SignatureListFilters>) => onViewChange({ ...view, filters: { ...view.filters, ...patch }, page: 0 }), [view, onViewChange]);
  const clear = useCallback(() => onViewChange({ ...view, filters: EMPTY_FILTERS, page: 0 }), [view, onViewChange]);

  // A page past the end (after signatures moved shipments, or an old link) moves to the last page there is.
  const data = list.data;
  const total = data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / SIGNATURE_PAGE_SIZE) - 1);
  const pastTheEnd = data !== undefined && !list.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onViewChange({ ...view, page: lastPage });
  }, [pastTheEnd, lastPage, view, onViewChange]);

  // A unit in the URL the caller cannot choose (an old or shared link) is dropped: the filter shown is the filter applied.
  const staleUnit = units.isSuccess && filters.unitId !== null && !units.data.some((unit) => unit.id === filters.unitId);
  useEffect(() => {
    if (staleUnit) onViewChange({ ...view, filters: { ...view.filters, unitId: null }, page: 0 });
  }, [staleUnit, view, onViewChange]);

  const filtered = hasActiveFilters(filters);
  const rows = data?.rows ?? [];
  const now = new Date();
  const viewProps = { tab, rows, now, onOpen, onGenerate, generatingId };

  const body = (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {list.isError ? (
        <LoadError message={signatureMessages.listLoadError} detail={signatureErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.isLoading ? (
        <div className="rounded-xl border bg-card shadow-sm">
          <span className="sr-only" role="status">
            Carregando remessas...
          </span>
          <ListSkeleton />
        </div>
      ) : data && rows.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-xl border border-dashed px-4 py-10 text-center">
          {filtered ? (
            <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
          ) : tab === 'pendentes' ? (
            <CircleCheck aria-hidden="true" className="size-8 text-emerald-600" />
          ) : (
            <Inbox aria-hidden="true" className="size-8 text-muted-foreground" />
          )}
          <p className="font-medium">{filtered ? signatureMessages.emptyFiltered : tab === 'pendentes' ? signatureMessages.emptyPending : signatureMessages.emptySigned}</p>
          {!filtered && tab === 'pendentes' ? <p className="text-sm text-muted-foreground">{signatureMessages.emptyPendingHint}</p> : null}
          {filtered ? (
            <Button variant="outline" onClick={clear}>
              <X aria-hidden="true" /> {signatureMessages.clearFilters}
            </Button>
          ) : null}
        </div>
      ) : data ? (
        <>
          <div className="hidden overflow-x-auto rounded-xl border bg-card shadow-sm lg:block">
            <ShipmentTable {...viewProps} />
          </div>
          <div className="lg:hidden">
            <ShipmentCards {...viewProps} />
          </div>
          <Pager page={page} pageSize={SIGNATURE_PAGE_SIZE} total={data.total} empty="Nenhuma remessa" hideWhenSinglePage onPage={(next) => onViewChange({ ...view, page: next })} />
        </>
      ) : null}
    </div>
  );

  return (
    <Tabs value={tab} onValueChange={(next) => onViewChange({ ...view, tab: next as SignatureTab, page: 0 })} className="gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsList className="w-full sm:w-fit">
          {(['pendentes', 'assinadas'] as const).map((value) => (
            <TabsTrigger key={value} value={value} className="px-3">
              {value === 'pendentes' ? signatureMessages.tabPending : signatureMessages.tabSigned}
              <TabCount count={countOf(value)} />
            </TabsTrigger>
          ))}
        </TabsList>
        {list.isFetching && data ? <Spinner className="size-4" label="Atualizando..." /> : null}
      </div>
      <ListFilters filters={filters} onChange={change} onClear={clear} units={units.data ?? []} isAdmin={user.isAdmin} />
      {units.isError ? (
        <LoadError message={signatureMessages.unitsLoadError} detail={signatureErrorMessage(units.error)} onRetry={() => void units.refetch()} />
      ) : null}
      <TabsContent value="pendentes">{tab === 'pendentes' ? body : null}</TabsContent>
      <TabsContent value="assinadas">{tab === 'assinadas' ? body : null}</TabsContent>
    </Tabs>
  );
}

function TabCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground tabular-nums">{formatNumber(count)}</span>;
}
