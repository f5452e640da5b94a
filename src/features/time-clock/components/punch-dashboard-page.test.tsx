import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PunchDashboardPage } from '@/features/time-clock/components/punch-dashboard-page';
import type { DashboardPerson, PunchDashboard } from '@/features/time-clock/reports/schemas';

const CENTRO = '00000000-0000-4000-8000-000000000001';
const NORTE = '00000000-0000-4000-8000-000000000002';
const person = (n: number, full_name: string, status: DashboardPerson['status'], extra: Partial<DashboardPerson> = {}): DashboardPerson => ({
  user_id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  full_name,
  status,
  late: false,
  late_minutes: 0,
  day_kind: 'work',
  expected_start: '08:00:00',
  expected_end: '17:00:00',
  expected_minutes: 480,
  marks_today: 0,
  worked_minutes: 0,
  last_mark: null,
  ...extra,
});
const bruno = person(2, 'Bruno', 'trabalhando', { late: true, late_minutes: 17, marks_today: 1, worked_minutes: 60, last_mark: { at: '2026-11-26T11:17:00Z', kind: 'ENTRADA', source: 'O' } });
const dashboard: PunchDashboard = {
  now: '2026-11-26T12:17:00Z',
  today: '2026-11-26',
  units: [
    {
      unit_id: CENTRO,
      unit_name: 'Unidade Centro',
      counts: { trabalhando: 1, intervalo: 0, encerrado: 0, ausente: 1, aguardando: 0, sem_escala: 0, atrasado: 2, total: 2 },
      people: [bruno, person(1, 'Ana', 'ausente', { late: true })],
    },
    { unit_id: NORTE, unit_name: 'Unidade Norte', counts: { trabalhando: 1, intervalo: 0, encerrado: 0, ausente: 0, aguardando: 0, sem_escala: 0, atrasado: 1, total: 1 }, people: [bruno] },
  ],
};

const queries = vi.hoisted(() => ({
  dashboard: { data: undefined as unknown, isError: false, error: null as unknown, dataUpdatedAt: Date.parse('2026-11-26T12:17:05Z'), refetch: vi.fn() },
  live: vi.fn(),
}));
vi.mock('@/features/time-clock/api/get-punch-dashboard', () => ({ usePunchDashboard: () => queries.dashboard, useLivePunchDashboard: queries.live }));

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <PunchDashboardPage title="Dashboard Ponto" />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('PunchDashboardPage', () => {
  it('counts each person once over every unit, lists people per unit with their last mark, and listens to the punches', () => {
    queries.dashboard.data = dashboard;
    renderAt('/ponto/dashboard');
    expect(queries.live).toHaveBeenCalled();
    const cards = screen.getByLabelText('Situação agora');
    expect(within(cards).getByText('Total').nextSibling?.textContent).toBe('2');
    expect(within(cards).getByText('Atrasados').nextSibling?.textContent).toBe('2');
    const centro = screen.getByRole('region', { name: 'Unidade Centro' });
    const row = within(centro).getByRole('row', { name: /Bruno/ });
    expect(row.textContent).toContain('Atraso de 17 min');
    expect(row.textContent).toContain('08:17 Entrada');
    expect(row.textContent).toContain('08:00–17:00');
    expect(screen.getByText('Atualizado às 09:17:05')).toBeTruthy();
  });

  it('shows one unit when the URL names it', () => {
    queries.dashboard.data = dashboard;
    renderAt(`/ponto/dashboard?unidade=${NORTE}`);
    expect(screen.queryByRole('region', { name: 'Unidade Centro' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Unidade Norte' })).toBeTruthy();
  });

  it('says why it did not load, with a retry', async () => {
    queries.dashboard.data = undefined;
    queries.dashboard.isError = true;
    queries.dashboard.error = { code: '42501', message: 'Você não tem permissão para ver relatórios de ponto' };
    renderAt('/ponto/dashboard');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Erro ao carregar o dashboard do ponto');
    expect(alert.textContent).toContain('Você não tem permissão para ver relatórios de ponto');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(queries.dashboard.refetch).toHaveBeenCalledTimes(1);
  });
});
