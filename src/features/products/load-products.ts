/**
 * Reading the whole catalogue page by page, React- and env-free (unit-testable, and the benchmark measures
 * the screen that runs it).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, Tables } from '@/types/database.types';
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
 * The whole catalogue with its groups, ordered by name (accent- and case-insensitive, as people read). Each
 * page's names are normalised for sorting and searching as it arrives, while the next pages are in flight, so
 * little is left to do once the last one lands.
 */
export async function loadCatalogue(client: SupabaseClient<Database>, signal?: AbortSignal): Promise<Catalogue> {
  const catalogue = catalogueBuilder();
  await readCatalogue(client, (rows) => catalogue.add(rows.map(toProduct)), signal);
  return catalogue.finish();
}

/**
 * Every product row, page by page as each arrives, the id ranges read side by side: the requests loadCatalogue
 * makes (npm run bench:catalog times them alone, against the screen).
 */
export function readCatalogue(client: SupabaseClient<Database>, onPage: (rows: ProductRow[]) => void, signal?: AbortSignal): Promise<void> {
  return Promise.all(ID_RANGES.map((range) => loadRange(client, range, onPage, signal))).then(() => undefined);
}
