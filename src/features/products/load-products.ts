/**
 * Reading the whole catalogue page by page, React- and env-free so bench/catalog.ts runs the exact same
 * code as the screen with its own supabase-js client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import * as z from 'zod/mini';
import type { Database } from '@/types/database.types';
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

/** Reads the whole catalogue in pages of 1000 (ordered by name, then id, so pages are stable) until exhausted. */
export async function loadAllProducts(client: SupabaseClient<Database>, signal?: AbortSignal): Promise<Product[]> {
  const products: Product[] = [];
  for (let from = 0; ; from += PRODUCT_PAGE_SIZE) {
    let query = client
      .from('products')
      .select(PRODUCT_SELECT)
      .order('name')
      .order('id')
      .range(from, from + PRODUCT_PAGE_SIZE - 1);
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw error;
    const rows = z.array(rowSchema).parse(data);
    for (const row of rows) products.push(toProduct(row));
    if (rows.length < PRODUCT_PAGE_SIZE) return products;
  }
}

