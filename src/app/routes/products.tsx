import { useAuth } from '@/features/auth/auth-context';
import { ProductsPage } from '@/features/products/components/products-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasAccess } from '@/lib/permissions';

export default function ProductsRoute() {
  useDocumentTitle('Cadastrar Produto');
  const { user } = useAuth();
  if (!user) return null;
  const canManage = hasAccess(user, { roles: [], permissions: ['MANAGE_PRODUCTS'] });
  return <ProductsPage canManage={canManage} />;
}
