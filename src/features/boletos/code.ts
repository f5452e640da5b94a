/**
 * Pure parser for boleto codes: the 44-digit barcode and the linha digitável (47 digits for a bank
 * boleto, 48 for arrecadação/convênio), with every check digit, the due-date factor (with its
 * 2025 reset) and the amount. No React, no I/O; it imports only the São Paulo "today" and its
 * Portuguese messages (messages.ts).
 *
 * Layouts (positions 1-based, as in the FEBRABAN notes):
 * - bank barcode: 1–3 bank, 4 currency (9 = real), 5 general DV (module 11, bank variant),
 *   6–9 due-date factor, 10–19 amount in cents, 20–44 free field;
 * - bank linha: field 1 = barcode 1–4 + 20–24 + DV10, field 2 = 25–34 + DV10, field 3 = 35–44 + DV10,
 *   field 4 = barcode 5, field 5 = barcode 6–19;
 * - arrecadação barcode: 1 = '8', 2 segment, 3 value identifier (6/7 → module 10, 8/9 → module 11),
 *   4 general DV over the other 43 digits, 5–15 value in cents (identifier 6/8 only);
 * - arrecadação linha: the barcode in 4 blocks of 11, each followed by its own DV.
 *
 * Hot paths read digits with charCodeAt and never slice inside loops: decoding one code allocates
 * only the result strings.
 */
import { toAppDateString } from '@/lib/dates';
import { boletoCodeMessages, type BoletoCodeDefect } from '@/features/boletos/messages';

export type BoletoKind = 'BANCARIO' | 'ARRECADACAO';

export interface DecodedBoleto {
  kind: BoletoKind;
  /** Canonical 44 digits. */
  barcode: string;
  /** 47 (bank) or 48 (arrecadação) digits, digits only. */
  linhaDigitavel: string;
  /** 3 digits for BANCARIO, null for ARRECADACAO. */
  bankCode: string | null;
  /**
   * Reais with 2 decimals (389.36); 0 when the code's amount field is all zeros (FEBRABAN: the value
   * is set at payment, e.g. credit-card bills; the user types it); null for arrecadação with a
   * reference quantity (identifier 7/9).
   */
  amount: number | null;
  amountCents: number | null;
  /** BANCARIO only (below 1000, e.g. 0000, when the boleto has no due date). */
  dueFactor: number | null;
  /** 'YYYY-MM-DD'; decoded for BANCARIO, always null for ARRECADACAO (the user enters it). */
  dueDate: string | null;
  /** ARRECADACAO only. */
  segment: number | null;
}

export type BoletoCodeField =
  | 'codigo'
  | 'campo1'
  | 'campo2'
  | 'campo3'
  | 'campo4'
  | 'bloco1'
  | 'bloco2'
  | 'bloco3'
  | 'bloco4'
  | 'dv_geral'
  | 'moeda';

/** A refused code: the part that is wrong, which defect (a key of boletoCodeMessages) and its message. */
export type ParseResult = { ok: true; value: DecodedBoleto } | { ok: false; field: BoletoCodeField; defect: BoletoCodeDefect; message: string };

// ---------------------------------------------------------------------------------------------
// Characters

const ZERO = 48;
const NINE = 57;

function isDigitCode(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/** Characters a paste or a scanner burst may carry between digits: whitespace (as in /\s/), '.' and '-'. */
function isSeparatorCode(code: number): boolean {
  return (
    code === 32 || // space
    code === 46 || // .
    code === 45 || // -
    (code >= 9 && code <= 13) || // \t \n \v \f \r
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The ASCII digits of `input`, everything else (spaces, dots, hyphens, newlines…) removed. */
export function onlyDigits(input: string): string {
  let digits = '';
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (isDigitCode(code)) digits += input[i];
  }
  return digits;
}

function assertDigits(value: string, name: string, length?: number): void {
  if (length !== undefined && value.length !== length) throw new RangeError(`${name} must have ${length} digits`);
  for (let i = 0; i < value.length; i++) {
    if (!isDigitCode(value.charCodeAt(i))) throw new RangeError(`${name} must contain digits only`);
  }
}

function digitAt(s: string, index: number): number {
  return s.charCodeAt(index) - ZERO;
}

/** The integer written by s[start, end) (at most 11 digits here, far below 2^53). */
function numberAt(s: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (s.charCodeAt(i) - ZERO);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Check digits

/**
 * Module 10 over s[start, end) without the digit at `skip` (−1: none): weights 2,1,2,1… from the
 * right (the parity continues across a skipped digit), two-digit products summed digit by digit.
 */
function mod10Range(s: string, start: number, end: number, skip = -1): number {
  let sum = 0;
  let double = true;
  for (let i = end - 1; i >= start; i--) {
    if (i === skip) continue;
    const product = (s.charCodeAt(i) - ZERO) * (double ? 2 : 1);
    sum += product >= 10 ? product - 9 : product; // 10..18: the sum of its two digits is product − 9
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/** Σ digit × weight mod 11 over s[start, end) without the digit at `skip`; weights 2..9 repeating from the right. */
function mod11RemainderRange(s: string, start: number, end: number, skip: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = end - 1; i >= start; i--) {
    if (i === skip) continue;
    sum += (s.charCodeAt(i) - ZERO) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11;
}

/** Bank general DV: 11 − remainder, where 0, 10 and 11 become 1 (remainders 0, 1 and 10 all give 1). */
function bankDvFromRemainder(remainder: number): number {
  const dv = 11 - remainder;
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Arrecadação module 11: remainders 0 and 1 give 0, any other remainder r gives 11 − r. */
function arrecadacaoDvFromRemainder(remainder: number): number {
  return remainder <= 1 ? 0 : 11 - remainder;
}

/** The check digit of a 44-digit bank barcode (over positions 1–4 and 6–44). */
function bankGeneralDv(barcode: string): number {
  return bankDvFromRemainder(mod11RemainderRange(barcode, 0, 44, 4));
}

function usesModule11(valueId: number): boolean {
  return valueId === 8 || valueId === 9;
}

/** An arrecadação check digit over s[start, end) without `skip`, with the module the value identifier picks. */
function arrecadacaoDv(s: string, start: number, end: number, skip: number, module11: boolean): number {
  return module11 ? arrecadacaoDvFromRemainder(mod11RemainderRange(s, start, end, skip)) : mod10Range(s, start, end, skip);
}

/** Module 10 check digit of `digits` (weights 2,1,2,1… from the right; DV = (10 − sum mod 10) mod 10). */
export function modulo10(digits: string): number {
  assertDigits(digits, 'digits');
  return mod10Range(digits, 0, digits.length);
}

/** The bank general DV of the 43 digits (barcode positions 1–4 and 6–44): never 0; remainders 0, 1 and 10 give 1. */
export function modulo11Bank(digits43: string): number {
  assertDigits(digits43, 'digits43');
  return bankDvFromRemainder(mod11RemainderRange(digits43, 0, digits43.length, -1));
}

/** Arrecadação module 11 (identifier 8/9), for the general DV and the block DVs: remainders 0 and 1 give 0. */
export function modulo11Arrecadacao(digits: string): number {
  assertDigits(digits, 'digits');
  return arrecadacaoDvFromRemainder(mod11RemainderRange(digits, 0, digits.length, -1));
}

// ---------------------------------------------------------------------------------------------
// Dates: 'YYYY-MM-DD' strings and whole UTC days since 1970-01-01 (never local time)

const MS_PER_DAY = 86_400_000;

function utcDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

const ISO_DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9] as const;

/** Day number of a 'YYYY-MM-DD' string, or null when it is not a real calendar date in that format. */
function parseIsoDay(date: string): number | null {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null;
  for (const i of ISO_DATE_DIGITS) if (!isDigitCode(date.charCodeAt(i))) return null;
  const year = numberAt(date, 0, 4);
  const month = numberAt(date, 5, 7);
  const day = numberAt(date, 8, 10);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const days = utcDay(year, month, day);
  // Date.UTC rolls 31/02 over into March: reject what does not come back unchanged.
  const check = new Date(days * MS_PER_DAY);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? days : null;
}

function requireIsoDay(date: string, name: string): number {
  const days = parseIsoDay(date);
  if (days === null) throw new RangeError(`${name} must be a date as YYYY-MM-DD (got "${date}")`);
  return days;
}

function formatIsoDay(days: number): string {
  return new Date(days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Factor 0 is 07/10/1997; factor 1000 = 03/07/2000 … 9999 = 21/02/2025, then 1000 again on 22/02/2025. */
const FACTOR_BASE_DAY = utcDay(1997, 10, 7);
const FIRST_FACTOR = 1000;
const LAST_FACTOR = 9999;
/** Each cycle runs through factors 1000..9999: 9000 days. */
const CYCLE_DAYS = LAST_FACTOR - FIRST_FACTOR + 1;
/**
 * Cycles FEBRABAN has defined: the original one (03/07/2000..21/02/2025) and the one since the
 * reset (22/02/2025..13/10/2049, date = 29/05/2022 + factor). Raise this when a next cycle is defined.
 */
const DEFINED_CYCLES = 2;
const FIRST_CYCLE_DAY = FACTOR_BASE_DAY + FIRST_FACTOR;
const LAST_CYCLE_DAY = FACTOR_BASE_DAY + (DEFINED_CYCLES - 1) * CYCLE_DAYS + LAST_FACTOR;

/**
 * The due date a factor stands for, taking among its candidate dates (one per cycle) the one closest
 * to `today` ('YYYY-MM-DD', the entry date); at an exact tie the later one. A factor field starting
 * with 0 (0000 included) means the boleto carries no due date (FEBRABAN; the user types it): null.
 */
export function dueDateFromFactor(factor: number, today: string): string | null {
  if (!Number.isInteger(factor) || factor < 0 || factor > LAST_FACTOR) throw new RangeError(`factor must be an integer from 0 to 9999 (got ${factor})`);
  if (factor < FIRST_FACTOR) return null;
  const first = FACTOR_BASE_DAY + factor;
  const todayDay = requireIsoDay(today, 'today');
  // Candidate k is first + k·9000; the nearest k rounds (today − first) / 9000 (half up: the later date wins a tie).
  const cycle = Math.min(DEFINED_CYCLES - 1, Math.max(0, Math.floor((todayDay - first) / CYCLE_DAYS + 0.5)));
  return formatIsoDay(first + cycle * CYCLE_DAYS);
}

/** The factor of `date` in the cycle that contains it; null outside 03/07/2000..13/10/2049. */
export function dueFactorFor(date: string): number | null {
  const days = requireIsoDay(date, 'date');
  if (days < FIRST_CYCLE_DAY || days > LAST_CYCLE_DAY) return null;
  return ((days - FIRST_CYCLE_DAY) % CYCLE_DAYS) + FIRST_FACTOR;
}

// ---------------------------------------------------------------------------------------------
// Barcode ⇄ linha digitável

function bankBarcodeToLinha(b: string): string {
  const field1 = b.slice(0, 4) + b.slice(19, 24);
  const field2 = b.slice(24, 34);
  const field3 = b.slice(34, 44);
  return (
    field1 +
    mod10Range(field1, 0, 9) +
    field2 +
    mod10Range(field2, 0, 10) +
    field3 +
    mod10Range(field3, 0, 10) +
    b[4] +
    b.slice(5, 19)
  );
}

function arrecadacaoBarcodeToLinha(b: string): string {
  const module11 = usesModule11(digitAt(b, 2));
  let linha = '';
  for (let start = 0; start < 44; start += 11) linha += b.slice(start, start + 11) + arrecadacaoDv(b, start, start + 11, -1, module11);
  return linha;
}

function bankLinhaToBarcode(l: string): string {
  return l.slice(0, 4) + l[32] + l.slice(33, 47) + l.slice(4, 9) + l.slice(10, 20) + l.slice(21, 31);
}

function arrecadacaoLinhaToBarcode(l: string): string {
  return l.slice(0, 11) + l.slice(12, 23) + l.slice(24, 35) + l.slice(36, 47);
}

/** The linha digitável (digits only) of a 44-digit barcode of either kind; check digits are recomputed, not validated. */
export function barcodeToLinha(barcode: string): string {
  assertDigits(barcode, 'barcode', 44);
  if (barcode.charCodeAt(0) !== ZERO + 8) return bankBarcodeToLinha(barcode);
  const valueId = digitAt(barcode, 2);
  if (valueId < 6) throw new RangeError('arrecadação value identifier (3rd digit) must be 6, 7, 8 or 9');
  return arrecadacaoBarcodeToLinha(barcode);
}

/** The 44-digit barcode of a 47-digit (bank) or 48-digit (arrecadação) linha; check digits are dropped, not validated. */
export function linhaToBarcode(linha: string): string {
  assertDigits(linha, 'linha');
  if (linha.length === 47) return bankLinhaToBarcode(linha);
  if (linha.length === 48) return arrecadacaoLinhaToBarcode(linha);
  throw new RangeError(`linha must have 47 or 48 digits (got ${linha.length})`);
}

/**
 * Display form. Bank: 'AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE'; arrecadação:
 * 'XXXXXXXXXXX-X XXXXXXXXXXX-X XXXXXXXXXXX-X XXXXXXXXXXX-X'. Separators in the input are ignored;
 * anything that is not 47 or 48 digits comes back as its digits, unformatted.
 */
export function formatLinhaDigitavel(linha: string): string {
  const l = onlyDigits(linha);
  if (l.length === 47) {
    return `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10, 15)}.${l.slice(15, 21)} ${l.slice(21, 26)}.${l.slice(26, 32)} ${l[32]} ${l.slice(33)}`;
  }
  if (l.length === 48) {
    return `${l.slice(0, 11)}-${l[11]} ${l.slice(12, 23)}-${l[23]} ${l.slice(24, 35)}-${l[35]} ${l.slice(36, 47)}-${l[47]}`;
  }
  return l;
}

// ---------------------------------------------------------------------------------------------
// Building codes (tests and seed)

const MAX_BANK_AMOUNT_CENTS = 9_999_999_999; // R$ 99.999.999,99 (10 digits)
const MAX_ARRECADACAO_VALUE = 99_999_999_999; // 11 digits

function padNumber(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** A valid bank barcode (currency 9, general DV computed). `dueDate` null → factor 0000 (no due date). */
export function buildBankBarcode(args: { bankCode: string; dueDate: string | null; amountCents: number; freeField: string }): string {
  const { bankCode, dueDate, amountCents, freeField } = args;
  assertDigits(bankCode, 'bankCode', 3);
  if (bankCode[0] === '8') throw new RangeError('a bank code never starts with 8 (that barcode would read as arrecadação)');
  assertDigits(freeField, 'freeField', 25);
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > MAX_BANK_AMOUNT_CENTS) {
    throw new RangeError(`amountCents must be an integer from 0 to ${MAX_BANK_AMOUNT_CENTS}`);
  }
  let factor = 0;
  if (dueDate !== null) {
    const found = dueFactorFor(dueDate);
    if (found === null) throw new RangeError(`dueDate ${dueDate} has no factor (outside 2000-07-03..2049-10-13)`);
    factor = found;
  }
  const withoutDv = `${bankCode}9${padNumber(factor, 4)}${padNumber(amountCents, 10)}${freeField}`;
  return withoutDv.slice(0, 4) + bankDvFromRemainder(mod11RemainderRange(withoutDv, 0, 43, -1)) + withoutDv.slice(4);
}

/**
 * A valid arrecadação barcode (general DV computed with the module `valueId` picks). For identifiers
 * 7/9 the 11 digits at positions 5–15 carry a reference quantity: pass it as `amountCents`.
 */
export function buildArrecadacaoBarcode(args: { segment: number; valueId: 6 | 7 | 8 | 9; amountCents: number; rest: string }): string {
  const { segment, valueId, amountCents, rest } = args;
  if (!Number.isInteger(segment) || segment < 1 || segment > 9) throw new RangeError('segment must be an integer from 1 to 9');
  if (![6, 7, 8, 9].includes(valueId)) throw new RangeError('valueId must be 6, 7, 8 or 9');
  assertDigits(rest, 'rest', 29);
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > MAX_ARRECADACAO_VALUE) {
    throw new RangeError(`amountCents must be an integer from 0 to ${MAX_ARRECADACAO_VALUE}`);
  }
  const withoutDv = `8${segment}${valueId}${padNumber(amountCents, 11)}${rest}`;
  return withoutDv.slice(0, 3) + arrecadacaoDv(withoutDv, 0, 43, -1, usesModule11(valueId)) + withoutDv.slice(3);
}

// ---------------------------------------------------------------------------------------------
// Which kind the clerk is typing

/**
 * Whether these digits start like a linha digitável: the first field's (bank) or the first block's
 * (arrecadação) own check digit is already there and right. A barcode has no check digit there, so
 * one typed by hand matches by chance once in ten.
 */
function startsLikeLinha(digits: string): boolean {
  if (digits.charCodeAt(0) !== ZERO + 8) return digits.length >= 10 && digitAt(digits, 9) === mod10Range(digits, 0, 9);
  if (digits.length < 12) return false;
  const valueId = digitAt(digits, 2);
  return valueId >= 6 && digitAt(digits, 11) === arrecadacaoDv(digits, 0, 11, -1, usesModule11(valueId));
}

/**
 * The length the clerk is most likely typing towards, for the counter and the wrong-length message:
 * a code starting with 8 is a conta de consumo or a tributo (44 or 48), any other a bank boleto (44
 * or 47). A code shorter than its linha that already starts like one is that linha; otherwise the
 * nearest length, the longer one at a tie.
 */
export function expectedCodeLength(digits: string): 44 | 47 | 48 {
  const linha = digits.charCodeAt(0) === ZERO + 8 ? 48 : 47;
  if (digits.length < linha && startsLikeLinha(digits)) return linha;
  return Math.abs(digits.length - 44) < Math.abs(digits.length - linha) ? 44 : linha;
}

// ---------------------------------------------------------------------------------------------
// Parsing

type DefectWithoutCount = Exclude<BoletoCodeDefect, 'length'>;

function fail(field: BoletoCodeField, defect: DefectWithoutCount): ParseResult {
  return { ok: false, field, defect, message: boletoCodeMessages[defect] };
}

/** A code of the wrong length, worded for the kind the clerk is typing. */
function failLength(digits: string): ParseResult {
  return { ok: false, field: 'codigo', defect: 'length', message: boletoCodeMessages.length(digits.length, expectedCodeLength(digits)) };
}

const BANK_FIELDS = [
  { start: 0, end: 9, field: 'campo1', defect: 'field1' },
  { start: 10, end: 20, field: 'campo2', defect: 'field2' },
  { start: 21, end: 31, field: 'campo3', defect: 'field3' },
] as const;

/** Each block is 11 digits of the barcode followed by its DV. */
const ARRECADACAO_BLOCKS = [
  { start: 0, field: 'bloco1', defect: 'block1' },
  { start: 12, field: 'bloco2', defect: 'block2' },
  { start: 24, field: 'bloco3', defect: 'block3' },
  { start: 36, field: 'bloco4', defect: 'block4' },
] as const;

function decodeBank(barcode: string, linha: string, today: string | undefined): ParseResult {
  if (digitAt(barcode, 4) !== bankGeneralDv(barcode)) return fail('dv_geral', 'generalDv');
  if (digitAt(barcode, 3) !== 9) return fail('moeda', 'currency');
  // All zeros: the value is set at payment (FEBRABAN); the user types the amount due.
  const amountCents = numberAt(barcode, 9, 19);
  const dueFactor = numberAt(barcode, 5, 9);
  // "Today" is only needed (and only computed) when there is a factor to place in a cycle.
  const dueDate = dueFactor < FIRST_FACTOR ? null : dueDateFromFactor(dueFactor, today ?? toAppDateString(new Date()));
  return {
    ok: true,
    value: {
      kind: 'BANCARIO',
      barcode,
      linhaDigitavel: linha,
      bankCode: barcode.slice(0, 3),
      amount: amountCents / 100,
      amountCents,
      dueFactor,
      dueDate,
      segment: null,
    },
  };
}

function decodeArrecadacao(barcode: string, linha: string): ParseResult {
  const valueId = digitAt(barcode, 2);
  if (digitAt(barcode, 3) !== arrecadacaoDv(barcode, 0, 44, 3, usesModule11(valueId))) return fail('dv_geral', 'generalDv');
  const isEffectiveValue = valueId === 6 || valueId === 8;
  const amountCents = isEffectiveValue ? numberAt(barcode, 4, 15) : null;
  return {
    ok: true,
    value: {
      kind: 'ARRECADACAO',
      barcode,
      linhaDigitavel: linha,
      bankCode: null,
      amount: amountCents === null ? null : amountCents / 100,
      amountCents,
      dueFactor: null,
      dueDate: null,
      segment: digitAt(barcode, 1),
    },
  };
}

/** A 44-digit barcode: bank unless it starts with 8 (the linha is rebuilt from it, as the database does). */
function decodeBarcode(barcode: string, today: string | undefined): ParseResult {
  if (barcode.charCodeAt(0) !== ZERO + 8) return decodeBank(barcode, bankBarcodeToLinha(barcode), today);
  if (digitAt(barcode, 2) < 6) return fail('codigo', 'valueId');
  return decodeArrecadacao(barcode, arrecadacaoBarcodeToLinha(barcode));
}

/**
 * Reads a boleto code as typed, pasted (dots, spaces, hyphens, line breaks) or scanned, and checks
 * every check digit in the documented order. `today` ('YYYY-MM-DD', the entry date) places the
 * due-date factor in its cycle; by default it is today in São Paulo.
 */
export function parseBoletoCode(input: string, today?: string): ParseResult {
  let digits = '';
  let hasInvalid = false;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (isDigitCode(code)) digits += input[i];
    else if (!isSeparatorCode(code)) hasInvalid = true;
  }
  if (hasInvalid) return fail('codigo', 'notDigits');
  // Blank or separators only: nothing was entered yet.
  if (digits.length === 0) return fail('codigo', 'empty');
  const n = digits.length;
  const startsWith8 = digits.charCodeAt(0) === ZERO + 8;

  if (n === 44) return decodeBarcode(digits, today);

  if (n === 47) {
    for (const { start, end, field, defect } of BANK_FIELDS) {
      if (digitAt(digits, end) !== mod10Range(digits, start, end)) return fail(field, defect);
    }
    // Its barcode is then read as any barcode: one starting with 8 is an arrecadação barcode (there
    // is no bank 8xx), exactly as the database reads it.
    return decodeBarcode(bankLinhaToBarcode(digits), today);
  }

  if (n === 48 && startsWith8) {
    const valueId = digitAt(digits, 2);
    if (valueId < 6) return fail('codigo', 'valueId');
    const module11 = usesModule11(valueId);
    for (const { start, field, defect } of ARRECADACAO_BLOCKS) {
      if (digitAt(digits, start + 11) !== arrecadacaoDv(digits, start, start + 11, -1, module11)) return fail(field, defect);
    }
    return decodeArrecadacao(arrecadacaoLinhaToBarcode(digits), digits);
  }

  return failLength(digits);
}
