import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { ROUTE_ACCESS } from '@/config/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { unitsQueryOptions } from '@/features/auth/api/get-units';
import { useCategories } from '@/features/products/api/get-categories';
import { TransferFromOtherUnit } from '@/features/shipments/components/transfer-action';
import { useLiveShortages } from '@/features/shortages/api/live-shortages';
import { ShortageOrderButton } from '@/features/shortages/components/shortage-order-dialog';
import { ShortagesPage } from '@/features/shortages/components/shortages-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { canAccessRoute } from '@/lib/permissions';

export default function ShortagesRoute() {
  useDocumentTitle('Lançar Falta');
  useLiveShortages();
  const { user } = useAuth();
  // The shortage's group is a catalogue category: one query (and cache entry) shared with /produtos,
  // so a group created there is offered here at once.
  const categories = useCategories();
  const isAdmin = user?.role === 'ADMIN';
  // Only admins list every unit (and filter by one).
  const units = useQuery({ ...unitsQueryOptions(), enabled: isAdmin });
  if (!user) return null;
  // 'Transferir de outra unidade' opens /nova-remessa: offered to whoever may open it (MANAGE_REMESSA), on pending shortages.
  const canTransfer = canAccessRoute(user, ROUTE_ACCESS[paths.newShipment]);
  // An ordered shortage shows its purchase order (what was bought, the receipt); the unit confirms its delivery there.
  const ordered = (status: string) => status === 'PEDIDO_ENVIADO' || status === 'ENTREGUE';
  return (
    <ShortagesPage
      user={{ id: user.id, unitId: user.unitId, unitName: user.unitName, isAdmin }}
      homePath={paths.home}
      groups={categories.data ?? []}
      groupsLoad={{ failed: categories.isError, error: categories.error, retry: () => void categories.refetch() }}
      {...(isAdmin ? { units: units.data ?? [] } : {})}
      rowAction={(shortage) =>
        shortage.status === 'PENDENTE' && canTransfer ? (
          <TransferFromOtherUnit shortage={shortage} />
        ) : ordered(shortage.status) ? (
          <ShortageOrderButton shortage={{ id: shortage.id, product_name: shortage.product_name, status: shortage.status }} />
        ) : null
      }
    />
  );
}
