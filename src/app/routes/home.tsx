import { useDocumentTitle } from '@/hooks/use-document-title';
import { paths } from '@/config/paths';
import { useAssignedUnits } from '@/features/auth/api/get-assigned-units';
import { useUpdateUnit } from '@/features/auth/api/update-unit';
import { useAuth } from '@/features/auth/auth-context';
import { PendingDocumentsCard } from '@/features/documents/components/pending-documents-card';
import { HomePage } from '@/features/home/components/home-page';
import { TimeClockHomeCards } from '@/features/time-clock/components/time-clock-home-cards';
import { hasAccess } from '@/lib/permissions';

export default function HomeRoute() {
  useDocumentTitle('Início');
  const { user } = useAuth();
  const units = useAssignedUnits(user?.id);
  const updateUnit = useUpdateUnit();
  if (!user) return null;
  return (
    <>
      {/* The caller's pending required documents (nothing when there are none). */}
      <PendingDocumentsCard documentsPath={paths.documents} className="mx-auto mb-6 w-full max-w-6xl" />
      <HomePage
        user={user}
        units={units.data ?? []}
        isChangingUnit={updateUnit.isPending}
        onChangeUnit={(unit) => updateUnit.mutate({ userId: user.id, unitId: unit?.id ?? null, unitName: unit?.name ?? null })}
        // Spec §2: the time-clock cards need PUNCH_CLOCK_ACCESS (and consent, which the cards check themselves).
        extraCards={hasAccess(user, { roles: [], permissions: ['PUNCH_CLOCK_ACCESS'] }) ? <TimeClockHomeCards userId={user.id} /> : null}
      />
    </>
  );
}
