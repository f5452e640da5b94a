/**
 * Purchasing access control and concurrency through supabase-js:
 *   * sealed bids: representante@ (Distribuidora Alfa) never reads a price of
 *     representante2@ (Distribuidora Beta) through tables, embeds or RPCs;
 *   * who sees which batches, shortages, quotes and orders (buyer, representative,
 *     counter staff, anon), allow and deny cases for every write policy;
 *   * concurrent calls: get_or_create_quote yields one quote; parallel winner
 *     selections (2 buyers at once, and 50 calls), 50 sends and 50 deletions of
 *     one batch have exactly one effect, with clean refusals or no-ops.
 * The seeded purchasing demo (supabase/seeds/20_purchasing.sql) provides a batch
 * with both suppliers' priced quotes; other fixtures live in a unit of our own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `acesso-${randomUUID().slice(0, 8)}`;

interface Quote {
  id: string;
  batch_id: string;
  supplier_id: string;
  status: string;
}

const as = demoSessions(backend);


let unitId = '';
let centroId = '';
const supplierIds = { alfa: '', beta: '' };
const seeded = { norte: '', centroAberto: '', betaNorteQuote: '', alfaNorteQuote: '', norteShortage: '' };
let productSeq = 0;

async function pendingShortages(count: number): Promise<string[]> {
  const db = await sql(backend);
  try {
    const creator = await db.query<{ id: string }>(`select id from auth.users where email = 'balconista@farmacia.local'`);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      productSeq += 1;
      const product = await db.query<{ id: string }>(`insert into public.products (name) values ($1) returning id`, [
        `Produto ${tag} ${productSeq}`,
      ]);
      const shortage = await db.query<{ id: string }>(
        `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, observation)
         values ($1, $2, 4, $3, $4) returning id`,
        [product.rows[0]?.id, unitId, creator.rows[0]?.id, tag],
      );
      ids.push(shortage.rows[0]?.id ?? '');
    }
    return ids;
  } finally {
    await db.end();
  }
}

/** A batch in quotation whose quotes (Alfa and Beta) are fully priced and sent. */
async function quotedBatch(count: number) {
  const shortages = await pendingShortages(count);
  const buyer = await as('compras');
  const batch = unwrap(
    await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortages, p_name: `Lote ${tag}` }),
  ) as { id: string };
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
  const quotes: Quote[] = [];
  for (const [rep, price] of [
    ['representante', 3],
    ['representante2', 4],
  ] as const) {
    const client = await as(rep);
    const quote = unwrap(await client.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    unwrap(await client.from('quote_items').update({ unit_price: price }).eq('quote_id', quote.id).select('id'));
    unwrap(await client.rpc('submit_quote', { p_quote_id: quote.id }));
    quotes.push(quote);
  }
  return { batchId: batch.id, shortages, alfa: quotes[0]!, beta: quotes[1]! };
}

beforeAll(async () => {
  const db = await sql(backend);
  try {
    unitId =
      (await db.query<{ id: string }>(`insert into public.store_units (name) values ($1) returning id`, [`Unidade ${tag}`])).rows[0]
        ?.id ?? '';
    centroId = (await db.query<{ id: string }>(`select id from public.store_units where name = 'Unidade Centro'`)).rows[0]?.id ?? '';
    for (const s of (await db.query<{ id: string; name: string }>('select id, name from public.suppliers')).rows) {
      if (s.name === 'Distribuidora Alfa') supplierIds.alfa = s.id;
      if (s.name === 'Distribuidora Beta') supplierIds.beta = s.id;
    }
    const batches = await db.query<{ id: string; name: string }>(
      `select id, name from public.quote_batches where name in ('Lote Reposição Norte', 'Lote Semanal Centro')`,
    );
    for (const b of batches.rows) {
      if (b.name === 'Lote Reposição Norte') seeded.norte = b.id;
      if (b.name === 'Lote Semanal Centro') seeded.centroAberto = b.id;
    }
    const quotes = await db.query<{ id: string; supplier_id: string }>('select id, supplier_id from public.quotes where batch_id = $1', [
      seeded.norte,
    ]);
    for (const q of quotes.rows) {
      if (q.supplier_id === supplierIds.beta) seeded.betaNorteQuote = q.id;
      if (q.supplier_id === supplierIds.alfa) seeded.alfaNorteQuote = q.id;
    }
    seeded.norteShortage =
      (await db.query<{ id: string }>('select id from public.shortages where batch_id = $1 order by id limit 1', [seeded.norte])).rows[0]?.id ?? '';
  } finally {
    await db.end();
  }
  expect(seeded.betaNorteQuote).not.toBe('');
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    const batches = `select b.id from public.quote_batches b where b.unit_id = $1 or b.name like '%' || $2 || '%'`;
    await db.query(`delete from public.purchase_orders where batch_id in (${batches})`, [unitId, tag]);
    await db.query(`delete from public.quotes where batch_id in (${batches})`, [unitId, tag]);
    await db.query(`update public.shortages set batch_id = null where observation = $1`, [tag]);
    await db.query(`delete from public.quote_batches where unit_id = $1 or name like '%' || $2 || '%'`, [unitId, tag]);
    await db.query(`delete from public.shortages where observation = $1`, [tag]);
    await db.query(`delete from public.products where name like $1`, [`Produto ${tag}%`]);
    await db.query(`delete from public.store_units where id = $1`, [unitId]);
  } finally {
    await db.end();
  }
});

describe('sealed bids: representante@ never reads Distribuidora Beta prices', () => {
  it('the buyer sees both seeded quotes of Lote Reposição Norte (the fixture is real)', async () => {
    const rows = unwrap(await (await as('compras')).from('quote_items').select('quote_id, unit_price').in('quote_id', [seeded.alfaNorteQuote, seeded.betaNorteQuote]));
    expect(new Set(rows.map((r) => r.quote_id))).toEqual(new Set([seeded.alfaNorteQuote, seeded.betaNorteQuote]));
    expect(rows.some((r) => r.quote_id === seeded.betaNorteQuote && r.unit_price !== null)).toBe(true);
  });

  it('through quotes and quote_items', async () => {
    const rep = await as('representante');
    const quotes = unwrap(await rep.from('quotes').select('id, supplier_id'));
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((q) => q.supplier_id === supplierIds.alfa)).toBe(true);
    expect(unwrap(await rep.from('quotes').select('id').eq('id', seeded.betaNorteQuote))).toEqual([]);
    expect(unwrap(await rep.from('quote_items').select('id').eq('quote_id', seeded.betaNorteQuote))).toEqual([]);
    const items = unwrap(await rep.from('quote_items').select('quote_id, quotes(supplier_id)'));
    expect(items.every((i) => (i.quotes as unknown as { supplier_id: string }).supplier_id === supplierIds.alfa)).toBe(true);
  });

  it('through embeds from batches and from shortages', async () => {
    const rep = await as('representante');
    const batches = unwrap(await rep.from('quote_batches').select('*, quotes(*, quote_items(*))').eq('id', seeded.norte)) as {
      quotes: { id: string; supplier_id: string; quote_items: { quote_id: string }[] }[];
    }[];
    expect(batches).toHaveLength(1);
    expect(batches[0]!.quotes.map((q) => q.supplier_id)).toEqual([supplierIds.alfa]);
    expect(batches[0]!.quotes[0]!.quote_items.every((i) => i.quote_id === seeded.alfaNorteQuote)).toBe(true);

    const shortages = unwrap(await rep.from('shortages').select('*, quote_items(*)').eq('batch_id', seeded.norte)) as {
      quote_items: { quote_id: string }[];
    }[];
    expect(shortages).toHaveLength(2);
    const quoteIds = shortages.flatMap((s) => s.quote_items.map((i) => i.quote_id));
    expect(quoteIds.length).toBeGreaterThan(0);
    expect(quoteIds.every((id) => id === seeded.alfaNorteQuote)).toBe(true);
  });

  it('through orders and order lines', async () => {
    const rep = await as('representante');
    const orders = unwrap(await rep.from('purchase_orders').select('supplier_id, purchase_order_items(unit_price)'));
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.supplier_id === supplierIds.alfa)).toBe(true);
    const lines = unwrap(await rep.from('purchase_order_items').select('order_id, purchase_orders(supplier_id)'));
    expect(lines.every((l) => (l.purchase_orders as unknown as { supplier_id: string }).supplier_id === supplierIds.alfa)).toBe(true);
  });

  it('through RPCs: the comparison is refused, won items are its own only', async () => {
    const rep = await as('representante');
    const comparison = await rep.rpc('get_batch_comparison', { p_batch_id: seeded.norte });
    expect(comparison.data).toBeNull();
    expect(comparison.error?.code).toBe('42501');
    const won = unwrap(await rep.rpc('get_winning_items', {})) as { supplier_id: string }[];
    expect(won.every((w) => w.supplier_id === supplierIds.alfa)).toBe(true);
    const foreign = await rep.rpc('submit_quote', { p_quote_id: seeded.betaNorteQuote });
    expect(foreign.error?.message).toBe('Cotação não encontrada');
  });

  it('cannot write another supplier\'s quote or items, nor open a quote in its name', async () => {
    const rep = await as('representante');
    const updated = unwrap(await rep.from('quote_items').update({ unit_price: 0.01 }).eq('quote_id', seeded.betaNorteQuote).select('id'));
    expect(updated).toEqual([]);
    const deleted = unwrap(await rep.from('quotes').delete().eq('id', seeded.betaNorteQuote).select('id'));
    expect(deleted).toEqual([]);
    const forged = await rep.from('quotes').insert({ batch_id: seeded.norte, supplier_id: supplierIds.beta });
    expect(forged.error?.code).toBe('42501');
  });

  it('cannot award itself: quote status and is_winner are buyers\' business', async () => {
    const rep = await as('representante');
    const status = await rep.from('quotes').update({ status: 'VENCEDORA' }).eq('id', seeded.alfaNorteQuote).select('id');
    expect(status.error?.code).toBe('42501');
    // is_winner is not an updatable column: the request is refused outright, not quietly reset.
    const winner = await rep.from('quote_items').update({ is_winner: true }).eq('quote_id', seeded.alfaNorteQuote).select('is_winner');
    expect(winner.error?.code).toBe('42501');
  });
});

describe('who sees batches, shortages and quotes', () => {
  it('representatives see batches sent to quotation and their shortages, never ABERTO ones', async () => {
    const rep = await as('representante2');
    const batches = unwrap(await rep.from('quote_batches').select('id, status'));
    expect(batches.some((b) => b.id === seeded.norte)).toBe(true);
    expect(batches.every((b) => b.status !== 'ABERTO')).toBe(true);
    expect(unwrap(await rep.from('shortages').select('id').eq('batch_id', seeded.centroAberto))).toEqual([]);
    const pending = unwrap(await rep.from('shortages').select('id').eq('status', 'PENDENTE'));
    expect(pending).toEqual([]);
    const withProduct = unwrap(await rep.from('shortages').select('id, products(name, barcode)').eq('batch_id', seeded.norte));
    expect(withProduct).toHaveLength(2);
    expect(withProduct.every((s) => (s.products as unknown as { name: string } | null)?.name)).toBe(true);
    const write = unwrap(await rep.from('quote_batches').update({ name: 'x' }).eq('id', seeded.norte).select('id'));
    expect(write).toEqual([]);
  });

  it('counter staff read the batches of their own unit only, without writing, and no quotes', async () => {
    const clerk = await as('balconista');
    const buyer = await as('compras');
    const batch = unwrap(await buyer.from('quote_batches').insert({ unit_id: centroId, name: `Centro ${tag}` }).select('id').single());
    const visible = unwrap(await clerk.from('quote_batches').select('id, unit_id'));
    expect(visible.some((b) => b.id === batch.id)).toBe(true);
    expect(visible.every((b) => b.unit_id === centroId)).toBe(true);
    expect(unwrap(await clerk.from('quote_batches').update({ name: 'x' }).eq('id', batch.id).select('id'))).toEqual([]);
    expect(unwrap(await clerk.from('quote_batches').delete().eq('id', batch.id).select('id'))).toEqual([]);
    expect((await clerk.from('quote_batches').insert({ unit_id: centroId })).error?.code).toBe('42501');
    expect(unwrap(await clerk.from('quotes').select('id'))).toEqual([]);
    expect(unwrap(await clerk.from('quote_items').select('id'))).toEqual([]);
    expect(unwrap(await clerk.from('purchase_orders').select('id'))).toEqual([]);
    expect((await clerk.from('purchase_orders').insert({ batch_id: batch.id, supplier_id: supplierIds.alfa })).error?.code).toBe('42501');
    const norte = await as('balconista2');
    expect(unwrap(await norte.from('quote_batches').select('id').eq('id', batch.id))).toEqual([]);
  });

  it('anon reaches nothing: tables are empty and RPCs are not executable', async () => {
    const anon = anonClient(backend);
    for (const table of ['quotes', 'quote_items', 'purchase_orders', 'purchase_order_items', 'quote_batches'] as const) {
      const { data, error } = await anon.from(table).select('id');
      expect(error !== null || (data ?? []).length === 0).toBe(true);
    }
    const rpc = await anon.rpc('get_batch_comparison', { p_batch_id: seeded.norte });
    expect(rpc.data).toBeNull();
    expect(rpc.error).not.toBeNull();
    const winners = await anon.rpc('select_winning_quotes_native', { p_batch_id: seeded.norte, p_quote_items: [] });
    expect(winners.data).toBeNull();
  });
});

describe('write policies: one allowed and one denied case each', () => {
  it('quote_batches: buyers update and delete, representatives and clerks do not', async () => {
    const buyer = await as('compras');
    const batch = unwrap(await buyer.from('quote_batches').insert({ unit_id: unitId, name: `Editar ${tag}` }).select('id').single()) as {
      id: string;
    };
    const rep = await as('representante');
    expect(unwrap(await rep.from('quote_batches').delete().eq('id', batch.id).select('id'))).toEqual([]);
    expect(unwrap(await buyer.from('quote_batches').update({ name: `Renomeado ${tag}` }).eq('id', batch.id).select('name'))).toEqual([
      { name: `Renomeado ${tag}` },
    ]);
    expect(unwrap(await buyer.from('quote_batches').delete().eq('id', batch.id).select('id'))).toEqual([{ id: batch.id }]);
  });

  it('quotes: a representative inserts its own quote on a batch in quotation, not on an ABERTO one', async () => {
    const buyer = await as('compras');
    const [open] = await pendingShortages(1);
    const aberto = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [open!], p_name: `Lote ${tag}` })) as {
      id: string;
    };
    const rep = await as('representante2');
    const denied = await rep.from('quotes').insert({ batch_id: aberto.id, supplier_id: supplierIds.beta });
    expect(denied.error?.code).toBe('42501');

    unwrap(await buyer.rpc('set_batch_status', { p_batch_id: aberto.id, p_status: 'EM_COTACAO' }));
    // status and selected are not insertable: a forged award is refused; a new quote is always in progress.
    const forged = await rep.from('quotes').insert({ batch_id: aberto.id, supplier_id: supplierIds.beta, status: 'VENCEDORA', selected: true });
    expect(forged.error?.code).toBe('42501');
    const quote = unwrap(
      await rep.from('quotes').insert({ batch_id: aberto.id, supplier_id: supplierIds.beta }).select().single(),
    ) as Quote & { selected: boolean };
    expect(quote).toMatchObject({ status: 'EM_ANDAMENTO', selected: false, supplier_id: supplierIds.beta });

    // quote_items: its own quote, a shortage of the batch — allowed; a shortage of another batch — refused.
    const item = await rep.from('quote_items').insert({ quote_id: quote.id, shortage_id: open!, unit_price: 2 }).select('id').single();
    expect(item.error).toBeNull();
    const elsewhere = (await pendingShortages(1))[0]!;
    const wrong = await rep.from('quote_items').insert({ quote_id: quote.id, shortage_id: elsewhere });
    expect(wrong.error?.code).toBe('23514');
    const foreign = await rep.from('quote_items').insert({ quote_id: seeded.alfaNorteQuote, shortage_id: seeded.norteShortage });
    expect(foreign.error?.code).toBe('42501');

    // quote_items delete: its own in-progress quote yes, another supplier's no.
    expect(unwrap(await rep.from('quote_items').delete().eq('quote_id', seeded.alfaNorteQuote).select('id'))).toEqual([]);
    expect(unwrap(await rep.from('quote_items').delete().eq('quote_id', quote.id).select('id'))).toHaveLength(1);

    // quotes update: never a table write (refused, not ignored); submitting goes through submit_quote.
    expect((await rep.from('quotes').update({ status: 'ENVIADA' }).eq('id', quote.id).select('status')).error?.code).toBe('42501');
    expect((await rep.from('quote_items').insert({ quote_id: quote.id, shortage_id: open!, unit_price: 2 })).error).toBeNull();
    expect((await rep.rpc('submit_quote', { p_quote_id: quote.id })).error).toBeNull();
    expect((await rep.from('quotes').update({ status: 'EM_ANDAMENTO' }).eq('id', quote.id).select('id')).error?.code).toBe('42501');
    expect(unwrap(await rep.from('quotes').select('status').eq('id', quote.id))).toEqual([{ status: 'ENVIADA' }]);
    // quotes delete: a sent quote is not deleted, even by its owner.
    expect(unwrap(await rep.from('quotes').delete().eq('id', quote.id).select('id'))).toEqual([]);
  });

  it('quotes delete: the owner deletes its own quote in progress', async () => {
    const buyer = await as('compras');
    const shortages = await pendingShortages(1);
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortages, p_name: `Lote ${tag}` })) as {
      id: string;
    };
    unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
    const rep = await as('representante');
    const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    expect(unwrap(await (await as('representante2')).from('quotes').delete().eq('id', quote.id).select('id'))).toEqual([]);
    expect(unwrap(await rep.from('quotes').delete().eq('id', quote.id).select('id'))).toEqual([{ id: quote.id }]);
  });

  it('purchase orders and lines: buyers only receive them, representatives cannot touch them', async () => {
    const buyer = await as('compras');
    const rep = await as('representante');
    const { batchId, shortages, alfa } = await quotedBatch(1);
    unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batchId,
        p_quote_items: [{ shortage_id: shortages[0]!, quote_id: alfa.id }],
      }),
    );
    const [order] = unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batchId })) as { id: string }[];
    const forged = await rep.from('purchase_order_items').insert({ order_id: order!.id, shortage_id: shortages[0]!, quantity: 1, unit_price: 1 });
    expect(forged.error?.code).toBe('42501');
    expect((await rep.from('purchase_order_items').update({ unit_price: 99 }).eq('order_id', order!.id).select('id')).error?.code).toBe('42501');
    // The status is not a table write for anyone (issue 22: it follows the receiving units' confirmations).
    expect((await rep.from('purchase_orders').update({ status: 'RECEBIDO' }).eq('id', order!.id).select('id')).error?.code).toBe('42501');
    expect((await rep.rpc('receive_purchase_order', { p_order_id: order!.id })).error?.code).toBe('42501');
    expect((await rep.from('purchase_orders').delete().eq('id', order!.id).select('id')).error?.code).toBe('42501');
    expect((await rep.from('purchase_order_items').delete().eq('order_id', order!.id).select('id')).error?.code).toBe('42501');

    // Security review P1: orders come only from generate_purchase_orders; buyers
    // receive them (receive_purchase_order) and set the delivery date, but never
    // reprice, delete or forge lines by hand.
    const before = unwrap(await buyer.from('purchase_orders').select('total_amount').eq('id', order!.id).single()) as { total_amount: number };
    expect((await buyer.from('purchase_order_items').update({ quantity: 3 }).eq('order_id', order!.id).select('total_price')).error?.code).toBe('42501');
    expect((await buyer.from('purchase_order_items').delete().eq('order_id', order!.id).select('id')).error?.code).toBe('42501');
    expect((await buyer.from('purchase_orders').delete().eq('id', order!.id).select('id')).error?.code).toBe('42501');
    const after = unwrap(await buyer.from('purchase_orders').select('total_amount').eq('id', order!.id).single()) as { total_amount: number };
    expect(after.total_amount).toBe(before.total_amount);
    expect((await buyer.from('purchase_orders').update({ status: 'RECEBIDO' }).eq('id', order!.id).select('status')).error?.code).toBe('42501');
    expect(unwrap(await buyer.from('purchase_orders').update({ delivery_date: '2030-02-01' }).eq('id', order!.id).select('delivery_date'))).toEqual([
      { delivery_date: '2030-02-01' },
    ]);
    // Receiving goes through receive_purchase_order: the fixture unit is not the buyer's, so it is asked to confirm.
    expect(unwrap(await buyer.rpc('receive_purchase_order', { p_order_id: order!.id }))).toMatchObject({ status: 'SOLICITADO', requested: 1 });
  });
});

describe('concurrency', () => {
  it('parallel get_or_create_quote calls by one representative yield a single quote', async () => {
    const shortages = await pendingShortages(3);
    const buyer = await as('compras');
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortages })) as { id: string };
    unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
    const rep = await as('representante');
    const results = await Promise.all(Array.from({ length: 20 }, () => rep.rpc('get_or_create_quote', { p_batch_id: batch.id })));
    for (const r of results) expect(r.error).toBeNull();
    const ids = new Set(results.map((r) => (r.data as Quote).id));
    expect(ids.size).toBe(1);
    expect(unwrap(await buyer.from('quotes').select('id').eq('batch_id', batch.id))).toHaveLength(1);
    const items = unwrap(await buyer.from('quote_items').select('id').in('quote_id', [...ids]));
    expect(items).toHaveLength(3);
  });

  it('two buyers confirming different winners at once: one succeeds, the state is entirely its choice', async () => {
    const { batchId, shortages, alfa, beta } = await quotedBatch(2);
    const [compras, admin] = [await as('compras'), await as('admin')];
    const choiceA = shortages.map((s) => ({ shortage_id: s, quote_id: alfa.id }));
    const choiceB = shortages.map((s) => ({ shortage_id: s, quote_id: beta.id }));
    const [ra, rb] = await Promise.all([
      compras.rpc('select_winning_quotes_native', { p_batch_id: batchId, p_quote_items: choiceA }),
      admin.rpc('select_winning_quotes_native', { p_batch_id: batchId, p_quote_items: choiceB }),
    ]);
    expect(ra.error).toBeNull();
    expect(rb.error).toBeNull();
    const outcomes = [ra.data as { success: boolean }, rb.data as { success: boolean }];
    expect(outcomes.filter((o) => o.success)).toHaveLength(1);
    const winnerQuote = outcomes[0]!.success ? alfa.id : beta.id;
    const items = unwrap(await compras.from('quote_items').select('quote_id, is_winner').in('quote_id', [alfa.id, beta.id]));
    expect(items.filter((i) => i.is_winner).every((i) => i.quote_id === winnerQuote)).toBe(true);
    expect(items.filter((i) => i.is_winner)).toHaveLength(2);
    const quotes = unwrap(await compras.from('quotes').select('id, status').eq('batch_id', batchId));
    for (const q of quotes) expect(q.status).toBe(q.id === winnerQuote ? 'VENCEDORA' : 'PERDEDORA');
  });

  it('50 parallel winner confirmations: exactly one success, clean refusals, never an error (3 rounds)', async () => {
    const buyer = await as('compras');
    for (let round = 0; round < 3; round++) {
      const { batchId, shortages, alfa } = await quotedBatch(2);
      const pairs = shortages.map((s) => ({ shortage_id: s, quote_id: alfa.id }));
      const results = await Promise.all(
        Array.from({ length: 50 }, () => buyer.rpc('select_winning_quotes_native', { p_batch_id: batchId, p_quote_items: pairs })),
      );
      for (const r of results) {
        expect(r.error).toBeNull();
        expect(r.status).toBe(200);
      }
      const outcomes = results.map((r) => r.data as { success: boolean; error?: string });
      expect(outcomes.filter((o) => o.success)).toHaveLength(1);
      for (const o of outcomes.filter((x) => !x.success)) expect(o.error).toBe('Os vencedores deste lote já foram selecionados');
      const batch = unwrap(await buyer.from('quote_batches').select('status').eq('id', batchId).single());
      expect(batch.status).toBe('COTACAO_FINALIZADA');
    }
  });

  it('50 parallel sends of one batch: one effect, every other call a no-op success, never an error (3 rounds)', async () => {
    const buyer = await as('compras');
    for (let round = 0; round < 3; round++) {
      const shortages = await pendingShortages(2);
      const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortages, p_name: `Lote ${tag}` })) as {
        id: string;
      };
      const results = await Promise.all(
        Array.from({ length: 50 }, () => buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' })),
      );
      for (const r of results) {
        expect(r.error).toBeNull();
        expect(r.status).toBe(200);
      }
      // Spec §4: setting the status it already has does nothing and succeeds; the batch was sent exactly once.
      const answers = results.map((r) => r.data as { status: string; sent_at: string });
      expect(new Set(answers.map((a) => `${a.status}@${a.sent_at}`)).size).toBe(1);
      const stored = unwrap(await buyer.from('quote_batches').select('status, sent_at').eq('id', batch.id).single());
      expect(stored).toEqual({ status: 'EM_COTACAO', sent_at: answers[0]?.sent_at });
      const rows = unwrap(await buyer.from('shortages').select('status').in('id', shortages));
      expect(rows.map((row) => row.status)).toEqual(['EM_COTACAO', 'EM_COTACAO']);
    }
  });

  it('50 parallel deletions of one batch: exactly one deletes it with its quotes, the others are clean refusals (3 rounds)', async () => {
    const buyer = await as('compras');
    for (let round = 0; round < 3; round++) {
      const { batchId, shortages, alfa, beta } = await quotedBatch(2);
      const results = await Promise.all(Array.from({ length: 50 }, () => buyer.rpc('delete_quote_batch', { p_batch_id: batchId })));
      for (const r of results) expect(r.status, JSON.stringify(r.error)).toBeLessThan(500);
      expect(results.filter((r) => r.error === null)).toHaveLength(1);
      // The batch is gone for the 49 others: a clean 404 'Lote não encontrado', never a server error.
      for (const refused of results.filter((r) => r.error !== null)) {
        expect(refused.status).toBe(404);
        expect(refused.error).toMatchObject({ code: 'PT404', message: 'Lote não encontrado' });
      }
      expect(unwrap(await buyer.from('quote_batches').select('id').eq('id', batchId))).toEqual([]);
      expect(unwrap(await buyer.from('quotes').select('id').in('id', [alfa.id, beta.id]))).toEqual([]);
      const rows = unwrap(await buyer.from('shortages').select('status, batch_id').in('id', shortages));
      expect(rows).toEqual([
        { status: 'PENDENTE', batch_id: null },
        { status: 'PENDENTE', batch_id: null },
      ]);
    }
  });

  it('50 parallel order generations create one order per winning supplier', async () => {
    const buyer = await as('compras');
    const { batchId, shortages, alfa } = await quotedBatch(2);
    unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batchId,
        p_quote_items: shortages.map((s) => ({ shortage_id: s, quote_id: alfa.id })),
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, () => buyer.rpc('generate_purchase_orders', { p_batch_id: batchId })),
    );
    for (const r of results) expect(r.error).toBeNull();
    const ids = new Set(results.flatMap((r) => (r.data as { id: string }[]).map((o) => o.id)));
    expect(ids.size).toBe(1);
    const lines = unwrap(await buyer.from('purchase_order_items').select('id').in('order_id', [...ids]));
    expect(lines).toHaveLength(2);
  });
});
