import { useEffect } from 'react';
import { formatCount, formatDay } from '@/lib/dates';
import { useAnalysisFilterOptions } from '@/features/analytics/api/get-analysis-filter-options';
import { useShortageAnalysis, type ShortageAnalysis } from '@/features/analytics/api/get-shortage-analysis';
import { AnalysisContent, AnalysisPage } from '@/features/analytics/components/shared/analysis-page';
import { AnalysisTable, type AnalysisColumn } from '@/features/analytics/components/shared/analysis-table';
import { ChartCard } from '@/features/analytics/components/shared/chart-card';
import { exportDetails } from '@/features/analytics/components/shared/export-details';
import { FilterBar, type FilterField } from '@/features/analytics/components/shared/filter-bar';
import { formatDays, formatQuantity, formatRatio } from '@/features/analytics/components/shared/format';
import { BarSeriesChart, prefetchAnalysisCharts } from '@/features/analytics/components/shared/lazy-charts';
import { MetricCard, MetricGrid } from '@/features/analytics/components/shared/metric-card';
import { useAnalysisParams } from '@/features/analytics/components/shared/use-analysis-params';
import { useStartFigures } from '@/features/analytics/components/shared/use-start-figures';
import { SHORTAGE_ANALYSIS_EXTRAS as EXTRAS, shortageAnalysisInput } from '@/features/analytics/first-queries';
import { leadTimeMessages } from '@/features/analytics/shortage-analysis/messages';
import { RecurrenceField } from '@/features/analytics/shortage-analysis/recurrence-field';

const FIELDS: readonly FilterField[] = ['unit', 'category', 'product'];
const GRAIN = leadTimeMessages.grainShortage;

type Week = ShortageAnalysis['by_week'][number];
type UnitRow = ShortageAnalysis['by_unit'][number];
type CategoryRow = ShortageAnalysis['by_category'][number];
type ProductRow = ShortageAnalysis['top_by_frequency'][number];
type RecurringRow = ShortageAnalysis['recurring'][number];

const count = (value: number) => formatQuantity(value);

const weekColumns: readonly AnalysisColumn<Week>[] = [
  { key: 'week', header: 'Semana (início)', kind: 'date', value: (row) => row.week },
  { key: 'shortages', header: 'Faltas', kind: 'count', value: (row) => row.shortages, grain: GRAIN },
  { key: 'requested_quantity', header: 'Quantidade solicitada', kind: 'quantity', value: (row) => row.requested_quantity, grain: GRAIN },
];

const unitColumns: readonly AnalysisColumn<UnitRow>[] = [
  { key: 'unit_name', header: 'Unidade', kind: 'text', value: (row) => row.unit_name },
  { key: 'shortages', header: 'Faltas', kind: 'count', value: (row) => row.shortages, grain: GRAIN },
  { key: 'requested_quantity', header: 'Quantidade solicitada', kind: 'quantity', value: (row) => row.requested_quantity, grain: GRAIN },
  { key: 'recurring', header: 'Recorrentes', kind: 'count', value: (row) => row.recurring, hint: 'Faltas do mesmo produto na mesma unidade dentro da recorrência escolhida.', grain: GRAIN },
  {
    key: 'avg_days_to_delivery',
    header: 'Dias até a entrega',
    kind: 'days',
    value: (row) => row.avg_days_to_delivery,
    hint: 'Média do registro da falta ao recebimento do item, entre as faltas já entregues.',
    grain: GRAIN,
  },
];

const categoryColumns: readonly AnalysisColumn<CategoryRow>[] = [
  { key: 'category_name', header: 'Categoria', kind: 'text', value: (row) => row.category_name },
  { key: 'shortages', header: 'Faltas', kind: 'count', value: (row) => row.shortages, grain: GRAIN },
  { key: 'requested_quantity', header: 'Quantidade solicitada', kind: 'quantity', value: (row) => row.requested_quantity, grain: GRAIN },
];

const productColumns: readonly AnalysisColumn<ProductRow>[] = [
  { key: 'product_name', header: 'Produto', kind: 'text', value: (row) => row.product_name },
  { key: 'shortages', header: 'Faltas', kind: 'count', value: (row) => row.shortages, grain: GRAIN },
  { key: 'requested_quantity', header: 'Quantidade solicitada', kind: 'quantity', value: (row) => row.requested_quantity, grain: GRAIN },
  { key: 'units', header: 'Unidades', kind: 'count', value: (row) => row.units, hint: 'Em quantas unidades o produto faltou no período.' },
];

const recurringColumns: readonly AnalysisColumn<RecurringRow>[] = [
  { key: 'product_name', header: 'Produto', kind: 'text', value: (row) => row.product_name },
  { key: 'unit_name', header: 'Unidade', kind: 'text', value: (row) => row.unit_name },
  { key: 'occurrences', header: 'Faltas no período', kind: 'count', value: (row) => row.occurrences, grain: GRAIN },
  { key: 'recurring', header: 'Recorrentes', kind: 'count', value: (row) => row.recurring, hint: 'Quantas dessas faltas vieram dentro da recorrência depois de outra.', grain: GRAIN },
  { key: 'last_at', header: 'Última falta', kind: 'datetime', value: (row) => row.last_at },
];

/** /analise-faltas: shortages over time, by unit and category, top products, recurrence and the wait for purchase. */
export function ShortageAnalysisPage({ title }: { title: string }) {
  const params = useAnalysisParams(EXTRAS, useStartFigures('shortage-analysis'));
  const { filters, extras } = params;
  const options = useAnalysisFilterOptions();
  const query = useShortageAnalysis(shortageAnalysisInput(filters, extras), params.ready);
  useEffect(() => prefetchAnalysisCharts(), []);

  const data = query.data;
  const details = exportDetails(filters, FIELDS, options.data, params.product, [
    { label: 'Recorrência', value: formatCount(extras.recurrenceDays, 'dia', 'dias') },
  ]);
  const exportAs = (name: string, file: string) => ({ title: `${title}: ${name}`, details, fileName: `analise-faltas-${file}` });

  return (
    <AnalysisPage
      name="analise-faltas"
      title={title}
      description={leadTimeMessages.shortageDescription}
      busy={!params.ready || query.isFetching}
      filters={
        <FilterBar params={params} fields={FIELDS}>
          <RecurrenceField value={extras.recurrenceDays} onChange={(days) => params.update({ extras: { recurrenceDays: days } })} />
        </FilterBar>
      }
    >
      <AnalysisContent loading={!data} stale={query.isPlaceholderData} error={query.error} onRetry={() => void query.refetch()}>
        {data ? <Figures data={data} recurrenceDays={extras.recurrenceDays} exportAs={exportAs} /> : null}
      </AnalysisContent>
    </AnalysisPage>
  );
}

interface FiguresProps {
  data: ShortageAnalysis;
  recurrenceDays: number;
  exportAs: (name: string, file: string) => { title: string; details: ReturnType<typeof exportDetails>; fileName: string };
}

function Figures({ data, recurrenceDays, exportAs }: FiguresProps) {
  const { summary } = data;
  const empty = summary.shortages === 0;
  const totals = {
    shortages: summary.shortages,
    requested_quantity: summary.requested_quantity,
    recurring: summary.recurring_shortages,
    avg_days_to_delivery: summary.avg_days_to_delivery,
  };
  const withinDays = formatCount(recurrenceDays, 'dia', 'dias');

  return (
    <>
      <MetricGrid>
        <MetricCard
          label="Faltas registradas"
          value={count(summary.shortages)}
          grain={GRAIN}
          hint="Faltas registradas no período, com os filtros escolhidos."
          detail={`${formatCount(summary.requested_quantity, 'unidade solicitada', 'unidades solicitadas')} · ${formatCount(summary.products, 'produto', 'produtos')} · ${formatCount(summary.units, 'unidade', 'unidades')}`}
        />
        <MetricCard
          label="Faltas recorrentes"
          value={formatRatio(summary.recurring_share)}
          grain={GRAIN}
          hint={`Parte das faltas em que o mesmo produto já tinha faltado na mesma unidade nos ${withinDays} anteriores.`}
          detail={`${formatCount(summary.recurring_shortages, 'falta recorrente', 'faltas recorrentes')} de ${formatCount(summary.shortages, 'falta', 'faltas')}`}
        />
        <MetricCard
          label="Dias até o lote"
          value={formatDays(summary.avg_days_to_batch)}
          grain={GRAIN}
          hint="Média do registro da falta até sua inclusão em um lote de cotação, entre as faltas que chegaram a um lote."
        />
        <MetricCard
          label="Dias até o pedido"
          value={formatDays(summary.avg_days_to_order)}
          grain={GRAIN}
          hint="Média do registro da falta até o pedido ao fornecedor, entre as faltas já pedidas."
        />
        <MetricCard
          label="Dias até a entrega"
          value={formatDays(summary.avg_days_to_delivery)}
          grain={GRAIN}
          hint="Média do registro da falta até o recebimento do item na unidade, entre as faltas já entregues."
        />
      </MetricGrid>

      <ChartCard
        title="Faltas por semana"
        grain={GRAIN}
        hint="Quantas faltas foram registradas em cada semana (de segunda a domingo)."
        empty={empty}
        emptyText={leadTimeMessages.noShortages}
        table={
          <AnalysisTable bare title="Faltas por semana" columns={weekColumns} rows={data.by_week} rowKey={(row) => row.week} totals={totals} exportAs={exportAs('faltas por semana', 'semanas')} />
        }
      >
        <BarSeriesChart
          data={data.by_week}
          categoryKey="week"
          series={[{ key: 'shortages', name: 'Faltas' }]}
          title="Faltas por semana"
          formatValue={count}
          formatCategory={formatDay}
        />
      </ChartCard>

      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <ChartCard
          title="Faltas por unidade"
          grain={GRAIN}
          hint="As unidades comparadas: faltas registradas e quantas delas foram recorrentes."
          empty={empty}
          emptyText={leadTimeMessages.noShortages}
          table={
            <AnalysisTable bare title="Faltas por unidade" columns={unitColumns} rows={data.by_unit} rowKey={(row) => row.unit_id} totals={totals} exportAs={exportAs('faltas por unidade', 'unidades')} />
          }
        >
          <BarSeriesChart
            horizontal
            data={data.by_unit}
            categoryKey="unit_name"
            series={[
              { key: 'shortages', name: 'Faltas' },
              { key: 'recurring', name: 'Recorrentes' },
            ]}
            title="Faltas por unidade"
            formatValue={count}
          />
        </ChartCard>

        <ChartCard
          title="Faltas por categoria"
          grain={GRAIN}
          hint="Faltas por categoria do produto; um produto em várias categorias conta em cada uma."
          empty={empty}
          emptyText={leadTimeMessages.noShortages}
          table={
            <AnalysisTable bare title="Faltas por categoria" columns={categoryColumns} rows={data.by_category} rowKey={(row) => row.category_id ?? 'sem-categoria'} exportAs={exportAs('faltas por categoria', 'categorias')} />
          }
        >
          <BarSeriesChart horizontal data={data.by_category} categoryKey="category_name" series={[{ key: 'shortages', name: 'Faltas' }]} title="Faltas por categoria" formatValue={count} />
        </ChartCard>
      </div>

      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <ChartCard
          title="Produtos que mais faltam"
          grain={GRAIN}
          hint="Os 20 produtos com mais faltas registradas no período."
          empty={empty}
          emptyText={leadTimeMessages.noShortages}
          table={
            <AnalysisTable bare title="Produtos que mais faltam" columns={productColumns} rows={data.top_by_frequency} rowKey={(row) => row.product_id} exportAs={exportAs('produtos que mais faltam', 'produtos-frequencia')} />
          }
        >
          <BarSeriesChart horizontal data={data.top_by_frequency} categoryKey="product_name" series={[{ key: 'shortages', name: 'Faltas' }]} title="Produtos que mais faltam" formatValue={count} />
        </ChartCard>

        <ChartCard
          title="Produtos mais solicitados"
          grain={GRAIN}
          hint="Os 20 produtos com a maior quantidade solicitada nas faltas do período."
          empty={empty}
          emptyText={leadTimeMessages.noShortages}
          table={
            <AnalysisTable bare title="Produtos mais solicitados" columns={productColumns} rows={data.top_by_quantity} rowKey={(row) => row.product_id} exportAs={exportAs('produtos mais solicitados', 'produtos-quantidade')} />
          }
        >
          <BarSeriesChart
            horizontal
            data={data.top_by_quantity}
            categoryKey="product_name"
            series={[{ key: 'requested_quantity', name: 'Quantidade solicitada' }]}
            title="Produtos mais solicitados"
            formatValue={count}
          />
        </ChartCard>
      </div>

      <AnalysisTable
        title="Faltas recorrentes"
        description={`Produtos que voltaram a faltar na mesma unidade em até ${withinDays}.`}
        columns={recurringColumns}
        rows={data.recurring}
        rowKey={(row) => `${row.product_id}:${row.unit_id}`}
        emptyText={leadTimeMessages.noRecurring}
        exportAs={exportAs('faltas recorrentes', 'recorrentes')}
      />
    </>
  );
}
