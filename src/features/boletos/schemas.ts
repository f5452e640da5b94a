/**
 * The forms of /boletos, checked with the same limits the database applies: the entry form (values
 * as typed, turned into the row it writes), a status change's reason and the payment.
 */
import * as z from 'zod/mini';
import { parseBoletoCode, type DecodedBoleto } from '@/features/boletos/code';
import { formatDay, isIsoDay, isValidDay, MAX_DAY, MIN_DAY } from '@/lib/dates';
import { AMOUNT_MAX, attachmentProblem, codeProblem, formatAmountInput, parseAmountInput } from '@/features/boletos/entry-logic';
import { BACKDATED_PAYMENT_DAYS, isBackdatedPayment } from '@/features/boletos/logic';
import { boletoListMessages } from '@/features/boletos/messages';

export const BENEFICIARY_MAX = 160;
export const DOCUMENT_MAX = 60;
export const NOTES_MAX = 1000;
export const DUPLICATE_REASON_MIN = 3;
export const DUPLICATE_REASON_MAX = 500;

export const BOLETO_FORM_MESSAGES = {
  unit: 'Selecione a unidade.',
  supplier: 'Selecione o fornecedor.',
  beneficiary: 'Informe o beneficiário.',
  beneficiaryMax: `O beneficiário deve ter no máximo ${BENEFICIARY_MAX} caracteres.`,
  documentMax: `O número do documento deve ter no máximo ${DOCUMENT_MAX} caracteres.`,
  notesMax: `As observações devem ter no máximo ${NOTES_MAX} caracteres.`,
  amountRequired: 'Informe o valor.',
  amountInvalid: 'Valor inválido: use o formato 1.234,56.',
  amountPositive: 'O valor deve ser maior que zero.',
  amountMax: 'O valor deve ser de no máximo R$ 99.999.999,99.',
  dueRequired: 'Informe o vencimento.',
  dateInvalid: 'Data inválida.',
  dueRange: 'O vencimento deve estar entre 01/01/2000 e 31/12/2100.',
  issueRange: 'A data de emissão deve estar entre 01/01/2000 e 31/12/2100.',
  issueAfterDue: 'A data de emissão deve ser igual ou anterior ao vencimento.',
  duplicateReason: `Informe por que este código é lançado de novo (mínimo de ${DUPLICATE_REASON_MIN} caracteres).`,
  duplicateReasonMax: `O motivo deve ter no máximo ${DUPLICATE_REASON_MAX} caracteres.`,
} as const;

/** 'O valor deve ser igual ao do código (R$ 1.234,56).' */
export function amountMismatchMessage(codeAmount: number): string {
  return `O valor deve ser igual ao do código (R$ ${formatAmountInput(codeAmount)}).`;
}

/** What is wrong with the typed amount of a boleto with this (valid) code, or null. */
function amountProblem(text: string, decoded: DecodedBoleto): string | null {
  const value = parseAmountInput(text);
  if (value === null) return BOLETO_FORM_MESSAGES.amountRequired;
  if (Number.isNaN(value)) return BOLETO_FORM_MESSAGES.amountInvalid;
  if (value <= 0) return BOLETO_FORM_MESSAGES.amountPositive;
  if (value > AMOUNT_MAX) return BOLETO_FORM_MESSAGES.amountMax;
  // The amount a code carries is the amount (the database refuses another); a code whose amount is
  // zero carries none (FEBRABAN: set at payment): the typed amount is the amount.
  if (decoded.amount !== null && decoded.amount > 0 && value !== decoded.amount) return amountMismatchMessage(decoded.amount);
  return null;
}

export const boletoFormSchema = z
  .object({
    /** As typed, pasted or scanned (dots, spaces, line breaks allowed): one message, the field's own. */
    code: z.string().check(
      z.superRefine((code, ctx) => {
        const problem = codeProblem(code);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: code });
      }),
    ),
    /** Required once the code is right (below). */
    unitId: z.string(),
    /** Who is paid: a registered supplier, or free text for anyone else (a utility, a tax). */
    payee: z.enum(['supplier', 'other']),
    supplierId: z.nullable(z.string()),
    beneficiary: z.string().check(z.trim(), z.maxLength(BENEFICIARY_MAX, BOLETO_FORM_MESSAGES.beneficiaryMax)),
    documentNumber: z.string().check(z.trim(), z.maxLength(DOCUMENT_MAX, BOLETO_FORM_MESSAGES.documentMax)),
    /** '1.234,56'; checked with the code (below): a wrong code is the only message until it is right. */
    amount: z.string(),
    /** 'YYYY-MM-DD' (input type=date); required once the code is right (below). */
    dueDate: z.string().check(
      z.superRefine((day, ctx) => {
        const message = day === '' ? null : !isIsoDay(day) ? BOLETO_FORM_MESSAGES.dateInvalid : day < MIN_DAY || day > MAX_DAY ? BOLETO_FORM_MESSAGES.dueRange : null;
        if (message) ctx.issues.push({ code: 'custom', message, input: day });
      }),
    ),
    /** Optional 'YYYY-MM-DD'. */
    issueDate: z.string().check(
      z.superRefine((day, ctx) => {
        if (day === '') return;
        const message = !isIsoDay(day) ? BOLETO_FORM_MESSAGES.dateInvalid : day < MIN_DAY || day > MAX_DAY ? BOLETO_FORM_MESSAGES.issueRange : null;
        if (message) ctx.issues.push({ code: 'custom', message, input: day });
      }),
    ),
    notes: z.string().check(z.trim(), z.maxLength(NOTES_MAX, BOLETO_FORM_MESSAGES.notesMax)),
    /** Why a code already entered (paid or pending) is entered again; required then (the form knows, the database checks). */
    duplicateReason: z.string().check(z.trim(), z.maxLength(DUPLICATE_REASON_MAX, BOLETO_FORM_MESSAGES.duplicateReasonMax)),
    /** PDF, JPG, PNG or WEBP up to 10 MB, uploaded after the boleto is saved. */
    attachment: z.nullable(
      z.custom<File>((file) => file !== null && typeof file === 'object').check(
        z.superRefine((file, ctx) => {
          const problem = attachmentProblem(file);
          if (problem) ctx.issues.push({ code: 'custom', message: problem, input: file });
        }),
      ),
    ),
  })
  .check(
    z.superRefine(
      (values, ctx) => {
        if (values.issueDate !== '' && isIsoDay(values.issueDate) && isIsoDay(values.dueDate) && values.issueDate > values.dueDate) {
          ctx.issues.push({ code: 'custom', message: BOLETO_FORM_MESSAGES.issueAfterDue, path: ['issueDate'], input: values.issueDate });
        }
        // A wrong code is the one message (the clerk scans or types it again first): the amount and
        // due date it would fill, and the choices made around it, are not blamed as well.
        const decoded = parseBoletoCode(values.code);
        if (!decoded.ok) return;
        if (values.unitId === '') ctx.issues.push({ code: 'custom', message: BOLETO_FORM_MESSAGES.unit, path: ['unitId'], input: values.unitId });
        if (values.payee === 'supplier' && !values.supplierId) {
          ctx.issues.push({ code: 'custom', message: BOLETO_FORM_MESSAGES.supplier, path: ['supplierId'], input: values.supplierId });
        }
        if (values.payee === 'other' && values.beneficiary.trim() === '') {
          ctx.issues.push({ code: 'custom', message: BOLETO_FORM_MESSAGES.beneficiary, path: ['beneficiary'], input: values.beneficiary });
        }
        const amountMessage = amountProblem(values.amount, decoded.value);
        if (amountMessage) ctx.issues.push({ code: 'custom', message: amountMessage, path: ['amount'], input: values.amount });
        if (values.dueDate === '') ctx.issues.push({ code: 'custom', message: BOLETO_FORM_MESSAGES.dueRequired, path: ['dueDate'], input: values.dueDate });
      },
      {
        // Also when a field already has its message (a text too long, a date out of range): once the
        // code is right, every field the clerk must fix is said at once. Not when a value is of the
        // wrong type (none is read then).
        when: (payload) => !payload.issues.some((issue) => issue.code === 'invalid_type'),
      },
    ),
  );

export type BoletoFormValues = z.input<typeof boletoFormSchema>;
export type BoletoFormData = z.output<typeof boletoFormSchema>;

/** An empty form; the unit is the one the user works in (kept from one boleto to the next). */
export function emptyBoletoForm(unitId: string): BoletoFormValues {
  return {
    code: '',
    unitId,
    payee: 'supplier',
    supplierId: null,
    beneficiary: '',
    documentNumber: '',
    amount: '',
    dueDate: '',
    issueDate: '',
    notes: '',
    duplicateReason: '',
    attachment: null,
  };
}

/** The columns the entry form writes (the database derives kind, linha, bank, status and alerts). */
export interface BoletoWrite {
  unit_id: string;
  supplier_id: string | null;
  beneficiary: string | null;
  barcode: string;
  amount: number;
  due_date: string;
  issue_date: string | null;
  document_number: string | null;
  notes: string | null;
  duplicate_reason: string | null;
}

/** The row of valid form values: canonical 44-digit barcode, amount in reais, blanks as null. */
export function toBoletoWrite(values: BoletoFormData): BoletoWrite {
  const decoded = parseBoletoCode(values.code);
  if (!decoded.ok) throw new Error(decoded.message);
  const amount = parseAmountInput(values.amount);
  if (amount === null || Number.isNaN(amount)) throw new Error('invalid amount');
  const supplier = values.payee === 'supplier';
  return {
    unit_id: values.unitId,
    supplier_id: supplier ? values.supplierId : null,
    beneficiary: supplier ? null : values.beneficiary.trim() || null,
    barcode: decoded.value.barcode,
    amount,
    due_date: values.dueDate,
    issue_date: values.issueDate || null,
    document_number: values.documentNumber.trim() || null,
    notes: values.notes.trim() || null,
    duplicate_reason: values.duplicateReason.trim() || null,
  };
}

// ---------------------------------------------------------------------------------------------
// The list's forms (the database checks the same limits and decides)

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** A status change's reason: 3 to 500 characters once trimmed (cancel, reopen, delete). */
export const reasonSchema = z.object({
  reason: z.string().check(
    z.trim(),
    z.minLength(REASON_MIN, boletoListMessages.reasonRequired),
    z.maxLength(REASON_MAX, boletoListMessages.reasonTooLong),
  ),
});
export type ReasonValues = z.input<typeof reasonSchema>;

/** What the payment form knows about the boletos it pays. */
export interface PaymentContext {
  /** São Paulo's day (the database refuses a future date anyway). */
  today: string;
  /** One boleto: the amount may differ from the boleto's (interest, fine, discount). */
  single: boolean;
  /** The earliest date the database accepts: the latest issue (or entry) day of the selection. */
  earliest: string;
  /** The selection holds a boleto whose code was already paid in another boleto. */
  paidTwin: boolean;
}

/**
 * The payment form: a date from the selection's earliest day (issue or entry) to today, a date more
 * than 30 days back confirmed, a boleto whose twin is paid confirmed again; one boleto may be paid
 * with another amount.
 */
export function paymentSchema({ today, single, earliest, paidTwin }: PaymentContext) {
  return z
    .object({
      paidAt: z.string().check(
        z.refine((value) => isValidDay(value), 'Informe uma data de pagamento válida.'),
        z.refine((value) => value <= today, 'A data do pagamento não pode ser futura.'),
        z.refine(
          (value) => !isValidDay(value) || value >= earliest,
          `A data do pagamento não pode ser anterior a ${formatDay(earliest)} (emissão ou lançamento do boleto).`,
        ),
      ),
      paymentAccount: z.string().check(z.trim(), z.maxLength(120, 'A conta de pagamento deve ter no máximo 120 caracteres.')),
      paidAmount: z.string(),
      confirmBackdated: z.boolean(),
      confirmPaidTwin: z.boolean(),
    })
    .check(
      z.refine(
        (values) => {
          if (!single) return true;
          const amount = parseAmountInput(values.paidAmount);
          return amount !== null && !Number.isNaN(amount) && amount > 0 && amount <= AMOUNT_MAX;
        },
        { error: 'Informe o valor pago (maior que zero).', path: ['paidAmount'] },
      ),
      z.refine((values) => values.confirmBackdated || !isBackdatedPayment(values.paidAt, today), {
        error: `A data é de mais de ${BACKDATED_PAYMENT_DAYS} dias atrás: confirme que o pagamento foi feito nessa data.`,
        path: ['confirmBackdated'],
      }),
      z.refine((values) => values.confirmPaidTwin || !paidTwin, {
        error: 'Confirme que deseja pagar de novo um código já pago.',
        path: ['confirmPaidTwin'],
      }),
    );
}
export type PaymentValues = z.input<ReturnType<typeof paymentSchema>>;

// ---------------------------------------------------------------------------------------------
// RPC payloads (jsonb): parsed in api/ so a change of shape fails loudly at the boundary

/** A numeric column in jsonb: a number (or, from some drivers, its text), read as a number. */
const numeric = z.pipe(z.union([z.number(), z.string()]), z.transform((value) => Number(value)));
const activeStatus = z.enum(['PENDENTE', 'PAGO']);
const boletoStatus = z.enum(['PENDENTE', 'PAGO', 'CANCELADO']);

/** check_boleto_warnings' answer: what to confirm before saving. */
export const boletoWarningsSchema = z.object({
  same_code: z.array(
    z.object({
      id: z.nullable(z.string()),
      unit_name: z.string(),
      status: boletoStatus,
      due_date: z.string(),
      amount: numeric,
      paid_at: z.optional(z.nullable(z.string())),
      paid_amount: z.optional(z.nullable(numeric)),
    }),
  ),
  same_supplier_amount_due: z.array(
    z.object({ id: z.string(), unit_name: z.string(), status: boletoStatus, due_date: z.string(), amount: numeric, document_number: z.nullable(z.string()) }),
  ),
  bank_code: z.nullable(z.string()),
  supplier_banks: z.array(z.string()),
  bank_differs: z.boolean(),
});

/** private.boleto_twin: the other boleto with the same code (a paid one first). */
const boletoTwinSchema = z.object({
  id: z.nullable(z.string()),
  unit_name: z.string(),
  status: activeStatus,
  due_date: z.string(),
  amount: numeric,
  paid_at: z.nullable(z.string()),
  paid_amount: z.nullable(numeric),
});

/** One row of list_boletos. */
const boletoRowSchema = z.object({
  id: z.string(),
  unit_id: z.string(),
  unit_name: z.string(),
  supplier_id: z.nullable(z.string()),
  supplier_name: z.nullable(z.string()),
  supplier_cnpj: z.nullable(z.string()),
  beneficiary: z.nullable(z.string()),
  kind: z.enum(['BANCARIO', 'ARRECADACAO']),
  barcode: z.string(),
  linha_digitavel: z.string(),
  bank_code: z.nullable(z.string()),
  amount: numeric,
  due_date: z.string(),
  issue_date: z.nullable(z.string()),
  document_number: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  status: boletoStatus,
  situation: z.enum(['A_VENCER', 'VENCE_HOJE', 'VENCIDO', 'PAGO', 'CANCELADO']),
  paid_at: z.nullable(z.string()),
  paid_amount: z.nullable(numeric),
  payment_account: z.nullable(z.string()),
  alerts: z.pipe(z.nullable(z.array(z.enum(['CODIGO_DUPLICADO', 'POSSIVEL_DUPLICADO', 'BANCO_DIVERGENTE']))), z.transform((alerts) => alerts ?? [])),
  created_at: z.string(),
  attachments: numeric,
  duplicate_reason: z.nullable(z.string()),
  twin: z.nullable(boletoTwinSchema),
});

/** list_boletos' answer: one page, the count and sum of every matching boleto, and the database's today. */
export const boletoPageSchema = z.object({
  today: z.string(),
  total: numeric,
  total_amount: numeric,
  rows: z.array(boletoRowSchema),
});
