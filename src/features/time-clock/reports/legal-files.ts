/**
 * The data of the legal files (issue 26, item 4): what get_afd_data and get_aej_data answer
 * (supabase/migrations/20261128200000_time_clock_legal_files.sql), parsed with zod, and the calls that fetch it.
 * api/get-afd-data.ts and api/get-aej-data.ts fetch it; afd.ts and aej.ts turn it into the files;
 * docs/time-clock-legal-files.md gives the layouts.
 *
 * Both RPCs carry whole CPFs, so they answer only ADMIN and the PUNCH_MANAGE holders of the unit; they refuse
 * (22023, no partial data) a unit without CNPJ or razão social and employees without CPF, naming them.
 */
import { z } from 'zod';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const cpf = z.string().regex(/^\d{11}$/);

export const legalUnitSchema = z.object({
  unit_id: z.string().uuid(),
  unit_name: z.string(),
  /** Razão social. */
  legal_name: z.string(),
  cnpj: z.string().regex(/^\d{14}$/),
  address: z.string().nullable(),
});
export type LegalUnit = z.output<typeof legalUnitSchema>;

// ---------------------------------------------------------------------------
// get_afd_data(p_unit_id uuid, p_from date, p_to date)

export const afdEmployeeSchema = z.object({
  user_id: z.string().uuid(),
  full_name: z.string(),
  cpf,
  /** When the employee's identifiers were recorded (employee_records.updated_at): record 5's recording time. */
  recorded_at: z.string(),
});
export type AfdEmployee = z.output<typeof afdEmployeeSchema>;

export const afdPunchSchema = z.object({
  /** The unit's número sequencial de registro (pontos.nsr): gap-free per unit. */
  nsr: z.number().int().positive(),
  user_id: z.string().uuid(),
  cpf,
  /** The server's clock when the punch was recorded (it is both the marking and the recording time: no offline punches). */
  punched_at: z.string(),
});
export type AfdPunch = z.output<typeof afdPunchSchema>;

export const afdDataSchema = z.object({
  unit: legalUnitSchema,
  from: isoDay,
  to: isoDay,
  generated_at: z.string(),
  /** The CPF of whoever generates the file, when registered (records 2 and 5 name a responsible CPF). */
  responsible_cpf: cpf.nullable(),
  /** The people who punched at the unit in the period, by name (one record 5 each). */
  employees: z.array(afdEmployeeSchema),
  /** The unit's punches of the period (São Paulo days of punched_at), in NSR order. */
  punches: z.array(afdPunchSchema),
});
export type AfdData = z.output<typeof afdDataSchema>;

// ---------------------------------------------------------------------------
// get_aej_data(p_unit_id uuid, p_from date, p_to date)

export const aejMarkSchema = z.object({
  at: z.string(),
  /** 'O' original kept, 'D' original disregarded, 'I' included by an adjustment. */
  source: z.enum(['O', 'D', 'I']),
  nsr: z.number().int().nullable(),
  /** The adjustment's motive (D and I). */
  motivo: z.string().nullable(),
});
export type AejMark = z.output<typeof aejMarkSchema>;

export const aejDaySchema = z.object({
  date: isoDay,
  day_kind: z.enum(['work', 'rest', 'holiday', 'excused']),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  expected_minutes: z.number().int(),
  break_minutes: z.number().int(),
  balance_minutes: z.number().int(),
  future: z.boolean(),
  /** The day is an unjustified absence (flag 'falta'). */
  absence: z.boolean(),
  /** By time; disregarded originals included. */
  marks: z.array(aejMarkSchema),
});
export type AejDay = z.output<typeof aejDaySchema>;

export const aejEmployeeSchema = z.object({
  user_id: z.string().uuid(),
  full_name: z.string(),
  cpf,
  /** Days with a mark, an absence or a balance, by date. */
  days: z.array(aejDaySchema),
  /** Hour-bank settlements in force dated in the period (compensação, pagamento), by date. */
  settlements: z.array(z.object({ date: isoDay, kind: z.enum(['compensacao', 'pagamento']), minutes: z.number().int() })),
});
export type AejEmployee = z.output<typeof aejEmployeeSchema>;

export const aejDataSchema = z.object({
  unit: legalUnitSchema,
  from: isoDay,
  to: isoDay,
  generated_at: z.string(),
  /** The unit's employees with a time record in the period, by name. */
  employees: z.array(aejEmployeeSchema),
});
export type AejData = z.output<typeof aejDataSchema>;
