/**
 * Text helpers every feature shares: searching names the way people type them (any case, with or
 * without accents).
 */

/** Lower case without diacritics ('Ácido Fólico' → 'acido folico'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Whether `text` contains every word of `term`, in any order, ignoring case and accents. */
export function matchesWords(text: string, term: string): boolean {
  const haystack = foldText(text);
  return foldText(term)
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}
