/**
 * Issue 28, purchasing flow (migration 20261130100000_purchasing_effective_cost.sql) on a hand-computed fixture:
 * the quote's payment term, the comparison's effective cost and ranks, the won items' last price and saving,
 * the suppliers' response figures and average rank, the representative dashboard's response figures, the
 * receipt's counted quantities; and the data migration's triggers (submitted_at, promised_date, invitations,
 * batched_at).
 *
 * The fixture (every figure below is computed by hand from it):
 *   batch A (sent 2019-03-14 12:00, closed 2019-03-15 12:00, São Paulo), three shortages:
 *     S1 Centro need 10 — Alfa R$ 10,00, minimum 12, 4 bonus units; Beta R$ 9,50
 *     S2 Norte  need 5  — Alfa R$ 20,00;                           Beta R$ 21,00
 *     S3 Centro need 4  — Alfa R$ 5,00 (Beta leaves it blank)
 *   Alfa's term 60 days, Beta's 0; Alfa answers 6 h after the send, Beta 12,5 h; Gama (no representative) is
 *   invited and never answers. Alfa wins the three items.
 *   Earlier orders of S1's product, both Gama's: R$ 12,00 (2019-02-20) and R$ 11,00 (2019-03-05) → last price 11.
 * Effective unit cost at 2 % a month: price × max(need, minimum) ÷ 1,02^(term/30) ÷ (need + bonus):
 *   Alfa S1 = 10 × 12 ÷ 1,0404 ÷ 14 = 8,2386; Beta S1 = 9,5000; Alfa S2 = 20 ÷ 1,0404 = 19,2234; Beta S2 = 21;
 *   Alfa S3 = 5 ÷ 1,0404 = 4,8058. At 0 %: Alfa S1 = 120 ÷ 14 = 8,5714.
 */
import { randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type DemoUserKey } from '../../utils/app-users.ts';
import { appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';
import { offersOf, type ComparisonDocument } from '../../utils/comparison.ts';
import { effectiveCostExplanation } from '@/features/purchasing/effective-cost';

const backend = appBackend();
const tag = `custo-${randomUUID().slice(0, 8)}`;

const sessions = new Map<DemoUserKey, SupabaseClient>();
async function as(key: DemoUserKey): Promise<SupabaseClient> {
  const existing = sessions.get(key);
  if (existing) return existing;
  const signed = await signInAs(backend, key);
  sessions.set(key, signed.client);
  return signed.client;
}

async function query<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = await sql(backend);
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}

function failure(result: { error: PostgrestError | null }): { code: string | undefined; message: string | undefined } {
  return { code: result.error?.code, message: result.error?.message };
}

interface Offer {
  quote_id: string;
  unit_price: number | null;
  minimum_quantity: number | null;
  has_bonus: boolean;
  bonus_quantity: number;
  effective_unit_cost: number | null;
  price_rank: number | null;
  effective_rank: number | null;
}
interface ComparisonItem {
  shortage_id: string;
  requested_quantity: number;
  best_unit_price: number | null;
  best_effective_unit_cost: number | null;
  effective_differs: boolean;
  offers: unknown[][];
}
interface Comparison extends ComparisonDocument {
  monthly_rate: number;
  version: string;
  quotes: { id: string; supplier_id: string; payment_term_days: number | null; submitted_at: string | null }[];
  items: ComparisonItem[];
}

const ids = {
  centro: '',
  norte: '',
  alfa: '',
  beta: '',
  gama: '',
  products: [] as string[],
  batchA: '',
  shortagesA: [] as string[],
  alfaQuote: '',
  betaQuote: '',
  orderA: '',
  linesA: {} as Record<string, string>,
  batches: [] as string[],
};
let alfaSubmittedAt = '';

async function product(name: string): Promise<string> {
  const rows = await query<{ id: string }>(`insert into public.products (name) values ($1) returning id`, [`Produto ${tag} ${name}`]);
  ids.products.push(rows[0]!.id);
  return rows[0]!.id;
}

async function shortage(productId: string, unitId: string, need: number, extra = ''): Promise<string> {
  const rows = await query<{ id: string }>(
    `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, observation${extra ? ', batch_id, status' : ''})
     values ($1, $2, $3, (select id from auth.users where email = 'balconista@farmacia.local'), $4${extra ? ', $5, $6' : ''}) returning id`,
    extra ? [productId, unitId, need, tag, extra, 'ENTREGUE'] : [productId, unitId, need, tag],
  );
  return rows[0]!.id;
}

/** An old, closed batch of Gama's with one ordered line of `productId` at `price` (orders created at `orderedAt`). */
async function earlierOrder(productId: string, price: number, sentAt: string, submittedAt: string, orderedAt: string): Promise<void> {
  const batch = await query<{ id: string }>(
    `insert into public.quote_batches (name, unit_id, status, sent_at, closed_at, created_at)
     values ($1, $2, 'PEDIDO_ENVIADO', $3, $3::timestamptz + interval '1 day', $3::timestamptz - interval '1 day') returning id`,
    [`Lote ${tag} ${orderedAt}`, ids.centro, sentAt],
  );
  const batchId = batch[0]!.id;
  ids.batches.push(batchId);
  const shortageId = await shortage(productId, ids.centro, 10, batchId);
  const quote = await query<{ id: string }>(
    `insert into public.quotes (batch_id, supplier_id, status, created_at, submitted_at) values ($1, $2, 'VENCEDORA', $3, $4) returning id`,
    [batchId, ids.gama, sentAt, submittedAt],
  );
  await query(`insert into public.quote_items (quote_id, shortage_id, unit_price, is_winner) values ($1, $2, $3, true)`, [quote[0]!.id, shortageId, price]);
  const order = await query<{ id: string }>(
    `insert into public.purchase_orders (batch_id, supplier_id, status, delivery_date, created_at) values ($1, $2, 'SOLICITADO', $3::date + 3, $3) returning id`,
    [batchId, ids.gama, orderedAt],
  );
  await query(`insert into public.purchase_order_items (order_id, shortage_id, quantity, unit_price) values ($1, $2, 10, $3)`, [order[0]!.id, shortageId, price]);
}

async function comparison(client: SupabaseClient, rate?: number): Promise<Comparison> {
  return unwrap(await client.rpc('get_batch_comparison', rate === undefined ? { p_batch_id: ids.batchA } : { p_batch_id: ids.batchA, p_monthly_rate: rate })) as Comparison;
}

function offerOf(c: Comparison, shortageId: string, quoteId: string): Offer {
  const offer = offersOf(c, shortageId).find((o) => o.quote_id === quoteId);
  if (!offer) throw new Error('offer not found');
  return offer as unknown as Offer;
}

/** The explanation the comparison screen writes under an offer's effective cost, from the document's figures. */
function explanationOf(c: Comparison, shortageId: string, quoteId: string): string | null {
  const offer = offerOf(c, shortageId, quoteId);
  return effectiveCostExplanation({
    unitPrice: offer.unit_price,
    requestedQuantity: c.items.find((i) => i.shortage_id === shortageId)!.requested_quantity,
    minimumQuantity: offer.minimum_quantity,
    bonusQuantity: offer.has_bonus ? offer.bonus_quantity : 0,
    paymentTermDays: c.quotes.find((q) => q.id === quoteId)!.payment_term_days,
    monthlyRate: c.monthly_rate,
    effectiveUnitCost: offer.effective_unit_cost,
  });
}

beforeAll(async () => {
  const units = await query<{ id: string; name: string }>(`select id, name from public.store_units where name in ('Unidade Centro', 'Unidade Norte')`);
  ids.centro = units.find((u) => u.name === 'Unidade Centro')!.id;
  ids.norte = units.find((u) => u.name === 'Unidade Norte')!.id;
  const suppliers = await query<{ id: string; name: string }>(`select id, name from public.suppliers where name in ('Distribuidora Alfa', 'Distribuidora Beta')`);
  ids.alfa = suppliers.find((s) => s.name === 'Distribuidora Alfa')!.id;
  ids.beta = suppliers.find((s) => s.name === 'Distribuidora Beta')!.id;
  ids.gama = (await query<{ id: string }>(`insert into public.suppliers (name) values ($1) returning id`, [`Gama ${tag}`]))[0]!.id;

  const p1 = await product('1');
  const p2 = await product('2');
  const p3 = await product('3');
  await earlierOrder(p1, 12, '2019-02-18 12:00-03', '2019-02-18 17:00-03', '2019-02-20 10:00-03');
  await earlierOrder(p1, 11, '2019-03-03 12:00-03', '2019-03-03 15:00-03', '2019-03-05 10:00-03');
  ids.shortagesA = [await shortage(p1, ids.centro, 10), await shortage(p2, ids.norte, 5), await shortage(p3, ids.centro, 4)];
});

afterAll(async () => {
  const batches = `select b.id from public.quote_batches b where b.name like $1`;
  await query(`delete from public.purchase_orders where batch_id in (${batches})`, [`Lote ${tag}%`]);
  await query(`delete from public.quotes where batch_id in (${batches})`, [`Lote ${tag}%`]);
  await query(`update public.shortages set batch_id = null where observation = $1`, [tag]);
  await query(`delete from public.quote_batches where name like $1`, [`Lote ${tag}%`]);
  await query(`delete from public.shortages where observation = $1`, [tag]);
  await query(`delete from public.products where name like $1`, [`Produto ${tag}%`]);
  await query(`delete from public.suppliers where id = $1`, [ids.gama]);
});

describe('the quotation of batch A', () => {
  it('sending the batch invites every supplier with an active representative, and stamps batched_at', async () => {
    const buyer = await as('compras');
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: ids.centro, p_shortage_ids: ids.shortagesA, p_name: `Lote ${tag} A` })) as { id: string };
    ids.batchA = batch.id;
    const stamped = await query<{ batched_at: Date | null }>(`select batched_at from public.shortages where id = any($1::uuid[])`, [ids.shortagesA]);
    expect(stamped.every((s) => s.batched_at instanceof Date)).toBe(true);
    expect(await query(`select 1 from public.quote_batch_invitations where batch_id = $1`, [batch.id])).toHaveLength(0);

    unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
    const invited = await query<{ supplier_id: string }>(`select supplier_id from public.quote_batch_invitations where batch_id = $1`, [batch.id]);
    const expected = await query<{ id: string }>(
      `select sp.id from public.suppliers sp where exists (select 1 from public.profiles pr where pr.supplier_id = sp.id and private.account_active(pr.id))`,
    );
    expect(invited.map((r) => r.supplier_id).sort()).toEqual(expected.map((r) => r.id).sort());
    expect(invited.map((r) => r.supplier_id)).toEqual(expect.arrayContaining([ids.alfa, ids.beta]));
    expect(invited.map((r) => r.supplier_id)).not.toContain(ids.gama);
    // Gama has no representative: the buyer asked it by phone (recorded as the send would have).
    await query(`insert into public.quote_batch_invitations (batch_id, supplier_id) values ($1, $2)`, [batch.id, ids.gama]);
  });

  it('set_quote_payment_term: the representative while the quote is editable, a buyer; 0–360 days; nobody else', async () => {
    const rep = await as('representante');
    const rep2 = await as('representante2');
    const alfa = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: ids.batchA })) as { id: string };
    const beta = unwrap(await rep2.rpc('get_or_create_quote', { p_batch_id: ids.batchA })) as { id: string };
    ids.alfaQuote = alfa.id;
    ids.betaQuote = beta.id;

    const set = unwrap(await rep.rpc('set_quote_payment_term', { p_quote_id: alfa.id, p_days: 45 })) as { id: string; payment_term_days: number };
    expect(set).toMatchObject({ id: alfa.id, payment_term_days: 45 });
    expect(failure(await rep.rpc('set_quote_payment_term', { p_quote_id: alfa.id, p_days: 361 }))).toEqual({
      code: '22023',
      message: 'O prazo de pagamento deve estar entre 0 e 360 dias',
    });
    expect(failure(await rep.rpc('set_quote_payment_term', { p_quote_id: alfa.id, p_days: -1 })).code).toBe('22023');
    // Another supplier's representative, counter staff and the analyst are refused.
    for (const key of ['representante2', 'balconista', 'analista'] as const) {
      const refused = await (await as(key)).rpc('set_quote_payment_term', { p_quote_id: alfa.id, p_days: 0 });
      expect(failure(refused).code, key).toBe('42501');
    }
    // A buyer records a term (dictated by phone); null clears it.
    const buyer = await as('compras');
    expect((unwrap(await buyer.rpc('set_quote_payment_term', { p_quote_id: alfa.id, p_days: null })) as { payment_term_days: number | null }).payment_term_days).toBeNull();
    unwrap(await rep.rpc('set_quote_payment_term', { p_quote_id: alfa.id, p_days: 60 }));
    unwrap(await rep2.rpc('set_quote_payment_term', { p_quote_id: beta.id, p_days: 0 }));
    // The column is not writable through the Data API.
    const forged = await rep.from('quotes').update({ payment_term_days: 1 }).eq('id', alfa.id).select();
    expect(forged.error).not.toBeNull();
    expect((await query<{ payment_term_days: number }>(`select payment_term_days from public.quotes where id = $1`, [alfa.id]))[0]!.payment_term_days).toBe(60);

    const [s1, s2, s3] = ids.shortagesA as [string, string, string];
    const price = async (client: SupabaseClient, quoteId: string, shortageId: string, values: Record<string, unknown>) => {
      const rows = unwrap(await client.from('quote_items').update(values).eq('quote_id', quoteId).eq('shortage_id', shortageId).select('id')) as unknown[];
      expect(rows).toHaveLength(1);
    };
    await price(rep, alfa.id, s1, { unit_price: 10, minimum_quantity: 12, has_bonus: true, bonus_quantity: 4 });
    await price(rep, alfa.id, s2, { unit_price: 20 });
    await price(rep, alfa.id, s3, { unit_price: 5 });
    await price(rep2, beta.id, s1, { unit_price: 9.5 });
    await price(rep2, beta.id, s2, { unit_price: 21 });

    const sent = unwrap(await rep.rpc('submit_quote', { p_quote_id: alfa.id })) as { submitted_at: string };
    expect(sent.submitted_at).toEqual(expect.any(String));
    alfaSubmittedAt = sent.submitted_at;
    unwrap(await rep2.rpc('submit_quote', { p_quote_id: beta.id }));
    // Sent: no longer editable by the representative; the buyer still may.
    expect(failure(await rep.rpc('set_quote_payment_term', { p_quote_id: alfa.id, p_days: 30 })).code).toBe('42501');
  });

  it('get_batch_comparison: effective cost, explanation and ranks per offer, at 2 % by default and at the rate asked', async () => {
    const buyer = await as('compras');
    const [s1, s2, s3] = ids.shortagesA as [string, string, string];
    const c = await comparison(buyer);
    expect(c.monthly_rate).toBe(0.02);
    expect(c.quotes.find((q) => q.id === ids.alfaQuote)?.payment_term_days).toBe(60);
    expect(c.quotes.find((q) => q.id === ids.betaQuote)?.payment_term_days).toBe(0);

    const alfa1 = offerOf(c, s1, ids.alfaQuote);
    expect(alfa1).toMatchObject({ unit_price: 10, effective_unit_cost: 8.2386, price_rank: 2, effective_rank: 1 });
    expect(explanationOf(c, s1, ids.alfaQuote)).toBe(
      'R$ 10,00 × 12 un. (mínimo 12, 2 além da necessidade) + 4 bonificadas, a 60 dias com 2 % a.m. → R$ 8,24 por unidade necessária',
    );
    const beta1 = offerOf(c, s1, ids.betaQuote);
    expect(beta1).toMatchObject({ unit_price: 9.5, effective_unit_cost: 9.5, price_rank: 1, effective_rank: 2 });
    expect(explanationOf(c, s1, ids.betaQuote)).toBe('R$ 9,50 × 10 un., à vista → R$ 9,50 por unidade necessária');
    expect(offerOf(c, s2, ids.alfaQuote)).toMatchObject({ effective_unit_cost: 19.2234, price_rank: 1, effective_rank: 1 });
    expect(offerOf(c, s2, ids.betaQuote)).toMatchObject({ effective_unit_cost: 21, price_rank: 2, effective_rank: 2 });
    expect(offerOf(c, s3, ids.alfaQuote)).toMatchObject({ effective_unit_cost: 4.8058, price_rank: 1, effective_rank: 1 });
    // Beta left S3 blank: no cost, no rank.
    expect(offerOf(c, s3, ids.betaQuote)).toMatchObject({ unit_price: null, effective_unit_cost: null, price_rank: null, effective_rank: null });
    expect(explanationOf(c, s3, ids.betaQuote)).toBeNull();

    const items = Object.fromEntries(c.items.map((i) => [i.shortage_id, i]));
    expect(items[s1]).toMatchObject({ best_unit_price: 9.5, best_effective_unit_cost: 8.2386, effective_differs: true });
    expect(items[s2]).toMatchObject({ best_unit_price: 20, effective_differs: false });
    expect(items[s3]).toMatchObject({ effective_differs: false });

    const free = await comparison(buyer, 0);
    expect(free.monthly_rate).toBe(0);
    expect(offerOf(free, s1, ids.alfaQuote)).toMatchObject({ effective_unit_cost: 8.5714, effective_rank: 1 });
    expect(explanationOf(free, s1, ids.alfaQuote)).toContain('a 60 dias com 0 % a.m. → R$ 8,57 por unidade necessária');
    expect(failure(await buyer.rpc('get_batch_comparison', { p_batch_id: ids.batchA, p_monthly_rate: 0.25 }))).toEqual({
      code: '22023',
      message: 'O custo do dinheiro deve estar entre 0 % e 20 % ao mês',
    });
    // Not a purchasing reader: refused.
    expect(failure(await (await as('representante')).rpc('get_batch_comparison', { p_batch_id: ids.batchA })).code).toBe('42501');
    expect(failure(await (await as('balconista')).rpc('get_batch_comparison', { p_batch_id: ids.batchA })).code).toBe('42501');
  });

  it('the award keeps submitted_at; then the fixture dates the batch in March 2019', async () => {
    const buyer = await as('compras');
    const c = await comparison(buyer);
    const [s1, s2, s3] = ids.shortagesA as [string, string, string];
    expect(
      unwrap(
        await buyer.rpc('select_winning_quotes_native', {
          p_batch_id: ids.batchA,
          p_quote_items: [s1, s2, s3].map((s) => ({ shortage_id: s, quote_id: ids.alfaQuote })),
          p_version: c.version,
        }),
      ),
    ).toEqual({ success: true, error: null });
    const stored = await query<{ status: string; submitted_at: Date }>(`select status, submitted_at from public.quotes where id = $1`, [ids.alfaQuote]);
    expect(stored[0]!.status).toBe('VENCEDORA');
    expect(stored[0]!.submitted_at.toISOString()).toBe(new Date(alfaSubmittedAt).toISOString());
    // An API write cannot move it either (the buyer has no UPDATE on quotes; the trigger would keep it anyway).
    await query(`update public.quote_batches set sent_at = '2019-03-14 12:00-03', closed_at = '2019-03-15 12:00-03' where id = $1`, [ids.batchA]);
    await query(`update public.quotes set submitted_at = '2019-03-14 18:00-03' where id = $1`, [ids.alfaQuote]);
    await query(`update public.quotes set submitted_at = '2019-03-15 00:30-03' where id = $1`, [ids.betaQuote]);
  });

  it('get_winning_items: payment term, effective cost at 2 %, last price paid before the batch closed and the saving against it', async () => {
    const [s1, s2, s3] = ids.shortagesA as [string, string, string];
    type Won = { shortage_id: string; quantity: number; unit_price: number; total: number; payment_term_days: number; effective_unit_cost: number; last_price: number | null; savings_vs_last: number | null };
    const read = async (key: DemoUserKey) =>
      Object.fromEntries((unwrap(await (await as(key)).rpc('get_winning_items', { p_from: '2019-03-15', p_to: '2019-03-15' })) as Won[]).map((w) => [w.shortage_id, w]));
    const won = await read('compras');
    expect(Object.keys(won).sort()).toEqual([s1, s2, s3].sort());
    expect(won[s1]).toMatchObject({ quantity: 10, unit_price: 10, total: 100, payment_term_days: 60, effective_unit_cost: 8.2386, last_price: 11, savings_vs_last: 10 });
    expect(won[s2]).toMatchObject({ quantity: 5, unit_price: 20, total: 100, effective_unit_cost: 19.2234, last_price: null, savings_vs_last: null });
    expect(won[s3]).toMatchObject({ quantity: 4, unit_price: 5, total: 20, effective_unit_cost: 4.8058, last_price: null, savings_vs_last: null });
    expect((await read('analista'))[s1]).toMatchObject({ last_price: 11, savings_vs_last: 10 });
    // The winner's representative sees its items, never the last price paid (Gama's).
    const own = await read('representante');
    expect(own[s1]).toMatchObject({ unit_price: 10, effective_unit_cost: 8.2386, last_price: null, savings_vs_last: null });
    expect(Object.keys(await read('representante2'))).toHaveLength(0);
  });

  it('get_supplier_win_rates: invited and answered batches, response rate and time, average price rank', async () => {
    type Rate = Record<string, number | string | null>;
    const rates = Object.fromEntries(
      (unwrap(await (await as('analista')).rpc('get_supplier_win_rates', { p_from: '2019-03-15', p_to: '2019-03-15' })) as Rate[]).map((r) => [r.supplier_id, r]),
    );
    expect(rates[ids.alfa]).toMatchObject({
      quotes_sent: 1, quotes_won: 1, quotes_lost: 0, win_rate: 1, items_quoted: 3, items_won: 3, value_won: 220,
      invited_batches: 1, responded_batches: 1, response_rate: 1, avg_response_hours: 6, avg_rank: 1.33,
    });
    expect(rates[ids.beta]).toMatchObject({
      quotes_sent: 1, quotes_won: 0, quotes_lost: 1, win_rate: 0, items_quoted: 2, items_won: 0, value_won: 0,
      invited_batches: 1, responded_batches: 1, response_rate: 1, avg_response_hours: 12.5, avg_rank: 1.5,
    });
    // Invited, never answered: a rate of 0 with its denominator; no answer, no time, no rank.
    expect(rates[ids.gama]).toMatchObject({
      quotes_sent: 0, win_rate: null, invited_batches: 1, responded_batches: 0, response_rate: 0, avg_response_hours: null, avg_rank: null,
    });
    // Gama's earlier batches closed on other days.
    const gamaFeb = (unwrap(await (await as('compras')).rpc('get_supplier_win_rates', { p_from: '2019-02-01', p_to: '2019-03-10' })) as Rate[]).find(
      (r) => r.supplier_id === ids.gama,
    );
    expect(gamaFeb).toMatchObject({ invited_batches: 2, responded_batches: 2, response_rate: 1, avg_response_hours: 4, avg_rank: 1 });
    // No invitation in the period: null, never 0 %.
    const empty = (unwrap(await (await as('compras')).rpc('get_supplier_win_rates', { p_from: '1990-01-01', p_to: '1990-01-02' })) as Rate[]).find(
      (r) => r.supplier_id === ids.gama,
    );
    expect(empty).toMatchObject({ invited_batches: 0, responded_batches: 0, response_rate: null, avg_response_hours: null });
    expect(failure(await (await as('representante')).rpc('get_supplier_win_rates', {})).code).toBe('42501');
  });

  it('get_representative_dashboard: invitations, response rate and average response time of its scope', async () => {
    // Gama: invited to three batches, answered two (3 h and 5 h after the send).
    const gama = unwrap(await (await as('admin')).rpc('get_representative_dashboard', { p_supplier_id: ids.gama })) as Record<string, unknown>;
    expect(gama).toMatchObject({ scope: 'SUPPLIER', invited_count: 3, response_rate: 0.6667, avg_response_hours: 4 });
    const own = unwrap(await (await as('representante')).rpc('get_representative_dashboard', {})) as Record<string, unknown>;
    const alfa = await query<{ invited: number; responded: number }>(
      `select count(*)::int as invited, count(q.id) filter (where q.submitted_at is not null)::int as responded
         from public.quote_batch_invitations i left join public.quotes q on q.batch_id = i.batch_id and q.supplier_id = i.supplier_id
        where i.supplier_id = $1`,
      [ids.alfa],
    );
    expect(own.invited_count).toBe(alfa[0]!.invited);
    expect(own.response_rate).toBe(Math.round((alfa[0]!.responded / alfa[0]!.invited) * 10000) / 10000);
    expect(failure(await (await as('representante')).rpc('get_representative_dashboard', { p_supplier_id: ids.gama })).code).toBe('42501');
  });
});

describe('orders of batch A', () => {
  it('promised_date is the first delivery date and stays when the delivery date moves', async () => {
    const buyer = await as('compras');
    const orders = unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: ids.batchA, p_delivery_date: '2030-01-10' })) as { id: string; promised_date: string }[];
    expect(orders).toHaveLength(1);
    ids.orderA = orders[0]!.id;
    expect(orders[0]!.promised_date).toBe('2030-01-10');
    unwrap(await buyer.from('purchase_orders').update({ delivery_date: '2030-01-20' }).eq('id', ids.orderA).select('id'));
    const stored = unwrap(await buyer.from('purchase_orders').select('delivery_date, promised_date').eq('id', ids.orderA).single());
    expect(stored).toEqual({ delivery_date: '2030-01-20', promised_date: '2030-01-10' });
    // Nor can the API write the promise.
    expect((await buyer.from('purchase_orders').update({ promised_date: '2030-02-01' }).eq('id', ids.orderA).select('id')).error).not.toBeNull();
    const lines = unwrap(await buyer.from('purchase_order_items').select('id, shortage_id').eq('order_id', ids.orderA)) as { id: string; shortage_id: string }[];
    ids.linesA = Object.fromEntries(lines.map((l) => [l.shortage_id, l.id]));
  });

  it('list_my_work_unit_ids names the units whose lines each caller counts', async () => {
    expect(unwrap(await (await as('compras')).rpc('list_my_work_unit_ids'))).toEqual([ids.centro]);
    expect(unwrap(await (await as('balconista2')).rpc('list_my_work_unit_ids'))).toEqual([ids.norte]);
    expect(unwrap(await (await as('representante')).rpc('list_my_work_unit_ids'))).toEqual([]);
  });

  it('receive_purchase_order refuses a bad count or another unit\'s line, changing nothing', async () => {
    const buyer = await as('compras');
    const [s1, s2] = ids.shortagesA as [string, string, string];
    const bad = [
      [{ line_id: ids.linesA[s1], received_quantity: 101 }],
      [{ line_id: ids.linesA[s1], received_quantity: -1 }],
      [{ line_id: ids.linesA[s1], received_quantity: 'oito' }],
      [{ line_id: ids.linesA[s1], received_quantity: 2.5 }],
      [{ line_id: ids.linesA[s1] }],
      // S2 is Unidade Norte's: the buyer does not count what arrived there.
      [{ line_id: ids.linesA[s2], received_quantity: 5 }],
      [{ line_id: randomUUID(), received_quantity: 1 }],
      { line_id: ids.linesA[s1], received_quantity: 1 },
    ];
    for (const p_received of bad) {
      expect(failure(await buyer.rpc('receive_purchase_order', { p_order_id: ids.orderA, p_received })), JSON.stringify(p_received)).toEqual({
        code: '22023',
        message: 'Quantidade recebida inválida',
      });
    }
    const lines = await query<{ received_quantity: number | null; received_at: Date | null }>(
      `select received_quantity, received_at from public.purchase_order_items where order_id = $1`,
      [ids.orderA],
    );
    expect(lines.every((l) => l.received_quantity === null && l.received_at === null)).toBe(true);
    expect(failure(await (await as('analista')).rpc('receive_purchase_order', { p_order_id: ids.orderA, p_received: [] })).code).toBe('42501');
  });

  it("records the buyer's count, the ordered quantity for its other lines, and the clerk's 'Entregue' for another unit", async () => {
    const buyer = await as('compras');
    const [s1, s2, s3] = ids.shortagesA as [string, string, string];
    const result = unwrap(await buyer.rpc('receive_purchase_order', { p_order_id: ids.orderA, p_received: [{ line_id: ids.linesA[s1], received_quantity: 8 }] }));
    expect(result).toEqual({ status: 'SOLICITADO', confirmed: 2, requested: 1, awaiting_units: ['Unidade Norte'] });
    const counted = async () =>
      Object.fromEntries(
        (await query<{ shortage_id: string; received_quantity: number | null }>(
          `select shortage_id, received_quantity from public.purchase_order_items where order_id = $1`,
          [ids.orderA],
        )).map((l) => [l.shortage_id, l.received_quantity]),
      );
    // S1 raised to nothing: ordered 10 (the need), 8 counted; S3 not listed: its 4 ordered.
    expect(await counted()).toEqual({ [s1]: 8, [s2]: null, [s3]: 4 });

    const clerk = await as('balconista2');
    unwrap(await clerk.from('shortages').update({ status: 'ENTREGUE' }).eq('id', s2).select('id'));
    expect(await counted()).toEqual({ [s1]: 8, [s2]: 5, [s3]: 4 });
    const order = await query<{ status: string; received_at: Date | null }>(`select status, received_at from public.purchase_orders where id = $1`, [ids.orderA]);
    expect(order[0]!.status).toBe('RECEBIDO');
    expect(order[0]!.received_at).toBeInstanceOf(Date);
    // The old one-argument call still answers (nothing left to confirm).
    expect(unwrap(await buyer.rpc('receive_purchase_order', { p_order_id: ids.orderA }))).toEqual({ status: 'RECEBIDO', confirmed: 0, requested: 0, awaiting_units: [] });
  });
});

describe('batched_at', () => {
  it('is set when a shortage enters a batch and cleared when it leaves', async () => {
    const buyer = await as('compras');
    const loose = await shortage(await product('4'), ids.centro, 3);
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: ids.centro, p_shortage_ids: [loose], p_name: `Lote ${tag} D` })) as { id: string };
    const before = await query<{ batched_at: Date | null; batch_id: string | null }>(`select batched_at, batch_id from public.shortages where id = $1`, [loose]);
    expect(before[0]).toEqual({ batched_at: expect.any(Date), batch_id: batch.id });
    expect(Math.abs(before[0]!.batched_at!.getTime() - Date.now())).toBeLessThan(60_000);
    unwrap(await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: loose, p_batch_id: batch.id }).then((r) => ({ ...r, data: r.data ?? true })));
    const after = await query<{ batched_at: Date | null; batch_id: string | null }>(`select batched_at, batch_id from public.shortages where id = $1`, [loose]);
    expect(after[0]).toEqual({ batched_at: null, batch_id: null });
  });
});

// 20261205000000: the explanation's formatting and the comparison's effective cost are written out (a function that
// fixes its search_path is never inlined, and 5,000 offers made ~50,000 such calls). Over a grid of inputs, the
// written-out forms equal the formatters and private.effective_unit_cost they replace.
describe('the written-out effective cost and explanation', () => {
  it('equal the formatters and private.effective_unit_cost over a grid of inputs', async () => {
    const rows = await query<{ inputs: string; explanation: string | null; composed: string | null }>(`
      with grid as (
        select price, need, minimum, bonus, term, rate
        from unnest(array[null, 0.01, 1, 9.5, 10, 1.2345, 1234.5678, 1234567.89]::numeric[]) price,
             unnest(array[null, 0, 1, 10, 1500]::integer[]) need,
             unnest(array[null, 0, 5, 12, 2000]::integer[]) minimum,
             unnest(array[null, 0, 1, 4]::integer[]) bonus,
             unnest(array[null, 0, 1, 30, 60, 1000]::integer[]) term,
             unnest(array[null, 0, 0.015, 0.02, 0.2]::numeric[]) rate
      )
      select concat_ws(' ', price, need, minimum, bonus, term, rate) as inputs,
             private.effective_cost_explanation(price, need, minimum, bonus, term, rate) as explanation,
             -- The explanation as 20261130100000 composed it from the formatters.
             case
               when price is null or coalesce(need, 0) <= 0 then null
               else private.purchase_brl(price) || ' × ' || private.purchase_int(greatest(need, coalesce(minimum, 0))) || ' un.'
                 || case when coalesce(minimum, 0) > need
                         then ' (mínimo ' || private.purchase_int(minimum) || ', ' || private.purchase_int(minimum - need) || ' além da necessidade)'
                         else '' end
                 || case when coalesce(bonus, 0) > 0
                         then ' + ' || private.purchase_int(bonus) || case when bonus = 1 then ' bonificada' else ' bonificadas' end
                         else '' end
                 || case when coalesce(term, 0) > 0
                         then ', a ' || private.purchase_int(term) || case when term = 1 then ' dia' else ' dias' end
                              || ' com ' || private.purchase_pct(coalesce(rate, 0)) || ' a.m.'
                         else ', à vista' end
                 || ' → ' || private.purchase_brl(round(private.effective_unit_cost(price, need, minimum, bonus, term, rate), 2))
                 || ' por unidade necessária'
             end as composed
      from grid`);
    expect(rows.length).toBe(8 * 5 * 5 * 4 * 6 * 5);
    expect(rows.filter((row) => row.explanation !== row.composed)).toEqual([]);
    expect(rows.filter((row) => row.explanation !== null).length).toBeGreaterThan(rows.length / 2);
  });

  // 20261210000000: get_batch_comparison no longer sends the explanation; the screen writes it from the offer's figures.
  it("the screen's explanation (effective-cost.ts) is private.effective_cost_explanation's over a grid of inputs", async () => {
    const rows = await query<{ price: string | null; need: number | null; minimum: number | null; bonus: number | null; term: number | null; rate: string | null; cost: string | null; explanation: string | null }>(`
      with grid as (
        select price, need, minimum, bonus, term, rate
        from unnest(array[null, 0, 0.0001, 0.01, 1, 9.5, 13.425, 1.2345, 1234.5678, 99999999.9999]::numeric[]) price,
             unnest(array[null, 0, 1, 7, 10, 1500]::integer[]) need,
             unnest(array[null, 0, 5, 12, 2000]::integer[]) minimum,
             unnest(array[null, 0, 1, 4]::integer[]) bonus,
             unnest(array[null, 0, 1, 30, 45, 360]::integer[]) term,
             unnest(array[null, 0, 0.015, 0.02, 0.02345, 0.2]::numeric[]) rate
      )
      select price::text, need, minimum, bonus, term, rate::text,
             private.effective_unit_cost(price, need, minimum, bonus, term, rate)::text as cost,
             private.effective_cost_explanation(price, need, minimum, bonus, term, rate) as explanation
      from grid
      -- to_char's pattern holds nine integer digits: a cost that rounds to 1e9 or more prints as '#' there (never a
      -- real offer's); the screen writes the number.
      where coalesce(private.effective_unit_cost(price, need, minimum, bonus, term, rate), 0) < 999999999.995`);
    expect(rows.length).toBeGreaterThan(40_000);
    const differing = rows.filter((row) => {
      const written = effectiveCostExplanation({
        unitPrice: row.price === null ? null : Number(row.price),
        requestedQuantity: row.need ?? 0,
        minimumQuantity: row.minimum,
        bonusQuantity: row.bonus ?? 0,
        paymentTermDays: row.term,
        monthlyRate: row.rate === null ? 0 : Number(row.rate),
        effectiveUnitCost: row.cost === null ? null : Number(row.cost),
      });
      return written !== row.explanation;
    });
    expect(differing.slice(0, 5)).toEqual([]);
    expect(rows.filter((row) => row.explanation !== null).length).toBeGreaterThan(rows.length / 2);
  });

  it("get_batch_comparison's effective cost is private.effective_unit_cost's for every offer, at any rate", async () => {
    const buyer = await as('compras');
    for (const rate of [0, 0.015, 0.02, 0.2]) {
      const c = await comparison(buyer, rate);
      const offers = c.items.flatMap((item) => offersOf(c, item.shortage_id).map((offer) => ({ item, offer })));
      expect(offers.length).toBeGreaterThan(0);
      const expected = await query<{ shortage_id: string; quote_id: string; cost: string | null }>(
        `select qi.shortage_id, qi.quote_id,
                private.effective_unit_cost(qi.unit_price, s.requested_quantity, qi.minimum_quantity,
                  case when qi.has_bonus then qi.bonus_quantity else 0 end, q.payment_term_days, $2)::text as cost
         from public.quote_items qi join public.quotes q on q.id = qi.quote_id join public.shortages s on s.id = qi.shortage_id
         where q.batch_id = $1`,
        [ids.batchA, rate],
      );
      const byKey = new Map(expected.map((row) => [`${row.shortage_id}/${row.quote_id}`, row.cost === null ? null : Number(row.cost)]));
      for (const { item, offer } of offers) {
        expect(offer.effective_unit_cost).toBe(byKey.get(`${item.shortage_id}/${offer.quote_id}`));
      }
    }
  });
});
