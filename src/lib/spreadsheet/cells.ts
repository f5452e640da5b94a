/**
 * Cells of the exports, typed: money, number, date, duration or text. Each file format writes a kind
 * the way its readers expect it (src/lib/spreadsheet/write.ts): an .xlsx gets numbers and dates with a
 * number format, a CSV gets what Excel in pt-BR reads as a number or a date. Features say what a value
 * is, never how it is written.
 *
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

export type ExportCell =
  | { kind: 'text'; value: string }
  /** A count or a quantity; `decimals` fixes the places shown (0 when left out: whole numbers). */
  | { kind: 'number'; value: number; decimals?: number }
  /** Reais. */
  | { kind: 'money'; value: number }
  /** A calendar day, yyyy-MM-dd (São Paulo days: no time, no time zone). */
  | { kind: 'date'; value: string }
  /** Hours and minutes, possibly negative (a time-clock balance). */
  | { kind: 'duration'; minutes: number };

/** What features hand the writer: a typed cell, or a bare string (text) or number (number), null for blank. */
export type CellInput = ExportCell | string | number | null;

export const cell = {
  text: (value: string): ExportCell => ({ kind: 'text', value }),
  number: (value: number, decimals?: number): ExportCell => (decimals === undefined ? { kind: 'number', value } : { kind: 'number', value, decimals }),
  money: (value: number): ExportCell => ({ kind: 'money', value }),
  date: (value: string): ExportCell => ({ kind: 'date', value }),
  duration: (minutes: number): ExportCell => ({ kind: 'duration', minutes }),
};

/** The typed cell of an input (blank: null). */
export function toCell(input: CellInput): ExportCell | null {
  if (input === null) return null;
  if (typeof input === 'string') return input === '' ? null : cell.text(input);
  if (typeof input === 'number') return cell.number(input, Number.isInteger(input) ? undefined : 2);
  return input;
}

/** Rounded to the cent, without a negative zero. */
export function roundCents(value: number): number {
  const cents = Math.round(value * 100);
  return cents === 0 ? 0 : cents / 100;
}

/** 1234,5 → '1234,50'; −3 → '-3,00': no thousands separator, a decimal comma and an ASCII minus (Excel pt-BR reads it as a number). */
function decimalText(value: number, decimals: number): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return (rounded === 0 ? 0 : rounded).toFixed(decimals).replace('.', ',');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 125 → '02:05'; −30 → '-00:30' (an ASCII minus, never U+2212). */
export function durationText(minutes: number): string {
  const whole = Math.round(minutes);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** '2026-11-26' → '26/11/2026' (anything else is written as it came). */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** A cell as a CSV for Excel in Brazil writes it (before quoting). */
export function csvCellText(input: CellInput): string {
  const value = toCell(input);
  if (value === null) return '';
  switch (value.kind) {
    case 'text':
      return String(escapeExportCell(value.value));
    case 'number':
      return decimalText(value.value, value.decimals ?? 0);
    case 'money':
      return decimalText(roundCents(value.value), 2);
    case 'date':
      return dayText(value.value);
    case 'duration':
      return durationText(value.minutes);
  }
}

/** Quotes a CSV field that holds the separator, a quote or a line break. */
function quoteCsv(text: string): string {
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV for Excel in Brazil: a UTF-8 BOM (accents survive), ';' between fields, CRLF after every line,
 * decimal comma without thousands separator, '-' for negatives, days as dd/mm/aaaa.
 */
export function toCsvText(rows: readonly (readonly CellInput[])[]): string {
  return `\uFEFF${rows.map((row) => row.map((input) => quoteCsv(csvCellText(input))).join(';')).join('\r\n')}\r\n`;
}
