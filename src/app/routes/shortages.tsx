import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { unitsQueryOptions } from '@/features/auth/api/get-units';
import { useCategories } from '@/features/products/api/get-categories';
import { useLiveShortages } from '@/features/shortages/api/live-shortages';
import { ShortagesPage } from '@/features/shortages/components/shortages-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

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
  return (
    <ShortagesPage
      user={{ id: user.id, unitId: user.unitId, unitName: user.unitName, isAdmin }}
      homePath={paths.home}
      groups={categories.data ?? []}
      groupsFailed={categories.isError}
      {...(isAdmin ? { units: units.data ?? [] } : {})}
    />
  );
}
