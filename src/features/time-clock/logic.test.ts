import { describe, expect, it } from 'vitest';
import { dayStatus, evidenceAddress, formatGoal, formatMinutes, nextExpectedPunch, progressPercent, summarizeTimesheet, timesheetDayFromRow, workedMinutes, type Punch } from '@/features/time-clock/logic';

const punch = (punchType: Punch['punchType'], time: string): Punch => ({ punchType, punchedAt: `2026-11-25T${time}:00-03:00` });
const entry = punch('ENTRADA', '08:00');
const breakStart = punch('SAIDA_INTERVALO', '12:00');
const breakEnd = punch('RETORNO_INTERVALO', '13:00');
const exit = punch('SAIDA_FINAL', '17:00');

describe('the status table (spec §4)', () => {
  it.each([
    [[], 'Incompleto', 'ENTRADA'],
    [[entry], 'Trabalhando', 'SAIDA_INTERVALO'],
    [[entry, breakStart], 'Intervalo', 'RETORNO_INTERVALO'],
    [[entry, breakStart, breakEnd], 'Trabalhando', 'SAIDA_FINAL'],
    [[entry, breakStart, breakEnd, exit], 'Finalizado', 'EXTRA'],
    [[entry, breakStart, breakEnd, exit, punch('EXTRA', '18:00')], 'Finalizado', 'EXTRA'],
  ] as const)('%# → %s, next %s', (punches, status, next) => {
    expect(dayStatus(punches)).toBe(status);
    expect(nextExpectedPunch(punches)).toBe(next);
  });
});

describe('worked time and progress', () => {
  it('counts entry → break and return → exit; an open interval up to now', () => {
    expect(workedMinutes([entry, breakStart, breakEnd, exit], new Date('2026-11-25T23:00:00-03:00'))).toBe(480);
    expect(workedMinutes([entry], new Date('2026-11-25T09:30:00-03:00'))).toBe(90);
    expect(workedMinutes([entry, breakStart], new Date('2026-11-25T12:40:00-03:00'))).toBe(240);
    expect(workedMinutes([entry, breakStart, breakEnd], new Date('2026-11-25T14:00:00-03:00'))).toBe(300);
    expect(workedMinutes([], new Date())).toBe(0);
  });
  it('caps progress at 100 percent (spec §9)', () => {
    expect(progressPercent(240, 480)).toBe(50);
    expect(progressPercent(600, 480)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('the month (summarizeTimesheet)', () => {
  const day = (date: string, worked: number, expected: number, marks: Partial<{ entrada: string; saidaIntervalo: string; saidaFinal: string }> = {}) => ({
    date,
    entrada: marks.entrada ?? null,
    saidaIntervalo: marks.saidaIntervalo ?? null,
    retornoIntervalo: null,
    saidaFinal: marks.saidaFinal ?? null,
    extras: [],
    workedMinutes: worked,
    expectedMinutes: expected,
    outsideUnit: false,
  });
  it('balances each past day, runs the balance, flags incomplete days and missing breaks, counts nothing ahead', () => {
    const { lines, worked, expected, balance } = summarizeTimesheet(
      [
        day('2026-11-02', 500, 480, { entrada: 'x', saidaIntervalo: 'x', saidaFinal: 'x' }),
        day('2026-11-03', 400, 480, { entrada: 'x', saidaIntervalo: 'x' }),
        day('2026-11-04', 420, 480, { entrada: 'x', saidaFinal: 'x' }),
        day('2026-11-05', 0, 480),
      ],
      '2026-11-04',
    );
    expect(lines.map((line) => [line.balance, line.runningBalance, line.incomplete, line.missingBreak])).toEqual([
      [20, 20, false, false],
      [-80, -60, true, false],
      [-60, -120, false, true],
      [0, -120, false, false],
    ]);
    expect({ worked, expected, balance }).toEqual({ worked: 1320, expected: 1440, balance: -120 });
  });
  it("takes the database's balance for a day that counts in full (the tolerance), worked so far for today still open", () => {
    const treated = (date: string, worked: number, balanceMinutes: number, marks: Partial<{ entrada: string; saidaFinal: string }>) => ({
      ...day(date, worked, 480, marks),
      treatment: { balanceMinutes, toleranceApplied: balanceMinutes === 0, nightMinutes: 0, nightReducedMinutes: 0, dayKind: 'work', abonoTipo: null, flags: [], adjusted: false, marks: [] },
    });
    const { lines, balance } = summarizeTimesheet(
      [
        // 8 minutes short, within 5 per mark and 10 per day: the database balances it to zero.
        treated('2026-11-02', 472, 0, { entrada: 'x', saidaFinal: 'x' }),
        // 11 minutes short: the whole difference counts.
        treated('2026-11-03', 469, -11, { entrada: 'x', saidaFinal: 'x' }),
        // Today, no final exit yet: nothing expected so far, the database's (partial) balance is not used.
        treated('2026-11-04', 200, -280, { entrada: 'x' }),
      ],
      '2026-11-04',
    );
    expect(lines.map((line) => line.balance)).toEqual([0, -11, 200]);
    expect(balance).toBe(189);
  });
  it('formats minutes as hh:mm with the balance sign', () => {
    expect(formatMinutes(125)).toBe('02:05');
    expect(formatMinutes(-30)).toBe('−00:30');
  });
});

describe('the evidence address of a recorded origin', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    // Rows recorded before 2026-11-26 keep the whole X-Forwarded-For chain: the gateway's entry is the last one.
    ['198.51.100.66, 10.0.0.1, 203.0.113.9', '203.0.113.9'],
    ['2001:db8::1', '2001:db8::1'],
    [null, null],
    ['', null],
    [' , ', null],
  ] as const)('%s → %s', (recorded, expected) => {
    expect(evidenceAddress(recorded)).toBe(expected);
  });
});

describe('formatGoal (spec §2: the goal in hours and minutes)', () => {
  it.each([
    [480, '8h00'],
    [450, '7h30'],
    [45, '0h45'],
    [0, '0h00'],
    [605, '10h05'],
  ])('%i minutes → %s', (minutes, text) => {
    expect(formatGoal(minutes)).toBe(text);
  });
});

describe('timesheetDayFromRow', () => {
  it('keeps the treated day the database computed: balance, night, kind, flags and the marks with their sources', () => {
    const day = timesheetDayFromRow({
      date: '2026-09-24',
      entrada: '2026-09-24T11:00:00+00:00',
      saida_intervalo: '2026-09-24T15:00:00+00:00',
      retorno_intervalo: '2026-09-24T16:00:00+00:00',
      saida_final: '2026-09-24T20:00:00+00:00',
      extras: [],
      horas_trabalhadas_minutos: 480,
      horas_esperadas_minutos: 480,
      fora_da_unidade: false,
      saldo_minutos: 0,
      minutos_noturnos: 0,
      minutos_noturnos_reduzidos: 0,
      tipo_dia: 'work',
      abono_tipo: 'atestado',
      sinalizacoes: [],
      tratado: true,
      marcacoes: [
        { at: '2026-09-24T11:00:00+00:00', source: 'O', ponto_id: 'p1', ajuste_id: null },
        { at: '2026-09-24T20:00:00+00:00', source: 'I', ponto_id: null, ajuste_id: 'a1' },
        { at: 'x', source: 'Z' },
      ],
      tolerancia_aplicada: true,
    });
    expect(day.treatment).toEqual({
      balanceMinutes: 0,
      toleranceApplied: true,
      nightMinutes: 0,
      nightReducedMinutes: 0,
      dayKind: 'work',
      abonoTipo: 'atestado',
      flags: [],
      adjusted: true,
      marks: [
        { at: '2026-09-24T11:00:00+00:00', source: 'O', pontoId: 'p1', ajusteId: null },
        { at: '2026-09-24T20:00:00+00:00', source: 'I', pontoId: null, ajusteId: 'a1' },
      ],
    });
  });
});
