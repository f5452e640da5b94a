import { useAuth } from '@/features/auth/auth-context';
import { MyPunchesPage } from '@/features/time-clock/components/my-punches-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /meu-ponto: any signed-in user sees their own month (RLS: own punches only). */
export default function MyPunchesRoute() {
  useDocumentTitle('Meu Ponto');
  const { user } = useAuth();
  if (!user) return null;
  return <MyPunchesPage userId={user.id} employeeName={user.name} />;
}
