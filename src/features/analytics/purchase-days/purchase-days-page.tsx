import { Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { formatCount } from '@/lib/dates';
import { useAnalysisFilterOptions } from '@/features/analytics/api/get-analysis-filter-options';
import { usePurchaseDaysAnalysis, type PurchaseDaysAnalysis } from '@/features/analytics/api/get-purchase-days-analysis';
import { AnalysisContent, AnalysisPage } from '@/features/analytics/components/shared/analysis-page';
import { AnalysisTable, type AnalysisColumn } from '@/features/analytics/components/shared/analysis-table';
import { ChartCard } from '@/features/analytics/components/shared/chart-card';
import { exportDetails } from '@/features/analytics/components/shared/export-details';
import { FilterBar, type FilterField } from '@/features/analytics/components/shared/filter-bar';
import { formatDays, formatRatio } from '@/features/analytics/components/shared/format';
import { BarSeriesChart, prefetchAnalysisCharts } from '@/features/analytics/components/shared/lazy-charts';
import { MetricCard, MetricGrid } from '@/features/analytics/components/shared/metric-card';
import { useAnalysisParams } from '@/features/analytics/components/shared/use-analysis-params';
import { useStartFigures } from '@/features/analytics/components/shared/use-start-figures';
import { purchaseDaysInput } from '@/features/analytics/first-queries';
import { weekdayName } from '@/features/analytics/purchase-days/weekdays';
import { leadTimeMessages } from '@/features/analytics/shortage-analysis/messages';

const FIELDS: readonly FilterField[] = ['unit', 'supplier', 'category', 'product'];
const LINE = leadTimeMessages.grainLine;
const ORDER = leadTimeMessages.grainOrder;

type SupplierRow = PurchaseDaysAnalysis['by_supplier'][number];
type WeekdayRow = PurchaseDaysAnalysis['by_weekday'][number] & { name: string };
type ProductRow = PurchaseDaysAnalysis['by_product'][number];

const HINTS = {
  shortageToOrder: 'Média de dias do registro da falta até o pedido ao fornecedor.',
  shortageToDelivery: 'Média de dias do registro da falta até o recebimento do item, entre os itens já recebidos.',
  orderToDelivery: 'Média de dias do pedido até o recebimento do item, entre os itens já recebidos.',
  onTime: 'Pedidos recebidos até a data prometida quando o pedido foi enviado (a data original, mesmo que depois tenha sido adiada), entre os pedidos recebidos com data prometida.',
  fill: 'Quantidade recebida dividida pela quantidade pedida, nos itens já recebidos.',
};

const supplierColumns: readonly AnalysisColumn<SupplierRow>[] = [
  { key: 'supplier_name', header: 'Fornecedor', kind: 'text', value: (row) => row.supplier_name },
  { key: 'orders', header: 'Pedidos', kind: 'count', value: (row) => row.orders, grain: ORDER },
  { key: 'lines', header: 'Itens', kind: 'count', value: (row) => row.lines, grain: LINE },
  { key: 'received_orders', header: 'Pedidos recebidos', kind: 'count', value: (row) => row.received_orders, grain: ORDER },
  { key: 'avg_days_order_to_delivery', header: 'Dias do pedido à entrega', kind: 'days', value: (row) => row.avg_days_order_to_delivery, hint: HINTS.orderToDelivery, grain: LINE },
  { key: 'avg_days_shortage_to_delivery', header: 'Dias da falta à entrega', kind: 'days', value: (row) => row.avg_days_shortage_to_delivery, hint: HINTS.shortageToDelivery, grain: LINE },
  { key: 'on_time_rate', header: 'Pontualidade', kind: 'ratio', value: (row) => row.on_time_rate, hint: HINTS.onTime, grain: ORDER },
  { key: 'fill_rate', header: 'Atendimento', kind: 'ratio', value: (row) => row.fill_rate, hint: HINTS.fill, grain: LINE },
];

const pick = (keys: readonly string[]) => supplierColumns.filter((column) => column.key === 'supplier_name' || keys.includes(column.key));
const supplierLeadColumns = pick(['received_orders', 'avg_days_order_to_delivery']);
const supplierRateColumns = pick(['on_time_rate', 'fill_rate']);

const weekdayColumns: readonly AnalysisColumn<WeekdayRow>[] = [
  { key: 'name', header: 'Dia do pedido', kind: 'text', value: (row) => row.name },
  { key: 'orders', header: 'Pedidos', kind: 'count', value: (row) => row.orders, grain: ORDER },
  { key: 'avg_days_order_to_delivery', header: 'Dias do pedido à entrega', kind: 'days', value: (row) => row.avg_days_order_to_delivery, hint: HINTS.orderToDelivery, grain: LINE },
  { key: 'avg_days_shortage_to_delivery', header: 'Dias da falta à entrega', kind: 'days', value: (row) => row.avg_days_shortage_to_delivery, hint: HINTS.shortageToDelivery, grain: LINE },
];

const productColumns: readonly AnalysisColumn<ProductRow>[] = [
  { key: 'product_name', header: 'Produto', kind: 'text', value: (row) => row.product_name },
  { key: 'lines', header: 'Itens pedidos', kind: 'count', value: (row) => row.lines, grain: LINE },
  { key: 'avg_days_shortage_to_order', header: 'Dias da falta ao pedido', kind: 'days', value: (row) => row.avg_days_shortage_to_order, hint: HINTS.shortageToOrder, grain: LINE },
  { key: 'avg_days_shortage_to_delivery', header: 'Dias da falta à entrega', kind: 'days', value: (row) => row.avg_days_shortage_to_delivery, hint: HINTS.shortageToDelivery, grain: LINE },
];

const days = (value: number) => formatDays(value);
const percent = (value: number) => formatRatio(value);

/** /analise-dias-compras: lead times by supplier, weekday of ordering and product; on-time and fill rates. */
export function PurchaseDaysPage({ title }: { title: string }) {
  const params = useAnalysisParams(undefined, useStartFigures('purchase-days'));
  const { filters } = params;
  const options = useAnalysisFilterOptions();
  const query = usePurchaseDaysAnalysis(purchaseDaysInput(filters), params.ready);
  useEffect(() => prefetchAnalysisCharts(), []);

  const data = query.data;
  const details = exportDetails(filters, FIELDS, options.data, params.product);
  const exportAs = (name: string, file: string) => ({ title: `${title}: ${name}`, details, fileName: `analise-dias-compras-${file}` });

  return (
    <AnalysisPage
      name="analise-dias-compras"
      title={title}
      description={leadTimeMessages.purchaseDaysDescription}
      busy={!params.ready || query.isFetching}
      filters={<FilterBar params={params} fields={FIELDS} />}
    >
      <AnalysisContent loading={!data} stale={query.isPlaceholderData} error={query.error} onRetry={() => void query.refetch()}>
        {data ? <Figures data={data} exportAs={exportAs} /> : null}
      </AnalysisContent>
    </AnalysisPage>
  );
}

interface FiguresProps {
  data: PurchaseDaysAnalysis;
  exportAs: (name: string, file: string) => { title: string; details: ReturnType<typeof exportDetails>; fileName: string };
}

function Figures({ data, exportAs }: FiguresProps) {
  const { summary } = data;
  const noOrders = summary.lines === 0;
  const noneReceived = summary.received_lines === 0;
  const weekdays: WeekdayRow[] = data.by_weekday.map((row) => ({ ...row, name: weekdayName(row.weekday) }));
  const best = data.best_weekday === null ? undefined : weekdays.find((row) => row.weekday === data.best_weekday);
  const supplierTotals = {
    orders: summary.orders,
    lines: summary.lines,
    received_orders: summary.received_orders,
    avg_days_order_to_delivery: summary.avg_days_order_to_delivery,
    avg_days_shortage_to_delivery: summary.avg_days_shortage_to_delivery,
    on_time_rate: summary.on_time_rate,
    fill_rate: summary.fill_rate,
  };
  const weekdayTotals = {
    orders: summary.orders,
    avg_days_order_to_delivery: summary.avg_days_order_to_delivery,
    avg_days_shortage_to_delivery: summary.avg_days_shortage_to_delivery,
  };
  const supplierChartTable = (name: string, columns: readonly AnalysisColumn<SupplierRow>[], file: string) => (
    <AnalysisTable
      bare
      title={name}
      columns={columns}
      rows={data.by_supplier}
      rowKey={(row) => row.supplier_id}
      totals={supplierTotals}
      emptyText={leadTimeMessages.noOrders}
      exportAs={exportAs(name.toLowerCase(), file)}
    />
  );

  return (
    <>
      <MetricGrid>
        <MetricCard
          label="Dias da falta ao pedido"
          value={formatDays(summary.avg_days_shortage_to_order)}
          grain={LINE}
          hint={HINTS.shortageToOrder}
          detail={`${formatCount(summary.lines, 'item pedido', 'itens pedidos')} em ${formatCount(summary.orders, 'pedido', 'pedidos')}`}
        />
        <MetricCard
          label="Dias da falta à entrega"
          value={formatDays(summary.avg_days_shortage_to_delivery)}
          grain={LINE}
          hint={HINTS.shortageToDelivery}
          detail={formatCount(summary.received_lines, 'item recebido', 'itens recebidos')}
        />
        <MetricCard label="Dias do pedido à entrega" value={formatDays(summary.avg_days_order_to_delivery)} grain={LINE} hint={HINTS.orderToDelivery} />
        <MetricCard
          label="Pontualidade"
          value={formatRatio(summary.on_time_rate)}
          grain={ORDER}
          hint={HINTS.onTime}
          detail={`${formatCount(summary.on_time_orders, 'pedido no prazo', 'pedidos no prazo')} de ${formatCount(summary.judged_orders, 'recebido', 'recebidos')}`}
        />
        <MetricCard label="Atendimento" value={formatRatio(summary.fill_rate)} grain={LINE} hint={HINTS.fill} />
      </MetricGrid>

      {best && best.avg_days_order_to_delivery !== null ? (
        <p role="note" className="flex items-start gap-2 rounded-md border bg-card px-4 py-3 text-sm">
          <Trophy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            Melhor dia para pedir: <strong>{best.name}</strong>. Os itens pedidos nesse dia chegaram em {formatDays(best.avg_days_order_to_delivery)} em média
            ({formatCount(best.orders, 'pedido feito', 'pedidos feitos')} nesse dia no período).
          </span>
        </p>
      ) : null}

      <ChartCard
        title="Prazo por dia da semana do pedido"
        grain={LINE}
        hint="Média de dias até a entrega conforme o dia da semana em que o pedido foi feito."
        empty={noneReceived}
        emptyText={noOrders ? leadTimeMessages.noOrders : leadTimeMessages.noReceived}
        table={
          <AnalysisTable bare title="Prazo por dia da semana do pedido" columns={weekdayColumns} rows={weekdays} rowKey={(row) => String(row.weekday)} totals={weekdayTotals} exportAs={exportAs('dias da semana', 'dias-da-semana')} />
        }
      >
        <BarSeriesChart
          data={weekdays}
          categoryKey="name"
          series={[
            { key: 'avg_days_order_to_delivery', name: 'Do pedido à entrega' },
            { key: 'avg_days_shortage_to_delivery', name: 'Da falta à entrega' },
          ]}
          title="Prazo por dia da semana do pedido"
          formatValue={days}
        />
      </ChartCard>

      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <ChartCard
          title="Prazo de entrega por fornecedor"
          grain={LINE}
          hint={HINTS.orderToDelivery}
          empty={noneReceived}
          emptyText={noOrders ? leadTimeMessages.noOrders : leadTimeMessages.noReceived}
          table={supplierChartTable('Prazo de entrega por fornecedor', supplierLeadColumns, 'prazo-fornecedores')}
        >
          <BarSeriesChart
            horizontal
            data={data.by_supplier}
            categoryKey="supplier_name"
            series={[{ key: 'avg_days_order_to_delivery', name: 'Do pedido à entrega' }]}
            title="Prazo de entrega por fornecedor"
            formatValue={days}
          />
        </ChartCard>
        <ChartCard
          title="Pontualidade e atendimento por fornecedor"
          grain={`${ORDER} (pontualidade); ${LINE} (atendimento)`}
          hint={`${HINTS.onTime} ${HINTS.fill}`}
          empty={noneReceived}
          emptyText={noOrders ? leadTimeMessages.noOrders : leadTimeMessages.noReceived}
          table={supplierChartTable('Pontualidade e atendimento por fornecedor', supplierRateColumns, 'pontualidade-fornecedores')}
        >
          <BarSeriesChart
            horizontal
            data={data.by_supplier}
            categoryKey="supplier_name"
            series={[
              { key: 'on_time_rate', name: 'Pontualidade' },
              { key: 'fill_rate', name: 'Atendimento' },
            ]}
            title="Pontualidade e atendimento por fornecedor"
            formatValue={percent}
          />
        </ChartCard>
      </div>

      <AnalysisTable
        title="Fornecedores"
        description="Prazos, pontualidade contra a data prometida original e atendimento de cada fornecedor."
        columns={supplierColumns}
        rows={data.by_supplier}
        rowKey={(row) => row.supplier_id}
        totals={supplierTotals}
        emptyText={leadTimeMessages.noOrders}
        exportAs={exportAs('fornecedores', 'fornecedores')}
      />

      <ChartCard
        title="Dias por produto"
        grain={LINE}
        hint="Os 50 produtos mais pedidos: dias da falta ao pedido e da falta à entrega."
        empty={noOrders}
        emptyText={leadTimeMessages.noOrders}
        table={<AnalysisTable bare title="Dias por produto" columns={productColumns} rows={data.by_product} rowKey={(row) => row.product_id} exportAs={exportAs('produtos', 'produtos')} />}
      >
        <BarSeriesChart
          horizontal
          data={data.by_product.slice(0, 15)}
          categoryKey="product_name"
          series={[
            { key: 'avg_days_shortage_to_order', name: 'Da falta ao pedido' },
            { key: 'avg_days_shortage_to_delivery', name: 'Da falta à entrega' },
          ]}
          title="Dias por produto (15 mais pedidos)"
          formatValue={days}
        />
      </ChartCard>
    </>
  );
}

