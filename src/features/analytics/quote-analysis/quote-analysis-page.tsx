import { useEffect, useMemo } from 'react';
import { formatNumber } from '@/lib/dates';
import type { QuoteAnalysisInput } from '@/features/analytics/api/get-quote-analysis';
import { useLoadAllQuoteAnalysisLines, useQuoteAnalysis } from '@/features/analytics/api/get-quote-analysis';
import { useAnalysisFilterOptions } from '@/features/analytics/api/get-analysis-filter-options';
import { AnalysisContent, AnalysisPage } from '@/features/analytics/components/shared/analysis-page';
import { exportDetails } from '@/features/analytics/components/shared/export-details';
import { FilterBar, type FilterField } from '@/features/analytics/components/shared/filter-bar';
import { prefetchAnalysisCharts } from '@/features/analytics/components/shared/lazy-charts';
import { useAnalysisParams } from '@/features/analytics/components/shared/use-analysis-params';
import { useStartFigures } from '@/features/analytics/components/shared/use-start-figures';
import { QUOTE_ANALYSIS_EXTRAS as EXTRAS, quoteAnalysisInput } from '@/features/analytics/first-queries';
import { QuoteAnalysisAllView } from '@/features/analytics/quote-analysis/all-view';
import { CostOfMoneyField } from '@/features/analytics/quote-analysis/cost-of-money-field';
import { MatrixExportButton } from '@/features/analytics/quote-analysis/matrix-export-button';
import { quoteAnalysisMessages as messages } from '@/features/analytics/quote-analysis/messages';
import { QuoteAnalysisSupplierView } from '@/features/analytics/quote-analysis/supplier-view';

/** The screen's own URL param: 'custo', the cost of money in % a month (default 2). */

const BUYER_FIELDS: readonly FilterField[] = ['unit', 'supplier', 'category', 'product'];
/** A representative analyses its own supplier only: no supplier to choose. */
const REPRESENTATIVE_FIELDS: readonly FilterField[] = ['unit', 'category', 'product'];

interface QuoteAnalysisPageProps {
  /** The caller answers quotes for a supplier: its own figures, no matrix, no cost of money. */
  representative: boolean;
}

/** /analise-cotacoes: effective cost, price spread, savings and suppliers' rates (a representative: its own figures). */
export function QuoteAnalysisPage({ representative }: QuoteAnalysisPageProps) {
  const params = useAnalysisParams(EXTRAS, useStartFigures('quote-analysis'));
  const options = useAnalysisFilterOptions();
  const { filters, extras, product } = params;
  const input = useMemo<QuoteAnalysisInput>(() => quoteAnalysisInput(filters, extras), [filters, extras]);
  const query = useQuoteAnalysis(input, params.ready);
  const loadAll = useLoadAllQuoteAnalysisLines(input);
  const fields = representative ? REPRESENTATIVE_FIELDS : BUYER_FIELDS;
  const costOfMoney = extras.costOfMoney;
  const details = useMemo(() => {
    const costLine = { label: 'Custo do dinheiro', value: `${formatNumber(costOfMoney, { maximumFractionDigits: 2 })} % ao mês` };
    return exportDetails(filters, fields, options.data, product, representative ? [] : [costLine]);
  }, [filters, fields, options.data, product, representative, costOfMoney]);

  useEffect(() => prefetchAnalysisCharts(), []);

  return (
    <AnalysisPage
      name="analise-cotacoes"
      title={messages.title}
      description={representative ? messages.representativeDescription : messages.description}
      busy={query.isPending || query.isFetching}
      actions={representative ? null : <MatrixExportButton input={input} details={details} disabled={!params.ready} />}
      filters={
        <FilterBar params={params} fields={fields}>
          {representative ? null : <CostOfMoneyField value={extras.costOfMoney} onChange={(costOfMoney) => params.update({ extras: { costOfMoney } })} />}
        </FilterBar>
      }
    >
      <AnalysisContent loading={query.isPending} stale={query.isPlaceholderData} error={query.error} onRetry={() => void query.refetch()}>
        {query.data?.scope === 'ALL' ? <QuoteAnalysisAllView data={query.data} details={details} loadAll={loadAll} /> : null}
        {query.data?.scope === 'SUPPLIER' ? <QuoteAnalysisSupplierView data={query.data} details={details} /> : null}
      </AnalysisContent>
    </AnalysisPage>
  );
}
