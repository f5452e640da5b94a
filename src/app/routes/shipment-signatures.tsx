import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { ShipmentSignaturesPage } from '@/features/shipment-signatures/components/signatures-page';
import { searchParamsFromView, viewFromSearchParams, type SignatureView } from '@/features/shipment-signatures/logic';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Set on the history entry of a panel opened from the list: 'Voltar' then goes back instead of adding an entry. */
interface PanelState {
  fromList?: boolean;
}

/**
 * /assinatura-remessas: the signing links of dispatched shipments and the signed receipts. The tab,
 * filters and page live in the URL (?aba=assinadas&busca=…&pagina=2); ?remessa=<id> opens that
 * shipment's panel (its link, or its receipt once signed). The database decides what the caller sees.
 */
export default function ShipmentSignaturesRoute() {
  const title = titleForPath(paths.shipmentSignatures);
  useDocumentTitle(title);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const view = useMemo(() => viewFromSearchParams(params), [params]);

  const onViewChange = useCallback((next: SignatureView) => setParams(searchParamsFromView(next), { replace: true }), [setParams]);
  const onOpenShipment = useCallback(
    (shipmentId: string) => setParams(searchParamsFromView({ ...view, shipmentId }), { state: { fromList: true } satisfies PanelState }),
    [setParams, view],
  );
  const fromList = (location.state as PanelState | null)?.fromList === true;
  const onCloseShipment = useCallback(() => {
    if (fromList) void navigate(-1);
    else setParams(searchParamsFromView({ ...view, shipmentId: null }), { replace: true });
  }, [fromList, navigate, setParams, view]);

  if (!user) return null;
  return (
    <ShipmentSignaturesPage
      title={title}
      view={view}
      onViewChange={onViewChange}
      onOpenShipment={onOpenShipment}
      onCloseShipment={onCloseShipment}
      user={{ id: user.id, isAdmin: user.role === 'ADMIN', unitId: user.unitId }}
    />
  );
}
