import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageLoading } from '@/components/layouts/page-loading';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAssignedUnits } from '@/features/auth/api/get-assigned-units';
import { useUnits } from '@/features/auth/api/get-units';
import { useAuth } from '@/features/auth/auth-context';
import { ShipmentsPage } from '@/features/shipments/components/shipments-page';
import { shipmentViewer } from '@/features/shipments/logic';
import { filtersFromSearchParams, searchParamsFromFilters } from '@/features/shipments/url-params';
import type { ShipmentListFilters } from '@/features/shipments/types';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /remessas: the shipments sent and received by the caller's units. Filters and page live in the
 * URL (?direcao=recebidas&status=pendente&pagina=2), so a view can be reloaded and shared; the
 * database decides which shipments the caller sees and what they may do.
 */
export default function ShipmentsRoute() {
  const title = titleForPath(paths.shipments);
  useDocumentTitle(title);
  const { user } = useAuth();
  const isAdmin = user?.role === 'ADMIN';
  const assigned = useAssignedUnits(isAdmin ? undefined : user?.id);
  const all = useUnits();
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => filtersFromSearchParams(params), [params]);
  const onChange = useCallback(
    (next: ShipmentListFilters, nextPage: number) => setParams(searchParamsFromFilters(next, nextPage), { replace: true }),
    [setParams],
  );
  const unitId = user?.unitId ?? null;
  const unitName = user?.unitName ?? '';
  const viewer = useMemo(
    () => shipmentViewer({ isAdmin, currentUnit: unitId ? { id: unitId, name: unitName } : null, assignedUnits: assigned.data ?? [], allUnits: all.data ?? [] }),
    [isAdmin, unitId, unitName, assigned.data, all.data],
  );
  if (!user) return null;
  // Who dispatches depends on the caller's units: wait for them (a failure still shows the list).
  if ((isAdmin ? all.isPending : assigned.isPending) && !(isAdmin ? all.isError : assigned.isError)) return <PageLoading />;
  return <ShipmentsPage title={title} filters={filters} page={page} onChange={onChange} viewer={viewer} />;
}
