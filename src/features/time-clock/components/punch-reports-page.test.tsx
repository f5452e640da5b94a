import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PunchReportsPage } from '@/features/time-clock/components/punch-reports-page';
import { REPORT_FIGURES, type ReportFigures, type TimeReport } from '@/features/time-clock/reports/schemas';

const UNIT = '00000000-0000-4000-8000-000000000001';
const ANA = '00000000-0000-4000-8000-00000000000a';
const zero = Object.fromEntries(REPORT_FIGURES.map((key) => [key, 0])) as ReportFigures;
const report: TimeReport = {
  from: '2026-10-01',
  to: '2026-10-31',
  generated_at: '2026-11-26T15:00:00Z',
  employees: [{ ...zero, user_id: ANA, full_name: 'Ana', unit_id: UNIT, unit_name: 'Unidade Centro', job_title: null, cpf: '***.456.789-**', cpf_masked: true, worked_minutes: 610, expected_minutes: 480, balance_minutes: 130, overtime_days_over_2h: 1 }],
  units: [{ ...zero, unit_id: UNIT, unit_name: 'Unidade Centro', employees: 1, worked_minutes: 610, expected_minutes: 480, balance_minutes: 130, overtime_days_over_2h: 1 }],
  totals: { ...zero, employees: 1, worked_minutes: 610, expected_minutes: 480, balance_minutes: 130, overtime_days_over_2h: 1 },
  daily: [{ date: '2026-10-05', expected_minutes: 480, worked_minutes: 610, overtime_minutes: 130, absences: 0, late_count: 0 }],
};

// The page's queries as the screen sees them; the report hook records what it was asked for.
const queries = vi.hoisted(() => ({
  report: { data: undefined as unknown, isError: false, error: null, isPlaceholderData: false, refetch: vi.fn() },
  asked: [] as { filters: unknown; enabled: boolean }[],
}));
vi.mock('@/features/time-clock/api/get-time-report', () => ({
  useTimeReport: (filters: unknown, enabled: boolean) => {
    queries.asked.push({ filters, enabled });
    return queries.report;
  },
}));
vi.mock('@/features/time-clock/api/get-punch-dashboard', () => ({ useReportUnits: () => ({ data: [{ id: UNIT, name: 'Unidade Centro' }], isError: false }) }));
vi.mock('@/features/time-clock/api/get-treatment-people', () => ({ useTimeClockEmployees: () => ({ data: [{ id: ANA, name: 'Ana', unitId: UNIT }], isLoading: false, isError: false }) }));
vi.mock('@/features/time-clock/components/report-charts', () => ({ HoursBarChart: () => null, DailyLineChart: () => null }));

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PunchReportsPage title="Relatórios de Ponto" />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  queries.asked = [];
  queries.report.data = undefined;
});
afterEach(cleanup);

describe('PunchReportsPage', () => {
  it('asks for the period, unit and employee in the URL', () => {
    renderAt(`/ponto/relatorios?de=2026-10-01&ate=2026-10-31&unidade=${UNIT}&funcionario=${ANA}`);
    expect(queries.asked.at(-1)).toEqual({ filters: { from: '2026-10-01', to: '2026-10-31', unitId: UNIT, userId: ANA }, enabled: true });
  });

  it('does not ask for a period over 12 months, and says why in the database’s words', () => {
    renderAt('/ponto/relatorios?de=2025-01-01&ate=2026-10-31');
    expect(queries.asked.at(-1)?.enabled).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('O período deve ter no máximo 12 meses');
    expect(screen.getByTestId('punch-reports').dataset.state).toBe('invalid');
  });

  it('shows the totals row, the CPF as the database gave it, and explains the missing payroll file to who sees masked CPFs', () => {
    queries.report.data = report;
    renderAt('/ponto/relatorios?de=2026-10-01&ate=2026-10-31');
    const table = screen.getByRole('table', { name: 'Por funcionário' });
    const totals = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(totals.textContent).toContain('08:00');
    expect(totals.textContent).toContain('10:10');
    expect(within(table).getAllByText('***.456.789-**')).toHaveLength(1);
    expect(screen.getByText('O arquivo da folha precisa dos CPFs completos: só quem gerencia o ponto destas unidades pode gerá-lo.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Arquivo da folha (CSV)' })).toBeNull();
  });
});
