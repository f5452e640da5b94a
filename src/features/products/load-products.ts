/**
 * Reading the whole catalogue page by page, React- and env-free so bench/catalog.ts runs the exact same
 * code as the screen with its own supabase-js client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import * as z from 'zod/mini';
import type { Database } from '@/types/database.types';
import { normalizeSearchText } from '@/features/products/search';
import { NO_GROUP_LABEL, type Product } from '@/features/products/types';

/** Spec §9: the catalogue is read in pages of 1000 rows. */
export const PRODUCT_PAGE_SIZE = 1000;

export const PRODUCT_SELECT = 'id, barcode, name, description, product_categories(categories(id, name))';

const rowSchema = z.object({
  id: z.string(),
  barcode: z.nullable(z.string()),
  name: z.string(),
  description: z.nullable(z.string()),
  product_categories: z.array(z.object({ categories: z.nullable(z.object({ id: z.string(), name: z.string() })) })),
});
type ProductRow = z.infer<typeof rowSchema>;

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

/**
 * Reads the whole catalogue in pages of 1000 until exhausted, then orders it by name.
 * Pages are keyed on the primary key (`id > last id`) rather than offsets, so every page
 * costs the same index range scan: with offsets the 50th page of a 50,000-product
 * catalogue made the database walk 49,000 rows first. Names are sorted here, on the
 * normalised text the search already uses (accent- and case-insensitive, as people read).
 */
export async function loadAllProducts(client: SupabaseClient<Database>, signal?: AbortSignal): Promise<Product[]> {
  const products: Product[] = [];
  let lastId: string | null = null;
  for (;;) {
    let query = client.from('products').select(PRODUCT_SELECT).order('id').limit(PRODUCT_PAGE_SIZE);
    if (lastId !== null) query = query.gt('id', lastId);
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw error;
    const rows = z.array(rowSchema).parse(data);
    for (const row of rows) products.push(toProduct(row));
    const last = rows.at(-1);
    if (rows.length < PRODUCT_PAGE_SIZE || !last) return sortProductsByName(products);
    lastId = last.id;
  }
}

/** Alphabetical by name ignoring accents and case, then by barcode, without re-normalising per comparison. */
export function sortProductsByName(products: Product[]): Product[] {
  const keyed = products.map((product) => ({ product, key: `${normalizeSearchText(product.name)}\u0000${product.barcode ?? ''}` }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ product }) => product);
}
