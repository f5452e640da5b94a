import { ArrowLeft, FileSignature, Lock } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useProduct } from '@/features/shipments/api/get-product';
import type { SaveAndDispatchResult } from '@/features/shipments/api/save-and-dispatch-shipment';
import { useShipment } from '@/features/shipments/api/get-shipment';
import { ItemsList } from '@/features/shipments/components/details-sheet';
import { ShipmentForm } from '@/features/shipments/components/shipment-form';
import { StatusBadge, UnitRoute } from '@/features/shipments/components/shipment-badges';
import { formatShipmentNumber, signaturePagePath } from '@/features/shipments/logic';
import { isEditable } from '@/features/shipments/status';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';
import type { ShipmentFormValues } from '@/features/shipments/schemas';
import type { ShipmentDetail, ShipmentPrefill, ShipmentViewer, UnitOption } from '@/features/shipments/types';

interface EditorCommon {
  title: string;
  /** Every unit (store_units); null while loading. */
  units: readonly UnitOption[] | null;
  unitsFailed: boolean;
  viewer: ShipmentViewer;
  onSaved: (result: { id: string; number: number | null }) => void;
}

/** The signing link of a dispatched shipment, composed by the route (it belongs to /assinatura-remessas). */
export type SignatureLinkSlot = (shipment: ShipmentDetail) => ReactNode;

function Header({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Link to={paths.shipments} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> Remessas
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {subtitle ? <div className="text-sm text-muted-foreground">{subtitle}</div> : null}
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Carregando...">
      <Skeleton className="h-48 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}

/**
 * /nova-remessa: a blank form, or one prefilled by ?origem=&destino=&produto=&quantidade= (the
 * 'Transferir de outra unidade' action). The origin defaults to the caller's current unit.
 */
export function NewShipmentEditor({
  title,
  units,
  unitsFailed,
  viewer,
  onSaved,
  onDispatched,
  prefill,
  onRetryUnits,
}: EditorCommon & { prefill: ShipmentPrefill; onRetryUnits: () => void; onDispatched: (result: SaveAndDispatchResult) => void }) {
  const product = useProduct(prefill.productId);
  const waitingProduct = prefill.productId !== null && product.isPending;
  const defaultValues = useMemo<ShipmentFormValues>(
    () => ({
      originUnitId: prefill.originUnitId ?? (prefill.destinationUnitId === viewer.currentUnitId ? '' : (viewer.currentUnitId ?? '')),
      destinationUnitId: prefill.destinationUnitId ?? '',
      notes: '',
      items: product.data
        ? [{ key: 'prefill', productId: product.data.id, productName: product.data.name, barcode: product.data.barcode, quantity: String(prefill.quantity ?? 1), lot: '', expiryDate: '' }]
        : [],
    }),
    [prefill, viewer.currentUnitId, product.data],
  );
  const notice = prefill.productId !== null && (product.isError || (product.isSuccess && product.data === null)) ? shipmentMessages.productPrefillMissing : null;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <Header title={title} subtitle="Escolha de onde sai e para onde vai, inclua os produtos e salve. A remessa pode ser alterada até ser despachada." />
      {unitsFailed ? (
        <LoadError message={shipmentMessages.unitsLoadError} onRetry={onRetryUnits} />
      ) : units === null || waitingProduct ? (
        <FormSkeleton />
      ) : (
        <ShipmentForm shipmentId={null} defaultValues={defaultValues} units={units} viewer={viewer} onSaved={onSaved} onDispatched={onDispatched} notice={notice} />
      )}
    </div>
  );
}

/**
 * /editar-remessa/:id: the form while the shipment is requested; a read-only notice with its items
 * once dispatched, and there the signing link (`signatureLink`), so 'Salvar e despachar' is followed
 * on this same screen by 'Gerar link de assinatura'.
 */
export function EditShipmentEditor({
  title,
  units,
  unitsFailed,
  viewer,
  onSaved,
  shipmentId,
  onRetryUnits,
  signatureLink,
}: EditorCommon & { shipmentId: string; onRetryUnits: () => void; signatureLink?: SignatureLinkSlot }) {
  const shipment = useShipment(shipmentId);
  const data = shipment.data;
  const number = data ? formatShipmentNumber(data.number) : null;
  // Decided on the first load: once the form is open it stays open (a refetch after someone else
  // dispatched the shipment shows the notice above it, and nothing typed disappears).
  const [formOpened, setFormOpened] = useState(false);
  const editable = data !== undefined && isEditable(data.status) && data.can_edit;
  if (editable && !formOpened) setFormOpened(true);
  // Dispatched from this form: its hook has re-read the shipment, so the read-only view (and the link) follows.
  const onDispatched = useCallback((result: SaveAndDispatchResult) => {
    if (result.dispatched) setFormOpened(false);
  }, []);
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6">
      <Header
        title={number ? (editable || formOpened ? `${title} ${number}` : `Remessa ${number}`) : title}
        subtitle={
          data ? (
            <span className="flex flex-wrap items-center gap-2">
              <StatusBadge status={data.status} />
              <UnitRoute origin={data.origin_name} destination={data.destination_name} />
              <span>
                · criada em <span className="tabular-nums">{formatDateTime(data.created_at)}</span>
                {data.created_by_name ? ` por ${data.created_by_name}` : ''}
              </span>
            </span>
          ) : null
        }
      />
      {shipment.isPending ? (
        <FormSkeleton />
      ) : shipment.isError ? (
        <LoadError message={shipmentMessages.detailsLoadError} detail={shipmentErrorMessage(shipment.error)} onRetry={() => void shipment.refetch()} />
      ) : data && !editable && !formOpened ? (
        <ReadOnlyShipment shipment={data} signatureLink={signatureLink} />
      ) : data && unitsFailed ? (
        <LoadError message={shipmentMessages.unitsLoadError} onRetry={onRetryUnits} />
      ) : data && units ? (
        <>
          {!editable ? (
            <p role="alert" className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {shipmentMessages.readOnly}
            </p>
          ) : null}
          <ShipmentForm
            key={data.id}
            shipmentId={data.id}
            number={data.number}
            defaultValues={formValuesOf(data)}
            units={units}
            viewer={viewer}
            onSaved={onSaved}
            onDispatched={onDispatched}
            dispatchable={editable}
          />
        </>
      ) : (
        <FormSkeleton />
      )}
    </div>
  );
}

function formValuesOf(shipment: ShipmentDetail): ShipmentFormValues {
  return {
    originUnitId: shipment.origin_unit_id,
    destinationUnitId: shipment.destination_unit_id,
    notes: shipment.notes ?? '',
    items: shipment.items.map((item) => ({
      key: item.id,
      productId: item.product_id,
      productName: item.product_name,
      barcode: item.barcode,
      quantity: String(item.quantity),
      lot: item.lot ?? '',
      expiryDate: item.expiry_date ?? '',
    })),
  };
}

/** A shipment that can no longer change: why, what it carries, and (dispatched) its signing link. */
function ReadOnlyShipment({ shipment, signatureLink }: { shipment: ShipmentDetail; signatureLink: SignatureLinkSlot | undefined }) {
  const dispatched = !isEditable(shipment.status);
  // Only for whoever may make the link (create_signature_link decides again).
  const link = shipment.status === 'PENDENTE' && shipment.can_link && signatureLink ? signatureLink(shipment) : null;
  return (
    <div className="grid gap-6">
      <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
        <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-2">
          <p className="font-medium">{dispatched ? shipmentMessages.readOnly : 'Você não pode alterar esta remessa.'}</p>
          {shipment.dispatched_at ? (
            <p className="text-sm">
              Despachada em <span className="tabular-nums">{formatDateTime(shipment.dispatched_at)}</span>
              {shipment.dispatched_by_name ? ` por ${shipment.dispatched_by_name}` : ''}.
              {shipment.delivered_at ? (
                <>
                  {' '}
                  Entregue em <span className="tabular-nums">{formatDateTime(shipment.delivered_at)}</span>
                  {shipment.signature ? `, assinada por ${shipment.signature.signer_name}` : ''}.
                </>
              ) : null}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {dispatched && !link ? (
              <Button asChild size="sm" variant="outline" className="bg-background">
                <Link to={signaturePagePath(shipment.id)}>
                  <FileSignature aria-hidden="true" /> Assinatura
                </Link>
              </Button>
            ) : null}
            <Button asChild size="sm" variant="ghost">
              <Link to={paths.shipments}>Voltar para remessas</Link>
            </Button>
          </div>
        </div>
      </div>
      {link}
      <section aria-labelledby="readonly-items" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <h2 id="readonly-items" className="font-semibold">
          Itens
        </h2>
        {shipment.notes ? <p className="text-sm break-words whitespace-pre-line text-muted-foreground">Observações: {shipment.notes}</p> : null}
        <ItemsList items={shipment.items} />
      </section>
    </div>
  );
}
