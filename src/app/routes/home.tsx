import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAssignedUnits } from '@/features/auth/api/get-assigned-units';
import { useUpdateUnit } from '@/features/auth/api/update-unit';
import { useAuth } from '@/features/auth/auth-context';
import { HomePage } from '@/features/home/components/home-page';

export default function HomeRoute() {
  useDocumentTitle('Início');
  const { user } = useAuth();
  const units = useAssignedUnits(user?.id);
  const updateUnit = useUpdateUnit();
  if (!user) return null;
  return (
    <HomePage
      user={user}
      units={units.data ?? []}
      isChangingUnit={updateUnit.isPending}
      onChangeUnit={(unit) => updateUnit.mutate({ userId: user.id, unitId: unit?.id ?? null, unitName: unit?.name ?? null })}
    />
  );
}
