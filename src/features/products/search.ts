/**
 * Client-side catalogue search (React-free): accent- and case-insensitive
 * matching of every typed word against the product's name and barcode, over strings normalised once.
 */
import { foldText } from '@/lib/text';

/** Lowercase, without diacritics, single-spaced: "Ácido  Acetilsalicílico" → "acido acetilsalicilico". */
export function normalizeSearchText(value: string): string {
  return foldText(value).replace(/\s+/g, ' ').trim();
}

export interface SearchIndex<T> {
  items: readonly T[];
  /** normalised "name barcode" per item, same order as items */
  haystacks: readonly string[];
}

/**
 * The text the search matches for one item, computed once per load (not per keystroke): the normalised name, then
 * the barcode (digits only, so already normal). `normalizedName` spares normalising a name the caller already has.
 */
export function searchHaystack(item: { name: string; barcode: string | null }, normalizedName = normalizeSearchText(item.name)): string {
  return item.barcode ? `${normalizedName} ${item.barcode}` : normalizedName;
}

/** Items whose name or barcode contains every word of the query; the whole list for a blank query. */
export function filterSearchIndex<T>(index: SearchIndex<T>, query: string): readonly T[] {
  const terms = normalizeSearchText(query).split(' ').filter(Boolean);
  if (terms.length === 0) return index.items;
  const result: T[] = [];
  const { items, haystacks } = index;
  for (let i = 0; i < items.length; i++) {
    const haystack = haystacks[i] as string;
    let ok = true;
    for (const term of terms) {
      if (!haystack.includes(term)) {
        ok = false;
        break;
      }
    }
    if (ok) result.push(items[i] as T);
  }
  return result;
}
