/** A whole number of days from 1 to 365 (the 'Recorrência (dias)' field), or null. */
export function parseRecurrenceDays(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days >= 1 && days <= 365 ? days : null;
}
