/** Pure rules of the time clock (spec §4 "Time-clock status for today", §9 constants). */
import type { Database } from '@/types/database.types';

export const PUNCH_TYPES = ['ENTRADA', 'SAIDA_INTERVALO', 'RETORNO_INTERVALO', 'SAIDA_FINAL', 'EXTRA'] as const;
export type PunchType = (typeof PUNCH_TYPES)[number];

/** The four expected marks of a day, in order (spec §4). */
export const EXPECTED_PUNCHES = ['ENTRADA', 'SAIDA_INTERVALO', 'RETORNO_INTERVALO', 'SAIDA_FINAL'] as const;

export const PUNCH_LABELS: Record<PunchType, string> = {
  ENTRADA: 'Entrada',
  SAIDA_INTERVALO: 'Saída Almoço',
  RETORNO_INTERVALO: 'Retorno Almoço',
  SAIDA_FINAL: 'Saída Final',
  EXTRA: 'Marcação extra',
};

export type DayStatus = 'Incompleto' | 'Trabalhando' | 'Intervalo' | 'Finalizado';

export interface Punch {
  punchType: PunchType;
  /** ISO instant (server time). */
  punchedAt: string;
}

/**
 * Spec §4: none → Incompleto; after entry or after return → Trabalhando; after break start → Intervalo;
 * after final exit → Finalizado. Extra marks after the final exit leave the day Finalizado.
 */
export function dayStatus(punches: readonly Punch[]): DayStatus {
  const last = [...punches].filter((punch) => punch.punchType !== 'EXTRA').sort(byTime).at(-1);
  if (!last) return 'Incompleto';
  if (last.punchType === 'SAIDA_INTERVALO') return 'Intervalo';
  if (last.punchType === 'SAIDA_FINAL') return 'Finalizado';
  return 'Trabalhando';
}

/** Spec §4: the next expected punch follows Entrada, Saída Almoço, Retorno Almoço, Saída Final; then extra marks. */
export function nextExpectedPunch(punches: readonly Punch[]): PunchType {
  const done = punches.filter((punch) => punch.punchType !== 'EXTRA').length;
  return EXPECTED_PUNCHES[done] ?? 'EXTRA';
}

function byTime(a: Punch, b: Punch): number {
  return Date.parse(a.punchedAt) - Date.parse(b.punchedAt);
}

/**
 * Minutes worked so far: entry → break start, and break end → final exit; an interval still open
 * counts up to `now` (the home card ticks while working).
 */
export function workedMinutes(punches: readonly Punch[], now: Date): number {
  return Math.floor(workedMilliseconds(punches, now) / 60_000);
}

/** The same, in milliseconds (the home card shows hh:mm:ss). */
export function workedMilliseconds(punches: readonly Punch[], now: Date): number {
  const at = (type: PunchType) => punches.find((punch) => punch.punchType === type)?.punchedAt;
  const span = (from: string | undefined, to: string | undefined) => (from ? Math.max(0, (to ? Date.parse(to) : now.getTime()) - Date.parse(from)) : 0);
  const entry = at('ENTRADA');
  const breakStart = at('SAIDA_INTERVALO');
  const breakEnd = at('RETORNO_INTERVALO');
  const exit = at('SAIDA_FINAL');
  const morning = span(entry, breakStart ?? exit);
  const afternoon = breakEnd ? span(breakEnd, exit) : 0;
  return morning + afternoon;
}

/** Spec §9: progress toward the day's goal, in percent, capped at 100. */
export function progressPercent(worked: number, expected: number): number {
  if (expected <= 0) return worked > 0 ? 100 : 0;
  return Math.min(100, Math.floor((worked / expected) * 100));
}

/** One day of the month as the timesheet shows it (spec §3 "Daily timesheet row"). */
export interface TimesheetDay {
  date: string;
  entrada: string | null;
  saidaIntervalo: string | null;
  retornoIntervalo: string | null;
  saidaFinal: string | null;
  extras: string[];
  workedMinutes: number;
  expectedMinutes: number;
  /** A mark of the day was made at a unit the employee is not assigned to (the database decides it). */
  outsideUnit: boolean;
  /**
   * The treated day as the database computes it (issue 25, docs/time-clock-treatment.md); absent only in
   * fixtures built by hand. Balance with the 5/10-minute tolerance, night minutes (clock and 52 min 30 s hours).
   */
  treatment?: TimesheetTreatment;
}

/** Where a mark of the treated day comes from (the AEJ's sources): O original, I included, D original disregarded. */
export type MarkSource = 'O' | 'I' | 'D';

export interface TimesheetMark {
  at: string;
  source: MarkSource;
  pontoId: string | null;
  ajusteId: string | null;
}

export interface TimesheetTreatment {
  balanceMinutes: number;
  toleranceApplied: boolean;
  nightMinutes: number;
  nightReducedMinutes: number;
  /** 'work' | 'rest' | 'holiday' | 'excused' (expected_day). */
  dayKind: string;
  /** The abono of the day (atestado, folga, ferias, falta_justificada), if any. */
  abonoTipo: string | null;
  /** marcacao_impar, falta, intervalo_curto, interjornada_curta, hora_extra_acima_2h, fora_da_unidade. */
  flags: string[];
  /** An adjustment touches the day. */
  adjusted: boolean;
  marks: TimesheetMark[];
}

function timesheetMarks(value: unknown): TimesheetMark[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const mark = item as Record<string, unknown>;
    const source = mark.source;
    if (typeof mark.at !== 'string' || (source !== 'O' && source !== 'I' && source !== 'D')) return [];
    return [{ at: mark.at, source, pontoId: typeof mark.ponto_id === 'string' ? mark.ponto_id : null, ajusteId: typeof mark.ajuste_id === 'string' ? mark.ajuste_id : null }];
  });
}

/** A row of get_my_monthly_timesheet (spec §7), as the database answers it. */
export type TimesheetRow = Database['public']['Functions']['get_my_monthly_timesheet']['Returns'][number];

/** The database's row as the page (and its export) read it. */
export function timesheetDayFromRow(row: TimesheetRow): TimesheetDay {
  return {
    date: row.date,
    entrada: row.entrada,
    saidaIntervalo: row.saida_intervalo,
    retornoIntervalo: row.retorno_intervalo,
    saidaFinal: row.saida_final,
    extras: row.extras ?? [],
    workedMinutes: row.horas_trabalhadas_minutos,
    expectedMinutes: row.horas_esperadas_minutos,
    outsideUnit: row.fora_da_unidade,
    treatment: {
      balanceMinutes: row.saldo_minutos,
      toleranceApplied: row.tolerancia_aplicada,
      nightMinutes: row.minutos_noturnos,
      nightReducedMinutes: row.minutos_noturnos_reduzidos,
      dayKind: row.tipo_dia,
      abonoTipo: row.abono_tipo ?? null,
      flags: row.sinalizacoes ?? [],
      adjusted: row.tratado,
      marks: timesheetMarks(row.marcacoes),
    },
  };
}

export interface TimesheetLine extends TimesheetDay {
  /** The expected minutes the month's totals count for the day: none for days to come, nor for today before the final exit. */
  expectedCounted: number;
  balance: number;
  runningBalance: number;
  /** Marked in but not out (a past day with an entry and no final exit). */
  incomplete: boolean;
  /** More than 6 h worked without a break (CLT art. 71: a break of at least 1 h is due). */
  missingBreak: boolean;
}

/** Balances (the database's, after the tolerance; running), flags and totals of a month; days still to come count nothing. */
export function summarizeTimesheet(days: readonly TimesheetDay[], today: string): { lines: TimesheetLine[]; worked: number; expected: number; balance: number } {
  let running = 0;
  let worked = 0;
  let expected = 0;
  const lines = days.map((day) => {
    const future = day.date > today;
    const counted = future || (day.date === today && !day.saidaFinal) ? 0 : day.expectedMinutes;
    // A day that counts in full takes the database's balance (the 5/10-minute tolerance applied there, issue 25);
    // today before its final exit counts what was worked so far, as the home card does.
    const balance = future ? 0 : day.treatment && counted === day.expectedMinutes ? day.treatment.balanceMinutes : day.workedMinutes - counted;
    running += balance;
    worked += day.workedMinutes;
    expected += counted;
    return {
      ...day,
      expectedCounted: counted,
      balance,
      runningBalance: running,
      incomplete: !future && day.date < today && day.entrada !== null && day.saidaFinal === null,
      missingBreak: day.workedMinutes > 360 && day.saidaIntervalo === null,
    };
  });
  return { lines, worked, expected, balance: running };
}

/**
 * The evidence address of a recorded origin: the last X-Forwarded-For entry, the one the gateway
 * appended (rows recorded before 2026-11-26 keep the whole chain; later ones hold that entry alone).
 */
export function evidenceAddress(recorded: string | null): string | null {
  const last = recorded?.split(',').at(-1)?.trim();
  return last ? last : null;
}

/**
 * Spec §2: the day's goal "in hours and minutes", as pt-BR writes a workday: 480 → '8h00', 450 → '7h30',
 * 45 → '0h45' (never '8 h', which drops the minutes).
 */
export function formatGoal(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  return `${Math.floor(total / 60)}h${String(total % 60).padStart(2, '0')}`;
}

/**
 * A duration typed as pt-BR writes it → minutes: '2h00' → 120, '2h' → 120, '0h45' → 45, '1:30' → 90, '45min' → 45,
 * '1h30min' → 90 (spaces and case ignored). Null when it is not a duration (a bare number is ambiguous: hours or minutes?).
 * The minutes after the hours are 00 to 59.
 */
export function parseDuration(value: string): number | null {
  const text = value.trim().toLowerCase().replaceAll(' ', '');
  const hours = /^(\d{1,3})(?:h|:)(?:(\d{1,2})(?:min)?)?$/.exec(text);
  if (hours) {
    const minutes = hours[2] === undefined ? 0 : Number(hours[2]);
    if (minutes > 59 || (text.includes(':') && hours[2]?.length !== 2)) return null;
    return Number(hours[1]) * 60 + minutes;
  }
  const onlyMinutes = /^(\d{1,5})min$/.exec(text);
  return onlyMinutes ? Number(onlyMinutes[1]) : null;
}

/** 125 → '02:05'; −30 → '−00:30' (balances keep their sign). */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
