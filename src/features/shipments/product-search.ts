/**
 * The catalogue search of the item picker: scanned codes, the name search's patterns for PostgREST
 * and the order people expect the results in.
 */
import { foldText } from '@/lib/text';

/** Scanned or typed barcode: the digits only (scanners may add spaces or a trailing newline). */
export function cleanScannedCode(text: string): string {
  return text.replace(/\s+/g, '');
}

const ACCENT_CLASSES: Record<string, string> = {
  a: 'aáàâãäAÁÀÂÃÄ',
  e: 'eéèêëEÉÈÊË',
  i: 'iíìîïIÍÌÎÏ',
  o: 'oóòôõöOÓÒÔÕÖ',
  u: 'uúùûüUÚÙÛÜ',
  c: 'cçCÇ',
  n: 'nñNÑ',
};

/**
 * The search's results as people expect them: names starting with the typed text first, then the
 * rest, each by name in Portuguese order (the database sorts 'Ácido' after 'Zinco').
 */
export function rankProducts<T extends { name: string }>(products: readonly T[], term: string): T[] {
  const folded = foldText(term.trim());
  const starts = (product: T) => (folded !== '' && foldText(product.name).startsWith(folded) ? 0 : 1);
  return [...products].sort((a, b) => starts(a) - starts(b) || a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
}

/**
 * One case- and accent-insensitive regular expression per word of a name search, for PostgREST's
 * `imatch` (PostgreSQL `~*`): 'acido' → '[aáàâãä…]c[iíìîï…]d[oóòôõö…]'. Every word must match,
 * in any order. Regular-expression characters the user types are matched literally.
 */
export function nameSearchPatterns(term: string): string[] {
  return foldText(term)
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 6)
    .map((word) =>
      [...word]
        .map((char) => {
          const accents = ACCENT_CLASSES[char];
          if (accents) return `[${accents}]`;
          return /[\\^$.|?*+()[\]{}]/.test(char) ? `\\${char}` : char;
        })
        .join(''),
    );
}
