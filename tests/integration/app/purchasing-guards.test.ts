/**
 * Issue 22, items 1 and 4, in the database: a quote is sent only when the database holds every item as the
 * representative's screen shows it (submit_quote's p_expected_items), and winners are confirmed only against
 * the figures the buyer reviewed (get_batch_comparison's version, select_winning_quotes_native's p_version).
 * Fixtures (a unit of our own, products and pending shortages) are inserted with `sql()`; every call goes
 * through the Data API as the demo accounts.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type DemoUserKey } from '../../utils/app-users.ts';
import { appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `guardas-${randomUUID().slice(0, 8)}`;

interface Quote {
  id: string;
  status: string;
}
interface StoredItem {
  shortage_id: string;
  unit_price: number | string | null;
  minimum_quantity: number | null;
  is_winner: boolean;
}

const sessions = new Map<DemoUserKey, SupabaseClient>();
async function as(key: DemoUserKey): Promise<SupabaseClient> {
  const existing = sessions.get(key);
  if (existing) return existing;
  const signed = await signInAs(backend, key);
  sessions.set(key, signed.client);
  return signed.client;
}

let unitId = '';
let productSeq = 0;

/** A batch of `count` new shortages (products named '<tag> 001'...), sent to quotation by the buyer. */
async function sentBatch(count: number): Promise<{ batchId: string; shortages: string[]; names: string[] }> {
  const db = await sql(backend);
  const shortages: string[] = [];
  const names: string[] = [];
  try {
    const creator = await db.query<{ id: string }>(`select id from auth.users where email = 'balconista@farmacia.local'`);
    for (let i = 0; i < count; i++) {
      productSeq += 1;
      const name = `Produto ${tag} ${String(productSeq).padStart(3, '0')}`;
      const product = await db.query<{ id: string }>(`insert into public.products (name) values ($1) returning id`, [name]);
      const shortage = await db.query<{ id: string }>(
        `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, observation)
         values ($1, $2, 10, $3, $4) returning id`,
        [product.rows[0]?.id, unitId, creator.rows[0]?.id, tag],
      );
      shortages.push(shortage.rows[0]?.id ?? '');
      names.push(name);
    }
  } finally {
    await db.end();
  }
  const buyer = await as('compras');
  const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortages, p_name: `Lote ${tag}` })) as { id: string };
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
  return { batchId: batch.id, shortages, names };
}

async function price(rep: SupabaseClient, quoteId: string, shortageId: string, values: { unit_price: number | null; minimum_quantity?: number | null }) {
  const rows = unwrap(await rep.from('quote_items').update(values).eq('quote_id', quoteId).eq('shortage_id', shortageId).select('id')) as unknown[];
  expect(rows).toHaveLength(1);
}

async function storedItems(client: SupabaseClient, quoteId: string): Promise<Record<string, StoredItem>> {
  const rows = unwrap(await client.from('quote_items').select('shortage_id, unit_price, minimum_quantity, is_winner').eq('quote_id', quoteId)) as StoredItem[];
  return Object.fromEntries(rows.map((row) => [row.shortage_id, { ...row, unit_price: row.unit_price === null ? null : Number(row.unit_price) }]));
}

async function version(buyer: SupabaseClient, batchId: string): Promise<string> {
  const comparison = unwrap(await buyer.rpc('get_batch_comparison', { p_batch_id: batchId })) as { version: string };
  expect(comparison.version).toMatch(/^[0-9a-f]{32}$/);
  return comparison.version;
}

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const unit = await db.query<{ id: string }>(`insert into public.store_units (name) values ($1) returning id`, [`Unidade ${tag}`]);
    unitId = unit.rows[0]?.id ?? '';
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    const batches = `select b.id from public.quote_batches b where b.unit_id = $1`;
    await db.query(`delete from public.purchase_orders where batch_id in (${batches})`, [unitId]);
    await db.query(`delete from public.quotes where batch_id in (${batches})`, [unitId]);
    await db.query(`update public.shortages set batch_id = null where observation = $1`, [tag]);
    await db.query(`delete from public.quote_batches where unit_id = $1`, [unitId]);
    await db.query(`delete from public.shortages where observation = $1`, [tag]);
    await db.query(`delete from public.products where name like $1`, [`Produto ${tag}%`]);
    await db.query(`delete from public.store_units where id = $1`, [unitId]);
  } finally {
    await db.end();
  }
});

describe('submit_quote sends only what the database holds as shown', () => {
  it('refuses, naming the products, every difference between the screen and the stored items; then sends the matching list', async () => {
    const { batchId, shortages, names } = await sentBatch(2);
    const [a, b] = shortages as [string, string];
    const rep = await as('representante');
    const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batchId })) as Quote;
    // Item A reached the database (12,50, minimum 6); item B's save never arrived.
    await price(rep, quote.id, a, { unit_price: 12.5, minimum_quantity: 6 });

    const shown = (items: { shortage_id: string; unit_price: number | null; minimum_quantity: number | null }[]) => items;
    const differs = (name: string) =>
      `A cotação não foi enviada: o que está salvo para ${name} difere do que aparece na tela. Aguarde o salvamento ou revise esses itens e envie de novo.`;
    const refusals: [string, unknown, string][] = [
      [
        'a price typed on B whose save never arrived',
        shown([
          { shortage_id: a, unit_price: 12.5, minimum_quantity: 6 },
          { shortage_id: b, unit_price: 3.1, minimum_quantity: null },
        ]),
        differs(names[1]!),
      ],
      [
        "A's minimum quantity as the screen shows it (not saved)",
        shown([
          { shortage_id: a, unit_price: 12.5, minimum_quantity: 12 },
          { shortage_id: b, unit_price: null, minimum_quantity: null },
        ]),
        differs(names[0]!),
      ],
      ['an empty screen while A is priced (changed in another window)', shown([]), differs(names[0]!)],
      [
        'both items different',
        shown([
          { shortage_id: a, unit_price: 12.49, minimum_quantity: 6 },
          { shortage_id: b, unit_price: 1, minimum_quantity: null },
        ]),
        differs(`${names[0]!}, ${names[1]!}`),
      ],
      ['a price that is not a number', [{ shortage_id: a, unit_price: 'doze', minimum_quantity: 6 }], 'Itens da cotação inválidos: preço ou quantidade mínima fora do formato'],
      ['an entry without shortage', [{ unit_price: 12.5 }], 'Itens da cotação inválidos: cada item precisa da falta (shortage_id)'],
      ['an entry that is not an object', [a], 'Itens da cotação inválidos: cada item precisa da falta (shortage_id)'],
      [
        'an item of another quote',
        [{ shortage_id: randomUUID(), unit_price: 1, minimum_quantity: null }],
        'Itens da cotação inválidos: a lista inclui itens que não são desta cotação',
      ],
      ['a minimum quantity that is not whole', [{ shortage_id: a, unit_price: 12.5, minimum_quantity: 6.5 }], 'Itens da cotação inválidos: preço ou quantidade mínima fora do formato'],
      ['not a list', { [a]: 12.5 }, 'Itens da cotação inválidos: envie a lista de itens como aparecem na tela'],
    ];
    for (const [why, expected, message] of refusals) {
      const result = await rep.rpc('submit_quote', { p_quote_id: quote.id, p_expected_items: expected });
      expect({ why, code: result.error?.code, message: result.error?.message }).toEqual({ why, code: 'P0001', message });
    }
    // Nothing changed: the quote is still in progress with A alone priced.
    expect((unwrap(await rep.from('quotes').select('status').eq('id', quote.id).single()) as Quote).status).toBe('EM_ANDAMENTO');
    const before = await storedItems(rep, quote.id);
    expect(before[a]).toMatchObject({ unit_price: 12.5, minimum_quantity: 6 });
    expect(before[b]).toMatchObject({ unit_price: null, minimum_quantity: null });

    // B's save goes through; the screen's list now matches the database: sent.
    await price(rep, quote.id, b, { unit_price: 3.1 });
    const sent = unwrap(
      await rep.rpc('submit_quote', {
        p_quote_id: quote.id,
        p_expected_items: [
          { shortage_id: a, unit_price: 12.5, minimum_quantity: 6 },
          { shortage_id: b, unit_price: 3.1, minimum_quantity: null },
        ],
      }),
    ) as Quote;
    expect(sent.status).toBe('ENVIADA');
    const after = await storedItems(await as('compras'), quote.id);
    expect([after[a]?.unit_price, after[b]?.unit_price]).toEqual([12.5, 3.1]);
  });

  it('an item the screen shows without price and the database holds without price passes; no priced item is still refused', async () => {
    const { batchId, shortages } = await sentBatch(1);
    const rep = await as('representante2');
    const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batchId })) as Quote;
    const none = await rep.rpc('submit_quote', { p_quote_id: quote.id, p_expected_items: [{ shortage_id: shortages[0], unit_price: null, minimum_quantity: null }] });
    expect(none.error?.message).toBe('Informe o preço de pelo menos um item antes de enviar a cotação');
    expect((unwrap(await rep.from('quotes').select('status').eq('id', quote.id).single()) as Quote).status).toBe('EM_ANDAMENTO');
  });
});

describe('winners are confirmed only against the figures the buyer reviewed', () => {
  it('a confirmation with the version from before a quote arrived is refused and awards nothing; the current version passes', async () => {
    const { batchId, shortages } = await sentBatch(1);
    const [s] = shortages as [string];
    const buyer = await as('compras');
    const alfa = await as('representante');
    const beta = await as('representante2');
    const alfaQuote = unwrap(await alfa.rpc('get_or_create_quote', { p_batch_id: batchId })) as Quote;
    await price(alfa, alfaQuote.id, s, { unit_price: 5 });
    unwrap(await alfa.rpc('submit_quote', { p_quote_id: alfaQuote.id }));
    const betaQuote = unwrap(await beta.rpc('get_or_create_quote', { p_batch_id: batchId })) as Quote;

    // The buyer opens the comparison: only Alfa's offer.
    const seen = await version(buyer, batchId);
    // A representative typing in a draft does not change the figures (drafts are not offers).
    await price(beta, betaQuote.id, s, { unit_price: 4 });
    expect(await version(buyer, batchId)).toBe(seen);
    // Beta sends a lower price while the buyer's dialog is open.
    unwrap(await beta.rpc('submit_quote', { p_quote_id: betaQuote.id }));
    const current = await version(buyer, batchId);
    expect(current).not.toBe(seen);

    for (const stale of [seen, 'abc', '']) {
      const refused = unwrap(
        await buyer.rpc('select_winning_quotes_native', { p_batch_id: batchId, p_quote_items: [{ shortage_id: s, quote_id: alfaQuote.id }], p_version: stale }),
      );
      expect(refused).toEqual({
        success: false,
        stale: true,
        error: 'As cotações deste lote mudaram depois que o comparativo foi carregado. Revise os novos valores e confirme os vencedores novamente.',
      });
    }
    // Nothing was awarded.
    const quotes = unwrap(await buyer.from('quotes').select('id, status').eq('batch_id', batchId)) as Quote[];
    expect(quotes.map((q) => q.status).sort()).toEqual(['ENVIADA', 'ENVIADA']);
    expect(Object.values(await storedItems(buyer, alfaQuote.id)).some((item) => item.is_winner)).toBe(false);
    expect((unwrap(await buyer.from('quote_batches').select('status').eq('id', batchId).single()) as { status: string }).status).toBe('EM_COTACAO');

    // With the figures reviewed: awarded.
    expect(
      unwrap(await buyer.rpc('select_winning_quotes_native', { p_batch_id: batchId, p_quote_items: [{ shortage_id: s, quote_id: betaQuote.id }], p_version: current })),
    ).toEqual({ success: true, error: null });
    const results = unwrap(await buyer.from('quotes').select('id, status').eq('batch_id', batchId)) as Quote[];
    expect(Object.fromEntries(results.map((q) => [q.id, q.status]))).toEqual({ [alfaQuote.id]: 'PERDEDORA', [betaQuote.id]: 'VENCEDORA' });
    expect((await storedItems(buyer, betaQuote.id))[s]?.is_winner).toBe(true);
  });

  it('a requested quantity changed by the buyer changes the version too (totals change)', async () => {
    const { batchId } = await sentBatch(1);
    const buyer = await as('compras');
    const before = await version(buyer, batchId);
    expect(unwrap(await buyer.rpc('update_batch_quantities', { p_batch_id: batchId, p_requested_quantity: 40 }))).toBe(true);
    expect(await version(buyer, batchId)).not.toBe(before);
  });
});
