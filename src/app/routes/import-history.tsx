import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-context';
import { ImportPage } from '@/features/imports/components/import-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasAccess } from '@/lib/permissions';

export default function ImportHistoryRoute() {
  useDocumentTitle('Histórico de Importações');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <ImportPage
      canImportProducts={hasAccess(user, { roles: [], permissions: ['MANAGE_PRODUCTS'] })}
      unitName={user.unitName}
      homePath={paths.home}
    />
  );
}
