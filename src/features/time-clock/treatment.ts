/**
 * The treated timesheet (issue 25): the jsonb the database answers (docs/time-clock-treatment.md), parsed with zod in
 * api/, and the words the screens use for its codes. The database computes everything (tolerance, night time, bank);
 * the browser only shows it.
 */
import { z } from 'zod';
import { formatMonthYear, formatTime, saoPauloDayStart } from '@/lib/dates';
import { formatGoal, formatMinutes } from '@/features/time-clock/logic';

export const ABONO_TIPOS = ['atestado', 'folga', 'ferias', 'falta_justificada'] as const;
export type AbonoTipo = (typeof ABONO_TIPOS)[number];

export const ABONO_LABELS: Record<AbonoTipo, string> = {
  atestado: 'Atestado',
  folga: 'Folga',
  ferias: 'Férias',
  falta_justificada: 'Falta justificada',
};

export const ADJUSTMENT_KINDS = ['inclusao', 'desconsiderar', 'abono', 'compensacao', 'pagamento', 'revogacao'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const ADJUSTMENT_LABELS: Record<AdjustmentKind, string> = {
  inclusao: 'Marcação incluída',
  desconsiderar: 'Marcação desconsiderada',
  abono: 'Abono',
  compensacao: 'Compensação',
  pagamento: 'Pagamento de horas',
  revogacao: 'Revogação',
};

/** Portaria 671 sources of a mark: the original kept, the original disregarded, a mark included by an adjustment. */
export const MARK_SOURCE_LABELS = { O: 'Original', D: 'Desconsiderada', I: 'Incluída' } as const;

export const DAY_FLAG_LABELS: Record<string, string> = {
  marcacao_impar: 'Marcação faltando',
  falta: 'Falta',
  intervalo_curto: 'Intervalo curto',
  interjornada_curta: 'Interjornada < 11 h',
  hora_extra_acima_2h: 'Extra acima de 2 h',
  fora_da_unidade: 'Fora da unidade',
};

export const DAY_KIND_LABELS = { work: 'Trabalho', rest: 'Folga', holiday: 'Feriado', excused: 'Abonado' } as const;

export const REQUEST_STATUS_LABELS = { PENDENTE: 'Pendente', APROVADA: 'Aprovada', REJEITADA: 'Rejeitada' } as const;

export const AGREEMENT_TIPOS = ['mensal', 'semestral', 'anual'] as const;
export type AgreementTipo = (typeof AGREEMENT_TIPOS)[number];

/** The hour bank's agreement (CLT art. 59 §§2, 5 and 6): how long a month's balance may wait to be compensated. */
export const AGREEMENT_LABELS: Record<AgreementTipo, string> = {
  mensal: 'No mesmo mês (acordo tácito ou individual)',
  semestral: '6 meses (acordo individual escrito)',
  anual: '12 meses (acordo coletivo)',
};

/** When a month's balance expires under each agreement (the database's rule: the last day of month + months − 1). */
export const AGREEMENT_RULES: Record<AgreementTipo, string> = {
  mensal: 'O saldo de cada mês vence no último dia do próprio mês.',
  semestral: 'O saldo de cada mês vence no último dia do 6º mês, contando o mês em que foi feito.',
  anual: 'O saldo de cada mês vence no último dia do 12º mês, contando o mês em que foi feito.',
};

/**
 * A settlement of the hour bank as the day's adjustments list says it: 'Compensação de 2h00', 'Pagamento de 1h00'.
 * A negative one settles a debt: 'Compensação de débito de 0h30'.
 */
export function settlementLabel(kind: 'compensacao' | 'pagamento', minutes: number): string {
  const what = kind === 'compensacao' ? 'Compensação' : 'Pagamento';
  return `${what} de ${minutes < 0 ? 'débito de ' : ''}${formatGoal(Math.abs(minutes))}`;
}

/**
 * What an adjustment did, in a few words: 'Marcação incluída (17:00)', 'Abono: Atestado', 'Compensação de 2h00'
 * (the admin's timesheet lists it under the day; the espelho print among the month's treatments).
 */
export function adjustmentWhat(adjustment: Pick<Adjustment, 'kind' | 'abono_tipo' | 'minutes' | 'punched_at'>): string {
  const label = ADJUSTMENT_LABELS[adjustment.kind];
  if (adjustment.kind === 'abono' && adjustment.abono_tipo) return `${label}: ${ABONO_LABELS[adjustment.abono_tipo]}`;
  if ((adjustment.kind === 'compensacao' || adjustment.kind === 'pagamento') && adjustment.minutes !== null) return settlementLabel(adjustment.kind, adjustment.minutes);
  if (adjustment.punched_at) return `${label} (${formatTime(adjustment.punched_at)})`;
  if (adjustment.minutes !== null) return `${label} (${formatMinutes(adjustment.minutes)})`;
  return label;
}

const id = z.string();
const nullableText = z.string().nullable().optional().transform((value) => value ?? null);

export const markSchema = z.object({
  at: z.string(),
  source: z.enum(['O', 'I', 'D']),
  ponto_id: nullableText,
  ajuste_id: nullableText,
  nsr: z.union([z.number(), z.string()]).nullable().optional().transform((value) => (value == null ? null : String(value))),
  fora_da_unidade: z.boolean().optional().default(false),
});
export type TreatedMark = z.output<typeof markSchema>;

export const adjustmentSchema = z.object({
  id,
  kind: z.enum(ADJUSTMENT_KINDS),
  punched_at: nullableText,
  ponto_id: nullableText,
  abono_tipo: z.enum(ABONO_TIPOS).nullable().optional().transform((value) => value ?? null),
  minutes: z.number().nullable().optional().transform((value) => value ?? null),
  motivo: z.string(),
  anexo_path: nullableText,
  solicitacao_id: nullableText,
  after_closing: z.boolean().optional().default(false),
  revoga_id: nullableText,
  revoked: z.boolean().optional().default(false),
  created_by: nullableText,
  created_by_name: nullableText,
  created_at: z.string(),
});
export type Adjustment = z.output<typeof adjustmentSchema>;

export const treatedDaySchema = z.object({
  date: z.string(),
  day_kind: z.enum(['work', 'rest', 'holiday', 'excused']),
  holiday_name: nullableText,
  template_name: nullableText,
  start_time: nullableText,
  end_time: nullableText,
  expected_minutes: z.number(),
  worked_minutes: z.number(),
  balance_minutes: z.number(),
  tolerance_applied: z.boolean().optional().default(false),
  night_minutes: z.number().optional().default(0),
  night_reduced_minutes: z.number().optional().default(0),
  abono_tipo: z.enum(ABONO_TIPOS).nullable().optional().transform((value) => value ?? null),
  future: z.boolean().optional().default(false),
  flags: z.array(z.string()).optional().default([]),
  marks: z.array(markSchema).optional().default([]),
  adjustments: z.array(adjustmentSchema).optional().default([]),
});
export type TreatedDay = z.output<typeof treatedDaySchema>;

export const totalsSchema = z.object({
  expected_minutes: z.number(),
  worked_minutes: z.number(),
  balance_minutes: z.number(),
  night_minutes: z.number().optional().default(0),
  night_reduced_minutes: z.number().optional().default(0),
  absences: z.number().optional().default(0),
  flagged_days: z.number().optional().default(0),
});
export type TimesheetTotals = z.output<typeof totalsSchema>;

export const hourBankSchema = z.object({
  user_id: z.string(),
  agreement: z.object({ tipo: z.enum(AGREEMENT_TIPOS), valid_from: nullableText, months: z.number() }),
  balance_minutes: z.number(),
  expired_minutes: z.number().optional().default(0),
  settled_minutes: z.number().optional().default(0),
  next_expiry: z.object({ expires_on: z.string(), minutes: z.number() }).nullable().optional().transform((value) => value ?? null),
  periods: z
    .array(z.object({ month: z.string(), earned_minutes: z.number(), settled_minutes: z.number(), remaining_minutes: z.number(), expires_on: z.string(), expired: z.boolean() }))
    .optional()
    .default([]),
});
export type HourBank = z.output<typeof hourBankSchema>;

export const treatedTimesheetSchema = z.object({
  user_id: z.string(),
  full_name: nullableText,
  month: z.string(),
  closed: z.boolean(),
  closed_at: nullableText,
  today: z.string(),
  days: z.array(treatedDaySchema),
  totals: totalsSchema,
  bank: hourBankSchema.nullable().optional().transform((value) => value ?? null),
});
export type TreatedTimesheet = z.output<typeof treatedTimesheetSchema>;

export const acknowledgementSchema = z.object({
  concorda: z.boolean(),
  comentario: nullableText,
  created_at: z.string(),
  espelho_sha256: nullableText,
  matches_current: z.boolean().optional(),
});
export type Acknowledgement = z.output<typeof acknowledgementSchema>;

export const espelhoSchema = z.object({
  user_id: z.string(),
  full_name: nullableText,
  month: z.string(),
  unit_name: nullableText,
  closed_at: nullableText,
  text: z.string(),
  sha256: z.string(),
  days: z.array(treatedDaySchema),
  totals: totalsSchema,
  acknowledgement: acknowledgementSchema.nullable().optional().transform((value) => value ?? null),
});
export type Espelho = z.output<typeof espelhoSchema>;

export const punchRequestSchema = z.object({
  id,
  funcionario_id: z.string(),
  full_name: nullableText,
  work_date: z.string(),
  kind: z.enum(['inclusao', 'abono']),
  punched_at: nullableText,
  abono_tipo: z.enum(ABONO_TIPOS).nullable().optional().transform((value) => value ?? null),
  motivo: z.string(),
  anexo_path: nullableText,
  status: z.enum(['PENDENTE', 'APROVADA', 'REJEITADA']),
  decided_by_name: nullableText,
  decided_at: nullableText,
  decision_reason: nullableText,
  created_at: z.string(),
  deadline: nullableText,
  can_decide: z.boolean().optional().default(false),
});
export type PunchRequest = z.output<typeof punchRequestSchema>;

const closingTotalsSchema = z.object({
  expected_minutes: z.number(),
  worked_minutes: z.number(),
  balance_minutes: z.number(),
  night_minutes: z.number(),
  absences: z.number(),
  changed_since: z.boolean(),
});

export const monthClosingSchema = z.object({
  unit_id: z.string(),
  month: z.string(),
  closed: z.boolean(),
  closed_at: nullableText,
  closed_by_name: nullableText,
  employees: z.array(
    z.object({
      user_id: z.string(),
      full_name: nullableText,
      acknowledgement: acknowledgementSchema.nullable().optional().transform((value) => value ?? null),
      // The month as it closed (what payroll received); null while open or for a month closed without totals.
      closing: closingTotalsSchema.nullable().optional().transform((value) => value ?? null),
    }),
  ),
});
export type MonthClosing = z.output<typeof monthClosingSchema>;

/** What a request or an adjustment is about, in a few words: 'Marcação às 08:02', 'Atestado'. */
export function requestSubject(kind: 'inclusao' | 'abono', abonoTipo: AbonoTipo | null, time: string | null): string {
  if (kind === 'abono') return abonoTipo ? ABONO_LABELS[abonoTipo] : 'Abono';
  return time ? `Marcação às ${time}` : 'Marcação esquecida';
}

/** 'YYYY-MM-01' of the month `offset` months from `month`. */
export function shiftMonth(month: string, offset: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}

/** The instant of a São Paulo wall-clock time ('HH:MM') on a day, as ISO: the start of the day plus the time. */
export function saoPauloInstant(day: string, time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(Date.parse(saoPauloDayStart(day)) + (hours * 60 + minutes) * 60_000).toISOString();
}

/** 'Novembro de 2026' (only the month's first letter upper-cased, as Portuguese writes it at the start). */
export function monthLabel(month: string): string {
  const label = formatMonthYear(month);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The adjustment that made (or disregarded) a mark, when there is one. */
export function adjustmentOf(day: TreatedDay, mark: Pick<TreatedMark, 'ajuste_id'>): Adjustment | null {
  if (!mark.ajuste_id) return null;
  return day.adjustments.find((adjustment) => adjustment.id === mark.ajuste_id) ?? null;
}

