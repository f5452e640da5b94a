/**
 * Products, categories and product-category links through supabase-js as the
 * demo accounts: who may read and write, barcode validation messages, unique
 * barcodes and category names, and the delete guard of referenced products.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { formerKeptCatalogueKeys, keptCatalogueKey } from '@/features/products/kept-catalogue-key';
import { loadCatalogue, packCatalogue, unpackCatalogue, type CatalogueStore, type KeptCatalogue } from '@/features/products/load-products';
import type { Database } from '@/types/database.types';
import { DEMO_PASSWORD, DEMO_USERS, demoSessions, type DemoUserKey } from '../../utils/app-users.ts';
import { anonClient, appBackend, deviceClientWithFetch, sql } from '../../utils/env.ts';

/** GTIN check digit of a body (weights 3,1,3,... from the right). */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A random valid EAN-13 in the in-store range (prefix 2), unlikely to collide. */
function randomEan13(): string {
  const body = `2${String(randomInt(0, 1e11)).padStart(11, '0')}`;
  return body + String(checkDigit(body));
}

const backend = appBackend();
const as = demoSessions(backend);

const createdProductIds: string[] = [];

async function createProduct(key: DemoUserKey = 'balconista', barcode: string | null = randomEan13()) {
  const client = await as(key);
  const { data, error } = await client
    .from('products')
    .insert({ barcode, name: `Produto de teste ${randomUUID().slice(0, 8)}`, description: 'teste' })
    .select()
    .single();
  expect(error).toBeNull();
  const product = data as { id: string; barcode: string | null; name: string };
  createdProductIds.push(product.id);
  return product;
}

afterAll(async () => {
  const db = await sql(backend);
  try {
    await db.query('delete from public.shortages where product_id = any($1::uuid[]) and batch_id is null', [createdProductIds]);
    await db.query('delete from public.products where id = any($1::uuid[])', [createdProductIds]);
    await db.query(`delete from public.categories where name like 'Grupo de teste %'`);
  } finally {
    await db.end();
  }
});

describe('catalogue reads', () => {
  it('lets every signed-in role read the seeded catalogue with the category join', async () => {
    for (const key of ['balconista', 'compras', 'representante', 'analista'] as const) {
      const client = await as(key);
      const { data, error } = await client
        .from('products')
        .select('id, barcode, name, product_categories(category_id, categories(id, name))')
        .eq('barcode', '7896004100371')
        .single();
      expect(error).toBeNull();
      expect(data?.name).toBe('Dipirona Monoidratada 500mg 10 comprimidos');
      expect(data?.product_categories).toEqual([
        { category_id: expect.any(String), categories: { id: expect.any(String), name: 'Analgésicos' } },
      ]);
    }
  });

  it('seeds about 200 products, all with valid EAN-13 codes, and the categories', async () => {
    const client = await as('balconista');
    const { data, error } = await client.from('products').select('barcode').like('barcode', '789%').range(0, 999);
    expect(error).toBeNull();
    const barcodes = (data ?? []).map((row) => row.barcode as string);
    expect(barcodes.length).toBeGreaterThanOrEqual(200);
    for (const code of barcodes) {
      expect(code).toMatch(/^789\d{10}$/);
      expect(Number(code.slice(-1))).toBe(checkDigit(code.slice(0, -1)));
    }
    const categories = await client.from('categories').select('name');
    expect(categories.data?.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Analgésicos', 'Antibióticos', 'Anti-inflamatórios', 'Dermocosméticos', 'Higiene Pessoal', 'Vitaminas e Suplementos', 'Infantil', 'Genéricos']),
    );
  });

  it('finds products by part of the name, ignoring case', async () => {
    const client = await as('balconista');
    const { data, error } = await client.from('products').select('name').ilike('name', '%amoxicilina 500mg%');
    expect(error).toBeNull();
    expect(data?.map((p) => p.name)).toContain('Amoxicilina 500mg 21 cápsulas');
  });

  it('denies anon every read and write', async () => {
    const anon = anonClient(backend);
    for (const table of ['products', 'categories', 'product_categories']) {
      const read = await anon.from(table).select('*').limit(1);
      expect(read.error?.code).toBe('42501');
    }
    const write = await anon.from('products').insert({ name: 'Intruso', barcode: randomEan13() });
    expect(write.error?.code).toBe('42501');
    const rpc = await anon.from('categories').insert({ name: 'Intruso' });
    expect(rpc.error?.code).toBe('42501');
  });
});

describe('product writes', () => {
  it('lets MANAGE_PRODUCTS holders create, update and delete products', async () => {
    const product = await createProduct('farmaceutico');
    const client = await as('farmaceutico');
    const updated = await client.from('products').update({ name: 'Nome alterado' }).eq('id', product.id).select('name').single();
    expect(updated.error).toBeNull();
    expect(updated.data?.name).toBe('Nome alterado');
    const deleted = await client.from('products').delete().eq('id', product.id).select('id');
    expect(deleted.error).toBeNull();
    expect(deleted.data).toHaveLength(1);
  });

  it('refuses product writes to roles without MANAGE_PRODUCTS', async () => {
    const product = await createProduct('balconista');
    for (const key of ['compras', 'representante', 'analista'] as const) {
      const client = await as(key);
      const insert = await client.from('products').insert({ name: 'Não permitido', barcode: randomEan13() });
      expect(insert.error?.code).toBe('42501');
      const update = await client.from('products').update({ name: 'Hackeado' }).eq('id', product.id).select('id');
      expect(update.error).toBeNull();
      expect(update.data).toEqual([]);
      const del = await client.from('products').delete().eq('id', product.id).select('id');
      expect(del.data).toEqual([]);
    }
    const still = await (await as('balconista')).from('products').select('name').eq('id', product.id).single();
    expect(still.data?.name).toBe(product.name);
  });

  it('refuses a barcode with a wrong check digit with a clear message', async () => {
    const good = randomEan13();
    const bad = good.slice(0, -1) + String((Number(good.slice(-1)) + 1) % 10);
    const { error } = await (await as('balconista')).from('products').insert({ name: 'Código errado', barcode: bad });
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Código de barras inválido: dígito verificador incorreto');
  });

  it('refuses a barcode with letters or spaces inside', async () => {
    const client = await as('balconista');
    for (const barcode of ['78910001000A5', '7891 000100035', '123456789012345']) {
      const { error } = await client.from('products').insert({ name: 'Código com letras', barcode });
      expect(error?.code).toBe('23514');
      expect(error?.message).toBe('Código de barras inválido: use apenas números (até 14 dígitos)');
    }
  });

  it('accepts a product without barcode and trims a blank barcode to none', async () => {
    const product = await createProduct('balconista', '   ');
    expect(product.barcode).toBeNull();
  });

  it('refuses a duplicate barcode (23505 products_barcode_key)', async () => {
    const product = await createProduct('balconista');
    const { error } = await (await as('balconista')).from('products').insert({ name: 'Duplicado', barcode: product.barcode });
    expect(error?.code).toBe('23505');
    expect(error?.message).toContain('products_barcode_key');
  });

  it('refuses a blank product name', async () => {
    const { error } = await (await as('balconista')).from('products').insert({ name: '   ', barcode: randomEan13() });
    expect(error?.code).toBe('23514');
    expect(error?.message).toBe('Nome do produto é obrigatório');
  });

  it('refuses to delete a product referenced by a shortage (23503) and allows it once unreferenced', async () => {
    const product = await createProduct('balconista');
    const client = await as('balconista');
    const shortage = await client
      .from('shortages')
      .insert({ product_id: product.id, requested_quantity: 2 })
      .select('id')
      .single();
    expect(shortage.error).toBeNull();

    const refused = await client.from('products').delete().eq('id', product.id);
    expect(refused.error?.code).toBe('23503');

    const removed = await client.from('shortages').delete().eq('id', shortage.data?.id ?? '');
    expect(removed.error).toBeNull();
    const allowed = await client.from('products').delete().eq('id', product.id).select('id');
    expect(allowed.error).toBeNull();
    expect(allowed.data).toHaveLength(1);
  });
});

describe('categories and links', () => {
  let categoryId = '';

  beforeAll(async () => {
    const { data, error } = await (await as('balconista'))
      .from('categories')
      .insert({ name: `Grupo de teste ${randomUUID().slice(0, 8)}`, description: 'Criado pelo teste' })
      .select()
      .single();
    expect(error).toBeNull();
    categoryId = (data as { id: string }).id;
  });

  it('refuses a category name that differs only in case', async () => {
    const client = await as('balconista');
    const { data } = await client.from('categories').select('name').eq('id', categoryId).single();
    const { error } = await client.from('categories').insert({ name: (data?.name ?? '').toUpperCase() });
    expect(error?.code).toBe('23505');
    expect(error?.message).toContain('categories_name_lower_key');
  });

  it('refuses category writes to roles without MANAGE_PRODUCTS', async () => {
    const { error } = await (await as('analista')).from('categories').insert({ name: `Grupo de teste ${randomUUID().slice(0, 8)}` });
    expect(error?.code).toBe('42501');
  });

  it('links and unlinks a product and a category (the product group)', async () => {
    const product = await createProduct('balconista');
    const client = await as('balconista');
    const link = await client.from('product_categories').insert({ product_id: product.id, category_id: categoryId });
    expect(link.error).toBeNull();
    const read = await client.from('products').select('id, product_categories(categories(id))').eq('id', product.id).single();
    expect(read.data?.product_categories).toEqual([{ categories: { id: categoryId } }]);

    const denied = await (await as('compras')).from('product_categories').delete().eq('product_id', product.id).select();
    expect(denied.data).toEqual([]);

    const unlink = await client.from('product_categories').delete().eq('product_id', product.id).eq('category_id', categoryId).select();
    expect(unlink.data).toHaveLength(1);
  });
});

describe('the catalogue version (get_catalogue_version) and the copy kept between visits', () => {
  const versionAs = async (key: DemoUserKey): Promise<number> => {
    const { data, error } = await (await as(key)).rpc('get_catalogue_version');
    expect(error).toBeNull();
    expect(typeof data).toBe('number');
    return data as number;
  };

  /** Runs `write` and expects the version read afterwards to be past the one read before it. */
  async function expectMoves(label: string, write: () => PromiseLike<{ error: unknown }>) {
    const before = await versionAs('balconista');
    const { error } = await write();
    expect(error, label).toBeNull();
    expect(await versionAs('balconista'), label).toBeGreaterThan(before);
  }

  it('moves with every committed change to products, their groups and the groups’ names', async () => {
    const client = await as('farmaceutico');
    const product = await createProduct('farmaceutico');
    const category = await client.from('categories').insert({ name: `Grupo de teste ${randomUUID().slice(0, 8)}` }).select('id, name').single();
    expect(category.error).toBeNull();
    const categoryId = (category.data as { id: string }).id;
    await expectMoves('product created', () => client.from('products').insert({ name: `Produto de teste ${randomUUID().slice(0, 8)}` }).select('id'));
    await expectMoves('product renamed', () => client.from('products').update({ name: `Produto de teste ${randomUUID().slice(0, 8)}` }).eq('id', product.id));
    await expectMoves('group set', () => client.from('product_categories').insert({ product_id: product.id, category_id: categoryId }));
    await expectMoves('group renamed', () => client.from('categories').update({ name: `Grupo de teste ${randomUUID().slice(0, 8)}` }).eq('id', categoryId));
    await expectMoves('group unset', () => client.from('product_categories').delete().eq('product_id', product.id));
    await expectMoves('product deleted', () => client.from('products').delete().eq('id', product.id));
  });

  it('shows a change only once it commits (the counter row is written inside the writing transaction)', async () => {
    const db = await sql(backend);
    try {
      await db.query('begin');
      await db.query(`insert into public.products (name) values ('Produto de teste ' || gen_random_uuid())`);
      // Our transaction holds the counter row: no other writer can commit a change until it ends.
      const inside = Number((await db.query<{ version: string }>('select version from private.catalogue_version')).rows[0]?.version);
      expect(await versionAs('analista')).toBe(inside - 1);
      await db.query('commit');
      expect(await versionAs('analista')).toBeGreaterThanOrEqual(inside);
    } finally {
      await db.query('rollback').catch(() => undefined);
      await db.query(`delete from public.products where name like 'Produto de teste %' and barcode is null and description is null`);
      await db.end();
    }
  });

  it('answers no one signed out', async () => {
    const { error } = await anonClient(backend).rpc('get_catalogue_version');
    expect(error?.code).toBe('42501');
  });

  it('shows the kept copy only while its version is current, and reads the pages again once it moves', async () => {
    let productRequests = 0;
    const client: SupabaseClient<Database> = deviceClientWithFetch(backend, (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/rest/v1/products')) productRequests += 1;
      return fetch(input, init);
    });
    const signedIn = await client.auth.signInWithPassword({ email: DEMO_USERS.balconista.email, password: DEMO_PASSWORD });
    expect(signedIn.error).toBeNull();
    const userId = signedIn.data.user?.id as string;
    const kept = new Map<string, unknown>();
    const store: CatalogueStore = {
      read: async (key) => kept.get(key),
      write: async (key, produce) => void kept.set(key, produce()),
      forget: async (keys) => keys.forEach((key) => kept.delete(key)),
    };
    // A copy in the previous format (JSON rows, under its own key) is forgotten once the current one is kept.
    for (const key of formerKeptCatalogueKeys(userId)) kept.set(key, { version: 1, rows: '[]' });

    const first = await loadCatalogue(client, undefined, store);
    expect(productRequests).toBeGreaterThan(0);
    expect([...kept.keys()]).toEqual([keptCatalogueKey(userId)]);
    const copy = kept.get(keptCatalogueKey(userId)) as KeptCatalogue;
    expect(unpackCatalogue(copy, copy.version)).toEqual(first);
    expect(first.products.some((p) => p.barcode === '7896004100371')).toBe(true);

    // With the counter row held (no catalogue write can commit meanwhile), the next visit is the kept copy: no page read.
    const db = await sql(backend);
    try {
      await db.query('begin');
      const { rows } = await db.query<{ version: string }>('select version from private.catalogue_version for share');
      expect(copy.version).toBeLessThanOrEqual(Number(rows[0]?.version));
      if (copy.version === Number(rows[0]?.version)) {
        productRequests = 0;
        const second = await loadCatalogue(client, undefined, store);
        expect(productRequests).toBe(0);
        expect(second.products).toEqual(first.products);
        expect(second.index.haystacks).toEqual(first.index.haystacks);
      }
      await db.query('commit');
    } finally {
      await db.query('rollback').catch(() => undefined);
      await db.end();
    }

    // Another user renames a product: the kept copy is stale, the pages are read again and kept under the new version.
    const product = await createProduct('farmaceutico');
    const renamed = `Produto de teste renomeado ${randomUUID().slice(0, 8)}`;
    expect((await (await as('farmaceutico')).from('products').update({ name: renamed }).eq('id', product.id)).error).toBeNull();
    productRequests = 0;
    const third = await loadCatalogue(client, undefined, store);
    expect(productRequests).toBeGreaterThan(0);
    expect(third.products.find((p) => p.id === product.id)?.name).toBe(renamed);
    expect((kept.get(keptCatalogueKey(userId)) as KeptCatalogue).version).toBeGreaterThan(copy.version);

    // A copy kept under another user's key is never read for this one, nor a copy of a different shape.
    kept.clear();
    const version = (await client.rpc('get_catalogue_version')).data as number;
    kept.set(keptCatalogueKey(randomUUID()), packCatalogue(third, version));
    kept.set(keptCatalogueKey(userId), { version, rows: JSON.stringify([['x']]) });
    productRequests = 0;
    const fourth = await loadCatalogue(client, undefined, store);
    expect(productRequests).toBeGreaterThan(0);
    expect(fourth.products.length).toBe(third.products.length);
    await client.auth.signOut();
  });
});
