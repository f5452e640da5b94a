import { formatNumber } from '@/lib/dates';
import { cell, type CellInput, type ExportDetail, type ExportDocument } from '@/lib/spreadsheet/write';
import type { QuoteMatrix } from '@/features/analytics/api/get-quote-matrix';
import { quoteAnalysisMessages } from '@/features/analytics/quote-analysis/messages';

/**
 * The supplier × item sheet buyers used to rebuild by hand: one line per quoted item (batch, day
 * sent, product, unit, quantity), then per supplier its price and effective unit cost, and the
 * winner's name. An empty cell is a supplier that did not price the item.
 */
export function quoteMatrixDocument(matrix: QuoteMatrix, details: readonly ExportDetail[], generatedAt: Date): ExportDocument {
  const nameOf = new Map(matrix.suppliers.map((supplier) => [supplier.id, supplier.name]));
  const columns = [
    'Lote',
    'Enviado em',
    'Produto',
    'Unidade',
    'Quantidade',
    ...matrix.suppliers.flatMap((supplier) => [`${supplier.name}: preço`, `${supplier.name}: custo efetivo`]),
    'Vencedor',
  ];
  const rows = matrix.rows.map((row): CellInput[] => {
    const winner = Object.entries(row.cells).find(([, offer]) => offer.winner)?.[0];
    return [
      row.batch_name ?? '',
      cell.date(row.sent_at.slice(0, 10)),
      row.product_name,
      row.unit_name ?? '',
      cell.number(row.quantity),
      ...matrix.suppliers.flatMap((supplier): CellInput[] => {
        const offer = row.cells[supplier.id];
        if (!offer) return [null, null];
        return [cell.money(offer.price), offer.effective_unit_cost === null ? null : cell.number(offer.effective_unit_cost, 4)];
      }),
      winner ? (nameOf.get(winner) ?? '') : '',
    ];
  });
  const more: ExportDetail[] = [{ label: 'Custo do dinheiro', value: `${formatNumber(matrix.monthly_rate * 100, { maximumFractionDigits: 2 })} % ao mês` }];
  if (matrix.truncated) {
    more.push({ label: 'Atenção', value: quoteAnalysisMessages.matrixTruncated(formatNumber(matrix.rows.length), formatNumber(matrix.rows_total)) });
  }
  return {
    title: quoteAnalysisMessages.matrixTitle,
    details: [...details, ...more],
    generatedAt,
    columns,
    rows,
    totals: null,
    sheetName: 'Matriz de preços',
  };
}
