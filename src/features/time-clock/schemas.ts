import * as z from 'zod/mini';
import { isValidDay } from '@/lib/dates';
import { parseDuration, PUNCH_TYPES } from '@/features/time-clock/logic';

/** Authorizing this browser: a name people recognise and the unit where it stands. */
const computerName = z.string().check(z.trim(), z.minLength(1, 'Informe o nome do computador.'), z.maxLength(80, 'O nome deve ter no máximo 80 caracteres.'));

export const computerFormSchema = z.object({
  name: computerName,
  unitId: z.string().check(z.minLength(1, 'Escolha a unidade.')),
});

export const computerNameSchema = z.object({ name: computerName });
export type ComputerFormValues = z.input<typeof computerFormSchema>;

/** A new version of the LGPD term: its label and the full text employees will read. */
export const termFormSchema = z.object({
  versao: z.string().check(z.trim(), z.minLength(1, 'Informe a versão (ex.: 2.0).'), z.maxLength(20, 'A versão deve ter no máximo 20 caracteres.')),
  texto: z.string().check(z.trim(), z.minLength(50, 'O texto do termo deve ter pelo menos 50 caracteres.'), z.maxLength(20000, 'O texto do termo deve ter no máximo 20.000 caracteres.')),
});
export type TermFormValues = z.input<typeof termFormSchema>;

// ---------------------------------------------------------------------------
// RPC payloads

/** authorize_computer's answer: the new computer's id and its token, returned this once. */
export const authorizedComputerSchema = z.object({ id: z.string(), device_token: z.string() });

/** register_punch's receipt (private.receipt_json, and whether it repeats the last punch of the past minute). */
export const punchReceiptSchema = z.object({
  id: z.string(),
  nsr: z.number(),
  punch_type: z.enum(PUNCH_TYPES),
  punched_at: z.string(),
  receipt_hash: z.string(),
  work_date: z.string(),
  employee_name: z.nullable(z.string()),
  unit_name: z.nullable(z.string()),
  unit_address: z.nullable(z.string()),
  // Portaria 671 art. 79 (issue 26): the employer's legal name and CNPJ, and the worker's CPF, whole (the receipt is
  // the worker's own; screens mask it). Null until entered on /usuarios.
  employer_name: z.nullable(z.string()),
  cnpj: z.nullable(z.string()),
  cpf: z.nullable(z.string()),
  ip_origem: z.nullable(z.string()),
  fora_da_unidade: z.boolean(),
  repeated: z.boolean(),
});

/** get_punch_computer's answer: this browser's authorized computer, its unit and whether the caller works there; null when not authorized. */
export const punchComputerSchema = z.nullable(
  z.object({
    computer_name: z.string(),
    unit_id: z.string(),
    unit_name: z.nullable(z.string()),
    assigned: z.boolean(),
  }),
);

// ---------------------------------------------------------------------------
// The treatment (issue 25): adjustments, requests, decisions, acknowledgement, settings

const motive = (message: string) => z.string().check(z.trim(), z.minLength(1, message), z.maxLength(500, 'O motivo deve ter no máximo 500 caracteres.'));
const clockTime = z.string().check(z.regex(/^\d{2}:\d{2}$/, 'Informe o horário (HH:MM).'));
const abonoTipo = z.enum(['atestado', 'folga', 'ferias', 'falta_justificada'], 'Escolha o tipo de abono.');

/** The administrator's adjustment of a day: add a mark (its time), disregard one (which), or excuse the day (abono). */
export const inclusionFormSchema = z.object({ time: clockTime, motivo: motive('Informe o motivo do ajuste.') });
export const disregardFormSchema = z.object({ pontoId: z.string().check(z.minLength(1, 'Escolha a marcação a desconsiderar.')), motivo: motive('Informe o motivo do ajuste.') });
export const abonoFormSchema = z.object({ abonoTipo: z.string().check(z.minLength(1, 'Escolha o tipo de abono.')), motivo: motive('Informe o motivo do ajuste.') });
export const revokeFormSchema = z.object({ motivo: motive('Informe o motivo da revogação.') });

/** The employee's request: a forgotten mark (its time) or an abono (atestado with a photo…). */
export const requestFormSchema = z
  .object({ kind: z.enum(['inclusao', 'abono']), time: z.string(), abonoTipo: z.optional(abonoTipo), motivo: motive('Informe o motivo da solicitação.') })
  .check(
    z.refine((values) => values.kind !== 'inclusao' || /^\d{2}:\d{2}$/.test(values.time), { message: 'Informe o horário da marcação esquecida (HH:MM).', path: ['time'] }),
    z.refine((values) => values.kind !== 'abono' || values.abonoTipo !== undefined, { message: 'Escolha o tipo de abono.', path: ['abonoTipo'] }),
  );
export type RequestFormValues = z.input<typeof requestFormSchema>;

/** Rejecting a request needs its reason; approving may carry a note. */
export const decisionFormSchema = z.object({ motivo: z.string().check(z.trim(), z.maxLength(500, 'O motivo deve ter no máximo 500 caracteres.')) });

/** 'Discordo' needs the comment saying why. */
export const contestFormSchema = z.object({ comentario: z.string().check(z.trim(), z.minLength(1, 'Explique por que discorda do espelho.'), z.maxLength(2000, 'O comentário deve ter no máximo 2.000 caracteres.')) });

/** The deadline for requests, in days after the day (1 to 60, as the database accepts). */
export const settingsFormSchema = z.object({
  prazoDias: z.string().check(z.regex(/^\d{1,2}$/, 'Informe um número de dias entre 1 e 60.'), z.refine((value) => Number(value) >= 1 && Number(value) <= 60, 'Informe um número de dias entre 1 e 60.')),
});

// ---------------------------------------------------------------------------
// The hour bank (issue 25 item 4): compensations, payouts and the agreement

/** The database's ceiling for one settlement (add_punch_adjustment refuses more than 10,000 minutes). */
export const MAX_SETTLEMENT_MINUTES = 10_000;

const settlementDuration = z.string().check(
  z.trim(),
  z.minLength(1, 'Informe as horas, como 2h00.'),
  z.refine((value) => value === '' || parseDuration(value) !== null, 'Escreva as horas e os minutos, como 2h00 ou 0h45.'),
  z.refine((value) => parseDuration(value) !== 0, 'Informe mais que 0h00.'),
  z.refine((value) => (parseDuration(value) ?? 0) <= MAX_SETTLEMENT_MINUTES, 'Informe no máximo 166h40.'),
);
const day = (message: string) => z.string().check(z.refine((value) => isValidDay(value), message));

/** A compensation (time off against a credit) or a payout in the payroll: how long, on which day, and why. */
export const settlementFormSchema = z.object({
  duration: settlementDuration,
  workDate: day('Informe o dia.'),
  motivo: motive('Informe o motivo do ajuste.'),
});
export type SettlementFormValues = z.input<typeof settlementFormSchema>;

/** The agreement in force from a day on. */
export const agreementFormSchema = z.object({
  tipo: z.string().check(z.refine((value) => ['mensal', 'semestral', 'anual'].includes(value), 'Escolha o acordo.')),
  validFrom: day('Informe o início do acordo.'),
});
export type AgreementFormValues = z.input<typeof agreementFormSchema>;
