import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PurchaseReportPage } from '@/features/analytics/purchase-report/purchase-report-page';

const ORDER = '53f7a574-95bc-46c4-a5a1-c8265da4ab0e';
const SUPPLIER = '0f20940c-e205-4116-977b-c2903ae4d84d';

const rpc = vi.hoisted(() => ({ calls: [] as { name: string; args: unknown }[], answers: {} as Record<string, () => { data: unknown; error: unknown }> }));

vi.mock('@/lib/supabase', () => {
  const thenable = (result: () => { data: unknown; error: unknown }) => {
    const chain: Record<string, unknown> = {};
    chain.abortSignal = () => chain;
    chain.then = (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) => Promise.resolve().then(result).then(resolve, reject);
    return chain;
  };
  return {
    supabase: {
      rpc: (name: string, args: unknown) => {
        rpc.calls.push({ name, args });
        return thenable(() => rpc.answers[name]!());
      },
    },
  };
});
// The charts are recharts (lazy): drawn as their titles here.
vi.mock('@/features/analytics/components/shared/lazy-charts', () => ({
  prefetchAnalysisCharts: () => undefined,
  BarSeriesChart: ({ title }: { title: string }) => <p>gráfico {title}</p>,
  LineSeriesChart: ({ title }: { title: string }) => <p>gráfico {title}</p>,
}));

const REPORT = {
  summary: { orders: 2, lines: 3, total_amount: 141, savings_vs_avg: 12, savings_vs_last: null, received_orders: 1, pending_orders: 1 },
  by_month: [{ month: '2026-11', orders: 2, lines: 3, total_amount: 141, savings_vs_avg: 12, savings_vs_last: null }],
  by_supplier: [{ supplier_id: SUPPLIER, supplier_name: 'Distribuidora Alfa', orders: 2, lines: 3, total_amount: 141, savings_vs_avg: 12, savings_vs_last: null }],
  by_unit: [{ unit_id: 'u1', unit_name: 'Unidade Sul', orders: 2, lines: 3, total_amount: 141, savings_vs_avg: 12 }],
  orders: [
    {
      order_id: ORDER, batch_id: 'b1', batch_name: 'Lote Mensal Sul', supplier_id: SUPPLIER, supplier_name: 'Distribuidora Alfa',
      created_at: '2026-11-12T14:00:00Z', promised_date: '2026-11-17', delivery_date: '2026-11-19', received_at: null,
      status: 'SOLICITADO', lines: 3, total_amount: 141, savings_vs_avg: 12, savings_vs_last: null,
    },
  ],
  orders_listed: 2,
  truncated: false,
};

const DETAIL = {
  order_id: ORDER, batch_id: 'b1', batch_name: 'Lote Mensal Sul', batch_unit_name: 'Unidade Sul', supplier_id: SUPPLIER, supplier_name: 'Distribuidora Alfa',
  created_at: '2026-11-12T14:00:00Z', promised_date: '2026-11-17', delivery_date: '2026-11-19', received_at: null, status: 'SOLICITADO', total_amount: 141,
  lines: [
    {
      line_id: 'l1', shortage_id: 's1', product_name: 'Dipirona 500 mg', barcode: null, unit_id: 'u1', unit_name: 'Unidade Sul', quantity: 10, requested_quantity: 10,
      minimum_quantity: null, raised_to_minimum: false, received_quantity: null, received_at: null, received_by_name: null, receipt_requested_at: null,
      unit_price: 14.1, total_price: 141, substitute_product_name: null, substitute_manufacturer: null, bonus_quantity: 0, bonus_product_name: null,
      bonus_manufacturer: null, bonus_expiry_date: null, avg_quote_price: 15.3, savings_vs_avg: 12, last_price: null, savings_vs_last: null,
    },
  ],
};

const OPTIONS = { units: [{ id: 'u1', name: 'Unidade Sul' }], suppliers: [{ id: SUPPLIER, name: 'Distribuidora Alfa' }], categories: [] };

function renderPage(url = '/relatorio-compras') {
  const location = { search: '' };
  function Spy() {
    location.search = useLocation().search;
    return null;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const printable = vi.fn((order: { order_id: string }) => <article aria-label="documento impresso">{order.order_id}</article>);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Spy />
        <PurchaseReportPage title="Relatório de Compras" renderPrintable={printable} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, printable, location };
}

const root = (container: HTMLElement) => container.querySelector('[data-analysis="relatorio-compras"]')!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T15:00:00Z'));
  rpc.calls = [];
  rpc.answers = {
    get_analysis_filter_options: () => ({ data: OPTIONS, error: null }),
    get_purchase_report: () => ({ data: REPORT, error: null }),
    get_purchase_report_order: () => ({ data: DETAIL, error: null }),
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PurchaseReportPage', () => {
  it('asks for the last 90 days and shows the totals, with sem dados where no line has a reference', async () => {
    const { container } = renderPage();
    expect(root(container).getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(root(container).getAttribute('aria-busy')).toBe('false'));
    expect(rpc.calls.find((call) => call.name === 'get_purchase_report')?.args).toEqual({ p_from: '2026-08-29', p_to: '2026-11-26', p_list_limit: 50 });
    expect(within(screen.getByRole('group', { name: 'Pedidos' })).getByText('2')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Pedidos' }).textContent).toContain('1 recebido, 1 pendente');
    expect(screen.getByRole('group', { name: 'Valor comprado' }).textContent).toMatch(/R\$\s141,00/);
    expect(screen.getByRole('group', { name: 'Valor comprado' }).textContent).toContain('3 linhas de pedido');
    expect(screen.getByRole('group', { name: 'Economia vs. último preço pago' }).textContent).toContain('sem dados');
    // The charts are drawn after the figures (ChartCard defers them).
    expect(await screen.findByText('gráfico Compras por mês')).toBeTruthy();
  });

  it('shows a chart as a table with the same totals', async () => {
    renderPage();
    const card = await screen.findByRole('region', { name: 'Compras por mês' });
    await userEvent.click(within(card).getByRole('button', { name: 'Tabela' }));
    expect(within(card).getByRole('table', { name: 'Compras por mês' }).textContent).toContain('novembro de 2026');
    expect(within(card).getByTestId('analysis-table-totals').textContent).toMatch(/Total.*R\$\s141,00/);
  });

  it('sends the filters of the URL and says what to do when nothing matches', async () => {
    rpc.answers.get_purchase_report = () => ({
      data: { ...REPORT, summary: { ...REPORT.summary, orders: 0, lines: 0, total_amount: 0, savings_vs_avg: null, received_orders: 0, pending_orders: 0 }, by_month: [], by_supplier: [], by_unit: [], orders: [], orders_listed: 0 },
      error: null,
    });
    renderPage(`/relatorio-compras?de=2026-01-01&ate=2026-01-31&fornecedor=${SUPPLIER}`);
    expect(await screen.findByText('Nenhum pedido no período. Amplie o período ou remova filtros.')).toBeTruthy();
    expect(rpc.calls.find((call) => call.name === 'get_purchase_report')?.args).toEqual({ p_from: '2026-01-01', p_to: '2026-01-31', p_supplier_id: SUPPLIER, p_list_limit: 50 });
  });

  it("shows the database's refusal with a retry", async () => {
    rpc.answers.get_purchase_report = () => ({ data: null, error: { code: '42501', message: 'Você não tem permissão para ver esta análise' } });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erro ao carregar a análise');
    expect(alert.textContent).toContain('Você não tem permissão para ver esta análise');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });

  it('opens an order at ?pedido with its lines, and prints the document the route draws', async () => {
    const { printable, location } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Ver pedido Nº 53F7A574 de Distribuidora Alfa' }));
    expect(location.search).toBe(`?pedido=${ORDER}`);
    const sheet = await screen.findByRole('dialog', { name: 'Pedido Nº 53F7A574: Distribuidora Alfa' });
    const lines = await within(sheet).findByRole('region', { name: 'Linhas do pedido' });
    expect(lines.textContent).toContain('Dipirona 500 mg');
    expect(lines.textContent).toMatch(/R\$\s15,3000/);
    expect(within(sheet).getByText('19/11/2026')).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Imprimir pedido' }));
    expect(await screen.findByRole('dialog', { name: 'Pedido de compra' })).toBeTruthy();
    expect(printable).toHaveBeenCalledWith(expect.objectContaining({ order_id: ORDER }));
  });
});
