/**
 * Text helpers every feature shares: comparing names the way people type them (any case, with or
 * without accents).
 */

/** Lower case without diacritics ('Ácido Fólico' → 'acido folico'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

