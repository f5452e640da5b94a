import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EspelhoSheet } from '@/features/time-clock/components/espelho-print';
import { espelhoPrintSchema, type EspelhoPrint } from '@/features/time-clock/reports/schemas';

const USER = '11111111-1111-4111-8111-111111111111';

/** Two days of November 2026 (São Paulo is UTC−3): a normal Monday and a Tuesday with a mark disregarded and one included. */
function espelho(overrides: Record<string, unknown> = {}): EspelhoPrint {
  return espelhoPrintSchema.parse({
    employer: { legal_name: 'Farmácia Centro Ltda.', cnpj: '11222333000181', unit_name: 'Unidade Centro', address: 'Rua XV de Novembro, 100 - Centro' },
    employee: { user_id: USER, full_name: 'Carla Caixa', cpf: '52998224725', cpf_masked: false, admission_date: '2024-03-04', job_title: 'Atendente' },
    month: '2026-11-01',
    emitted_at: '2026-11-26T15:00:00Z',
    schedules: [{ template_name: 'Comercial 44h', valid_from: '2026-10-01', valid_to: null, description: 'Seg a sex 08:00–17:00, intervalo 60 min' }],
    closed: false,
    closed_at: null,
    days: [
      {
        date: '2026-11-23', day_kind: 'work', start_time: '08:00', end_time: '17:00', expected_minutes: 480, worked_minutes: 480, balance_minutes: 0,
        marks: [
          { at: '2026-11-23T11:00:00Z', source: 'O', ponto_id: 'p1' },
          { at: '2026-11-23T15:00:00Z', source: 'O', ponto_id: 'p2' },
          { at: '2026-11-23T16:00:00Z', source: 'O', ponto_id: 'p3' },
          { at: '2026-11-23T20:00:00Z', source: 'O', ponto_id: 'p4' },
        ],
      },
      {
        date: '2026-11-24', day_kind: 'work', start_time: '08:00', end_time: '17:00', expected_minutes: 480, worked_minutes: 450, balance_minutes: -30,
        flags: ['intervalo_curto'],
        marks: [
          { at: '2026-11-24T11:00:00Z', source: 'O', ponto_id: 'p5' },
          { at: '2026-11-24T15:00:00Z', source: 'D', ponto_id: 'p6', ajuste_id: 'a1' },
          { at: '2026-11-24T15:30:00Z', source: 'I', ajuste_id: 'a2' },
          { at: '2026-11-24T20:00:00Z', source: 'O', ponto_id: 'p7' },
        ],
        adjustments: [
          { id: 'a1', kind: 'desconsiderar', ponto_id: 'p6', motivo: 'Marcou a saída por engano', created_by_name: 'Ana Administradora', created_at: '2026-11-25T12:00:00Z' },
          { id: 'a2', kind: 'inclusao', punched_at: '2026-11-24T15:30:00Z', motivo: 'Saída para o almoço esquecida', created_by_name: 'Ana Administradora', created_at: '2026-11-25T12:01:00Z' },
        ],
      },
    ],
    totals: { expected_minutes: 960, worked_minutes: 930, balance_minutes: -30, night_minutes: 0, night_reduced_minutes: 0, absences: 0 },
    bank: null,
    acknowledgement: null,
    sha256: null,
    ...overrides,
  });
}

afterEach(cleanup);

/** An element's text as a reader sees it (spaces collapsed). */
const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ');

describe('EspelhoSheet', () => {
  it('names the employer and the employee (CNPJ and CPF punctuated), the schedule and the period', () => {
    render(<EspelhoSheet data={espelho()} />);
    const sheet = screen.getByRole('article', { name: 'Espelho de ponto de Carla Caixa, Novembro de 2026' });
    expect(text(sheet)).toContain('Farmácia Centro Ltda.');
    expect(text(sheet)).toContain('11.222.333/0001-81');
    expect(text(within(sheet).getByTestId('espelho-cpf'))).toContain('529.982.247-25');
    expect(text(sheet)).toContain('04/03/2024');
    expect(text(sheet)).toContain('Comercial 44h: Seg a sex 08:00–17:00, intervalo 60 min');
    expect(text(sheet)).toContain('Período: 23/11/2026 a 24/11/2026');
    expect(text(sheet)).toContain('não é um REP-P certificado');
  });

  it('keeps a masked CPF as it came', () => {
    render(<EspelhoSheet data={espelho({ employee: { user_id: USER, full_name: 'Carla Caixa', cpf: '***.982.247-**', cpf_masked: true, admission_date: null, job_title: null } })} />);
    expect(text(screen.getByTestId('espelho-cpf'))).toContain('***.982.247-**');
    expect(text(screen.getByRole('article'))).toContain('Admissão: não cadastrada');
  });

  it('shows the originals (a disregarded one struck through) apart from the treated marks, and each treatment with its motive', () => {
    const { container } = render(<EspelhoSheet data={espelho()} />);
    const row = container.querySelector('tr[data-day="2026-11-24"]')!;
    const originals = row.querySelector('[data-column="originais"]')!;
    const treated = row.querySelector('[data-column="tratadas"]')!;
    expect([...originals.querySelectorAll('[data-source]')].map((chip) => chip.getAttribute('data-source'))).toEqual(['O', 'D', 'O']);
    expect(text(originals.querySelector('[data-source="D"] del'))).toContain('12:00');
    expect([...treated.querySelectorAll('[data-source]')].map((chip) => chip.getAttribute('data-source'))).toEqual(['O', 'I', 'O']);
    expect(text(row)).toContain('Intervalo curto');
    expect(text(row)).toContain('−00:30');
    const notes = screen.getByRole('list', { name: 'Tratamentos do mês' });
    expect(text(notes)).toContain('24/11 — Marcação desconsiderada: Marcou a saída por engano (por Ana Administradora');
    expect(text(notes)).toContain('24/11 — Marcação incluída (12:30): Saída para o almoço esquecida');
    expect(text(screen.getByTestId('espelho-total-worked'))).toContain('15:30');
  });

  it('says the acknowledgement state: open month, pending, agreed, contested', () => {
    const { rerender } = render(<EspelhoSheet data={espelho()} />);
    expect(text(screen.getByTestId('espelho-acknowledgement'))).toContain('o mês ainda não foi fechado');
    rerender(<EspelhoSheet data={espelho({ closed: true, closed_at: '2026-12-01T12:00:00Z', sha256: 'f'.repeat(64) })} />);
    expect(text(screen.getByTestId('espelho-acknowledgement'))).toContain('Ciência do empregado: pendente.');
    expect(text(screen.getByTestId('espelho-acknowledgement'))).toContain('f'.repeat(64));
    rerender(
      <EspelhoSheet
        data={espelho({ closed: true, closed_at: '2026-12-01T12:00:00Z', sha256: 'f'.repeat(64), acknowledgement: { concorda: false, comentario: 'Faltou a hora extra do dia 24', created_at: '2026-12-02T12:00:00Z' } })}
      />,
    );
    expect(text(screen.getByTestId('espelho-acknowledgement'))).toContain('discordou em 02/12/2026 09:00 — "Faltou a hora extra do dia 24"');
  });
});
