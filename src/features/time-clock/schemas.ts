import * as z from 'zod/mini';
import { PUNCH_TYPES } from '@/features/time-clock/logic';

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
