import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { BoletoReportPage } from '@/features/boleto-report/components/boleto-report-page';
import { filtersFromSearch, searchFromFilters } from '@/features/boleto-report/logic';
import type { ReportFilters } from '@/features/boleto-report/types';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /relatorio-boletos: the payables report (ADMIN and ANALISTA with VIEW_REPORTS and MANAGE_BOLETOS;
 * the database refuses anyone else). Filters live in the URL (?unidade, fornecedor, de, ate) so a view can be shared.
 */
export default function BoletoReportRoute() {
  const title = titleForPath(paths.boletoReport);
  useDocumentTitle(title);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const unitScope = useMemo(
    () => (user ? { userId: user.id, unitId: user.unitId, isAdmin: user.role === 'ADMIN' } : null),
    [user],
  );
  if (!unitScope) return null;
  return (
    <BoletoReportPage
      title={title}
      filters={filters}
      unitScope={unitScope}
      onFiltersChange={(next: ReportFilters) => setParams(searchFromFilters(next), { replace: true })}
    />
  );
}
