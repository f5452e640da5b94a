import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** UUIDs read from outside the app (URL parameters, storage): checked once, here. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The value as a lower-case UUID, or null when it is not one (a hand-edited link, a stale parameter). */
export function uuidOrNull(value: string | null | undefined): string | null {
  return isUuid(value) ? value.toLowerCase() : null;
}

/**
 * The word for a count, singular only for exactly one, as pt-BR writes it: plural(n, 'marcação', 'marcações'),
 * plural(n, 'boleto selecionado tem', 'boletos selecionados têm'). Never '(ões)' or '(s)'. With the number in
 * front, use formatCount (dates.ts). Here because the sign-in page already loads this file.
 */
export function plural(count: number, one: string, many: string): string {
  return Math.abs(count) === 1 ? one : many;
}
