/**
 * Barcode (GTIN/EAN) rules, the same as the database's `private.is_valid_gtin`:
 * 1 to 14 digits; codes of a GTIN length (8, 12, 13, 14) must carry a correct check digit
 * (weights 3,1,3,… from the right over the body, dv = (10 − sum mod 10) mod 10).
 */

export const GTIN_LENGTHS: readonly number[] = [8, 12, 13, 14];

export const BARCODE_DIGITS_MESSAGE = 'Código de barras inválido: use apenas números (até 14 dígitos)';
export const BARCODE_CHECK_DIGIT_MESSAGE = 'Código de barras inválido: dígito verificador incorreto';

/** Check digit for a GTIN body (the code without its last digit); null when the body is not all digits. */
export function gtinCheckDigit(body: string): number | null {
  if (!/^[0-9]+$/.test(body)) return null;
  let sum = 0;
  for (let i = 1; i <= body.length; i++) {
    const digit = body.charCodeAt(body.length - i) - 48;
    sum += digit * (i % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Why a barcode is invalid (Portuguese, as the database says it), or null when it is valid. */
export function barcodeError(code: string): string | null {
  if (!/^[0-9]{1,14}$/.test(code)) return BARCODE_DIGITS_MESSAGE;
  if (!GTIN_LENGTHS.includes(code.length)) return null;
  const expected = gtinCheckDigit(code.slice(0, -1));
  return expected === Number(code.slice(-1)) ? null : BARCODE_CHECK_DIGIT_MESSAGE;
}

export function isValidGtin(code: string): boolean {
  return barcodeError(code) === null;
}

/** Trims a typed or scanned code and drops inner spaces ("789 1234 ..." → "7891234..."). */
export function cleanBarcode(input: string): string {
  return input.replace(/\s+/g, '');
}
