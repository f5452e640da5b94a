/**
 * Reading the whole catalogue page by page, React- and env-free (unit-testable, and the benchmark measures
 * the screen that runs it).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '@/types/database.types';
import { formerKeptCatalogueKeys, keptCatalogueKey } from '@/features/products/kept-catalogue-key';
import { joinedSearchText, normalizeSearchText, searchHaystack, searchIndexFromJoinedText, type SearchIndex } from '@/features/products/search';
import { NO_GROUP_LABEL, type Product } from '@/features/products/types';

/** Spec §9: the catalogue is read in pages of 1000 rows. */
export const PRODUCT_PAGE_SIZE = 1000;

export const PRODUCT_SELECT = 'id, barcode, name, description, product_categories(categories(id, name))';

/**
 * The id space split in four ranges read side by side (ids are random UUIDs, so each holds about a quarter
 * of the catalogue). Each range is still read in pages of 1000; four at a time, the 50 pages of a 50,000-product
 * catalogue take about a third of the time they take one after the other.
 */
const ID_RANGES: readonly (readonly [string, string | null])[] = [
  ['00000000-0000-0000-0000-000000000000', '40000000-0000-0000-0000-000000000000'],
  ['40000000-0000-0000-0000-000000000000', '80000000-0000-0000-0000-000000000000'],
  ['80000000-0000-0000-0000-000000000000', 'c0000000-0000-0000-0000-000000000000'],
  ['c0000000-0000-0000-0000-000000000000', null],
];

/** A row selected with PRODUCT_SELECT, typed from the generated database types. */
type ProductRow = Pick<Tables<'products'>, 'id' | 'barcode' | 'name' | 'description'> & {
  product_categories: { categories: Pick<Tables<'categories'>, 'id' | 'name'> | null }[];
};

/** The loaded catalogue: products by name, and their search index (same order). */
export interface Catalogue {
  products: readonly Product[];
  index: SearchIndex<Product>;
}

/** Maps a row with its category join to the screen's Product (first linked category is the group). */
export function toProduct(row: ProductRow): Product {
  const category = row.product_categories.find((link) => link.categories)?.categories ?? null;
  return {
    id: row.id,
    barcode: row.barcode,
    name: row.name,
    description: row.description,
    groupId: category?.id ?? null,
    groupName: category?.name ?? NO_GROUP_LABEL,
  };
}

interface Entry {
  product: Product;
  /** normalised name, NUL, barcode: the sort key */
  key: string;
  /** normalised "name barcode": what the search matches */
  haystack: string;
}

function toEntry(product: Product): Entry {
  const name = normalizeSearchText(product.name);
  return { product, key: `${name}\u0000${product.barcode ?? ''}`, haystack: searchHaystack(product, name) };
}

function byKey(a: Entry, b: Entry): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * Builds the catalogue as its pages arrive: add() normalises a page's names for sorting and searching (while the
 * next pages are in flight), finish() orders the products by name, accent- and case-insensitively as people read,
 * then by barcode, with their search index in the same order.
 */
export function catalogueBuilder(): { add: (products: Iterable<Product>) => void; finish: () => Catalogue } {
  const entries: Entry[] = [];
  return {
    add: (products) => {
      for (const product of products) entries.push(toEntry(product));
    },
    finish: () => {
      entries.sort(byKey);
      const products = entries.map((entry) => entry.product);
      return { products, index: { items: products, haystacks: entries.map((entry) => entry.haystack) } };
    },
  };
}

/**
 * Reads one id range in pages of 1000 keyed on the primary key (`id > last id`), so every page costs the same
 * index range scan (with offsets the 50th page made the database walk 49,000 rows first).
 */
async function loadRange(
  client: SupabaseClient<Database>,
  [from, to]: readonly [string, string | null],
  onPage: (rows: ProductRow[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  let lastId: string | null = null;
  for (;;) {
    let query = client.from('products').select(PRODUCT_SELECT).order('id').limit(PRODUCT_PAGE_SIZE);
    query = lastId === null ? query.gte('id', from) : query.gt('id', lastId);
    if (to !== null) query = query.lt('id', to);
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw error;
    const rows: ProductRow[] = data;
    onPage(rows);
    const last = rows.at(-1);
    if (rows.length < PRODUCT_PAGE_SIZE || !last) return;
    lastId = last.id;
  }
}

/**
 * The whole catalogue with its groups, ordered by name (accent- and case-insensitive, as people read), read from the
 * database page by page. Each page's names are normalised for sorting and searching as it arrives, while the next
 * pages are in flight, so little is left to do once the last one lands.
 */
async function readFreshCatalogue(client: SupabaseClient<Database>, signal?: AbortSignal): Promise<Catalogue> {
  const catalogue = catalogueBuilder();
  await readCatalogue(client, (rows) => catalogue.add(rows.map(toProduct)), signal);
  return catalogue.finish();
}

/** Where the last catalogue read is kept between visits (the browser's IndexedDB in the app; a Map in tests). */
export interface CatalogueStore {
  read: (key: string) => Promise<unknown>;
  /** Keeps what `produce` returns, if anything (called when the browser has time: packing 50,000 products takes tens of ms). */
  write: (key: string, produce: () => KeptCatalogue | undefined) => Promise<void>;
  /** Forgets what is kept under `keys`. */
  forget?: (keys: string[]) => Promise<void>;
}

/**
 * A kept catalogue: the version it was read under (get_catalogue_version) and its products by column, each text column
 * one string of values separated by NUL (PostgreSQL text never holds it), the groups once each, and the search texts
 * joined by line breaks exactly as the search reads them (search.ts, joinedSearchText). Read back by splitting a few
 * long strings instead of parsing 50,000 JSON rows: unpacking 50,000 products took 64–200 ms as JSON rows (with the
 * garbage of 50,000 arrays) and takes 11–27 ms so (Node's V8 on this machine), from a copy 28 % smaller to read out of
 * IndexedDB; the search needs no preparing afterwards. unpackCatalogue checks every column before anything is shown.
 */
export interface KeptCatalogue {
  version: number;
  /** How many products; every column holds as many values. */
  count: number;
  ids: string;
  /** A null barcode or description is kept as '' and flagged in `nulls`. */
  barcodes: string;
  names: string;
  descriptions: string;
  /** One character per product: '0', plus 1 when its barcode is null and 2 when its description is null. */
  nulls: string;
  /** Per product, the position of its group in `groups`. */
  groupOf: Int32Array;
  /** The groups as [id, name]: a product without a category has a null id and the spec's label. */
  groups: [string | null, string][];
  searchText: string;
}

/** Separates a kept column's values (PostgreSQL text cannot hold NUL, so no value does). */
const SEPARATOR = '\u0000';
const NULL_BARCODE = 1;
const NULL_DESCRIPTION = 2;
/** The character code of a product without null fields in `nulls`. */
const NO_NULLS = 48;

function holdsSeparator(p: Product): boolean {
  return (
    p.id.includes(SEPARATOR) ||
    p.name.includes(SEPARATOR) ||
    p.groupName.includes(SEPARATOR) ||
    (p.barcode?.includes(SEPARATOR) ?? false) ||
    (p.description?.includes(SEPARATOR) ?? false) ||
    (p.groupId?.includes(SEPARATOR) ?? false)
  );
}

/**
 * The catalogue as it is kept, under `version`; undefined, so nothing is kept, if a value holds the separator (not
 * possible for a value read from PostgreSQL) or a search text a line break (search texts are single-spaced).
 */
export function packCatalogue(catalogue: Catalogue, version: number): KeptCatalogue | undefined {
  const { products } = catalogue;
  const count = products.length;
  const groups: [string | null, string][] = [];
  const groupPositions = new Map<string, number>();
  const groupOf = new Int32Array(count);
  const nulls: string[] = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const p = products[i] as Product;
    if (holdsSeparator(p)) return undefined;
    const groupKey = `${p.groupId === null ? '' : `#${p.groupId}`}${SEPARATOR}${p.groupName}`;
    let position = groupPositions.get(groupKey);
    if (position === undefined) {
      position = groups.length;
      groups.push([p.groupId, p.groupName]);
      groupPositions.set(groupKey, position);
    }
    groupOf[i] = position;
    nulls[i] = String.fromCharCode(NO_NULLS + (p.barcode === null ? NULL_BARCODE : 0) + (p.description === null ? NULL_DESCRIPTION : 0));
  }
  const { haystacks } = catalogue.index;
  if (haystacks.length !== count || haystacks.some((text) => text.includes('\n'))) return undefined;
  const searchText = joinedSearchText(catalogue.index);
  return {
    version,
    count,
    ids: products.map((p) => p.id).join(SEPARATOR),
    barcodes: products.map((p) => p.barcode ?? '').join(SEPARATOR),
    names: products.map((p) => p.name).join(SEPARATOR),
    descriptions: products.map((p) => p.description ?? '').join(SEPARATOR),
    nulls: nulls.join(''),
    groupOf,
    groups,
    searchText,
  };
}

/** A kept column's `count` values, or null when it holds another number of them. */
function splitColumn(text: unknown, count: number): string[] | null {
  if (typeof text !== 'string') return null;
  if (count === 0) return text === '' ? [] : null;
  const values = text.split(SEPARATOR);
  return values.length === count ? values : null;
}

function isGroup(value: unknown): value is [string | null, string] {
  return Array.isArray(value) && value.length === 2 && (value[0] === null || typeof value[0] === 'string') && typeof value[1] === 'string';
}

/** The kept catalogue when it was kept under `version` and reads whole; null for anything else (never half a catalogue). */
export function unpackCatalogue(kept: unknown, version: number): Catalogue | null {
  if (typeof kept !== 'object' || kept === null) return null;
  const copy = kept as Partial<Record<keyof KeptCatalogue, unknown>>;
  const { count, nulls, groupOf, groups } = copy;
  if (copy.version !== version || typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null;
  if (typeof nulls !== 'string' || nulls.length !== count) return null;
  if (!(groupOf instanceof Int32Array) || groupOf.length !== count) return null;
  if (!Array.isArray(groups) || !groups.every(isGroup)) return null;
  const ids = splitColumn(copy.ids, count);
  const barcodes = splitColumn(copy.barcodes, count);
  const names = splitColumn(copy.names, count);
  const descriptions = splitColumn(copy.descriptions, count);
  if (!ids || !barcodes || !names || !descriptions || typeof copy.searchText !== 'string') return null;
  const products: Product[] = new Array<Product>(count);
  for (let i = 0; i < count; i++) {
    const flags = nulls.charCodeAt(i) - NO_NULLS;
    const group = groups[groupOf[i] as number] as [string | null, string] | undefined;
    if (flags < 0 || flags > NULL_BARCODE + NULL_DESCRIPTION || !group) return null;
    products[i] = {
      id: ids[i] as string,
      barcode: flags & NULL_BARCODE ? null : (barcodes[i] as string),
      name: names[i] as string,
      description: flags & NULL_DESCRIPTION ? null : (descriptions[i] as string),
      groupId: group[0],
      groupName: group[1],
    };
  }
  const index = searchIndexFromJoinedText(products, copy.searchText);
  return index ? { products, index } : null;
}

/**
 * The catalogue, from the copy kept at the last visit when the database confirms nothing in it changed since, or else
 * read again (and kept for the next visit). The version is asked for before the pages are read, so a change committed
 * while they are read leaves the new copy under the older version: the next visit reads again rather than showing it
 * as current. Without a version (the call failed, or the caller may not read the products) nothing kept is shown and
 * nothing is kept.
 */
export async function loadCatalogue(client: SupabaseClient<Database>, signal?: AbortSignal, store?: CatalogueStore): Promise<Catalogue> {
  if (!store) return readFreshCatalogue(client, signal);
  const { data: sessionData } = await client.auth.getSession();
  const userId = sessionData.session?.user.id;
  const key = userId ? keptCatalogueKey(userId) : null;
  const kept = key ? store.read(key).catch(() => undefined) : Promise.resolve(undefined);
  let versionQuery = client.rpc('get_catalogue_version');
  if (signal) versionQuery = versionQuery.abortSignal(signal);
  const { data: version, error } = await versionQuery;
  const current = error ? null : version;
  if (current === null || key === null) return readFreshCatalogue(client, signal);
  const copy = unpackCatalogue(await kept, current);
  if (copy) return copy;
  const fresh = await readFreshCatalogue(client, signal);
  void store.write(key, () => packCatalogue(fresh, current)).catch(() => undefined);
  if (userId && store.forget) void store.forget(formerKeptCatalogueKeys(userId)).catch(() => undefined);
  return fresh;
}

/**
 * Every product row, page by page as each arrives, the id ranges read side by side: the requests loadCatalogue
 * makes (npm run bench:catalog times them alone, against the screen).
 */
export function readCatalogue(client: SupabaseClient<Database>, onPage: (rows: ProductRow[]) => void, signal?: AbortSignal): Promise<void> {
  return Promise.all(ID_RANGES.map((range) => loadRange(client, range, onPage, signal))).then(() => undefined);
}
