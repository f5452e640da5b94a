/**
 * Reading the whole catalogue page by page, React- and env-free (unit-testable, and the benchmark measures
 * the screen that runs it).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '@/types/database.types';
import { keptCatalogueKey } from '@/features/products/kept-catalogue-key';
import { normalizeSearchText, searchHaystack, type SearchIndex } from '@/features/products/search';
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
  /** Keeps what `produce` returns (called when the browser has time: packing 50,000 products takes ~50 ms). */
  write: (key: string, produce: () => KeptCatalogue) => Promise<void>;
}

/**
 * A kept catalogue: the version it was read under (get_catalogue_version) and its products with their search text, as
 * one JSON text of rows `[id, barcode, name, description, groupId, groupName, haystack]`. Read back as fast as 50,000
 * stored objects (measured in Chromium here: ~55 ms for the text plus 30–90 ms of JSON.parse, against ~70 ms plus
 * building the objects), and a plain format that unpackCatalogue checks row by row before anything is shown.
 */
export interface KeptCatalogue {
  version: number;
  rows: string;
}

type KeptRow = [string, string | null, string, string | null, string | null, string, string];

/** The catalogue as it is kept, under `version`. */
export function packCatalogue(catalogue: Catalogue, version: number): KeptCatalogue {
  const { haystacks } = catalogue.index;
  const rows = catalogue.products.map((p, i): KeptRow => [p.id, p.barcode, p.name, p.description, p.groupId, p.groupName, haystacks[i] ?? '']);
  return { version, rows: JSON.stringify(rows) };
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isKeptRow(row: unknown): row is KeptRow {
  return (
    Array.isArray(row) &&
    row.length === 7 &&
    isText(row[0]) &&
    isTextOrNull(row[1]) &&
    isText(row[2]) &&
    isTextOrNull(row[3]) &&
    isTextOrNull(row[4]) &&
    isText(row[5]) &&
    isText(row[6])
  );
}

/** The kept catalogue when it was kept under `version` and reads whole; null for anything else (never half a catalogue). */
export function unpackCatalogue(kept: unknown, version: number): Catalogue | null {
  if (typeof kept !== 'object' || kept === null) return null;
  const { version: keptVersion, rows: text } = kept as Partial<KeptCatalogue>;
  if (keptVersion !== version || typeof text !== 'string') return null;
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(rows)) return null;
  const products: Product[] = new Array<Product>(rows.length);
  const haystacks: string[] = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row: unknown = rows[i];
    if (!isKeptRow(row)) return null;
    products[i] = { id: row[0], barcode: row[1], name: row[2], description: row[3], groupId: row[4], groupName: row[5] };
    haystacks[i] = row[6];
  }
  return { products, index: { items: products, haystacks } };
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
  return fresh;
}

/**
 * Every product row, page by page as each arrives, the id ranges read side by side: the requests loadCatalogue
 * makes (npm run bench:catalog times them alone, against the screen).
 */
export function readCatalogue(client: SupabaseClient<Database>, onPage: (rows: ProductRow[]) => void, signal?: AbortSignal): Promise<void> {
  return Promise.all(ID_RANGES.map((range) => loadRange(client, range, onPage, signal))).then(() => undefined);
}
