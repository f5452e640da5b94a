import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, toAppDateString } from '@/lib/dates';
import { AssignmentsTab } from '@/features/schedules/components/assignments-tab';
import type { ScheduleOverview } from '@/features/schedules/types';

const overview = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('@/features/schedules/api/get-schedule-overview', () => ({ useScheduleOverview: () => overview.current }));
vi.mock('@/features/schedules/api/list-templates', () => ({ useTemplates: () => ({ data: [], isError: false }) }));
vi.mock('@/features/schedules/api/delete-assignment', () => ({ useDeleteAssignment: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('@/features/schedules/api/end-assignment', () => ({ useEndAssignment: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('@/features/schedules/api/check-assignment', () => ({ useCheckAssignment: () => ({ mutate: vi.fn(), isPending: false }) }));
vi.mock('@/features/schedules/api/assign-schedule', () => ({ useAssignSchedule: () => ({ mutate: vi.fn(), isPending: false }) }));

const today = toAppDateString(new Date());
const future = addDays(today, 10);
const data: ScheduleOverview = {
  people: [
    { id: 'b', name: 'Beatriz Balconista', unitId: 'n' },
    { id: 'f', name: 'Fernando Farmacêutico', unitId: 's' },
  ],
  units: [
    { id: 'n', name: 'Unidade Norte' },
    { id: 's', name: 'Unidade Sul' },
  ],
  assignments: [
    { id: 'a2', userId: 'b', templateId: 't2', templateName: '5x2 com sábados alternados', validFrom: future, validTo: null, cycleStart: future, unitId: 'n' },
    { id: 'a1', userId: 'b', templateId: 't1', templateName: '6x1', validFrom: '2026-01-05', validTo: addDays(future, -1), cycleStart: '2026-01-05', unitId: 'n' },
  ],
};

function renderTab(path = '/gestao-horarios') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AssignmentsTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('AssignmentsTab', () => {
  it('shows each employee with the schedule in force, the next one, and the default for someone without one', () => {
    overview.current = { data, isError: false };
    renderTab();
    const table = screen.getByRole('table', { name: 'Escalas dos funcionários' });
    const beatriz = within(table).getByRole('row', { name: /Beatriz Balconista/ });
    expect(beatriz.textContent).toContain('6x1');
    expect(beatriz.textContent).toContain(`5x2 com sábados alternados a partir de ${future.split('-').reverse().join('/')}`);
    expect(beatriz.textContent).toContain('05/01/2026');
    const fernando = within(table).getByRole('row', { name: /Fernando Farmacêutico/ });
    expect(fernando.textContent).toContain('Sem escala: jornada padrão');
    expect(fernando.textContent).toContain('Unidade Sul');
  });

  it('filters by the search in the URL; the history names a future assignment as the one that may be deleted', () => {
    overview.current = { data, isError: false };
    renderTab('/gestao-horarios?busca=beatriz');
    const table = screen.getByRole('table', { name: 'Escalas dos funcionários' });
    expect(within(table).queryByRole('row', { name: /Fernando/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Histórico de escalas de Beatriz Balconista' }));
    const history = screen.getByRole('table', { name: 'Histórico de escalas' });
    expect(within(history).getAllByRole('button', { name: /^Excluir a escala de/ })).toHaveLength(1);
    expect(within(history).getByRole('row', { name: /5x2/ }).textContent).toContain('Em aberto');
    // The open assignment can be ended on a day.
    expect(screen.getByRole('form', { name: 'Encerrar a escala em vigor' }).textContent).toContain('Encerrar "5x2 com sábados alternados" em');
  });

  it('a failed load says what did not load and why, with Tentar novamente', () => {
    const refetch = vi.fn();
    overview.current = { data: undefined, isError: true, error: { message: 'Sem permissão', code: '42501' }, refetch };
    renderTab();
    expect(screen.getByRole('alert').textContent).toContain('Erro ao carregar as escalas dos funcionários');
    expect(screen.getByRole('alert').textContent).toContain('Sem permissão');
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalled();
  });
});
