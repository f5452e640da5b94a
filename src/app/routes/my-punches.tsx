import { useAuth } from '@/features/auth/auth-context';
import { MyPunchesPage } from '@/features/time-clock/components/my-punches-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasAccess } from '@/lib/permissions';

/**
 * /meu-ponto: any signed-in user sees their own month (RLS: own punches only) once they accepted the term;
 * deciding on the term needs PUNCH_CLOCK_ACCESS, which the database checks too.
 */
export default function MyPunchesRoute() {
  useDocumentTitle('Meu Ponto');
  const { user } = useAuth();
  if (!user) return null;
  return <MyPunchesPage userId={user.id} employeeName={user.name} mayDecide={hasAccess(user, { roles: [], permissions: ['PUNCH_CLOCK_ACCESS'] })} />;
}
