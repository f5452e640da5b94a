import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { editShipmentPath, paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAssignedUnits } from '@/features/auth/api/get-assigned-units';
import { useUnits } from '@/features/auth/api/get-units';
import { useAuth } from '@/features/auth/auth-context';
import { NewShipmentEditor } from '@/features/shipments/components/shipment-editor';
import { shipmentViewer } from '@/features/shipments/logic';
import { prefillFromSearchParams } from '@/features/shipments/url-params';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /nova-remessa (?origem=&destino=&produto=&quantidade= prefill, used by 'Transferir de outra
 * unidade' on /lancamento). After saving, back to /remessas (the toast names the shipment); after
 * 'Salvar e despachar', on to the shipment's own screen, where its signing link is made (or, when the
 * dispatch was refused, the saved draft is edited, so a retry does not create a second shipment).
 */
export default function NewShipmentRoute() {
  const title = titleForPath(paths.newShipment);
  useDocumentTitle(title);
  const { user } = useAuth();
  const navigate = useNavigate();
  const isAdmin = user?.role === 'ADMIN';
  const assigned = useAssignedUnits(isAdmin ? undefined : user?.id);
  const all = useUnits();
  const [params] = useSearchParams();
  const prefill = useMemo(() => prefillFromSearchParams(params), [params]);
  const unitId = user?.unitId ?? null;
  const unitName = user?.unitName ?? '';
  const viewer = useMemo(
    () => shipmentViewer({ isAdmin, currentUnit: unitId ? { id: unitId, name: unitName } : null, assignedUnits: assigned.data ?? [], allUnits: all.data ?? [] }),
    [isAdmin, unitId, unitName, assigned.data, all.data],
  );
  const onSaved = useCallback(() => navigate(paths.shipments), [navigate]);
  const onDispatched = useCallback(({ id }: { id: string }) => navigate(editShipmentPath(id), { replace: true }), [navigate]);
  if (!user) return null;
  const unitsReady = all.isSuccess && (isAdmin || assigned.isSuccess || assigned.isError);
  return (
    <NewShipmentEditor
      title={title}
      units={unitsReady ? all.data : null}
      unitsFailed={all.isError}
      onRetryUnits={() => void all.refetch()}
      viewer={viewer}
      prefill={prefill}
      onSaved={onSaved}
      onDispatched={onDispatched}
    />
  );
}
