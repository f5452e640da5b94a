/**
 * The answers of the time-clock report RPCs (issue 26), parsed at the edge (`api/`). This file is the contract
 * between the database (supabase/migrations/20261128100000_time_clock_reports.sql,
 * 20261128200000_time_clock_legal_files.sql) and the screens /ponto/dashboard, /ponto/relatorios and
 * /ponto/relatorios-detalhados. docs/time-clock-reports.md says how every figure is computed.
 */
import { z } from 'zod';
import { acknowledgementSchema, hourBankSchema, totalsSchema, treatedDaySchema } from '@/features/time-clock/treatment';

const minutes = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// ---------------------------------------------------------------------------
// get_punch_dashboard(p_unit_id uuid default null)

export const DASHBOARD_STATUSES = ['trabalhando', 'intervalo', 'encerrado', 'ausente', 'aguardando', 'sem_escala'] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];

export const dashboardPersonSchema = z.object({
  user_id: z.string().uuid(),
  full_name: z.string(),
  status: z.enum(DASHBOARD_STATUSES),
  /** Arrived more than 5 min after the planned start, or absent once the planned start + 5 min passed. */
  late: z.boolean(),
  late_minutes: minutes,
  day_kind: z.enum(['work', 'rest', 'holiday', 'excused']),
  expected_start: z.string().nullable(),
  expected_end: z.string().nullable(),
  expected_minutes: minutes,
  /** Treated marks of the current journey (originals kept + inclusions). */
  marks_today: minutes,
  /** Worked so far; an open pair counts until now. */
  worked_minutes: minutes,
  last_mark: z
    .object({
      at: z.string(),
      /** A punch's type, or 'INCLUSAO' for a mark included by an adjustment. */
      kind: z.enum(['ENTRADA', 'SAIDA_INTERVALO', 'RETORNO_INTERVALO', 'SAIDA_FINAL', 'EXTRA', 'INCLUSAO']),
      source: z.enum(['O', 'I']),
    })
    .nullable(),
});
export type DashboardPerson = z.output<typeof dashboardPersonSchema>;

const dashboardCountsSchema = z.object({
  trabalhando: minutes,
  intervalo: minutes,
  encerrado: minutes,
  ausente: minutes,
  aguardando: minutes,
  sem_escala: minutes,
  /** People with `late` true (they are also counted in their status). */
  atrasado: minutes,
  total: minutes,
});

export const punchDashboardSchema = z.object({
  now: z.string(),
  today: isoDay,
  units: z.array(
    z.object({
      unit_id: z.string().uuid(),
      unit_name: z.string(),
      counts: dashboardCountsSchema,
      people: z.array(dashboardPersonSchema),
    }),
  ),
});
export type PunchDashboard = z.output<typeof punchDashboardSchema>;

// ---------------------------------------------------------------------------
// get_time_report(p_from date, p_to date, p_unit_id uuid default null, p_user_id uuid default null)

/** The numeric columns of a report row, in the screen's order. Unit rows and totals sum them. */
export const REPORT_FIGURES = [
  'expected_minutes',
  'worked_minutes',
  'balance_minutes',
  'overtime_minutes',
  'overtime_50_minutes',
  'overtime_100_minutes',
  'overtime_days_over_2h',
  'undertime_minutes',
  'absences',
  'absence_minutes',
  'late_count',
  'late_minutes',
  'early_leave_count',
  'early_leave_minutes',
  'short_break_days',
  'short_rest_days',
  'night_minutes',
  'night_reduced_minutes',
  'bank_earned_minutes',
  'bank_settled_minutes',
  'bank_movement_minutes',
  'sundays_worked',
  'holidays_worked',
  'workdays',
  'days_worked',
  'excused_days',
] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];

const figuresShape = Object.fromEntries(REPORT_FIGURES.map((k) => [k, minutes])) as Record<ReportFigure, typeof minutes>;
export const reportFiguresSchema = z.object(figuresShape);
export type ReportFigures = z.output<typeof reportFiguresSchema>;

export const reportEmployeeSchema = reportFiguresSchema.extend({
  user_id: z.string().uuid(),
  full_name: z.string(),
  unit_id: z.string().uuid().nullable(),
  unit_name: z.string().nullable(),
  job_title: z.string().nullable(),
  /** Whole for whoever may read it (the person, ADMIN, PUNCH_MANAGE of the unit), masked '***.456.789-**' otherwise; null when not registered. */
  cpf: z.string().nullable(),
  cpf_masked: z.boolean(),
});
export type ReportEmployee = z.output<typeof reportEmployeeSchema>;

export const timeReportSchema = z.object({
  from: isoDay,
  to: isoDay,
  generated_at: z.string(),
  employees: z.array(reportEmployeeSchema),
  units: z.array(reportFiguresSchema.extend({ unit_id: z.string().uuid(), unit_name: z.string(), employees: minutes })),
  totals: reportFiguresSchema.extend({ employees: minutes }),
  daily: z.array(
    z.object({
      date: isoDay,
      expected_minutes: minutes,
      worked_minutes: minutes,
      overtime_minutes: minutes,
      absences: minutes,
      late_count: minutes,
    }),
  ),
});
export type TimeReport = z.output<typeof timeReportSchema>;

// ---------------------------------------------------------------------------
// get_time_marks_report(p_from date, p_to date, p_unit_id uuid default null, p_user_id uuid default null)

export const reportMarkSchema = z.object({
  user_id: z.string().uuid(),
  full_name: z.string(),
  unit_id: z.string().uuid().nullable(),
  unit_name: z.string().nullable(),
  work_date: isoDay,
  at: z.string(),
  /** 'O' original kept, 'D' original disregarded, 'I' included by an adjustment. */
  source: z.enum(['O', 'D', 'I']),
  punch_type: z.string().nullable(),
  nsr: z.number().int().nullable(),
  receipt_hash: z.string().nullable(),
  previous_hash: z.string().nullable(),
  computer_name: z.string().nullable(),
  /** The client address as the gateway saw it. */
  ip_origem: z.string().nullable(),
  user_agent: z.string().nullable(),
  fora_da_unidade: z.boolean(),
  /** The adjustment that included or disregarded the mark. */
  ajuste_id: z.string().uuid().nullable(),
  motivo: z.string().nullable(),
  author_name: z.string().nullable(),
  adjusted_at: z.string().nullable(),
});
export type ReportMark = z.output<typeof reportMarkSchema>;

export const timeMarksReportSchema = z.object({ from: isoDay, to: isoDay, marks: z.array(reportMarkSchema) });
export type TimeMarksReport = z.output<typeof timeMarksReportSchema>;

// ---------------------------------------------------------------------------
// get_espelho_print(p_user_id uuid, p_month date): the espelho de ponto with the fields of Portaria 671 art. 84.

export const espelhoPrintSchema = z.object({
  employer: z.object({ legal_name: z.string().nullable(), cnpj: z.string().nullable(), unit_name: z.string().nullable(), address: z.string().nullable() }),
  employee: z.object({
    user_id: z.string().uuid(),
    full_name: z.string(),
    cpf: z.string().nullable(),
    cpf_masked: z.boolean(),
    admission_date: isoDay.nullable(),
    job_title: z.string().nullable(),
  }),
  month: isoDay,
  emitted_at: z.string(),
  /** The contractual schedules in force during the month, e.g. 'Seg a sex 08:00–17:00, intervalo 60 min'. */
  schedules: z.array(z.object({ template_name: z.string(), valid_from: isoDay, valid_to: isoDay.nullable(), description: z.string() })),
  closed: z.boolean(),
  closed_at: z.string().nullable(),
  days: z.array(treatedDaySchema),
  totals: totalsSchema,
  bank: hourBankSchema.nullable(),
  acknowledgement: acknowledgementSchema.nullable(),
  /** SHA-256 of the closed espelho's canonical text (as get_espelho); null while the month is open. */
  sha256: z.string().nullable(),
});
export type EspelhoPrint = z.output<typeof espelhoPrintSchema>;
