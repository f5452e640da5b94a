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

/**
 * Every item's search text in one string, separated by a line break (search text never holds one, so no match spans
 * two items), with where each item's text starts. Searching one long string lets the engine's own indexOf jump from
 * one occurrence to the next, instead of 50,000 calls of includes() on short strings (bench:catalog's keystroke).
 */
interface JoinedText {
  text: string;
  starts: Int32Array;
}

const joinedTexts = new WeakMap<SearchIndex<unknown>, JoinedText>();

/** Where each search text starts in their joined text (each followed by one line break). */
function startsOf(haystacks: readonly string[]): Int32Array {
  const starts = new Int32Array(haystacks.length);
  let offset = 0;
  for (let i = 0; i < haystacks.length; i++) {
    starts[i] = offset;
    offset += (haystacks[i] as string).length + 1;
  }
  return starts;
}

function joinedText<T>(index: SearchIndex<T>): JoinedText {
  let joined = joinedTexts.get(index);
  if (!joined) {
    joined = { text: index.haystacks.join('\n'), starts: startsOf(index.haystacks) };
    joinedTexts.set(index, joined);
  }
  return joined;
}

/**
 * Prepares `index` for searching (its joined text, built once per index): the page calls it when the browser is idle
 * after showing the catalogue, so the first keystroke does not pay for it. Searching without it prepares it then.
 */
export function prepareSearchIndex<T>(index: SearchIndex<T>): void {
  joinedText(index);
}

/** Every search text of `index` joined by line breaks, as the search reads them (built once per index). */
export function joinedSearchText<T>(index: SearchIndex<T>): string {
  return joinedText(index).text;
}

/**
 * The search index of `items` from their search texts joined by line breaks (joinedSearchText, as the catalogue keeps
 * them between visits): that text is the one the search reads, so nothing is prepared again. Null unless the text holds
 * exactly one search text per item.
 */
export function searchIndexFromJoinedText<T>(items: readonly T[], text: string): SearchIndex<T> | null {
  if (items.length === 0) return text === '' ? { items, haystacks: [] } : null;
  const haystacks = text.split('\n');
  if (haystacks.length !== items.length) return null;
  const index: SearchIndex<T> = { items, haystacks };
  joinedTexts.set(index, { text, starts: startsOf(haystacks) });
  return index;
}

/**
 * Items whose name or barcode contains every word of the query, in the index's order; the whole list for a blank
 * query. The longest word finds the candidates in the joined text; the other words are checked on those only.
 */
export function filterSearchIndex<T>(index: SearchIndex<T>, query: string): readonly T[] {
  const terms = normalizeSearchText(query).split(' ').filter(Boolean);
  if (terms.length === 0) return index.items;
  terms.sort((a, b) => b.length - a.length);
  const [first, ...others] = terms as [string, ...string[]];
  const { items, haystacks } = index;
  const { text, starts } = joinedText(index);
  const count = items.length;
  const result: T[] = [];
  let item = 0;
  let position = text.indexOf(first);
  while (position !== -1) {
    while (item + 1 < count && (starts[item + 1] as number) <= position) item++;
    const haystack = haystacks[item] as string;
    if (others.every((term) => haystack.includes(term))) result.push(items[item] as T);
    item++;
    if (item >= count) break;
    position = text.indexOf(first, starts[item]);
  }
  return result;
}
