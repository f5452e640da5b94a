import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoletoReportPage } from '@/features/boleto-report/components/boleto-report-page';
import { EMPTY_FILTERS } from '@/features/boleto-report/logic';

// The page's queries, as the screen sees them: the filter options failed, the report is still loading.
const queries = vi.hoisted(() => ({
  units: { data: undefined, isError: true, error: { code: '42501', message: 'permission denied for table store_units' }, refetch: vi.fn() },
  suppliers: { data: [], isError: false, error: null, refetch: vi.fn() },
  report: { data: undefined, isError: false, error: null, isPlaceholderData: false, isFetching: true, refetch: vi.fn() },
  toast: vi.fn(),
}));
vi.mock('@/features/boleto-report/api/get-report-units', () => ({ useReportUnits: () => queries.units }));
vi.mock('@/features/boleto-report/api/get-report-suppliers', () => ({ useReportSuppliers: () => queries.suppliers }));
vi.mock('@/features/boleto-report/api/get-boletos-report', () => ({ useBoletosReport: () => queries.report }));
vi.mock('@/components/ui/use-toast', () => ({ toast: queries.toast }));

afterEach(cleanup);

describe('BoletoReportPage', () => {
  it('shows filter options that failed to load where the filters are, with the reason and a retry (no toast)', async () => {
    // The period filter lives in the URL, so the page renders inside a router.
    render(
      <MemoryRouter initialEntries={['/relatorio-boletos']}>
        <BoletoReportPage title="Relatório de Boletos" filters={EMPTY_FILTERS} onFiltersChange={() => undefined} unitScope={{ isAdmin: true, userId: 'u1', unitId: null }} />
      </MemoryRouter>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar as opções de filtro.');
    expect(alert.textContent).toContain('Você não tem permissão para ver o relatório de boletos.');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(queries.units.refetch).toHaveBeenCalledTimes(1);
    expect(queries.suppliers.refetch).not.toHaveBeenCalled();
    expect(queries.toast).not.toHaveBeenCalled();
  });
});
