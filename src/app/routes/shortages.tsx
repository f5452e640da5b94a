import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { ShortagesPage } from '@/features/shortages/components/shortages-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

export default function ShortagesRoute() {
  useDocumentTitle('Lançar Falta');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <ShortagesPage
      user={{ id: user.id, unitId: user.unitId, unitName: user.unitName, isAdmin: user.role === 'ADMIN' }}
      homePath={paths.home}
    />
  );
}
