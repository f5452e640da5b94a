import { describe, expect, it } from 'vitest';
import { requestFormSchema } from '@/features/time-clock/schemas';
import { adjustmentOf, adjustmentWhat, monthClosingSchema, monthLabel, requestSubject, saoPauloInstant, shiftMonth, treatedTimesheetSchema } from '@/features/time-clock/treatment';

/** get_treated_timesheet's answer as docs/time-clock-treatment.md writes it (one day, trimmed). */
const answer = {
  user_id: 'u1',
  full_name: 'Bruno Balconista',
  month: '2026-10-01',
  closed: true,
  closed_at: '2026-11-02T12:00:00Z',
  today: '2026-11-26',
  days: [
    {
      date: '2026-10-05',
      day_kind: 'work',
      holiday_name: null,
      template_name: 'Comercial',
      start_time: '08:00:00',
      end_time: '17:00:00',
      expected_minutes: 480,
      scheduled_minutes: 480,
      break_minutes: 60,
      worked_minutes: 480,
      balance_minutes: 0,
      tolerance_applied: false,
      night_minutes: 0,
      night_reduced_minutes: 0,
      break_taken_minutes: 60,
      abono_tipo: null,
      future: false,
      flags: [],
      marks: [
        { at: '2026-10-05T11:00:00Z', source: 'O', ponto_id: 'p1', ajuste_id: null, nsr: 12, fora_da_unidade: false },
        { at: '2026-10-05T11:05:00Z', source: 'D', ponto_id: 'p2', ajuste_id: 'a1', nsr: 13, fora_da_unidade: false },
        { at: '2026-10-05T20:00:00Z', source: 'I', ponto_id: null, ajuste_id: 'a2', nsr: null, fora_da_unidade: false },
      ],
      treated: ['2026-10-05T11:00:00Z', '2026-10-05T20:00:00Z'],
      adjustments: [
        { id: 'a1', kind: 'desconsiderar', punched_at: null, ponto_id: 'p2', abono_tipo: null, minutes: null, motivo: 'Marcação em dobro', anexo_path: null, solicitacao_id: null, after_closing: false, revoga_id: null, revoked: false, created_by: 'x', created_by_name: 'Ana', created_at: '2026-10-06T12:00:00Z' },
        { id: 'a2', kind: 'inclusao', punched_at: '2026-10-05T20:00:00Z', ponto_id: null, abono_tipo: null, minutes: null, motivo: 'Esqueceu a saída', anexo_path: null, solicitacao_id: 's1', after_closing: true, revoga_id: null, revoked: false, created_by: 'x', created_by_name: 'Ana', created_at: '2026-11-03T12:00:00Z' },
      ],
    },
  ],
  totals: { expected_minutes: 480, worked_minutes: 480, balance_minutes: 0, night_minutes: 0, night_reduced_minutes: 0, absences: 0, flagged_days: 0 },
  bank: { user_id: 'u1', agreement: { tipo: 'mensal', valid_from: null, months: 1 }, balance_minutes: -30, expired_minutes: 0, settled_minutes: 0, next_expiry: { expires_on: '2026-11-30', minutes: -30 }, periods: [] },
};

describe('the treated timesheet as the screens read it', () => {
  it('parses the documented answer: marks with their sources, the adjustments and the bank', () => {
    const parsed = treatedTimesheetSchema.parse(answer);
    const day = parsed.days[0]!;
    expect(day.marks.map((mark) => mark.source)).toEqual(['O', 'D', 'I']);
    expect(day.marks[0]!.nsr).toBe('12');
    // Each treated mark finds the adjustment (and so the motive) that made it.
    expect(adjustmentOf(day, day.marks[1]!)?.motivo).toBe('Marcação em dobro');
    expect(adjustmentOf(day, day.marks[2]!)?.after_closing).toBe(true);
    expect(adjustmentOf(day, day.marks[0]!)).toBeNull();
    expect(parsed.bank?.next_expiry).toEqual({ expires_on: '2026-11-30', minutes: -30 });
  });

  it('refuses an answer whose mark source is not one of Portaria 671’s', () => {
    const broken = structuredClone(answer);
    broken.days[0]!.marks[0]!.source = 'X';
    expect(() => treatedTimesheetSchema.parse(broken)).toThrow();
  });
});

describe('dates of the treatment', () => {
  it('places a São Paulo wall-clock time on its day (UTC−3)', () => {
    expect(saoPauloInstant('2026-11-20', '08:02')).toBe('2026-11-20T11:02:00.000Z');
    expect(saoPauloInstant('2026-11-20', '23:30')).toBe('2026-11-21T02:30:00.000Z');
  });

  it('moves between months across the year', () => {
    expect(shiftMonth('2026-01-01', -1)).toBe('2025-12-01');
    expect(shiftMonth('2026-12-01', 1)).toBe('2027-01-01');
    expect(monthLabel('2026-11-01')).toBe('Novembro de 2026');
  });

  it('names a request in a few words', () => {
    expect(requestSubject('abono', 'atestado', null)).toBe('Atestado');
    expect(requestSubject('abono', 'falta_justificada', null)).toBe('Falta justificada');
    expect(requestSubject('inclusao', null, '08:02')).toBe('Marcação às 08:02');
  });
});

describe('the request form', () => {
  it('asks for the time of a forgotten mark, the kind of an abono, and always the motive', () => {
    const forgot = requestFormSchema.safeParse({ kind: 'inclusao', time: '', motivo: 'esqueci' });
    expect(forgot.success).toBe(false);
    expect(forgot.error?.issues.map((issue) => issue.message)).toContain('Informe o horário da marcação esquecida (HH:MM).');
    const abono = requestFormSchema.safeParse({ kind: 'abono', time: '', motivo: 'médico' });
    expect(abono.error?.issues.map((issue) => issue.message)).toEqual(['Escolha o tipo de abono.']);
    const noMotive = requestFormSchema.safeParse({ kind: 'abono', time: '', abonoTipo: 'atestado', motivo: '   ' });
    expect(noMotive.error?.issues.map((issue) => issue.message)).toEqual(['Informe o motivo da solicitação.']);
    expect(requestFormSchema.safeParse({ kind: 'inclusao', time: '17:00', motivo: 'esqueci a saída' }).success).toBe(true);
  });
});

describe('get_month_closing', () => {
  it("reads each employee's totals as the month closed, and null for one without (still open, or closed before totals were kept)", () => {
    const parsed = monthClosingSchema.parse({
      unit_id: 'u', month: '2026-10-01', closed: true, closed_at: '2026-11-03T21:00:00Z', closed_by_name: 'Ana Administradora',
      employees: [
        {
          user_id: 'a', full_name: 'Bruno Balconista', acknowledgement: null,
          closing: { expected_minutes: 11280, worked_minutes: 11050, balance_minutes: -230, night_minutes: 0, night_reduced_minutes: 0, absences: 0, flagged_days: 2, espelho_sha256: 'x', changed_since: true },
        },
        { user_id: 'b', full_name: 'Caio', acknowledgement: null, closing: null },
        { user_id: 'c', full_name: 'Dora' },
      ],
    });
    expect(parsed.employees.map((employee) => employee.closing?.balance_minutes ?? null)).toEqual([-230, null, null]);
    expect(parsed.employees[0]?.closing?.changed_since).toBe(true);
  });
});

describe('adjustmentWhat', () => {
  const base = { abono_tipo: null, minutes: null, punched_at: null } as const;
  it('says what each adjustment did, with its time, kind of abono or settled hours', () => {
    expect(adjustmentWhat({ ...base, kind: 'inclusao', punched_at: '2026-11-24T20:00:00Z' })).toBe('Marcação incluída (17:00)');
    expect(adjustmentWhat({ ...base, kind: 'desconsiderar' })).toBe('Marcação desconsiderada');
    expect(adjustmentWhat({ ...base, kind: 'abono', abono_tipo: 'atestado' })).toBe('Abono: Atestado');
    expect(adjustmentWhat({ ...base, kind: 'compensacao', minutes: 120 })).toBe('Compensação de 2h00');
    expect(adjustmentWhat({ ...base, kind: 'revogacao' })).toBe('Revogação');
  });
});
