/** CPF (Brazilian individual taxpayer number): check digits, input mask. Pure functions, no dependencies. */

/** The digits of `value`, in order (everything else dropped). */
export function cpfDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * True for a CPF with valid check digits, written as 11 digits or formatted (000.000.000-00, dots, hyphen and spaces
 * allowed as separators). Eleven equal digits (000.000.000-00, 111.111.111-11…) pass the arithmetic but are not
 * real CPFs, so they are refused.
 */
export function isValidCpf(value: string): boolean {
  const trimmed = value.trim();
  if (!/^[\d.\s-]+$/.test(trimmed)) return false;
  const digits = cpfDigits(trimmed);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  return checkDigit(numbers.slice(0, 9)) === numbers[9] && checkDigit(numbers.slice(0, 10)) === numbers[10];
}

/** The next check digit of `numbers` (weights n+1 … 2, modulus 11). */
function checkDigit(numbers: number[]): number {
  const weight = numbers.length + 1;
  const sum = numbers.reduce((total, digit, index) => total + digit * (weight - index), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Formats what was typed as 000.000.000-00, as far as it goes ('1234' → '123.4'); at most 11 digits are kept. */
export function formatCpf(value: string): string {
  const digits = cpfDigits(value).slice(0, 11);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter((part) => part !== '');
  const head = parts.join('.');
  return digits.length > 9 ? `${head}-${digits.slice(9)}` : head;
}
