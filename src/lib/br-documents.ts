/**
 * Brazilian documents: CPF (individual taxpayer) and CNPJ (company) check digits, input masks and the
 * receipt mask. Pure functions with no imports: the public signature page loads this file and its
 * bundle is tight. The database checks the same rules (private.is_valid_cpf, private.valid_cnpj).
 */

/** The digits of `value`, in order (everything else dropped). */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The next modulo-11 check digit of `numbers` under `weights` (a remainder below 2 gives 0). */
function checkDigit(numbers: readonly number[], weights: readonly number[]): number {
  const sum = numbers.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The digits of a document written with only digits, dots, hyphens, slashes (CNPJ) and spaces; null otherwise. */
function documentDigits(value: string, separators: RegExp, length: number): number[] | null {
  const trimmed = value.trim();
  if (!separators.test(trimmed)) return null;
  const digits = onlyDigits(trimmed);
  // All equal digits pass the arithmetic but are not real documents.
  if (digits.length !== length || /^(\d)\1+$/.test(digits)) return null;
  return [...digits].map(Number);
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * True for a CPF with valid check digits, written as 11 digits or formatted (000.000.000-00, dots, hyphen and spaces
 * allowed as separators). Eleven equal digits (000.000.000-00, 111.111.111-11…) are refused.
 */
export function isValidCpf(value: string): boolean {
  const numbers = documentDigits(value, /^[\d.\s-]+$/, 11);
  if (!numbers) return false;
  return (
    checkDigit(numbers.slice(0, 9), CPF_WEIGHTS.slice(1)) === numbers[9] && checkDigit(numbers.slice(0, 10), CPF_WEIGHTS) === numbers[10]
  );
}

/**
 * True for a CNPJ with valid check digits, written as 14 digits or formatted (00.000.000/0000-00: dots, slash, hyphen and
 * spaces as separators). Fourteen equal digits are refused.
 */
export function isValidCnpj(value: string): boolean {
  const numbers = documentDigits(value, /^[\d.\s/-]+$/, 14);
  if (!numbers) return false;
  return (
    checkDigit(numbers.slice(0, 12), CNPJ_WEIGHTS.slice(1)) === numbers[12] && checkDigit(numbers.slice(0, 13), CNPJ_WEIGHTS) === numbers[13]
  );
}

/** Joins the non-empty groups of `digits` cut at `sizes`, each group followed by its separator when another follows. */
function formatGroups(digits: string, sizes: readonly number[], separators: readonly string[]): string {
  let out = '';
  let start = 0;
  sizes.forEach((size, index) => {
    const part = digits.slice(start, start + size);
    start += size;
    if (part === '') return;
    out += index > 0 ? `${separators[index - 1]}${part}` : part;
  });
  return out;
}

/** Formats what was typed as 000.000.000-00, as far as it goes ('1234' → '123.4'); at most 11 digits are kept. */
export function formatCpf(value: string): string {
  return formatGroups(onlyDigits(value).slice(0, 11), [3, 3, 3, 2], ['.', '.', '-']);
}

/** Formats what was typed as 00.000.000/0000-00, as far as it goes; at most 14 digits are kept. */
export function formatCnpj(value: string): string {
  return formatGroups(onlyDigits(value).slice(0, 14), [2, 3, 3, 4, 2], ['.', '.', '/', '-']);
}

/**
 * A CPF masked for screens, as the database masks it (private.mask_cpf): '***.456.789-**', enough to recognise it, not
 * to reuse it. A value already masked is returned as it is; anything that is not 11 digits gives '***'.
 */
export function maskCpf(value: string): string {
  if (value.includes('*')) return value;
  const digits = onlyDigits(value);
  return digits.length === 11 ? `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**` : '***';
}
