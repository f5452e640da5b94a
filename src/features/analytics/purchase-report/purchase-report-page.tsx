import { useEffect, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { formatCount, formatCurrency, formatMonthYear, formatNumber } from '@/lib/dates';
import { isUuid } from '@/lib/utils';
import { useAnalysisFilterOptions } from '@/features/analytics/api/get-analysis-filter-options';
import {
  PURCHASE_REPORT_FIRST_ORDERS,
  useLoadAllPurchaseReportOrders,
  usePurchaseReport,
  type PurchaseReport,
  type PurchaseReportOrder,
} from '@/features/analytics/api/get-purchase-report';
import type { PurchaseOrderDetail } from '@/features/analytics/api/get-purchase-report-order';
import { AnalysisContent, AnalysisPage } from '@/features/analytics/components/shared/analysis-page';
import { AnalysisTable, type AnalysisColumn } from '@/features/analytics/components/shared/analysis-table';
import { ChartCard, EmptyState } from '@/features/analytics/components/shared/chart-card';
import { exportDetails } from '@/features/analytics/components/shared/export-details';
import { FilterBar, type FilterField } from '@/features/analytics/components/shared/filter-bar';
import { formatMoney } from '@/features/analytics/components/shared/format';
import { BarSeriesChart, LineSeriesChart, prefetchAnalysisCharts } from '@/features/analytics/components/shared/lazy-charts';
import { MetricCard, MetricGrid } from '@/features/analytics/components/shared/metric-card';
import { useAnalysisParams } from '@/features/analytics/components/shared/use-analysis-params';
import { useStartFigures } from '@/features/analytics/components/shared/use-start-figures';
import { purchaseReportInput } from '@/features/analytics/first-queries';
import { hints, monthColumns, orderColumns, orderNumber, summaryTotals, supplierColumns, unitColumns } from '@/features/analytics/purchase-report/columns';
import { purchaseReportMessages as m } from '@/features/analytics/purchase-report/messages';
import { OrderSheet, ORDER_PARAM } from '@/features/analytics/purchase-report/order-sheet';

const FIELDS: readonly FilterField[] = ['unit', 'supplier', 'category'];
/** Suppliers drawn in the chart (the table view lists them all). */
const CHART_SUPPLIERS = 15;

interface PurchaseReportPageProps {
  title: string;
  /** The printable purchase order (purchasing draws it; the route composes it). */
  renderPrintable: (order: PurchaseOrderDetail) => ReactNode;
}

/** /relatorio-compras: orders by period, supplier and unit, with totals, savings and the drill-down to each order. */
export function PurchaseReportPage({ title, renderPrintable }: PurchaseReportPageProps) {
  const params = useAnalysisParams(undefined, useStartFigures('purchase-report'));
  const { filters } = params;
  const reportFilters = useMemo(() => purchaseReportInput(filters), [filters]);
  const report = usePurchaseReport(reportFilters, params.ready);
  const loadAllOrders = useLoadAllPurchaseReportOrders(reportFilters);
  const options = useAnalysisFilterOptions();
  const [search, setSearch] = useSearchParams();
  const openedOrder = search.get(ORDER_PARAM);

  useEffect(() => prefetchAnalysisCharts(), []);

  const openOrder = (orderId: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set(ORDER_PARAM, orderId);
      return next;
    });
  const closeOrder = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ORDER_PARAM);
        return next;
      },
      { replace: true },
    );

  const data = report.data;
  const details = exportDetails(filters, FIELDS, options.data, null);
  const busy = !params.ready || report.isFetching || (report.isPending && params.ready);

  return (
    <AnalysisPage name="relatorio-compras" title={title} description={m.description} busy={busy} filters={<FilterBar params={params} fields={FIELDS} />}>
      <AnalysisContent loading={!data} stale={report.isPlaceholderData} error={report.isError ? report.error : null} onRetry={() => void report.refetch()}>
        {data ? data.summary.orders === 0 ? <EmptyState text={m.empty} /> : <ReportBody report={data} details={details} onOpenOrder={openOrder} loadAllOrders={loadAllOrders} /> : null}
      </AnalysisContent>
      <OrderSheet orderId={openedOrder && isUuid(openedOrder) ? openedOrder : null} invalid={openedOrder !== null && !isUuid(openedOrder)} onClose={closeOrder} renderPrintable={renderPrintable} />
    </AnalysisPage>
  );
}

interface ReportBodyProps {
  report: PurchaseReport;
  details: ReturnType<typeof exportDetails>;
  onOpenOrder: (orderId: string) => void;
  /** The whole orders list ('Mostrar todas', exports): `report` holds its first lines. */
  loadAllOrders: () => Promise<PurchaseReportOrder[]>;
}

function ReportBody({ report, details, onOpenOrder, loadAllOrders }: ReportBodyProps) {
  const { summary } = report;
  const totals = summaryTotals(report);
  const columns: AnalysisColumn<PurchaseReportOrder>[] = orderColumns.map((column) =>
    column.key === 'order'
      ? {
          ...column,
          render: (row) => (
            <Button type="button" variant="link" className="h-auto p-0 font-medium" onClick={() => onOpenOrder(row.order_id)} aria-label={`Ver pedido ${orderNumber(row.order_id)} de ${row.supplier_name}`}>
              {orderNumber(row.order_id)}
            </Button>
          ),
        }
      : column,
  );
  const exportAs = (name: string, file: string) => ({ title: `Relatório de Compras: ${name}`, details, fileName: `relatorio-compras-${file}` });

  return (
    <>
      <MetricGrid>
        <MetricCard
          label="Pedidos"
          value={formatNumber(summary.orders)}
          hint={hints.orders}
          grain={m.grainOrder}
          detail={`${formatCount(summary.received_orders, 'recebido', 'recebidos')}, ${formatCount(summary.pending_orders, 'pendente', 'pendentes')}`}
        />
        <MetricCard label="Valor comprado" value={formatCurrency(summary.total_amount)} hint={hints.amount} grain={m.grainLine} detail={formatCount(summary.lines, 'linha de pedido', 'linhas de pedido')} />
        <MetricCard label="Economia vs. média das cotações" value={formatMoney(summary.savings_vs_avg)} hint={hints.savingsAvg} grain={m.grainLine} />
        <MetricCard label="Economia vs. último preço pago" value={formatMoney(summary.savings_vs_last)} hint={hints.savingsLast} grain={m.grainLine} />
      </MetricGrid>

      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <ChartCard
          title="Compras por mês"
          grain={m.grainLine}
          hint="Valor dos pedidos criados em cada mês."
          table={<AnalysisTable bare title="Compras por mês" columns={monthColumns} rows={report.by_month} rowKey={(row) => row.month} totals={totals} exportAs={exportAs('por mês', 'por-mes')} />}
        >
          <BarSeriesChart data={report.by_month} categoryKey="month" series={[{ key: 'total_amount', name: 'Valor total' }]} title="Compras por mês" formatValue={formatCurrency} formatCategory={formatMonthYear} />
        </ChartCard>
        <ChartCard
          title="Economia por mês"
          grain={m.grainLine}
          hint="Economia dos pedidos de cada mês contra a média das cotações e contra o último preço pago."
          table={<AnalysisTable bare title="Economia por mês" columns={monthColumns} rows={report.by_month} rowKey={(row) => row.month} totals={totals} exportAs={exportAs('economia por mês', 'economia-por-mes')} />}
        >
          <LineSeriesChart
            data={report.by_month}
            categoryKey="month"
            series={[
              { key: 'savings_vs_avg', name: 'vs. média das cotações' },
              { key: 'savings_vs_last', name: 'vs. último preço pago' },
            ]}
            title="Economia por mês"
            formatValue={formatCurrency}
            formatCategory={formatMonthYear}
          />
        </ChartCard>
      </div>

      <ChartCard
        title="Compras por fornecedor"
        grain={m.grainLine}
        hint={`Valor comprado de cada fornecedor no período (o gráfico mostra os ${CHART_SUPPLIERS} maiores; a tabela, todos).`}
        table={<AnalysisTable bare title="Compras por fornecedor" columns={supplierColumns} rows={report.by_supplier} rowKey={(row) => row.supplier_id} totals={totals} exportAs={exportAs('por fornecedor', 'por-fornecedor')} />}
      >
        <BarSeriesChart horizontal data={report.by_supplier.slice(0, CHART_SUPPLIERS)} categoryKey="supplier_name" series={[{ key: 'total_amount', name: 'Valor total' }]} title="Compras por fornecedor" formatValue={formatCurrency} />
      </ChartCard>

      <AnalysisTable
        title="Por unidade"
        description={m.unitOrdersNote}
        columns={unitColumns}
        rows={report.by_unit}
        rowKey={(row) => row.unit_id}
        totals={totals}
        exportAs={exportAs('por unidade', 'por-unidade')}
      />

      <AnalysisTable
        title="Pedidos"
        description={report.truncated ? m.truncated(formatNumber(report.orders_listed)) : 'Do mais recente ao mais antigo. Abra um pedido para ver suas linhas e imprimi-lo.'}
        columns={columns}
        rows={report.orders}
        rowKey={(row) => row.order_id}
        totals={totals}
        exportAs={exportAs('pedidos', 'pedidos')}
        collapsedRows={PURCHASE_REPORT_FIRST_ORDERS}
        more={{ total: report.orders_listed, loadAll: loadAllOrders }}
      />
    </>
  );
}
