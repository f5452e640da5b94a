import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  barcodeToLinha,
  buildArrecadacaoBarcode,
  buildBankBarcode,
  dueDateFromFactor,
  dueFactorFor,
  expectedCodeLength,
  formatLinhaDigitavel,
  linhaToBarcode,
  modulo10,
  modulo11Arrecadacao,
  modulo11Bank,
  onlyDigits,
  parseBoletoCode,
  type ParseResult,
} from '@/features/boletos/code';
import { boletoCodeMessages } from '@/features/boletos/messages';

const TODAY = '2025-06-15';

const SANTANDER_LINHA = '03399161400700000191281556001014411370000038936';
const SANTANDER_BARCODE = '03394113700000389369161407000001918155600101';
const ITAU_BARCODE = '34199101600000123451091234567812345678901230';
const ITAU_LINHA = '34191091233456781234156789012301910160000012345';
const ARRECADACAO_BARCODE = '83690000001623201232025031000000000012345678';
const ARRECADACAO_LINHA = '836900000016623201232021503100000002000123456782';

function failure(result: ParseResult): { field: string; message: string } | null {
  return result.ok ? null : { field: result.field, message: result.message };
}

function decoded(input: string, today = TODAY) {
  const result = parseBoletoCode(input, today);
  if (!result.ok) throw new Error(`expected ${input} to parse, got ${result.field}: ${result.message}`);
  return result.value;
}

/** `code` with the digit at `index` replaced. */
function withDigit(code: string, index: number, digit: string | number): string {
  return code.slice(0, index) + String(digit) + code.slice(index + 1);
}

/** `code` with the digits at `index` and `index + 1` swapped. */
function swapped(code: string, index: number): string {
  return code.slice(0, index) + code.charAt(index + 1) + code.charAt(index) + code.slice(index + 2);
}

/** A copy of `code` whose digit at `index` is off by one (so the check that covers it must fail). */
function bumped(code: string, index: number): string {
  return withDigit(code, index, (Number(code.charAt(index)) + 1) % 10);
}

// -----------------------------------------------------------------------------------------------
// Reference checks written straight from the domain notes, independently of code.ts (plain slices
// and Number()). The property tests compare the parser against them where the algorithms can miss.

function refMod10Dv(data: string): number {
  let sum = 0;
  for (let k = 0; k < data.length; k++) {
    const product = Number(data.charAt(data.length - 1 - k)) * (k % 2 === 0 ? 2 : 1);
    sum += Math.floor(product / 10) + (product % 10);
  }
  return (10 - (sum % 10)) % 10;
}

function refRemainder11(data: string): number {
  let sum = 0;
  for (let k = 0; k < data.length; k++) sum += Number(data.charAt(data.length - 1 - k)) * (2 + (k % 8));
  return sum % 11;
}

function refBankDv(data43: string): number {
  const dv = 11 - refRemainder11(data43);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

function refArrecadacaoMod11Dv(data: string): number {
  const remainder = refRemainder11(data);
  return remainder === 0 || remainder === 1 ? 0 : 11 - remainder;
}

function refArrecadacaoDv(data: string, valueId: string): number {
  return valueId === '8' || valueId === '9' ? refArrecadacaoMod11Dv(data) : refMod10Dv(data);
}

function refBankBarcodeValid(b: string): boolean {
  // An amount of zeros is valid (FEBRABAN: the value is set at payment).
  return refBankDv(b.slice(0, 4) + b.slice(5)) === Number(b[4]) && b[3] === '9';
}

function refArrecadacaoBarcodeValid(b: string): boolean {
  const valueId = b.charAt(2);
  if (!'6789'.includes(valueId)) return false;
  return refArrecadacaoDv(b.slice(0, 3) + b.slice(4), valueId) === Number(b[3]);
}

/** Does the reference accept this digits-only code? */
function refAccepts(code: string): boolean {
  if (code.length === 44) return code[0] === '8' ? refArrecadacaoBarcodeValid(code) : refBankBarcodeValid(code);
  if (code.length === 47) {
    const fieldsOk =
      refMod10Dv(code.slice(0, 9)) === Number(code[9]) &&
      refMod10Dv(code.slice(10, 20)) === Number(code[20]) &&
      refMod10Dv(code.slice(21, 31)) === Number(code[31]);
    // Its barcode is then read as a barcode: one starting with 8 is arrecadação (as the database reads it).
    return fieldsOk && refAccepts(code.slice(0, 4) + code[32] + code.slice(33) + code.slice(4, 9) + code.slice(10, 20) + code.slice(21, 31));
  }
  if (code.length === 48) {
    const valueId = code.charAt(2);
    if (code[0] !== '8' || !'6789'.includes(valueId)) return false;
    for (let start = 0; start < 48; start += 12) {
      if (refArrecadacaoDv(code.slice(start, start + 11), valueId) !== Number(code[start + 11])) return false;
    }
    return refArrecadacaoBarcodeValid(code.slice(0, 11) + code.slice(12, 23) + code.slice(24, 35) + code.slice(36, 47));
  }
  return false;
}

// -----------------------------------------------------------------------------------------------
// What the check digits can and cannot detect.
//
// Every code form is a set of checks; a check is a DV over a sequence of data digits (module 10,
// bank module 11 or arrecadação module 11). For a single-digit change or a swap of two digits:
//
// * Module 10 (DV = −Σ f(dᵢ) mod 10, f = ×1 or "×2, digits summed"; the DV itself enters the sum
//   with weight 1). Both f are permutations of 0..9, so every single-digit change moves the sum:
//   always detected. Swapping a and b between a ×2 and a ×1 position moves the sum by
//   g(b) − g(a) with g(x) = f₂(x) − x = x (x ≤ 4) or x − 9 (x ≥ 5); g(0) = g(9) = 0 and g is otherwise
//   injective mod 10, so such a swap is missed exactly when {a, b} = {0, 9}. A swap between two
//   positions of the same weight never moves the sum: always missed. Among adjacent positions that
//   happens only around the arrecadação general DV (barcode position 4): its neighbour position 5
//   has weight 1 like the DV, so with identifier 6/7 swapping positions 4 and 5 is NEVER detected by
//   the barcode (in the 48-digit linha, block 1's own DV still catches it unless the pair is 0/9).
// * Module 11 (weights 2..9 from the right, 11 prime, every weight and every digit difference is a
//   unit mod 11): a single change moves the remainder r, and so does an adjacent swap (neighbouring
//   weights differ by 1 or 7, never 0 mod 11). The DV is a function of r that is not injective: the
//   bank rule maps r = 0, 1, 10 to DV 1, the arrecadação rule maps r = 0, 1 to DV 0. A change is
//   missed exactly when r before and after both fall in that set ("mod11-collision"). A swap that
//   moves the DV into the data ("check-digit-moved") passes only when the new data happens to have the
//   moved digit as its DV.
// * Beyond the DVs: in a 44-digit barcode (and so in a 47-digit linha, whose first digit is the
//   barcode's) the first digit decides the kind, so turning it into or out of an 8 makes the parser read the other layout ("kind-switch"; then that layout's checks decide),
//   and an arrecadação value identifier changed between 6/7 and 8/9 switches every DV to the other
//   module ("module-switch"; passes only if all DVs happen to agree). A changed currency digit, a
//   48-digit code not starting with 8, or an identifier outside 6..9 is always rejected.
//
// `classify` applies exactly these statements. It answers 'detected' when they guarantee a rejection;
// otherwise it names the classes involved, and the test then requires the parser to agree with the
// reference checks above (so the excluded cases are asserted too, not skipped). Where the statements
// claim the remainder must move, `classify` throws if it does not.

type CheckModule = 'mod10' | 'mod11-bank' | 'mod11-arrecadacao';
interface Check {
  name: string;
  /** Indices (into the code) of the data digits, left to right in the order the weights run. */
  data: readonly number[];
  dv: number;
  module: CheckModule;
}
interface CodeForm {
  checks: readonly Check[];
  /** 44 digits: the first digit decides between bank and arrecadação. */
  kindDecidedByFirstDigit: boolean;
  /** 48 digits: anything not starting with 8 is rejected by length. */
  mustStartWith8: boolean;
  currencyIndex: number | null;
  valueIdIndex: number | null;
}
type Verdict = 'detected' | readonly string[];

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);

const BANK_BARCODE_FORM: CodeForm = {
  checks: [{ name: 'geral', data: [...range(0, 4), ...range(5, 44)], dv: 4, module: 'mod11-bank' }],
  kindDecidedByFirstDigit: true,
  mustStartWith8: false,
  currencyIndex: 3,
  valueIdIndex: null,
};

const BANK_LINHA_FORM: CodeForm = {
  checks: [
    { name: 'campo1', data: range(0, 9), dv: 9, module: 'mod10' },
    { name: 'campo2', data: range(10, 20), dv: 20, module: 'mod10' },
    { name: 'campo3', data: range(21, 31), dv: 31, module: 'mod10' },
    // The general DV runs over the barcode order: positions 1–4, 6–19 (field 5), 20–44 (fields 1–3).
    { name: 'geral', data: [...range(0, 4), ...range(33, 47), ...range(4, 9), ...range(10, 20), ...range(21, 31)], dv: 32, module: 'mod11-bank' },
  ],
  // The linha's first digit is its barcode's: an 8 there makes it an arrecadação barcode.
  kindDecidedByFirstDigit: true,
  mustStartWith8: false,
  currencyIndex: 3,
  valueIdIndex: null,
};

function arrecadacaoModule(valueId: string): CheckModule {
  return valueId === '8' || valueId === '9' ? 'mod11-arrecadacao' : 'mod10';
}

function arrecadacaoBarcodeForm(module: CheckModule): CodeForm {
  return {
    checks: [{ name: 'geral', data: [0, 1, 2, ...range(4, 44)], dv: 3, module }],
    kindDecidedByFirstDigit: true,
    mustStartWith8: false,
    currencyIndex: null,
    valueIdIndex: 2,
  };
}

function arrecadacaoLinhaForm(module: CheckModule): CodeForm {
  // Barcode index j sits at linha index j + ⌊j / 11⌋ (one block DV after every 11 digits).
  const linhaIndex = (j: number) => j + Math.floor(j / 11);
  return {
    checks: [
      ...[0, 1, 2, 3].map((block) => ({ name: `bloco${block + 1}`, data: range(12 * block, 12 * block + 11), dv: 12 * block + 11, module })),
      { name: 'geral', data: [0, 1, 2, ...range(4, 44)].map(linhaIndex), dv: linhaIndex(3), module },
    ],
    kindDecidedByFirstDigit: false,
    mustStartWith8: true,
    currencyIndex: null,
    valueIdIndex: 2,
  };
}

const moduleFamily = (valueId: string) => (valueId === '6' || valueId === '7' ? 'mod10' : 'mod11');

function digitsOf(code: string, indices: readonly number[]): string {
  let digits = '';
  for (const index of indices) digits += code.charAt(index);
  return digits;
}

function checkVerdict(check: Check, original: string, mutated: string): 'detected' | string | null {
  const dvChanged = original[check.dv] !== mutated[check.dv];
  if (check.module === 'mod10') {
    // The DV is one more term of the sum (weight 1), so treat it as a position like the data.
    const positions = [...check.data, check.dv];
    const weights = positions.map((_, k) => (k === positions.length - 1 ? 1 : (positions.length - 2 - k) % 2 === 0 ? 2 : 1));
    const changed = positions.map((index, k) => ({ index, weight: weights[k] })).filter(({ index }) => original[index] !== mutated[index]);
    if (changed.length === 0) return null;
    if (changed.length === 1) return 'detected';
    const [first, second] = changed as [(typeof changed)[number], (typeof changed)[number]];
    if (changed.length !== 2 || original[first.index] !== mutated[second.index] || original[second.index] !== mutated[first.index]) {
      throw new Error(`${check.name}: not a single change or a swap`);
    }
    if (first.weight === second.weight) return 'mod10-same-weight-swap';
    const pair = `${original[first.index]}${original[second.index]}`;
    return pair === '09' || pair === '90' ? 'mod10-0-9-swap' : 'detected';
  }
  const changedData = check.data.filter((index) => original[index] !== mutated[index]);
  if (changedData.length === 0) return dvChanged ? 'detected' : null;
  if (dvChanged) return 'check-digit-moved';
  const before = refRemainder11(digitsOf(original, check.data));
  const after = refRemainder11(digitsOf(mutated, check.data));
  if (before === after) throw new Error(`${check.name}: the remainder did not move (${original} → ${mutated})`);
  const collapsed = check.module === 'mod11-bank' ? [0, 1, 10] : [0, 1];
  return collapsed.includes(before) && collapsed.includes(after) ? 'mod11-collision' : 'detected';
}

function classify(form: CodeForm, original: string, mutated: string): Verdict {
  if (form.kindDecidedByFirstDigit && (original[0] === '8') !== (mutated[0] === '8')) return ['kind-switch'];
  if (form.mustStartWith8 && mutated[0] !== '8') return 'detected';
  if (form.currencyIndex !== null && mutated[form.currencyIndex] !== '9') return 'detected';
  if (form.valueIdIndex !== null) {
    const before = original.charAt(form.valueIdIndex);
    const after = mutated.charAt(form.valueIdIndex);
    if (!'6789'.includes(after)) return 'detected';
    if (moduleFamily(before) !== moduleFamily(after)) return ['module-switch'];
  }
  const classes = new Set<string>();
  for (const check of form.checks) {
    const verdict = checkVerdict(check, original, mutated);
    if (verdict === 'detected') return 'detected';
    if (verdict !== null) classes.add(verdict);
  }
  if (classes.size === 0) throw new Error(`no check covers the change ${original} → ${mutated}`);
  return [...classes].sort();
}

function* singleDigitChanges(code: string): Generator<string> {
  for (let index = 0; index < code.length; index++) {
    for (let digit = 0; digit <= 9; digit++) if (String(digit) !== code[index]) yield withDigit(code, index, digit);
  }
}

function* adjacentSwaps(code: string): Generator<string> {
  for (let index = 0; index < code.length - 1; index++) if (code[index] !== code[index + 1]) yield swapped(code, index);
}

/** How often each class (or combination) was met and how often the parser accepted it. */
type Tally = Map<string, { seen: number; accepted: number }>;

/**
 * Every mutation the statements call detected must be rejected; every other one must get the
 * reference's verdict. Returns the disagreements (empty when all is well).
 */
function checkMutations(form: CodeForm, original: string, mutations: Iterable<string>, tally: Tally): string[] {
  const problems: string[] = [];
  for (const mutated of mutations) {
    const verdict = classify(form, original, mutated);
    const accepted = parseBoletoCode(mutated, TODAY).ok;
    if (verdict === 'detected') {
      if (accepted) problems.push(`accepted ${mutated} (from ${original}), which the check digits must reject`);
      continue;
    }
    const key = verdict.join('+');
    const entry = tally.get(key) ?? { seen: 0, accepted: 0 };
    entry.seen += 1;
    if (accepted) entry.accepted += 1;
    tally.set(key, entry);
    if (accepted !== refAccepts(mutated)) problems.push(`${key}: parser ${accepted ? 'accepted' : 'rejected'} ${mutated} (from ${original}), reference disagrees`);
  }
  return problems;
}

const acceptedIn = (tally: Tally, key: string) => tally.get(key)?.accepted ?? 0;

// -----------------------------------------------------------------------------------------------
// Generators

const MS_PER_DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;
const dateOf = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
const digitString = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

/** Bank codes 001–999 whose first digit is not 8 (a barcode starting with 8 is arrecadação). */
const bankCodeArb = fc
  .integer({ min: 1, max: 999 })
  .map((code) => String(code).padStart(3, '0'))
  .filter((code) => code[0] !== '8');
const dueDateArb = fc.option(fc.integer({ min: dayOf('2000-07-03'), max: dayOf('2049-10-13') }).map(dateOf), { freq: 10 });

const bankArb = fc.record({
  bankCode: bankCodeArb,
  dueDate: dueDateArb,
  amountCents: fc.integer({ min: 1, max: 9_999_999_999 }),
  freeField: digitString(25),
});

const arrecadacaoArb = fc
  .record({
    segment: fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 9),
    valueId: fc.constantFrom(6 as const, 7 as const, 8 as const, 9 as const),
    amountCents: fc.integer({ min: 1, max: 99_999_999_999 }),
    rest: digitString(29),
  })
  // Identifiers 7/9 carry a reference quantity there, which may be zero.
  .chain((args) => (args.valueId === 7 || args.valueId === 9 ? fc.integer({ min: 0, max: 99_999_999_999 }).map((amountCents) => ({ ...args, amountCents })) : fc.constant(args)));

const PROPERTY_RUNS = { numRuns: 300 };

// -----------------------------------------------------------------------------------------------

describe('input handling', () => {
  it('strips separators with onlyDigits', () => {
    expect(onlyDigits(' 03399.16140 07000.001912\n81556-001014\t4 ')).toBe('033991614007000001912815560010144');
    expect(onlyDigits('')).toBe('');
  });

  it('accepts a scanner burst, a formatted paste and typed digits', () => {
    expect(decoded(SANTANDER_BARCODE).barcode).toBe(SANTANDER_BARCODE);
    expect(decoded(`${SANTANDER_BARCODE}\r\n`).barcode).toBe(SANTANDER_BARCODE);
    expect(decoded('03399.16140 07000.001912 81556.001014 4 11370000038936').barcode).toBe(SANTANDER_BARCODE);
    expect(decoded('03399.16140\n07000.001912\t81556.001014\u00a04-11370000038936').barcode).toBe(SANTANDER_BARCODE);
    expect(decoded('83690000001-6 62320123202-1 50310000000-2 00012345678-2').barcode).toBe(ARRECADACAO_BARCODE);
  });

  it('rejects empty input and characters other than digits, whitespace, dots and hyphens', () => {
    expect(failure(parseBoletoCode('', TODAY))).toEqual({ field: 'codigo', message: 'Informe o código de barras ou a linha digitável.' });
    expect(failure(parseBoletoCode('  \n ', TODAY))).toEqual({ field: 'codigo', message: 'Informe o código de barras ou a linha digitável.' });
    expect(failure(parseBoletoCode(' . - ', TODAY))?.message).toBe(boletoCodeMessages.empty);
    expect(failure(parseBoletoCode('abc', TODAY))).toEqual({ field: 'codigo', message: boletoCodeMessages.notDigits });
    expect(failure(parseBoletoCode(`${SANTANDER_BARCODE}x`, TODAY))?.message).toBe(boletoCodeMessages.notDigits);
    expect(failure(parseBoletoCode(`${SANTANDER_LINHA.slice(0, 10)}/${SANTANDER_LINHA.slice(10)}`, TODAY))?.field).toBe('codigo');
    expect(failure(parseBoletoCode('０３３９', TODAY))?.message).toBe(boletoCodeMessages.notDigits);
  });

  it('says how many digits are missing or left over for the kind of code the clerk is typing', () => {
    // Not starting with 8: a bank boleto, by its barcode (44) or its linha (47), whichever is nearer.
    const expected: [number, string][] = [
      [1, 'Faltam 43 dígitos para um código de barras (44)'],
      [43, 'Falta 1 dígito para um código de barras (44)'],
      [45, 'Sobra 1 dígito para um código de barras (44)'],
      [46, 'Falta 1 dígito para um boleto bancário (47)'],
      [49, 'Sobram 2 dígitos para um boleto bancário (47)'],
      [60, 'Sobram 13 dígitos para um boleto bancário (47)'],
    ];
    for (const [n, message] of expected) {
      expect(failure(parseBoletoCode('1'.repeat(n), TODAY))).toEqual({ field: 'codigo', message });
      expect(boletoCodeMessages.length(n, expectedCodeLength('1'.repeat(n)))).toBe(message);
    }
    // 48 digits not starting with 8 is a bank linha with one digit too many.
    expect(failure(parseBoletoCode(withDigit(ARRECADACAO_LINHA, 0, 7), TODAY))).toEqual({ field: 'codigo', message: 'Sobra 1 dígito para um boleto bancário (47)' });
    // Starting with 8: a conta de consumo or a tributo (44 or 48; a tie goes to the linha).
    expect(failure(parseBoletoCode(`8${'0'.repeat(49)}`, TODAY))?.message).toBe('Sobram 2 dígitos para uma conta de consumo ou tributo (48)');
    expect(expectedCodeLength(`8${'0'.repeat(45)}`)).toBe(48);
    expect(boletoCodeMessages.length(46, 48)).toBe('Faltam 2 dígitos para uma conta de consumo ou tributo (48)');
  });

  it('counts towards the linha once the digits typed start like one (its first check digit is there and right)', () => {
    expect(failure(parseBoletoCode(SANTANDER_LINHA.slice(0, 20), TODAY))?.message).toBe('Faltam 27 dígitos para um boleto bancário (47)');
    expect(failure(parseBoletoCode(SANTANDER_LINHA.slice(0, 45), TODAY))?.message).toBe('Faltam 2 dígitos para um boleto bancário (47)');
    expect(failure(parseBoletoCode(ARRECADACAO_LINHA.slice(0, 30), TODAY))?.message).toBe('Faltam 18 dígitos para uma conta de consumo ou tributo (48)');
    // The same digits with the first check digit wrong are a barcode being typed.
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 9).slice(0, 20), TODAY))?.message).toBe('Faltam 24 dígitos para um código de barras (44)');
    expect(failure(parseBoletoCode(bumped(ARRECADACAO_LINHA, 11).slice(0, 30), TODAY))?.message).toBe('Faltam 14 dígitos para um código de barras (44)');
    // Too few digits to tell: the barcode.
    expect(expectedCodeLength(SANTANDER_LINHA.slice(0, 9))).toBe(44);
    expect(expectedCodeLength(ARRECADACAO_LINHA.slice(0, 11))).toBe(44);
  });

  it('gives each code message for the defect it names, and holds no message the parser never gives', () => {
    // A consistent bank code in currency 0 (general DV recomputed): only the currency is wrong.
    const data = `${SANTANDER_BARCODE.slice(0, 3)}0${SANTANDER_BARCODE.slice(5)}`;
    const notReal = `${data.slice(0, 4)}${modulo11Bank(data)}${data.slice(4)}`;
    // One input per message: a message added without a defect that produces it fails to compile here.
    const defects: Record<Exclude<keyof typeof boletoCodeMessages, 'length'>, string> = {
      empty: ' . - ',
      notDigits: `${SANTANDER_BARCODE}x`,
      field1: bumped(SANTANDER_LINHA, 2),
      field2: bumped(SANTANDER_LINHA, 14),
      field3: bumped(SANTANDER_LINHA, 25),
      generalDv: bumped(SANTANDER_BARCODE, 4),
      currency: notReal,
      valueId: withDigit(ARRECADACAO_BARCODE, 2, 5),
      block1: bumped(ARRECADACAO_LINHA, 11),
      block2: bumped(ARRECADACAO_LINHA, 23),
      block3: bumped(ARRECADACAO_LINHA, 35),
      block4: bumped(ARRECADACAO_LINHA, 47),
    };
    for (const [key, input] of Object.entries(defects) as [keyof typeof defects, string][]) {
      const result = parseBoletoCode(input, TODAY);
      expect(result.ok ? null : { defect: result.defect, message: result.message }, key).toEqual({ defect: key, message: boletoCodeMessages[key] });
    }
    expect(parseBoletoCode('1'.repeat(43), TODAY)).toMatchObject({ defect: 'length', message: boletoCodeMessages.length(43, 44) });
    // The messages are distinct: the code field can tell the user which part is wrong.
    expect(new Set(Object.values(defects).map((input) => failure(parseBoletoCode(input, TODAY))?.message)).size).toBe(Object.keys(defects).length);
  });
  it('words each wrong check digit as what to check and what to do, without jargon', () => {
    expect(failure(parseBoletoCode(bumped(SANTANDER_BARCODE, 4), TODAY))?.message).toBe(
      'Confira o código: o dígito verificador não confere. Digite novamente ou use o leitor.',
    );
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 14), TODAY))?.message).toBe(
      'Confira o campo 2 (o 2º grupo de números): o dígito verificador não confere. Digite novamente ou use o leitor.',
    );
    expect(failure(parseBoletoCode(bumped(ARRECADACAO_LINHA, 35), TODAY))?.message).toBe(
      'Confira o bloco 3 (o 3º grupo de números): o dígito verificador não confere. Digite novamente ou use o leitor.',
    );
    expect(failure(parseBoletoCode('3419a', TODAY))?.message).toBe('Use apenas os números do código: apague letras e outros sinais.');
    for (const key of ['field1', 'field2', 'field3', 'generalDv', 'currency', 'valueId', 'block1', 'block2', 'block3', 'block4'] as const) {
      expect(boletoCodeMessages[key], key).toMatch(/^Confira o .+\. Digite novamente ou use o leitor\.$/);
      expect(boletoCodeMessages[key], key).not.toMatch(/inválid|Moeda|Identificador|DV/);
    }
  });
});

describe('bank boletos', () => {
  it('decodes the real Santander linha and barcode (factor 1137, R$ 389,36)', () => {
    const fromLinha = decoded(SANTANDER_LINHA, '2007-01-01');
    expect(fromLinha).toEqual({
      kind: 'BANCARIO',
      barcode: SANTANDER_BARCODE,
      linhaDigitavel: SANTANDER_LINHA,
      bankCode: '033',
      amount: 389.36,
      amountCents: 38936,
      dueFactor: 1137,
      dueDate: '2000-11-17', // 1997-10-07 + 1137 days (first cycle, closest to 2007)
      segment: null,
    });
    expect(decoded(SANTANDER_BARCODE, '2007-01-01')).toEqual(fromLinha);
    // The same factor in the cycle after the reset: 2022-05-29 + 1137 days.
    expect(decoded(SANTANDER_LINHA, '2025-07-01').dueDate).toBe('2025-07-09');
    expect(barcodeToLinha(SANTANDER_BARCODE)).toBe(SANTANDER_LINHA);
    expect(linhaToBarcode(SANTANDER_LINHA)).toBe(SANTANDER_BARCODE);
    expect(formatLinhaDigitavel(SANTANDER_LINHA)).toBe('03399.16140 07000.001912 81556.001014 4 11370000038936');
  });

  it('builds and decodes a boleto due after the factor reset (341, 2025-03-10 → factor 1016, R$ 123,45)', () => {
    expect(buildBankBarcode({ bankCode: '341', dueDate: '2025-03-10', amountCents: 12345, freeField: '1091234567812345678901230' })).toBe(ITAU_BARCODE);
    expect(barcodeToLinha(ITAU_BARCODE)).toBe(ITAU_LINHA);
    expect(linhaToBarcode(ITAU_LINHA)).toBe(ITAU_BARCODE);
    expect(decoded(ITAU_LINHA, '2025-03-01')).toMatchObject({ bankCode: '341', dueFactor: 1016, dueDate: '2025-03-10', amount: 123.45, amountCents: 12345, barcode: ITAU_BARCODE });
    expect(decoded(ITAU_BARCODE, '2025-03-01').linhaDigitavel).toBe(ITAU_LINHA);
  });

  it('has no due date for factor 0000', () => {
    const barcode = buildBankBarcode({ bankCode: '001', dueDate: null, amountCents: 500, freeField: '0'.repeat(25) });
    expect(barcode.slice(5, 9)).toBe('0000');
    expect(decoded(barcode)).toMatchObject({ dueFactor: 0, dueDate: null, amountCents: 500, amount: 5 });
  });

  it('checks field 1, 2 and 3, then the general DV, in that order', () => {
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 2), TODAY))).toEqual({ field: 'campo1', message: boletoCodeMessages.field1 });
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 9), TODAY))?.field).toBe('campo1');
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 14), TODAY))).toEqual({ field: 'campo2', message: boletoCodeMessages.field2 });
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 25), TODAY))).toEqual({ field: 'campo3', message: boletoCodeMessages.field3 });
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 32), TODAY))).toEqual({ field: 'dv_geral', message: boletoCodeMessages.generalDv });
    expect(failure(parseBoletoCode(bumped(SANTANDER_LINHA, 40), TODAY))?.field).toBe('dv_geral');
    // Several wrong fields: the first one is named.
    expect(failure(parseBoletoCode(bumped(bumped(bumped(SANTANDER_LINHA, 40), 25), 14), TODAY))?.field).toBe('campo2');
    expect(failure(parseBoletoCode(bumped(bumped(SANTANDER_LINHA, 25), 0), TODAY))?.field).toBe('campo1');
  });

  it('names campo2 when a digit of field 2 is altered in the linha of a barcode', () => {
    const linha = barcodeToLinha(ITAU_BARCODE);
    for (let index = 10; index <= 20; index++) expect(failure(parseBoletoCode(bumped(linha, index), TODAY))?.field).toBe('campo2');
  });

  it('checks the general DV of a barcode', () => {
    expect(failure(parseBoletoCode(bumped(SANTANDER_BARCODE, 4), TODAY))).toEqual({ field: 'dv_geral', message: boletoCodeMessages.generalDv });
    expect(failure(parseBoletoCode(bumped(SANTANDER_BARCODE, 30), TODAY))?.field).toBe('dv_geral');
  });

  it('accepts only the real (currency 9), after the check digits', () => {
    // A consistent code in currency 0: general DV recomputed, linha built from it.
    const data = `${SANTANDER_BARCODE.slice(0, 3)}0${SANTANDER_BARCODE.slice(5)}`;
    const barcode = `${data.slice(0, 4)}${modulo11Bank(data)}${data.slice(4)}`;
    const moeda = { field: 'moeda', message: boletoCodeMessages.currency };
    expect(failure(parseBoletoCode(barcode, TODAY))).toEqual(moeda);
    expect(failure(parseBoletoCode(barcodeToLinha(barcode), TODAY))).toEqual(moeda);
    // With a wrong DV as well, the DV is reported first.
    expect(failure(parseBoletoCode(bumped(barcode, 4), TODAY))?.field).toBe('dv_geral');
  });

  it('accepts an amount field of zeros (value set at payment, FEBRABAN): amount 0, the user types it', () => {
    const barcode = buildBankBarcode({ bankCode: '237', dueDate: '2025-06-20', amountCents: 0, freeField: '1'.repeat(25) });
    expect(decoded(barcode)).toMatchObject({ kind: 'BANCARIO', amount: 0, amountCents: 0, dueDate: '2025-06-20' });
    expect(decoded(barcodeToLinha(barcode))).toEqual(decoded(barcode));
  });

  it('reads a 47-digit linha starting with 8 as the database does: its barcode is an arrecadação barcode', () => {
    // Fields valid, barcode 8… : the arrecadação rules decide (here the value identifier 0).
    const linha = '80000000000000000000000000000000000000000000000'.split('');
    const fixField = (start: number, end: number) => {
      linha[end] = String(modulo10(linha.slice(start, end).join('')));
    };
    fixField(0, 9);
    fixField(10, 20);
    fixField(21, 31);
    expect(failure(parseBoletoCode(linha.join(''), TODAY))).toEqual({
      field: 'codigo',
      message: boletoCodeMessages.valueId,
    });
  });

  it('reads the largest amount, R$ 99.999.999,99', () => {
    const barcode = buildBankBarcode({ bankCode: '104', dueDate: '2026-01-05', amountCents: 9_999_999_999, freeField: '9'.repeat(25) });
    expect(decoded(barcode)).toMatchObject({ amount: 99_999_999.99, amountCents: 9_999_999_999, dueDate: '2026-01-05' });
    expect(() => buildBankBarcode({ bankCode: '104', dueDate: null, amountCents: 10_000_000_000, freeField: '9'.repeat(25) })).toThrow(RangeError);
  });
});

describe('arrecadação', () => {
  it('builds and decodes segment 3, identifier 6, R$ 162,32', () => {
    expect(buildArrecadacaoBarcode({ segment: 3, valueId: 6, amountCents: 16232, rest: '01232025031000000000012345678' })).toBe(ARRECADACAO_BARCODE);
    expect(barcodeToLinha(ARRECADACAO_BARCODE)).toBe(ARRECADACAO_LINHA);
    expect(linhaToBarcode(ARRECADACAO_LINHA)).toBe(ARRECADACAO_BARCODE);
    const expected = {
      kind: 'ARRECADACAO',
      barcode: ARRECADACAO_BARCODE,
      linhaDigitavel: ARRECADACAO_LINHA,
      bankCode: null,
      amount: 162.32,
      amountCents: 16232,
      dueFactor: null,
      dueDate: null,
      segment: 3,
    };
    expect(decoded(ARRECADACAO_LINHA)).toEqual(expected);
    expect(decoded(ARRECADACAO_BARCODE)).toEqual(expected);
    expect(formatLinhaDigitavel(ARRECADACAO_LINHA)).toBe('83690000001-6 62320123202-1 50310000000-2 00012345678-2');
  });

  it('leaves the amount to the user for a reference quantity (identifiers 7 and 9), even zero', () => {
    for (const valueId of [7, 9] as const) {
      const barcode = buildArrecadacaoBarcode({ segment: 2, valueId, amountCents: 0, rest: '1'.repeat(29) });
      expect(decoded(barcode)).toMatchObject({ amount: null, amountCents: null, segment: 2, dueDate: null });
      expect(decoded(barcodeToLinha(barcode)).barcode).toBe(barcode);
    }
  });

  it('accepts a zero effective value (identifiers 6 and 8): the value is set at payment, the user types it', () => {
    for (const valueId of [6, 8] as const) {
      const barcode = buildArrecadacaoBarcode({ segment: 5, valueId, amountCents: 0, rest: '2'.repeat(29) });
      expect(decoded(barcode)).toMatchObject({ kind: 'ARRECADACAO', amount: 0, amountCents: 0, segment: 5 });
      expect(decoded(barcodeToLinha(barcode)).barcode).toBe(barcode);
    }
  });

  it('rejects a value identifier outside 6..9', () => {
    const message = { field: 'codigo', message: boletoCodeMessages.valueId };
    for (const valueId of [0, 5]) {
      expect(failure(parseBoletoCode(withDigit(ARRECADACAO_BARCODE, 2, valueId), TODAY))).toEqual(message);
      expect(failure(parseBoletoCode(withDigit(ARRECADACAO_LINHA, 2, valueId), TODAY))).toEqual(message);
    }
  });

  it('checks blocks 1 to 4, then the general DV', () => {
    for (const block of [1, 2, 3, 4]) {
      const expected = { field: `bloco${block}`, message: boletoCodeMessages[`block${block}` as 'block1'] };
      expect(failure(parseBoletoCode(bumped(ARRECADACAO_LINHA, 12 * block - 1), TODAY))).toEqual(expected);
      expect(failure(parseBoletoCode(bumped(ARRECADACAO_LINHA, 12 * block - 5), TODAY))).toEqual(expected);
    }
    expect(failure(parseBoletoCode(bumped(bumped(ARRECADACAO_LINHA, 40), 20), TODAY))?.field).toBe('bloco2');
    // Consistent blocks around a wrong general DV.
    const wrongDv = bumped(ARRECADACAO_BARCODE, 3);
    expect(failure(parseBoletoCode(wrongDv, TODAY))).toEqual({ field: 'dv_geral', message: boletoCodeMessages.generalDv });
    expect(failure(parseBoletoCode(barcodeToLinha(wrongDv), TODAY))?.field).toBe('dv_geral');
  });

  it('uses the arrecadação module 11 (remainder 0 or 1 → DV 0) for identifiers 8 and 9, in blocks too', () => {
    // Search for data whose module-11 remainder is 0: the general DV must be 0, never the bank's 1.
    let rest = 0;
    let barcode = '';
    do {
      barcode = buildArrecadacaoBarcode({ segment: 1, valueId: 8, amountCents: 4200, rest: String(rest++).padStart(29, '0') });
    } while (refRemainder11(barcode.slice(0, 3) + barcode.slice(4)) !== 0);
    expect(barcode[3]).toBe('0');
    expect(decoded(barcode).amountCents).toBe(4200);
    expect(failure(parseBoletoCode(withDigit(barcode, 3, 1), TODAY))?.field).toBe('dv_geral');
    const linha = barcodeToLinha(barcode);
    for (let start = 0; start < 48; start += 12) expect(Number(linha[start + 11])).toBe(refArrecadacaoMod11Dv(linha.slice(start, start + 11)));
    expect(decoded(linha).barcode).toBe(barcode);
  });
});

describe('check digit routines', () => {
  it('module 10', () => {
    expect(modulo10('033991614')).toBe(0); // Santander field 1
    expect(modulo10('0700000191')).toBe(2);
    expect(modulo10('8155600101')).toBe(4);
    expect(modulo10('0')).toBe(0);
    expect(modulo10('5')).toBe(9); // 5 × 2 = 10 → 1 + 0
    expect(modulo10('9')).toBe(1); // 9 × 2 = 18 → 1 + 8 = 9
    expect(modulo10('18')).toBe(2); // 8 × 2 = 16 → 1 + 6 = 7, plus 1 × 1: 8 → DV 2
  });

  it('the bank module 11 never gives 0: remainders 0, 1 and 10 give 1', () => {
    expect(modulo11Bank(SANTANDER_BARCODE.slice(0, 4) + SANTANDER_BARCODE.slice(5))).toBe(4);
    expect(modulo11Bank(ITAU_BARCODE.slice(0, 4) + ITAU_BARCODE.slice(5))).toBe(9);
    const zeros = '0'.repeat(42);
    expect(refRemainder11(`${zeros}0`)).toBe(0);
    expect(refRemainder11(`${zeros}6`)).toBe(1); // 6 × 2 = 12
    expect(refRemainder11(`${zeros}5`)).toBe(10); // 5 × 2 = 10
    expect(refRemainder11(`${zeros}1`)).toBe(2);
    expect(modulo11Bank(`${zeros}0`)).toBe(1); // 11 − 0 = 11 → 1
    expect(modulo11Bank(`${zeros}6`)).toBe(1); // 11 − 1 = 10 → 1
    expect(modulo11Bank(`${zeros}5`)).toBe(1); // 11 − 10 = 1
    expect(modulo11Bank(`${zeros}1`)).toBe(9);
  });

  it('the arrecadação module 11 gives 0 where the bank rule gives 1 (remainders 0 and 1), and agrees elsewhere', () => {
    const zeros = '0'.repeat(42);
    expect(modulo11Arrecadacao(`${zeros}0`)).toBe(0);
    expect(modulo11Arrecadacao(`${zeros}6`)).toBe(0);
    expect(modulo11Arrecadacao(`${zeros}5`)).toBe(1);
    expect(modulo11Arrecadacao(`${zeros}1`)).toBe(9);
    // Same 43 digits, the two rules side by side, over every remainder.
    for (let last = 0; last <= 9; last++) {
      for (let before = 0; before <= 9; before++) {
        const digits = `${'0'.repeat(41)}${before}${last}`;
        const remainder = refRemainder11(digits);
        expect(modulo11Bank(digits)).toBe(remainder <= 1 || remainder === 10 ? 1 : 11 - remainder);
        expect(modulo11Arrecadacao(digits)).toBe(remainder <= 1 ? 0 : 11 - remainder);
      }
    }
    // A realistic 43-digit body where they differ: found by search.
    let n = 0;
    let body = '';
    do body = `8${String(n++).padStart(42, '0')}`;
    while (refRemainder11(body) > 1);
    expect(modulo11Bank(body)).toBe(1);
    expect(modulo11Arrecadacao(body)).toBe(0);
  });

  it('rejects non-digits', () => {
    expect(() => modulo10('12a')).toThrow(RangeError);
    expect(() => modulo11Bank('1 2')).toThrow(RangeError);
    expect(() => modulo11Arrecadacao('-1')).toThrow(RangeError);
  });
});

describe('due dates and the 2025 factor reset', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('maps factors to dates around the reset, choosing the cycle closest to the entry date', () => {
    expect(dueDateFromFactor(9999, '2025-02-21')).toBe('2025-02-21');
    expect(dueDateFromFactor(1000, '2025-02-20')).toBe('2025-02-22');
    expect(dueDateFromFactor(1000, '2001-01-01')).toBe('2000-07-03');
    expect(dueDateFromFactor(9999, '2049-01-01')).toBe('2049-10-13');
    // A factor field starting with 0 (0000 included) means no due date (FEBRABAN): the user types it.
    expect(dueDateFromFactor(0, '2025-02-21')).toBeNull();
    expect(dueDateFromFactor(999, '2030-01-01')).toBeNull();
    expect(dueDateFromFactor(1, '2030-01-01')).toBeNull();
  });

  it('breaks an exact tie (4500 days from both candidates) towards the later date', () => {
    // Factor 5000: 2011-06-16 or 2036-02-05; the midpoint is 2023-10-11.
    expect(dueDateFromFactor(5000, '2023-10-10')).toBe('2011-06-16');
    expect(dueDateFromFactor(5000, '2023-10-11')).toBe('2036-02-05');
  });

  it('decodes a code due the day of the reset with its new factor', () => {
    const barcode = buildBankBarcode({ bankCode: '001', dueDate: '2025-02-22', amountCents: 100, freeField: '5'.repeat(25) });
    expect(barcode.slice(5, 9)).toBe('1000');
    expect(decoded(barcode, '2025-02-20').dueDate).toBe('2025-02-22');
    const lastOld = buildBankBarcode({ bankCode: '001', dueDate: '2025-02-21', amountCents: 100, freeField: '5'.repeat(25) });
    expect(lastOld.slice(5, 9)).toBe('9999');
    expect(decoded(lastOld, '2025-02-21').dueDate).toBe('2025-02-21');
  });

  it('gives the factor of a date in its cycle (dueFactorFor)', () => {
    expect(dueFactorFor('2025-02-21')).toBe(9999);
    expect(dueFactorFor('2025-02-22')).toBe(1000);
    expect(dueFactorFor('2049-10-13')).toBe(9999);
    expect(dueFactorFor('2000-07-03')).toBe(1000);
    expect(dueFactorFor('2025-03-10')).toBe(1016);
    expect(dueFactorFor('2000-07-02')).toBeNull();
    expect(dueFactorFor('2049-10-14')).toBeNull();
    expect(() => dueFactorFor('2025-02-30')).toThrow(RangeError);
    expect(() => dueFactorFor('10/03/2025')).toThrow(RangeError);
    expect(() => dueDateFromFactor(1500, '2025-13-01')).toThrow(RangeError);
    expect(() => dueDateFromFactor(10000, '2025-01-01')).toThrow(RangeError);
  });

  it('takes today in São Paulo by default, not the UTC day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Factor 5000 is 2011-06-16 or 2036-02-05; from 2023-10-11 (the tie) on, the later date wins.
    const barcode = withFactor(5000);
    const dueDateNow = () => {
      const result = parseBoletoCode(barcode);
      return result.ok ? result.value.dueDate : result.message;
    };
    vi.setSystemTime(new Date('2023-10-11T01:30:00Z')); // already the 11th in UTC, still 2023-10-10 22:30 in São Paulo
    expect(dueDateNow()).toBe('2011-06-16');
    vi.setSystemTime(new Date('2023-10-11T03:30:00Z')); // 2023-10-11 00:30 in São Paulo
    expect(dueDateNow()).toBe('2036-02-05');
  });
});

/** A bank barcode with the given factor (built by hand, so any factor can be tried). */
function withFactor(factor: number): string {
  const data = `0019${String(factor).padStart(4, '0')}0000010000${'3'.repeat(25)}`;
  return `${data.slice(0, 4)}${modulo11Bank(data)}${data.slice(4)}`;
}

describe('what the check digits cannot detect (witnesses)', () => {
  it('a bank barcode whose module-11 remainder stays in {0, 1, 10} after a single change keeps DV 1', () => {
    let found: { original: string; mutated: string } | null = null;
    for (let seed = 0; found === null && seed < 1000; seed++) {
      const original = buildBankBarcode({ bankCode: '001', dueDate: '2025-07-01', amountCents: 10_000 + seed, freeField: '0'.repeat(25) });
      if (original[4] !== '1') continue;
      // A change in the free field (position 44), which only the general DV protects.
      for (let digit = 0; digit <= 9 && found === null; digit++) {
        const mutated = withDigit(original, 43, digit);
        if (mutated !== original && parseBoletoCode(mutated, TODAY).ok) found = { original, mutated };
      }
    }
    expect(found).not.toBeNull();
    const { original, mutated } = found as { original: string; mutated: string };
    const remainder = (code: string) => refRemainder11(code.slice(0, 4) + code.slice(5));
    expect([0, 1, 10]).toContain(remainder(original));
    expect([0, 1, 10]).toContain(remainder(mutated));
    expect(remainder(mutated)).not.toBe(remainder(original));
    // In the linha the same digit (the last of field 3) is guarded by field 3's module 10 as well.
    expect(failure(parseBoletoCode(withDigit(barcodeToLinha(original), 30, mutated.charAt(43)), TODAY))?.field).toBe('campo3');
  });

  it('module 10 cannot see the general DV of an arrecadação barcode swapped with position 5 (same weight)', () => {
    // 8369|0… → 8360|9…: the value becomes R$ 900.000.162,32 and every check still passes, in the
    // barcode and (because the pair is 0/9, invisible to block 1's module 10) in the linha too.
    const barcode = swapped(ARRECADACAO_BARCODE, 3);
    expect(decoded(barcode).amountCents).toBe(90_000_016_232);
    expect(decoded(swapped(ARRECADACAO_LINHA, 3)).barcode).toBe(barcode);
    // With any other pair block 1 still catches it in the linha.
    const other = buildArrecadacaoBarcode({ segment: 3, valueId: 6, amountCents: 30_000_000_000, rest: '0'.repeat(29) });
    expect(other[3]).not.toBe(other[4]);
    expect(parseBoletoCode(swapped(other, 3), TODAY).ok).toBe(true);
    expect(failure(parseBoletoCode(swapped(barcodeToLinha(other), 3), TODAY))?.field).toBe('bloco1');
  });

  it('the Santander code (DV 4, remainder 7) has no undetectable single change or adjacent swap', () => {
    for (const code of [SANTANDER_BARCODE, SANTANDER_LINHA]) {
      for (const mutated of [...singleDigitChanges(code), ...adjacentSwaps(code)]) expect(parseBoletoCode(mutated, TODAY).ok, mutated).toBe(false);
    }
  });
});

describe('properties', () => {
  it('valid bank codes: barcode and linha decode to the same code, and the linha round-trips', () => {
    fc.assert(
      fc.property(bankArb, fc.integer({ min: -4499, max: 4499 }), (args, offset) => {
        const barcode = buildBankBarcode(args);
        const linha = barcodeToLinha(barcode);
        expect(linha).toHaveLength(47);
        expect(linhaToBarcode(linha)).toBe(barcode);
        // An entry date less than half a cycle away from the due date always finds the right cycle.
        const today = args.dueDate === null ? TODAY : dateOf(dayOf(args.dueDate) + offset);
        const expected = {
          kind: 'BANCARIO',
          barcode,
          linhaDigitavel: linha,
          bankCode: args.bankCode,
          amount: args.amountCents / 100,
          amountCents: args.amountCents,
          dueFactor: args.dueDate === null ? 0 : dueFactorFor(args.dueDate),
          dueDate: args.dueDate,
          segment: null,
        };
        expect(decoded(barcode, today)).toEqual(expected);
        expect(decoded(linha, today)).toEqual(expected);
        expect(decoded(formatLinhaDigitavel(linha), today)).toEqual(expected);
      }),
      PROPERTY_RUNS,
    );
  });

  it('valid arrecadação codes: barcode and linha decode to the same code, and the linha round-trips', () => {
    fc.assert(
      fc.property(arrecadacaoArb, (args) => {
        const barcode = buildArrecadacaoBarcode(args);
        const linha = barcodeToLinha(barcode);
        expect(linha).toHaveLength(48);
        expect(linhaToBarcode(linha)).toBe(barcode);
        const effective = args.valueId === 6 || args.valueId === 8;
        const expected = {
          kind: 'ARRECADACAO',
          barcode,
          linhaDigitavel: linha,
          bankCode: null,
          amount: effective ? args.amountCents / 100 : null,
          amountCents: effective ? args.amountCents : null,
          dueFactor: null,
          dueDate: null,
          segment: args.segment,
        };
        expect(decoded(barcode)).toEqual(expected);
        expect(decoded(linha)).toEqual(expected);
        expect(decoded(formatLinhaDigitavel(linha))).toEqual(expected);
      }),
      PROPERTY_RUNS,
    );
  });

  it('bank codes: every single-digit change is rejected except the proven classes, which match the reference', () => {
    const barcodeTally: Tally = new Map();
    const linhaTally: Tally = new Map();
    fc.assert(
      fc.property(bankArb, (args) => {
        const barcode = buildBankBarcode(args);
        const linha = barcodeToLinha(barcode);
        expect(checkMutations(BANK_BARCODE_FORM, barcode, singleDigitChanges(barcode), barcodeTally)).toEqual([]);
        expect(checkMutations(BANK_LINHA_FORM, linha, singleDigitChanges(linha), linhaTally)).toEqual([]);
      }),
      PROPERTY_RUNS,
    );
    // The excluded class is real, not hypothetical: collisions were met and accepted.
    expect(acceptedIn(barcodeTally, 'mod11-collision')).toBeGreaterThan(0);
    expect(acceptedIn(linhaTally, 'mod11-collision')).toBeGreaterThan(0);
    expect([...barcodeTally.keys()].sort()).toEqual(expect.arrayContaining(['kind-switch', 'mod11-collision']));
    for (const key of linhaTally.keys()) expect(['kind-switch', 'mod11-collision']).toContain(key);
    expect(linhaTally.get('mod11-collision')?.seen).toBeGreaterThan(0);
  });

  it('bank codes: every adjacent swap of different digits is rejected except the proven classes', () => {
    const barcodeTally: Tally = new Map();
    const linhaTally: Tally = new Map();
    fc.assert(
      fc.property(bankArb, (args) => {
        const barcode = buildBankBarcode(args);
        const linha = barcodeToLinha(barcode);
        expect(checkMutations(BANK_BARCODE_FORM, barcode, adjacentSwaps(barcode), barcodeTally)).toEqual([]);
        expect(checkMutations(BANK_LINHA_FORM, linha, adjacentSwaps(linha), linhaTally)).toEqual([]);
      }),
      PROPERTY_RUNS,
    );
    expect(acceptedIn(barcodeTally, 'mod11-collision')).toBeGreaterThan(0);
    expect(acceptedIn(linhaTally, 'mod11-collision')).toBeGreaterThan(0);
    expect(barcodeTally.get('check-digit-moved')?.seen).toBeGreaterThan(0);
    for (const key of linhaTally.keys()) expect(['kind-switch', 'mod11-collision', 'check-digit-moved', 'mod10-0-9-swap+mod11-collision']).toContain(key);
  });

  it('arrecadação codes: every single-digit change is rejected except the proven classes', () => {
    const barcodeTally: Tally = new Map();
    const linhaTally: Tally = new Map();
    fc.assert(
      fc.property(arrecadacaoArb, (args) => {
        const barcode = buildArrecadacaoBarcode(args);
        const linha = barcodeToLinha(barcode);
        const module = arrecadacaoModule(barcode.charAt(2));
        expect(checkMutations(arrecadacaoBarcodeForm(module), barcode, singleDigitChanges(barcode), barcodeTally)).toEqual([]);
        expect(checkMutations(arrecadacaoLinhaForm(module), linha, singleDigitChanges(linha), linhaTally)).toEqual([]);
      }),
      PROPERTY_RUNS,
    );
    expect(acceptedIn(barcodeTally, 'mod11-collision')).toBeGreaterThan(0);
    for (const key of barcodeTally.keys()) expect(['kind-switch', 'module-switch', 'mod11-collision']).toContain(key);
    for (const key of linhaTally.keys()) expect(['module-switch', 'mod11-collision']).toContain(key);
  });

  it('arrecadação codes: every adjacent swap of different digits is rejected except the proven classes', () => {
    const barcodeTally: Tally = new Map();
    const linhaTally: Tally = new Map();
    fc.assert(
      fc.property(arrecadacaoArb, (args) => {
        const barcode = buildArrecadacaoBarcode(args);
        const linha = barcodeToLinha(barcode);
        const module = arrecadacaoModule(barcode.charAt(2));
        expect(checkMutations(arrecadacaoBarcodeForm(module), barcode, adjacentSwaps(barcode), barcodeTally)).toEqual([]);
        expect(checkMutations(arrecadacaoLinhaForm(module), linha, adjacentSwaps(linha), linhaTally)).toEqual([]);
      }),
      PROPERTY_RUNS,
    );
    // Module 10: the DV ⇄ position 5 swap always passes the barcode check; 0/9 swaps pass module 10.
    expect(acceptedIn(barcodeTally, 'mod10-same-weight-swap')).toBeGreaterThan(0);
    expect(acceptedIn(barcodeTally, 'mod10-0-9-swap')).toBeGreaterThan(0);
    expect(acceptedIn(linhaTally, 'mod10-0-9-swap')).toBeGreaterThan(0);
    expect(acceptedIn(barcodeTally, 'mod11-collision')).toBeGreaterThan(0);
  });
});
