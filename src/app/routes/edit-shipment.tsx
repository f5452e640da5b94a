import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAssignedUnits } from '@/features/auth/api/get-assigned-units';
import { useUnits } from '@/features/auth/api/get-units';
import { useAuth } from '@/features/auth/auth-context';
import { SignatureLinkCard } from '@/features/shipment-signatures/components/link-card';
import { shipmentKeys } from '@/features/shipments/api/keys';
import { EditShipmentEditor, type SignatureLinkSlot } from '@/features/shipments/components/shipment-editor';
import { shipmentViewer } from '@/features/shipments/logic';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /editar-remessa/:id: the form while the shipment is requested ('Salvar e despachar' included), a
 * read-only notice once dispatched with the signing link of /assinatura-remessas composed in, so the
 * link is made on this same screen. Features never import each other: this route joins the two.
 */
export default function EditShipmentRoute() {
  const title = titleForPath(paths.editShipment);
  useDocumentTitle(title);
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAdmin = user?.role === 'ADMIN';
  const assigned = useAssignedUnits(isAdmin ? undefined : user?.id);
  const all = useUnits();
  const unitId = user?.unitId ?? null;
  const unitName = user?.unitName ?? '';
  const viewer = useMemo(
    () => shipmentViewer({ isAdmin, currentUnit: unitId ? { id: unitId, name: unitName } : null, assignedUnits: assigned.data ?? [], allUnits: all.data ?? [] }),
    [isAdmin, unitId, unitName, assigned.data, all.data],
  );
  const onSaved = useCallback(() => navigate(paths.shipments), [navigate]);
  // Signed on the receiver's phone while this screen was open: the notice above shows it delivered.
  const onSigned = useCallback(() => void queryClient.invalidateQueries({ queryKey: shipmentKeys.detail(id) }), [queryClient, id]);
  const signatureLink = useCallback<SignatureLinkSlot>((shipment) => <SignatureLinkCard shipmentId={shipment.id} onSigned={onSigned} />, [onSigned]);
  if (!user) return null;
  const unitsReady = all.isSuccess && (isAdmin || assigned.isSuccess || assigned.isError);
  return (
    <EditShipmentEditor
      key={id}
      title={title}
      shipmentId={id}
      units={unitsReady ? all.data : null}
      unitsFailed={all.isError}
      onRetryUnits={() => void all.refetch()}
      viewer={viewer}
      onSaved={onSaved}
      signatureLink={signatureLink}
    />
  );
}
