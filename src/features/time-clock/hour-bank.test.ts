import { describe, expect, it } from 'vitest';
import { parseDuration } from '@/features/time-clock/logic';
import { timeClockMessages } from '@/features/time-clock/messages';
import { agreementFormSchema, settlementFormSchema } from '@/features/time-clock/schemas';
import { AGREEMENT_LABELS, AGREEMENT_RULES, hourBankSchema, settlementLabel } from '@/features/time-clock/treatment';

describe('parseDuration (hours and minutes as typed)', () => {
  it.each([
    ['2h00', 120],
    ['2h', 120],
    ['0h45', 45],
    ['1h5', 65],
    ['1:30', 90],
    [' 2 H 30 ', 150],
    ['1h30min', 90],
    ['45min', 45],
    ['166h40', 10_000],
    ['0h00', 0],
  ])('%s → %i minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(['', '2', '90', 'h30', '2h60', '1:5', '2,5h', 'duas horas', '-1h00', '1h00h'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('settlementFormSchema (compensar / pagar horas)', () => {
  const valid = { duration: '2h00', workDate: '2026-11-26', motivo: 'Folga combinada com o gerente' };
  const errorOf = (values: Partial<typeof valid>, field: string) => {
    const result = settlementFormSchema.safeParse({ ...valid, ...values });
    return result.success ? null : (result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
  };

  it('accepts hours and minutes, a day and a motive (trimmed)', () => {
    const result = settlementFormSchema.safeParse({ ...valid, motivo: '  Folga  ' });
    expect(result.success).toBe(true);
    expect(result.data?.motivo).toBe('Folga');
  });
  it('refuses an empty duration, zero and what is not hours and minutes, in Portuguese', () => {
    expect(errorOf({ duration: '' }, 'duration')).toBe('Informe as horas, como 2h00.');
    expect(errorOf({ duration: '   ' }, 'duration')).toBe('Informe as horas, como 2h00.');
    expect(errorOf({ duration: '0h00' }, 'duration')).toBe('Informe mais que 0h00.');
    expect(errorOf({ duration: '0:00' }, 'duration')).toBe('Informe mais que 0h00.');
    expect(errorOf({ duration: '90' }, 'duration')).toBe('Escreva as horas e os minutos, como 2h00 ou 0h45.');
  });
  it("refuses more than the database's 10,000 minutes", () => {
    expect(errorOf({ duration: '166h40' }, 'duration')).toBeNull();
    expect(errorOf({ duration: '166h41' }, 'duration')).toBe('Informe no máximo 166h40.');
  });
  it('needs a real day and a motive', () => {
    expect(errorOf({ workDate: '' }, 'workDate')).toBe('Informe o dia.');
    expect(errorOf({ workDate: '2026-02-30' }, 'workDate')).toBe('Informe o dia.');
    expect(errorOf({ motivo: '  ' }, 'motivo')).toBe('Informe o motivo do ajuste.');
  });
});

describe('agreementFormSchema', () => {
  it('takes one of the three agreements from a day', () => {
    expect(agreementFormSchema.safeParse({ tipo: 'semestral', validFrom: '2026-11-01' }).success).toBe(true);
  });
  it('refuses an unknown agreement or a missing start', () => {
    const result = agreementFormSchema.safeParse({ tipo: 'bienal', validFrom: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Escolha o acordo.', 'Informe o início do acordo.']);
  });
});

describe('the hour bank in words', () => {
  it('names a settlement by its duration, as the day’s adjustments list reads', () => {
    expect(settlementLabel('compensacao', 120)).toBe('Compensação de 2h00');
    expect(settlementLabel('pagamento', 60)).toBe('Pagamento de 1h00');
    expect(settlementLabel('pagamento', 45)).toBe('Pagamento de 0h45');
    expect(settlementLabel('compensacao', -30)).toBe('Compensação de débito de 0h30');
  });
  it('says what was recorded, with the right gender', () => {
    expect(timeClockMessages.bankSettled('compensacao', 'Compensação de 2h00', '26/11/2026')).toBe('Compensação de 2h00 registrada em 26/11/2026: o banco de horas foi atualizado');
    expect(timeClockMessages.bankSettled('pagamento', 'Pagamento de 1h00', '26/11/2026')).toBe('Pagamento de 1h00 registrado em 26/11/2026: o banco de horas foi atualizado');
  });
  it('names each agreement and its expiry', () => {
    expect(AGREEMENT_LABELS).toEqual({
      mensal: 'No mesmo mês (acordo tácito ou individual)',
      semestral: '6 meses (acordo individual escrito)',
      anual: '12 meses (acordo coletivo)',
    });
    expect(AGREEMENT_RULES.semestral).toContain('6º mês');
  });
  it("parses get_hour_bank's answer (no agreement row: the month rule)", () => {
    const bank = hourBankSchema.parse({
      user_id: 'u1',
      agreement: { tipo: 'mensal', valid_from: null, months: 1 },
      balance_minutes: -30,
      expired_minutes: 0,
      settled_minutes: 60,
      next_expiry: null,
      periods: [{ month: '2026-11-01', earned_minutes: 30, settled_minutes: 60, remaining_minutes: -30, expires_on: '2026-11-30', expired: false }],
    });
    expect(bank.agreement).toEqual({ tipo: 'mensal', valid_from: null, months: 1 });
    expect(bank.next_expiry).toBeNull();
  });
});
