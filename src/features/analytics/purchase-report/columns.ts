/**
 * The tables of /relatorio-compras: their columns (what each figure is and its grain) and totals
 * rows, which are the summary's figures, so a table's totals equal the cards above it.
 */
import type { PurchaseReport, PurchaseReportMonth, PurchaseReportOrder, PurchaseReportSupplier, PurchaseReportUnit } from '@/features/analytics/api/get-purchase-report';
import type { PurchaseOrderDetailLine } from '@/features/analytics/api/get-purchase-report-order';
import type { AnalysisColumn, CellValue } from '@/features/analytics/components/shared/analysis-table';
import { purchaseReportMessages as m } from '@/features/analytics/purchase-report/messages';

const ORDERS_HINT = 'Pedidos de compra criados no período com ao menos uma linha nos filtros.';
const LINES_HINT = 'Linhas de pedido (um produto para uma unidade).';
const AMOUNT_HINT = 'Soma de quantidade × preço unitário das linhas.';
const SAVINGS_AVG_HINT = 'Por linha: (preço médio das cotações enviadas para o item − preço pago) × quantidade. Linhas sem cotação não entram.';
const SAVINGS_LAST_HINT = 'Por linha: (último preço pago pelo produto antes do fechamento do lote − preço pago) × quantidade. Linhas sem compra anterior não entram.';

export const hints = { orders: ORDERS_HINT, lines: LINES_HINT, amount: AMOUNT_HINT, savingsAvg: SAVINGS_AVG_HINT, savingsLast: SAVINGS_LAST_HINT };

type Measures = Pick<PurchaseReportMonth, 'orders' | 'lines' | 'total_amount' | 'savings_vs_avg'> & { savings_vs_last?: number | null };

function measureColumns<Row extends Measures>(withLast: boolean): AnalysisColumn<Row>[] {
  return [
    { key: 'orders', header: 'Pedidos', kind: 'count', value: (row) => row.orders, hint: ORDERS_HINT, grain: m.grainOrder },
    { key: 'lines', header: 'Linhas', kind: 'count', value: (row) => row.lines, hint: LINES_HINT, grain: m.grainLine },
    { key: 'total_amount', header: 'Valor total', kind: 'money', value: (row) => row.total_amount, hint: AMOUNT_HINT, grain: m.grainLine },
    { key: 'savings_vs_avg', header: 'Economia vs. média', kind: 'money', value: (row) => row.savings_vs_avg, hint: SAVINGS_AVG_HINT, grain: m.grainLine },
    ...(withLast
      ? [{ key: 'savings_vs_last', header: 'Economia vs. último preço', kind: 'money' as const, value: (row: Row) => row.savings_vs_last ?? null, hint: SAVINGS_LAST_HINT, grain: m.grainLine }]
      : []),
  ];
}

export const monthColumns: AnalysisColumn<PurchaseReportMonth>[] = [
  { key: 'month', header: 'Mês', kind: 'month', value: (row) => row.month },
  ...measureColumns<PurchaseReportMonth>(true),
];

export const supplierColumns: AnalysisColumn<PurchaseReportSupplier>[] = [
  { key: 'supplier_name', header: 'Fornecedor', kind: 'text', value: (row) => row.supplier_name },
  ...measureColumns<PurchaseReportSupplier>(true),
];

export const unitColumns: AnalysisColumn<PurchaseReportUnit>[] = [
  { key: 'unit_name', header: 'Unidade', kind: 'text', value: (row) => row.unit_name },
  ...measureColumns<PurchaseReportUnit>(false),
];

export const STATUS_LABEL: Record<PurchaseReportOrder['status'], string> = { SOLICITADO: 'Solicitado', RECEBIDO: 'Recebido' };

/** 'Nº 53F7A574', as the printed order numbers it. */
export function orderNumber(orderId: string): string {
  return `Nº ${orderId.slice(0, 8).toUpperCase()}`;
}

export const orderColumns: AnalysisColumn<PurchaseReportOrder>[] = [
  { key: 'order', header: 'Pedido', kind: 'text', value: (row) => orderNumber(row.order_id) },
  { key: 'created_at', header: 'Criado em', kind: 'datetime', value: (row) => row.created_at },
  { key: 'supplier_name', header: 'Fornecedor', kind: 'text', value: (row) => row.supplier_name },
  { key: 'batch_name', header: 'Lote', kind: 'text', value: (row) => row.batch_name },
  { key: 'status', header: 'Status', kind: 'text', value: (row) => STATUS_LABEL[row.status] },
  { key: 'promised_date', header: 'Entrega prometida', kind: 'date', value: (row) => row.promised_date, hint: 'A data de entrega fixada quando o pedido foi gerado (não muda se a entrega for remarcada).' },
  { key: 'received_at', header: 'Recebido em', kind: 'datetime', value: (row) => row.received_at },
  { key: 'lines', header: 'Linhas', kind: 'count', value: (row) => row.lines, hint: LINES_HINT, grain: m.grainLine },
  { key: 'total_amount', header: 'Valor total', kind: 'money', value: (row) => row.total_amount, hint: AMOUNT_HINT, grain: m.grainLine },
  { key: 'savings_vs_avg', header: 'Economia vs. média', kind: 'money', value: (row) => row.savings_vs_avg, hint: SAVINGS_AVG_HINT, grain: m.grainLine },
  { key: 'savings_vs_last', header: 'Economia vs. último preço', kind: 'money', value: (row) => row.savings_vs_last, hint: SAVINGS_LAST_HINT, grain: m.grainLine },
];

/** The totals row of every table: the report's summary (the same figures as the cards). */
export function summaryTotals(report: PurchaseReport): Record<string, CellValue> {
  return {
    orders: report.summary.orders,
    lines: report.summary.lines,
    total_amount: report.summary.total_amount,
    savings_vs_avg: report.summary.savings_vs_avg,
    savings_vs_last: report.summary.savings_vs_last,
  };
}

export const lineColumns: AnalysisColumn<PurchaseOrderDetailLine>[] = [
  { key: 'product_name', header: 'Produto', kind: 'text', value: (row) => (row.substitute_product_name ? `${row.substitute_product_name} (substituto de ${row.product_name})` : row.product_name) },
  { key: 'unit_name', header: 'Unidade', kind: 'text', value: (row) => row.unit_name },
  { key: 'quantity', header: 'Quantidade', kind: 'quantity', value: (row) => row.quantity },
  { key: 'received_quantity', header: 'Recebida', kind: 'quantity', value: (row) => row.received_quantity, hint: 'Quantidade contada pela unidade no recebimento ("sem dados" enquanto não foi recebida).' },
  { key: 'bonus_quantity', header: 'Bonificação', kind: 'quantity', value: (row) => row.bonus_quantity },
  { key: 'unit_price', header: 'Preço unitário', kind: 'unitCost', value: (row) => row.unit_price },
  { key: 'total_price', header: 'Total', kind: 'money', value: (row) => row.total_price },
  { key: 'avg_quote_price', header: 'Média das cotações', kind: 'unitCost', value: (row) => row.avg_quote_price, hint: 'Preço médio das cotações enviadas para o item no lote.', grain: 'Grão: item cotado (linha de cotação)' },
  { key: 'savings_vs_avg', header: 'Economia vs. média', kind: 'money', value: (row) => row.savings_vs_avg, hint: SAVINGS_AVG_HINT, grain: m.grainLine },
  { key: 'last_price', header: 'Último preço pago', kind: 'unitCost', value: (row) => row.last_price },
  { key: 'savings_vs_last', header: 'Economia vs. último preço', kind: 'money', value: (row) => row.savings_vs_last, hint: SAVINGS_LAST_HINT, grain: m.grainLine },
];

/** The drill-down's totals: quantities and amounts of the order's lines. */
export function lineTotals(lines: readonly PurchaseOrderDetailLine[]): Record<string, CellValue> {
  const sum = (values: (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : Math.round(present.reduce((total, value) => total + value, 0) * 100) / 100;
  };
  return {
    quantity: sum(lines.map((line) => line.quantity)),
    received_quantity: sum(lines.map((line) => line.received_quantity)),
    bonus_quantity: sum(lines.map((line) => line.bonus_quantity)),
    total_price: sum(lines.map((line) => line.total_price)),
    savings_vs_avg: sum(lines.map((line) => line.savings_vs_avg)),
    savings_vs_last: sum(lines.map((line) => line.savings_vs_last)),
  };
}
