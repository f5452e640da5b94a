import { describe, expect, it } from 'vitest';
import { cell } from '@/lib/spreadsheet/write';
import type { QuoteMatrix } from '@/features/analytics/api/get-quote-matrix';
import { quoteMatrixDocument } from '@/features/analytics/quote-analysis/matrix-export';

const matrix: QuoteMatrix = {
  monthly_rate: 0.02,
  suppliers: [
    { id: 'a', name: 'Distribuidora Alfa' },
    { id: 'b', name: 'Distribuidora Beta' },
  ],
  rows_total: 2,
  truncated: false,
  rows: [
    {
      batch_id: 'b1', batch_name: 'Lote 1', sent_at: '2026-11-02T12:00:00+00:00', product_name: 'Dipirona', unit_name: 'Unidade Centro', quantity: 10,
      cells: { a: { price: 10, effective_unit_cost: 8.1699, winner: true }, b: { price: 9.5, effective_unit_cost: 9.5, winner: false } },
    },
    { batch_id: 'b1', batch_name: 'Lote 1', sent_at: '2026-11-02T12:00:00+00:00', product_name: 'Omeprazol', unit_name: null, quantity: 4, cells: { b: { price: 3, effective_unit_cost: null, winner: false } } },
  ],
};

describe('quoteMatrixDocument', () => {
  it('writes one line per item with each supplier’s price and effective cost side by side, blanks where it did not price', () => {
    const doc = quoteMatrixDocument(matrix, [{ label: 'Período', value: '01/11/2026 a 26/11/2026' }], new Date('2026-11-26T15:00:00Z'));
    expect(doc.columns).toEqual([
      'Lote', 'Enviado em', 'Produto', 'Unidade', 'Quantidade',
      'Distribuidora Alfa: preço', 'Distribuidora Alfa: custo efetivo', 'Distribuidora Beta: preço', 'Distribuidora Beta: custo efetivo', 'Vencedor',
    ]);
    expect(doc.rows[0]).toEqual(['Lote 1', cell.date('2026-11-02'), 'Dipirona', 'Unidade Centro', cell.number(10), cell.money(10), cell.number(8.1699, 4), cell.money(9.5), cell.number(9.5, 4), 'Distribuidora Alfa']);
    expect(doc.rows[1]).toEqual(['Lote 1', cell.date('2026-11-02'), 'Omeprazol', '', cell.number(4), null, null, cell.money(3), null, '']);
    expect(doc.details).toEqual([
      { label: 'Período', value: '01/11/2026 a 26/11/2026' },
      { label: 'Custo do dinheiro', value: '2 % ao mês' },
    ]);
  });

  it('says so when the sheet holds only the newest items', () => {
    const doc = quoteMatrixDocument({ ...matrix, rows_total: 7200, truncated: true }, [], new Date());
    expect(doc.details.at(-1)).toEqual({ label: 'Atenção', value: 'A matriz tem 7.200 itens; o arquivo traz os 2 mais recentes. Reduza o período para ter todos.' });
  });
});
