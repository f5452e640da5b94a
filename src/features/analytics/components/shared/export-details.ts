import { formatDay } from '@/lib/dates';
import type { ExportDetail } from '@/lib/spreadsheet/write';
import type { AnalysisFilterOptions } from '@/features/analytics/api/get-analysis-filter-options';
import type { AnalysisFilters } from '@/features/analytics/components/shared/use-analysis-params';
import type { FilterField } from '@/features/analytics/components/shared/filter-bar';

/**
 * The filters as an export's header lines ('Período: 01/09/2026 a 26/11/2026', 'Unidade: Todas as
 * unidades'…), for the fields the screen offers; `more` adds the screen's own ('Custo do dinheiro: 2 % ao mês').
 */
export function exportDetails(
  filters: AnalysisFilters,
  fields: readonly FilterField[],
  options: AnalysisFilterOptions | undefined,
  product: { id: string; name: string } | null,
  more: readonly ExportDetail[] = [],
): ExportDetail[] {
  const nameOf = (list: readonly { id: string; name: string }[] | undefined, id: string | null, all: string) =>
    id === null ? all : (list?.find((option) => option.id === id)?.name ?? id);
  const details: ExportDetail[] = [{ label: 'Período', value: `${formatDay(filters.from)} a ${formatDay(filters.to)}` }];
  for (const field of fields) {
    switch (field) {
      case 'unit':
        details.push({ label: 'Unidade', value: nameOf(options?.units, filters.unitId, 'Todas as unidades') });
        break;
      case 'supplier':
        details.push({ label: 'Fornecedor', value: nameOf(options?.suppliers, filters.supplierId, 'Todos os fornecedores') });
        break;
      case 'category':
        details.push({ label: 'Categoria', value: nameOf(options?.categories, filters.categoryId, 'Todas as categorias') });
        break;
      case 'product':
        details.push({ label: 'Produto', value: filters.productId === null ? 'Todos os produtos' : (product?.name ?? filters.productId) });
        break;
    }
  }
  return [...details, ...more];
}
