import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShortageAnalysis, ShortageAnalysisParams } from '@/features/analytics/api/get-shortage-analysis';
import { ShortageAnalysisPage } from '@/features/analytics/shortage-analysis/shortage-analysis-page';

const UNIT_A = '11111111-1111-4111-8111-111111111111';
const UNIT_B = '22222222-2222-4222-8222-222222222222';
const P1 = '33333333-3333-4333-8333-333333333333';

const DOC: ShortageAnalysis = {
  recurrence_days: 30,
  summary: {
    shortages: 6, products: 3, units: 2, requested_quantity: 50, recurring_shortages: 1, recurring_share: 0.1667,
    avg_days_to_batch: 0.9, avg_days_to_order: 3.4, avg_days_to_delivery: null,
  },
  by_week: [
    { week: '2026-11-16', shortages: 2, requested_quantity: 13 },
    { week: '2026-11-23', shortages: 4, requested_quantity: 37 },
  ],
  by_unit: [
    { unit_id: UNIT_A, unit_name: 'Unidade Centro', shortages: 4, requested_quantity: 43, recurring: 1, avg_days_to_delivery: 6 },
    { unit_id: UNIT_B, unit_name: 'Unidade Norte', shortages: 2, requested_quantity: 7, recurring: 0, avg_days_to_delivery: null },
  ],
  by_category: [{ category_id: null, category_name: 'Sem categoria', shortages: 6, requested_quantity: 50 }],
  top_by_frequency: [{ product_id: P1, product_name: 'Dipirona 500 mg', shortages: 4, requested_quantity: 27, units: 2 }],
  top_by_quantity: [{ product_id: P1, product_name: 'Dipirona 500 mg', shortages: 4, requested_quantity: 27, units: 2 }],
  recurring: [{ product_id: P1, product_name: 'Dipirona 500 mg', unit_id: UNIT_A, unit_name: 'Unidade Centro', occurrences: 3, recurring: 1, last_at: '2026-11-25T15:00:00+00:00' }],
};

const calls = vi.hoisted(() => ({ params: [] as unknown[], started: [] as unknown[], data: undefined as unknown }));

vi.mock('@/features/analytics/api/get-shortage-analysis', () => ({
  // A filter change starts the figures for the new URL at once (first-queries.ts' prefetch), with these options.
  shortageAnalysisQueryOptions: (params: ShortageAnalysisParams) => ({
    queryKey: ['shortage-analysis', params],
    queryFn: () => {
      calls.started.push(params);
      return calls.data;
    },
  }),
  useShortageAnalysis: (params: ShortageAnalysisParams, enabled: boolean) => {
    calls.params.push({ ...params, enabled });
    return { data: calls.data, error: null, isFetching: false, isPlaceholderData: false, refetch: vi.fn() };
  },
}));
vi.mock('@/features/analytics/api/get-analysis-filter-options', () => ({
  analysisFilterOptionsQueryOptions: () => ({ queryKey: ['analysis-filter-options'], queryFn: () => ({ units: [], suppliers: [], categories: [] }) }),
  useAnalysisFilterOptions: () => ({ data: { units: [], suppliers: [], categories: [] }, isError: false, error: null, refetch: vi.fn() }),
}));
vi.mock('@/features/analytics/components/shared/lazy-charts', () => ({
  prefetchAnalysisCharts: () => undefined,
  BarSeriesChart: ({ title }: { title: string }) => <div data-testid="chart">{title}</div>,
  LineSeriesChart: ({ title }: { title: string }) => <div data-testid="chart">{title}</div>,
}));

function Location() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderPage(url = '/analise-faltas') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <ShortageAnalysisPage title="Análise de Faltas" />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls.params = [];
  calls.started = [];
  calls.data = DOC;
});
afterEach(cleanup);

describe('ShortageAnalysisPage', () => {
  it('shows the KPIs in pt-BR, a missing average as sem dados, and is not busy once loaded', () => {
    const { container } = renderPage();
    const root = container.querySelector('[data-analysis="analise-faltas"]');
    expect(root?.getAttribute('aria-busy')).toBe('false');
    expect(screen.getByRole('group', { name: 'Faltas registradas' }).textContent).toContain('50 unidades solicitadas · 3 produtos · 2 unidades');
    expect(screen.getByRole('group', { name: 'Faltas recorrentes' }).textContent).toContain('16,7 %');
    expect(screen.getByRole('group', { name: 'Faltas recorrentes' }).textContent).toContain('1 falta recorrente de 6 faltas');
    expect(screen.getByRole('group', { name: 'Dias até o pedido' }).textContent).toContain('3,4 dias');
    expect(screen.getByRole('group', { name: 'Dias até a entrega' }).textContent).toContain('sem dados');
  });

  it('has a table view of the units chart whose totals row is the screen’s summary', async () => {
    renderPage();
    const card = screen.getByRole('region', { name: 'Faltas por unidade' });
    await userEvent.click(within(card).getByRole('button', { name: 'Tabela' }));
    const totals = within(card).getByTestId('analysis-table-totals');
    expect([...totals.querySelectorAll('th, td')].map((cell) => cell.textContent)).toEqual(['Total', '6', '50', '1', 'sem dados']);
    expect(within(card).getByRole('button', { name: 'Exportar CSV: Faltas por unidade' })).toBeTruthy();
  });

  it('takes the recurrence from the URL and writes a new one back to it, asking the database with it', () => {
    renderPage('/analise-faltas?recorrencia=45');
    expect(screen.getByLabelText('Recorrência (dias)')).toHaveProperty('value', '45');
    expect(calls.params.at(-1)).toMatchObject({ recurrenceDays: 45, unitId: null, enabled: true });
    fireEvent.change(screen.getByLabelText('Recorrência (dias)'), { target: { value: '7' } });
    expect(screen.getByTestId('search').textContent).toContain('recorrencia=7');
    expect(calls.params.at(-1)).toMatchObject({ recurrenceDays: 7 });
    // The figures for the new URL were asked for at the change itself.
    expect(calls.started).toEqual([expect.objectContaining({ recurrenceDays: 7, unitId: null })]);
  });

  it('replaces an unusable recurrence in the URL by 30 days and says so', () => {
    renderPage('/analise-faltas?recorrencia=999');
    expect(screen.getByLabelText('Recorrência (dias)')).toHaveProperty('value', '30');
    expect(screen.getByText('Recorrência inválida na URL (deve ser de 1 a 365 dias): usando 30 dias')).toBeTruthy();
    expect(calls.params.at(-1)).toMatchObject({ recurrenceDays: 30 });
  });

  it('says what to do when nothing matched', () => {
    calls.data = {
      ...DOC,
      summary: { ...DOC.summary, shortages: 0, products: 0, units: 0, requested_quantity: 0, recurring_shortages: 0, recurring_share: null },
      by_week: [], by_unit: [], by_category: [], top_by_frequency: [], top_by_quantity: [], recurring: [],
    };
    renderPage();
    expect(screen.getAllByText('Nenhuma falta registrada no período. Amplie o período ou remova filtros.').length).toBeGreaterThan(0);
    expect(screen.getByText('Nenhuma falta recorrente no período. Aumente a recorrência em dias ou amplie o período.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Faltas recorrentes' }).textContent).toContain('sem dados');
  });
});
