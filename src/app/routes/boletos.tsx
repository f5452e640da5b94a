import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { BoletoEntryCard } from '@/features/boletos/components/boleto-entry';
import { BoletosList } from '@/features/boletos/components/boletos-list';
import { filtersFromSearchParams, searchParamsFromFilters } from '@/features/boletos/logic';
import type { BoletoListFilters } from '@/features/boletos/types';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /boletos: enter a boleto (code scanned, pasted or typed) above the list of the caller's units'
 * boletos. The list's filters and page live in the URL (?situacao=vencidos&fornecedor=…&pagina=2),
 * so a view can be reloaded and shared; the database decides which rows the caller sees.
 */
export default function BoletosRoute() {
  const title = titleForPath(paths.boletos);
  useDocumentTitle(title);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const { filters, page } = useMemo(() => filtersFromSearchParams(params), [params]);
  const onChange = useCallback(
    (next: BoletoListFilters, nextPage: number) => setParams(searchParamsFromFilters(next, nextPage), { replace: true }),
    [setParams],
  );
  if (!user) return null;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">Lance os boletos dos fornecedores e acompanhe vencimentos e pagamentos das suas unidades.</p>
      </div>
      <BoletoEntryCard />
      <BoletosList filters={filters} page={page} onChange={onChange} isAdmin={user.role === 'ADMIN'} />
    </div>
  );
}
