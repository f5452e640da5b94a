import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/auth-context';
import { DashboardPage } from '@/features/purchasing/components/dashboard-page';

/**
 * /dashboard: a representative's purchasing summary; ADMIN (who passes every route) sees every supplier's, or one
 * supplier's chosen in ?fornecedor={id}. The database decides what each caller may read.
 */
export default function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  return (
    <DashboardPage
      isAdmin={user?.role === 'ADMIN'}
      supplierId={params.get('fornecedor')}
      onSupplierChange={(supplierId) => setParams(supplierId ? { fornecedor: supplierId } : {}, { replace: true })}
    />
  );
}
