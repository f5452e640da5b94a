import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/auth-context';
import { unitsQueryOptions } from '@/features/auth/api/get-units';
import { ComputersPage } from '@/features/time-clock/components/computers-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /ponto/computadores (ADMIN only, spec §6). */
export default function PunchComputersRoute() {
  useDocumentTitle('Computadores Autorizados');
  const { user } = useAuth();
  const units = useQuery(unitsQueryOptions());
  if (!user) return null;
  return <ComputersPage units={units.data ?? []} defaultUnitId={user.unitId} />;
}
