import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseDaysAnalysis, PurchaseDaysParams } from '@/features/analytics/api/get-purchase-days-analysis';
import { PurchaseDaysPage } from '@/features/analytics/purchase-days/purchase-days-page';
import { weekdayName } from '@/features/analytics/purchase-days/weekdays';

const X = '11111111-1111-4111-8111-111111111111';
const Y = '22222222-2222-4222-8222-222222222222';
const SUPPLIER = '33333333-3333-4333-8333-333333333333';

const weekday = (day: number, orders: number, toDelivery: number | null, fromShortage: number | null) => ({
  weekday: day, orders, avg_days_order_to_delivery: toDelivery, avg_days_shortage_to_delivery: fromShortage,
});

const DOC: PurchaseDaysAnalysis = {
  summary: {
    orders: 4, received_orders: 3, lines: 4, received_lines: 3, avg_days_shortage_to_order: 3.4, avg_days_shortage_to_delivery: 7,
    avg_days_order_to_delivery: 2.8, judged_orders: 3, on_time_orders: 2, on_time_rate: 0.6667, fill_rate: 0.9394,
  },
  by_supplier: [
    { supplier_id: X, supplier_name: 'Distribuidora Alfa', orders: 2, lines: 2, received_orders: 2, avg_days_order_to_delivery: 3.8, avg_days_shortage_to_delivery: 6, judged_orders: 2, on_time_orders: 1, on_time_rate: 0.5, ordered_quantity: 30, received_quantity: 28, fill_rate: 0.9333 },
    { supplier_id: Y, supplier_name: 'Distribuidora Beta', orders: 2, lines: 2, received_orders: 1, avg_days_order_to_delivery: 1, avg_days_shortage_to_delivery: 9, judged_orders: 0, on_time_orders: 0, on_time_rate: null, ordered_quantity: 3, received_quantity: 3, fill_rate: 1 },
  ],
  by_weekday: [weekday(0, 0, null, null), weekday(1, 0, null, null), weekday(2, 0, null, null), weekday(3, 2, 3.5, 5), weekday(4, 2, 2.5, 8), weekday(5, 0, null, null), weekday(6, 0, null, null)],
  by_product: [{ product_id: X, product_name: 'Dipirona 500 mg', lines: 2, avg_days_shortage_to_order: 2, avg_days_shortage_to_delivery: 7 }],
  best_weekday: 4,
};

const calls = vi.hoisted(() => ({ params: [] as unknown[], data: undefined as unknown }));

vi.mock('@/features/analytics/api/get-purchase-days-analysis', () => ({
  usePurchaseDaysAnalysis: (params: PurchaseDaysParams, enabled: boolean) => {
    calls.params.push({ ...params, enabled });
    return { data: calls.data, error: null, isFetching: false, isPlaceholderData: false, refetch: vi.fn() };
  },
}));
vi.mock('@/features/analytics/api/get-analysis-filter-options', () => ({
  useAnalysisFilterOptions: () => ({ data: { units: [], suppliers: [{ id: SUPPLIER, name: 'Distribuidora Gama' }], categories: [] }, isError: false, error: null, refetch: vi.fn() }),
}));
vi.mock('@/features/analytics/components/shared/lazy-charts', () => ({
  prefetchAnalysisCharts: () => undefined,
  BarSeriesChart: ({ title }: { title: string }) => <div data-testid="chart">{title}</div>,
  LineSeriesChart: ({ title }: { title: string }) => <div data-testid="chart">{title}</div>,
}));

function renderPage(url = '/analise-dias-compras') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <PurchaseDaysPage title="Análise de Dias para Compras" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.params = [];
  calls.data = DOC;
});
afterEach(cleanup);

describe('weekdayName', () => {
  it('names SQL’s extract(dow) days in Portuguese', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(weekdayName)).toEqual(['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']);
  });
});

describe('PurchaseDaysPage', () => {
  it('shows lead times, on-time and fill rates with their counts, and calls out the best weekday', () => {
    const { container } = renderPage();
    expect(container.querySelector('[data-analysis="analise-dias-compras"]')?.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('group', { name: 'Pontualidade' }).textContent).toContain('66,7 %');
    expect(screen.getByRole('group', { name: 'Pontualidade' }).textContent).toContain('2 pedidos no prazo de 3 recebidos');
    expect(screen.getByRole('group', { name: 'Atendimento' }).textContent).toContain('93,9 %');
    expect(screen.getByRole('group', { name: 'Dias da falta ao pedido' }).textContent).toContain('4 itens pedidos em 4 pedidos');
    expect(screen.getByRole('note').textContent).toBe('Melhor dia para pedir: quinta-feira. Os itens pedidos nesse dia chegaram em 2,5 dias em média (2 pedidos feitos nesse dia no período).');
  });

  it('lists suppliers with totals equal to the summary, a zero denominator reading sem dados', () => {
    renderPage();
    const table = screen.getByRole('region', { name: 'Fornecedores' });
    const beta = within(table).getByRole('row', { name: /Distribuidora Beta/ });
    expect([...beta.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Distribuidora Beta', '2', '2', '1', '1,0 dia', '9,0 dias', 'sem dados', '100,0 %']);
    const totals = within(table).getByTestId('analysis-table-totals');
    expect([...totals.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual(['Total', '4', '4', '3', '2,8 dias', '7,0 dias', '66,7 %', '93,9 %']);
  });

  it('has a table view of the weekday chart with the seven days', async () => {
    renderPage();
    const card = screen.getByRole('region', { name: 'Prazo por dia da semana do pedido' });
    await userEvent.click(within(card).getByRole('button', { name: 'Tabela' }));
    const rows = within(card).getAllByRole('row').slice(1, 8);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']);
  });

  it('passes the URL’s supplier to the database once the options confirm it', () => {
    renderPage(`/analise-dias-compras?fornecedor=${SUPPLIER}&de=2026-01-01&ate=2026-03-31`);
    expect(calls.params.at(-1)).toMatchObject({ supplierId: SUPPLIER, from: '2026-01-01', to: '2026-03-31', enabled: true });
  });

  it('with nothing received: no best weekday, and the charts say why they are empty', () => {
    calls.data = {
      ...DOC,
      summary: { ...DOC.summary, received_orders: 0, received_lines: 0, avg_days_shortage_to_delivery: null, avg_days_order_to_delivery: null, judged_orders: 0, on_time_orders: 0, on_time_rate: null, fill_rate: null },
      by_weekday: DOC.by_weekday.map((row) => ({ ...row, avg_days_order_to_delivery: null, avg_days_shortage_to_delivery: null })),
      best_weekday: null,
    };
    renderPage();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('group', { name: 'Pontualidade' }).textContent).toContain('sem dados');
    expect(screen.getAllByText('Nenhum pedido recebido no período: ainda não há prazos de entrega. Amplie o período ou remova filtros.').length).toBe(3);
  });
});
