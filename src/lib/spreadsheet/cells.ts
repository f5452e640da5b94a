/**
 * Formula injection (OWASP "CSV injection"): a cell whose text starts with =, +, -, @, a tab or
 * a carriage return is run as a formula by spreadsheet programs. Plain signed numbers ("-5",
 * "+3,5") are data, not formulas.
 */
const TRIGGER = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/** Whether an uploaded text cell must be refused as a formula. */
export function isFormulaText(value: string): boolean {
  return TRIGGER.test(value) && !SIGNED_NUMBER.test(value.trim());
}

/**
 * A cell as it goes into an export: text that a spreadsheet program would run as a formula gets a
 * leading apostrophe, which makes it literal text (numbers stay numbers).
 */
export function escapeExportCell<T>(value: T): T | string {
  return typeof value === 'string' && TRIGGER.test(value) ? `'${value}` : value;
}
