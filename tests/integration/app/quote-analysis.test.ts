/**
 * Issue 28 items 1 and 2: get_quote_analysis and get_quote_matrix (/analise-cotacoes) on a
 * hand-computed fixture, written by the superuser with triggers off so every time is known
 * (batches sent in March 2023, far from the seed and from anything other tests create).
 *
 * Batch B1 (Centro, sent 2023-03-06 12:00Z, closed 2023-03-08 12:00Z, orders sent):
 *   s1  P1 Centro need 10   Alfa 10,00 +2 bonus, 30 d (winner) | X 9,50 | Y 11,00 at 60 d
 *   s2  P2 Centro need 100  Alfa 5,00, 30 d | X 4,80 minimum 150 (winner, ordered 150) | Y not priced
 *   s3  P3 Norte  need 5    Alfa 20,00, 30 d | Y 21,00, 60 d (winner)
 *   quotes sent by Alfa after 10 h, X after 24 h, Y after 36 h.
 * Batch B2 (no unit, sent 2023-03-20 12:00Z, still in quotation):
 *   s4  P1 Norte need 4     Alfa 9,00 (sent after 2 h) | X 8,00 in a draft (never counted) | Y invited, silent.
 * Batch B3 (sent 2023-05-10, outside March): Alfa 3,00 on P2, closed.
 * Batch B4 (Centro, sent 2022-09-05, in quotation): s6 P2 need 3 in the batch, s7 P3 need 2 quoted there by Alfa and
 *   since returned to the queue (no batch): Alfa 4,00 and 6,00.
 * Earlier purchases of P1: 12,00 (2023-01-01), 10,50 (2023-02-01); later: 7,00 (2023-04-01).
 * Earlier purchase of P3: 22,00 (2023-02-15). None of P2.
 * P1 and P2 are in the fixture's category.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `qa-${randomUUID().slice(0, 8)}`;
const MARCH = { p_from: '2023-03-01', p_to: '2023-03-31' };

const id = () => randomUUID();
const ids = {
  xSupplier: id(), ySupplier: id(), category: id(), p1: id(), p2: id(), p3: id(),
  b1: id(), b2: id(), b3: id(), b4: id(), s1: id(), s2: id(), s3: id(), s4: id(), s5: id(), s6: id(), s7: id(), qAlfa4: id(), i6a: id(), i7a: id(),
  qAlfa1: id(), qX1: id(), qY1: id(), qAlfa2: id(), qX2: id(), qAlfa3: id(),
  i1a: id(), i1x: id(), i1y: id(), i2a: id(), i2x: id(), i2y: id(), i3a: id(), i3y: id(), i4a: id(), i4x: id(), i5a: id(),
  oAlfa: id(), oX: id(), oY: id(),
};
const X_NAME = `Fornecedor X ${tag}`;
const Y_NAME = `Fornecedor Y ${tag}`;
let alfaId = '';
let centro = '';
let norte = '';
let adminId = '';
const historyBatches: string[] = [];
const historyShortages: string[] = [];

type Json = Record<string, unknown>;
interface Analysis {
  scope: string;
  monthly_rate: number;
  summary: Json;
  suppliers: Json[];
  items: Json[];
  offers: Json[];
  monthly: Json[];
}

async function analysis(client: SupabaseClient, args: Record<string, unknown> = {}): Promise<Analysis> {
  const { data, error } = await client.rpc('get_quote_analysis', { ...MARCH, ...args });
  if (error) throw new Error(error.message);
  return data as Analysis;
}

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const lookup = await db.query<{ alfa: string; centro: string; norte: string; admin: string }>(
      `select (select id from public.suppliers where name = 'Distribuidora Alfa') as alfa,
              (select id from public.store_units where name = 'Unidade Centro') as centro,
              (select id from public.store_units where name = 'Unidade Norte') as norte,
              (select id from auth.users where email = 'admin@farmacia.local') as admin`,
    );
    ({ alfa: alfaId, centro, norte, admin: adminId } = lookup.rows[0]!);
    await db.query('begin');
    // The fixture states every time itself: the recording triggers would stamp now().
    await db.query('set local session_replication_role = replica');
    const q = (text: string, values: unknown[]) => db.query(text, values);
    await q('insert into public.suppliers (id, name) values ($1, $2), ($3, $4)', [ids.xSupplier, X_NAME, ids.ySupplier, Y_NAME]);
    await q('insert into public.categories (id, name) values ($1, $2)', [ids.category, `Categoria ${tag}`]);
    await q('insert into public.products (id, name) values ($1, $2), ($3, $4), ($5, $6)', [
      ids.p1, `P1 ${tag}`, ids.p2, `P2 ${tag}`, ids.p3, `P3 ${tag}`,
    ]);
    await q('insert into public.product_categories (product_id, category_id) values ($1, $3), ($2, $3)', [ids.p1, ids.p2, ids.category]);

    const batch = (bid: string, name: string, status: string, unit: string | null, sent: string, closed: string | null) =>
      q(`insert into public.quote_batches (id, name, status, unit_id, created_at, sent_at, closed_at, created_by)
         values ($1, $2, $3, $4, $5::timestamptz - interval '1 day', $5, $6, $7)`, [bid, name, status, unit, sent, closed, adminId]);
    const shortage = (sid: string, product: string, unit: string, need: number, status: string, bid: string | null, at: string) =>
      q(`insert into public.shortages (id, product_id, unit_id, requested_quantity, status, batch_id, created_at, created_by, observation)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [sid, product, unit, need, status, bid, at, adminId, tag]);
    const quote = (qid: string, bid: string, supplier: string, status: string, submitted: string | null, term: number | null) =>
      q(`insert into public.quotes (id, batch_id, supplier_id, status, submitted_at, payment_term_days, selected, created_at)
         values ($1, $2, $3, $4, $5, $6, $4 = 'VENCEDORA', '2023-01-01')`, [qid, bid, supplier, status, submitted, term]);
    const item = (iid: string, qid: string, sid: string, price: number | null, min: number | null, bonus: number, winner: boolean) =>
      q(`insert into public.quote_items (id, quote_id, shortage_id, unit_price, minimum_quantity, has_bonus, bonus_quantity, is_winner)
         values ($1, $2, $3, $4, $5, $6 > 0, greatest($6, 1), $7)`, [iid, qid, sid, price, min, bonus, winner]);
    const invite = (bid: string, supplier: string, at: string) =>
      q('insert into public.quote_batch_invitations (batch_id, supplier_id, invited_at) values ($1, $2, $3)', [bid, supplier, at]);
    const order = (oid: string, bid: string, supplier: string, at: string) =>
      q(`insert into public.purchase_orders (id, batch_id, supplier_id, status, created_at, delivery_date, promised_date, created_by)
         values ($1, $2, $3, 'SOLICITADO', $4, ($4::timestamptz + interval '5 days')::date, ($4::timestamptz + interval '5 days')::date, $5)`,
        [oid, bid, supplier, at, adminId]);
    const line = (oid: string, sid: string, quantity: number, need: number, price: number, quoteItem: string | null) =>
      q(`insert into public.purchase_order_items (order_id, shortage_id, quantity, requested_quantity, unit_price, quote_item_id)
         values ($1, $2, $3, $4, $5, $6)`, [oid, sid, quantity, need, price, quoteItem]);

    // B1
    await batch(ids.b1, `B1 ${tag}`, 'PEDIDO_ENVIADO', centro, '2023-03-06T12:00:00Z', '2023-03-08T12:00:00Z');
    await shortage(ids.s1, ids.p1, centro, 10, 'PEDIDO_ENVIADO', ids.b1, '2023-03-01T12:00:00Z');
    await shortage(ids.s2, ids.p2, centro, 100, 'PEDIDO_ENVIADO', ids.b1, '2023-03-01T12:00:00Z');
    await shortage(ids.s3, ids.p3, norte, 5, 'PEDIDO_ENVIADO', ids.b1, '2023-03-01T12:00:00Z');
    for (const s of [alfaId, ids.xSupplier, ids.ySupplier]) await invite(ids.b1, s, '2023-03-06T12:00:00Z');
    await quote(ids.qAlfa1, ids.b1, alfaId, 'VENCEDORA', '2023-03-06T22:00:00Z', 30);
    await quote(ids.qX1, ids.b1, ids.xSupplier, 'VENCEDORA', '2023-03-07T12:00:00Z', null);
    await quote(ids.qY1, ids.b1, ids.ySupplier, 'VENCEDORA', '2023-03-08T00:00:00Z', 60);
    await item(ids.i1a, ids.qAlfa1, ids.s1, 10, null, 2, true);
    await item(ids.i2a, ids.qAlfa1, ids.s2, 5, null, 0, false);
    await item(ids.i3a, ids.qAlfa1, ids.s3, 20, null, 0, false);
    await item(ids.i1x, ids.qX1, ids.s1, 9.5, null, 0, false);
    await item(ids.i2x, ids.qX1, ids.s2, 4.8, 150, 0, true);
    await item(ids.i1y, ids.qY1, ids.s1, 11, null, 0, false);
    await item(ids.i2y, ids.qY1, ids.s2, null, null, 0, false);
    await item(ids.i3y, ids.qY1, ids.s3, 21, null, 0, true);
    await order(ids.oAlfa, ids.b1, alfaId, '2023-03-09T12:00:00Z');
    await order(ids.oX, ids.b1, ids.xSupplier, '2023-03-09T12:00:00Z');
    await order(ids.oY, ids.b1, ids.ySupplier, '2023-03-09T12:00:00Z');
    await line(ids.oAlfa, ids.s1, 10, 10, 10, ids.i1a);
    await line(ids.oX, ids.s2, 150, 100, 4.8, ids.i2x);
    await line(ids.oY, ids.s3, 5, 5, 21, ids.i3y);

    // B2
    await batch(ids.b2, `B2 ${tag}`, 'EM_COTACAO', null, '2023-03-20T12:00:00Z', null);
    await shortage(ids.s4, ids.p1, norte, 4, 'EM_COTACAO', ids.b2, '2023-03-15T12:00:00Z');
    for (const s of [alfaId, ids.xSupplier, ids.ySupplier]) await invite(ids.b2, s, '2023-03-20T12:00:00Z');
    await quote(ids.qAlfa2, ids.b2, alfaId, 'ENVIADA', '2023-03-20T14:00:00Z', null);
    await quote(ids.qX2, ids.b2, ids.xSupplier, 'EM_ANDAMENTO', null, null);
    await item(ids.i4a, ids.qAlfa2, ids.s4, 9, null, 0, false);
    await item(ids.i4x, ids.qX2, ids.s4, 8, null, 0, false);

    // B3, outside the period
    await batch(ids.b3, `B3 ${tag}`, 'COTACAO_FINALIZADA', centro, '2023-05-10T12:00:00Z', '2023-05-11T12:00:00Z');
    await shortage(ids.s5, ids.p2, centro, 7, 'COTACAO_FINALIZADA', ids.b3, '2023-05-01T12:00:00Z');
    await invite(ids.b3, alfaId, '2023-05-10T12:00:00Z');
    await quote(ids.qAlfa3, ids.b3, alfaId, 'VENCEDORA', '2023-05-10T13:00:00Z', null);
    await item(ids.i5a, ids.qAlfa3, ids.s5, 3, null, 0, true);

    // B4, a batch one of whose quoted shortages went back to the queue
    await batch(ids.b4, `B4 ${tag}`, 'EM_COTACAO', centro, '2022-09-05T12:00:00Z', null);
    await shortage(ids.s6, ids.p2, centro, 3, 'EM_COTACAO', ids.b4, '2022-09-01T12:00:00Z');
    await shortage(ids.s7, ids.p3, centro, 2, 'PENDENTE', null, '2022-09-01T12:00:00Z');
    await invite(ids.b4, alfaId, '2022-09-05T12:00:00Z');
    await quote(ids.qAlfa4, ids.b4, alfaId, 'ENVIADA', '2022-09-05T15:00:00Z', null);
    await item(ids.i6a, ids.qAlfa4, ids.s6, 4, null, 0, false);
    await item(ids.i7a, ids.qAlfa4, ids.s7, 6, null, 0, false);

    // Purchase history: one batch, shortage, order and line per earlier (or later) purchase.
    const history: [string, string, number][] = [
      [ids.p1, '2023-01-01T12:00:00Z', 12], [ids.p1, '2023-02-01T12:00:00Z', 10.5],
      [ids.p1, '2023-04-01T12:00:00Z', 7], [ids.p3, '2023-02-15T12:00:00Z', 22],
    ];
    for (const [product, at, price] of history) {
      const [hb, hs, ho] = [id(), id(), id()];
      historyBatches.push(hb);
      historyShortages.push(hs);
      await batch(hb, `Histórico ${tag}`, 'PEDIDO_ENVIADO', centro, '2022-06-01T12:00:00Z', '2022-06-02T12:00:00Z');
      await shortage(hs, product, centro, 1, 'PEDIDO_ENVIADO', hb, '2022-06-01T12:00:00Z');
      await order(ho, hb, ids.xSupplier, at);
      await line(ho, hs, 1, 1, price, null);
    }
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    const batches = [ids.b1, ids.b2, ids.b3, ids.b4, ...historyBatches];
    await db.query('delete from public.purchase_order_items where order_id in (select id from public.purchase_orders where batch_id = any($1))', [batches]);
    await db.query('delete from public.purchase_orders where batch_id = any($1)', [batches]);
    await db.query('delete from public.quote_items where quote_id in (select id from public.quotes where batch_id = any($1))', [batches]);
    await db.query('delete from public.quotes where batch_id = any($1)', [batches]);
    await db.query('delete from public.quote_batch_invitations where batch_id = any($1)', [batches]);
    await db.query('delete from public.shortages where batch_id = any($1) or id = $2', [batches, ids.s7]);
    await db.query('delete from public.quote_batches where id = any($1)', [batches]);
    await db.query('delete from public.product_categories where category_id = $1', [ids.category]);
    await db.query('delete from public.products where id = any($1)', [[ids.p1, ids.p2, ids.p3]]);
    await db.query('delete from public.categories where id = $1', [ids.category]);
    await db.query('delete from public.suppliers where id = any($1)', [[ids.xSupplier, ids.ySupplier]]);
    await db.query('commit');
  } finally {
    await db.end();
  }
});

const byName = (rows: Json[], key: string, name: string): Json => {
  const row = rows.find((r) => r[key] === name);
  if (!row) throw new Error(`no row ${name} in ${JSON.stringify(rows).slice(0, 300)}`);
  return row;
};

describe('get_quote_analysis for purchasing readers', () => {
  it('sums the period: batches, items, offers (drafts excluded), awarded value and savings against the three references', async () => {
    const result = await analysis(await as('analista'));
    expect(result.scope).toBe('ALL');
    expect(result.monthly_rate).toBe(0.02);
    expect(result.summary).toEqual({
      batches: 2,
      items: 4,
      offers: 8,
      avg_offers_per_item: 2,
      awarded_lines: 3,
      // 10 × 10,00 + 150 × 4,80 + 5 × 21,00
      awarded_value: 925,
      // s1 (10,1667 − 10) × 10 = 1,67; s2 (4,90 − 4,80) × 150 = 15,00; s3 (20,50 − 21) × 5 = −2,50
      savings_vs_avg: 14.17,
      // s1 (11 − 10) × 10; s2 (5 − 4,80) × 150; s3 (21 − 21) × 5
      savings_vs_max: 40,
      // s1 (10,50 − 10) × 10 (the purchase of April and the batch's own order are not earlier); s2 none; s3 (22 − 21) × 5
      savings_vs_last: 10,
      effective_differs_count: 2,
    });
    expect(result.monthly).toEqual([
      { month: '2023-03', awarded_value: 925, savings_vs_avg: 14.17, savings_vs_max: 40, savings_vs_last: 10 },
    ]);
  });

  it('rates suppliers: response rate over the batches invited, response time, win rate over items quoted, average rank', async () => {
    const { suppliers } = await analysis(await as('compras'));
    expect(suppliers.map((s) => s.supplier_name)).toEqual([X_NAME, Y_NAME, 'Distribuidora Alfa']);
    expect(byName(suppliers, 'supplier_name', 'Distribuidora Alfa')).toEqual({
      supplier_id: alfaId, supplier_name: 'Distribuidora Alfa', invited: 2, responded: 2, response_rate: 1,
      avg_response_hours: 6, items_quoted: 4, items_won: 1, win_rate: 0.25, avg_rank: 1.5, value_won: 100,
    });
    // Invited to both batches, answered B1 only (the B2 quote is a draft).
    expect(byName(suppliers, 'supplier_name', X_NAME)).toEqual({
      supplier_id: ids.xSupplier, supplier_name: X_NAME, invited: 2, responded: 1, response_rate: 0.5,
      avg_response_hours: 24, items_quoted: 2, items_won: 1, win_rate: 0.5, avg_rank: 1, value_won: 720,
    });
    expect(byName(suppliers, 'supplier_name', Y_NAME)).toEqual({
      supplier_id: ids.ySupplier, supplier_name: Y_NAME, invited: 2, responded: 1, response_rate: 0.5,
      avg_response_hours: 36, items_quoted: 2, items_won: 1, win_rate: 0.5, avg_rank: 2.5, value_won: 105,
    });
  });

  it('totals the suppliers table from the same counts (response time over every answer, rank over every offer)', async () => {
    const result = (await analysis(await as('analista'))) as Analysis & { supplier_totals: Json };
    // invited 6, answered 4; hours (10 + 2 + 24 + 36) ÷ 4; ranks of the 8 offers: 2+2+1+1 (Alfa), 1+1 (X), 3+2 (Y)
    expect(result.supplier_totals).toEqual({
      invited: 6, responded: 4, response_rate: 0.6667, avg_response_hours: 18, items_quoted: 8, items_won: 3,
      win_rate: 0.375, avg_rank: 1.63, value_won: 925,
    });
  });

  it('gives each item its spread, references and best suppliers by price and by effective cost', async () => {
    const { items } = await analysis(await as('admin'));
    const s1 = items.find((i) => i.shortage_id === ids.s1)!;
    expect(s1).toMatchObject({
      product_name: `P1 ${tag}`, category_name: `Categoria ${tag}`, unit_name: 'Unidade Centro', quantity: 10, offers: 3,
      min_price: 9.5, avg_price: 10.1667, max_price: 11, spread_pct: 0.1579, awarded_price: 10,
      awarded_supplier_name: 'Distribuidora Alfa', last_price: 10.5,
      best_price_supplier_name: X_NAME, best_effective_supplier_name: 'Distribuidora Alfa', effective_differs: true,
    });
    const s2 = items.find((i) => i.shortage_id === ids.s2)!;
    expect(s2).toMatchObject({ offers: 2, last_price: null, best_price_supplier_name: X_NAME, best_effective_supplier_name: 'Distribuidora Alfa', effective_differs: true });
    const s3 = items.find((i) => i.shortage_id === ids.s3)!;
    expect(s3).toMatchObject({ offers: 2, last_price: 22, awarded_supplier_name: Y_NAME, effective_differs: false });
    // Still in quotation: no award; the last price is the newest purchase before now (April's).
    const s4 = items.find((i) => i.shortage_id === ids.s4)!;
    expect(s4).toMatchObject({ offers: 1, awarded_price: null, last_price: 7, spread_pct: 0, effective_differs: false });
  });

  it('explains the effective cost of every offer: bonus, payment term at the monthly rate and forced minimum', async () => {
    const { offers } = await analysis(await as('analista'));
    const offer = (item: string, supplier: string) => offers.find((o) => o.shortage_id === item && o.supplier_name === supplier)!;
    // 10,00 × 10 ÷ 1,02 ÷ (10 + 2) = 8,1699
    expect(offer(ids.s1, 'Distribuidora Alfa')).toMatchObject({
      price: 10, bonus_quantity: 2, payment_term_days: 30, effective_unit_cost: 8.1699, price_rank: 2, effective_rank: 1, is_winner: true,
      effective_explanation: 'R$ 10,00 × 10 un. + 2 bonificadas, a 30 dias com 2 % a.m. → R$ 8,17 por unidade necessária',
    });
    // 11,00 ÷ 1,02² = 10,5729
    expect(offer(ids.s1, Y_NAME)).toMatchObject({ effective_unit_cost: 10.5729, price_rank: 3, effective_rank: 3 });
    // 4,80 × 150 ÷ 100 = 7,20
    expect(offer(ids.s2, X_NAME)).toMatchObject({
      minimum_quantity: 150, effective_unit_cost: 7.2, price_rank: 1, effective_rank: 2,
      effective_explanation: 'R$ 4,80 × 150 un. (mínimo 150, 50 além da necessidade), à vista → R$ 7,20 por unidade necessária',
    });
    expect(offers.filter((o) => o.shortage_id === ids.s4).map((o) => o.supplier_name)).toEqual(['Distribuidora Alfa']);
    expect(offers).toHaveLength(8);
  });

  it('takes the buyer’s cost of money, and refuses one outside 0–20 % a month', async () => {
    const analyst = await as('analista');
    const { offers, monthly_rate } = await analysis(analyst, { p_monthly_rate: 0 });
    expect(monthly_rate).toBe(0);
    // 100 ÷ 12 at no cost of money
    expect(offers.find((o) => o.shortage_id === ids.s1 && o.supplier_name === 'Distribuidora Alfa')).toMatchObject({
      effective_unit_cost: 8.3333, effective_explanation: 'R$ 10,00 × 10 un. + 2 bonificadas, a 30 dias com 0 % a.m. → R$ 8,33 por unidade necessária',
    });
    const refused = await analyst.rpc('get_quote_analysis', { ...MARCH, p_monthly_rate: 0.25 });
    expect(refused.error).toMatchObject({ code: '22023', message: 'O custo do dinheiro deve estar entre 0 % e 20 % ao mês' });
  });

  it('computes every offer’s effective cost as private.effective_unit_cost does (the analysis writes the formula out for speed)', async () => {
    const db = await sql(backend);
    try {
      for (const rate of [0, 0.02, 0.2]) {
        const { offers } = await analysis(await as('analista'), { p_from: null, p_to: null, p_monthly_rate: rate });
        expect(offers.length).toBeGreaterThan(8);
        const expected = await db.query<{ cost: string | null }>(
          `select private.effective_unit_cost(o.price, o.quantity, o.minimum_quantity, o.bonus_quantity, o.payment_term_days, $2) as cost
             from jsonb_to_recordset($1::jsonb) as o(price numeric, quantity integer, minimum_quantity integer,
                                                    bonus_quantity integer, payment_term_days integer, ord integer)
            order by o.ord`,
          [JSON.stringify(offers.map((o, ord) => ({ ...o, ord }))), rate],
        );
        expect(offers.map((o) => o.effective_unit_cost)).toEqual(expected.rows.map((row) => (row.cost === null ? null : Number(row.cost))));
      }
    } finally {
      await db.end();
    }
  });

  it('filters by unit, category, product and supplier', async () => {
    const analyst = await as('analista');
    const norteOnly = await analysis(analyst, { p_unit_id: norte });
    expect(norteOnly.items.map((i) => i.shortage_id).sort()).toEqual([ids.s3, ids.s4].sort());
    expect(norteOnly.summary).toMatchObject({ batches: 2, items: 2, offers: 3, awarded_value: 105 });
    const category = await analysis(analyst, { p_category_id: ids.category });
    expect(category.items.map((i) => i.shortage_id).sort()).toEqual([ids.s1, ids.s2, ids.s4].sort());
    const product = await analysis(analyst, { p_product_id: ids.p3 });
    expect(product.summary).toMatchObject({ batches: 1, items: 1, offers: 2, awarded_value: 105, savings_vs_last: 5 });
    // The items X priced, its offers and its won line; the item figures still compare every offer.
    const supplier = await analysis(analyst, { p_supplier_id: ids.xSupplier });
    expect(supplier.suppliers.map((s) => s.supplier_name)).toEqual([X_NAME]);
    expect(supplier.items.map((i) => i.shortage_id).sort()).toEqual([ids.s1, ids.s2].sort());
    expect(supplier.offers.map((o) => o.supplier_name)).toEqual([X_NAME, X_NAME]);
    expect(supplier.summary).toMatchObject({ items: 2, offers: 5, awarded_lines: 1, awarded_value: 720, savings_vs_avg: 15, savings_vs_max: 30, savings_vs_last: null });
    const nothing = await analysis(analyst, { p_product_id: randomUUID() });
    expect(nothing.summary).toMatchObject({ batches: 0, items: 0, offers: 0, avg_offers_per_item: null, awarded_value: 0, savings_vs_avg: null });
  });

  it('counts a shortage quoted in a batch and since returned to the queue as an item of that batch', async () => {
    const result = await analysis(await as('analista'), { p_from: '2022-09-01', p_to: '2022-09-30' });
    expect(result.items.map((i) => i.shortage_id).sort()).toEqual([ids.s6, ids.s7].sort());
    expect(result.summary).toMatchObject({ batches: 1, items: 2, offers: 2 });
    expect(result.offers.map((o) => [o.shortage_id, o.price, o.price_rank])).toEqual([
      [ids.s6, 4, 1],
      [ids.s7, 6, 1],
    ]);
  });

  it('puts a batch in the São Paulo day it was sent, to the second around midnight', async () => {
    const db = await sql(backend);
    try {
      await db.query('begin');
      await db.query('set local session_replication_role = replica');
      const shortages: Record<string, string> = {};
      // 02:59:59Z is 23:59:59 of 31 October in São Paulo; 03:00:00Z is midnight of 1 November.
      for (const sent of ['2022-11-01T02:59:59Z', '2022-11-01T03:00:00Z']) {
        const [batchId, shortageId] = [id(), id()];
        await db.query(
          `insert into public.quote_batches (id, name, status, unit_id, created_at, sent_at, created_by)
           values ($1, $2, 'EM_COTACAO', $3, $4::timestamptz - interval '1 day', $4, $5)`,
          [batchId, `Meia-noite ${tag}`, centro, sent, adminId],
        );
        await db.query(
          `insert into public.shortages (id, product_id, unit_id, requested_quantity, status, batch_id, created_at, created_by, observation)
           values ($1, $2, $3, 1, 'EM_COTACAO', $4, '2022-10-20T12:00:00Z', $5, $6)`,
          [shortageId, ids.p1, centro, batchId, adminId, tag],
        );
        shortages[sent] = shortageId;
      }
      const day = async (date: string) =>
        (
          await db.query<{ shortage_id: string }>(
            `select shortage_id from private.quote_analysis_rows($1::date, $1::date, null, null, $2, 0) where first_of_item`,
            [date, ids.p1],
          )
        ).rows.map((row) => row.shortage_id);
      expect(await day('2022-10-31')).toEqual([shortages['2022-11-01T02:59:59Z']]);
      expect(await day('2022-11-01')).toEqual([shortages['2022-11-01T03:00:00Z']]);
      // The document the screen reads selects its batches by the same days.
      const documentDay = async (date: string) =>
        (
          await db.query<{ shortage_id: string }>(
            `select i->>'shortage_id' as shortage_id
               from jsonb_array_elements(private.quote_analysis_all($1::date, $1::date, null, null, null, $2, 0, null)->'items') as i`,
            [date, ids.p1],
          )
        ).rows.map((row) => row.shortage_id);
      expect(await documentDay('2022-10-31')).toEqual([shortages['2022-11-01T02:59:59Z']]);
      expect(await documentDay('2022-11-01')).toEqual([shortages['2022-11-01T03:00:00Z']]);
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });

  it('names every supplier tied at the lowest price, and says the effective cost differs only when none of them is also the cheapest in effect', async () => {
    const db = await sql(backend);
    try {
      await db.query('begin');
      await db.query('set local session_replication_role = replica');
      // A quote holds one payment term: each item in a batch of its own.
      const [tied, beaten] = [id(), id()];
      for (const shortageId of [tied, beaten]) {
        const batchId = id();
        await db.query(
          `insert into public.quote_batches (id, name, status, unit_id, created_at, sent_at, closed_at, created_by)
           values ($1, $2, 'COTACAO_FINALIZADA', $3, '2022-07-04T12:00:00Z', '2022-07-05T12:00:00Z', '2022-07-06T12:00:00Z', $4)`,
          [batchId, `Empate ${tag}`, centro, adminId],
        );
        await db.query(
          `insert into public.shortages (id, product_id, unit_id, requested_quantity, status, batch_id, created_at, created_by, observation)
           values ($1, $2, $3, 10, 'COTACAO_FINALIZADA', $4, '2022-07-01T12:00:00Z', $5, $6)`,
          [shortageId, ids.p2, centro, batchId, adminId, tag],
        );
        // tied: Alfa and X both at 5,00; Alfa at 60 days is the cheapest in effect (5 ÷ 1,02² = 4,8058), Y at 6,00
        // and 90 days is not (5,6540). beaten: Alfa and X both at 5,00 and no term; Y at 5,10 and 90 days costs 4,8060.
        const offers: [string, number, number][] = shortageId === tied
          ? [[alfaId, 5, 60], [ids.xSupplier, 5, 0], [ids.ySupplier, 6, 90]]
          : [[alfaId, 5, 0], [ids.xSupplier, 5, 0], [ids.ySupplier, 5.1, 90]];
        for (const [supplier, price, term] of offers) {
          const quoteId = id();
          await db.query(
            `insert into public.quotes (id, batch_id, supplier_id, status, submitted_at, payment_term_days, created_at)
             values ($1, $2, $3, 'ENVIADA', '2022-07-05T18:00:00Z', $4, '2022-07-05T12:00:00Z')`,
            [quoteId, batchId, supplier, term],
          );
          await db.query(
            `insert into public.quote_items (quote_id, shortage_id, unit_price, has_bonus, bonus_quantity, is_winner)
             values ($1, $2, $3, false, 1, false)`,
            [quoteId, shortageId, price],
          );
        }
      }
      const result = await db.query<{ document: Analysis & { summary: Json } }>(
        `select private.quote_analysis_all('2022-07-01', '2022-07-31', null, null, null, $1, 0.02, null) as document`,
        [ids.p2],
      );
      const { summary, items, offers: listed } = result.rows[0]!.document;
      const both = ['Distribuidora Alfa', X_NAME].sort((a, b) => a.localeCompare(b, 'en')).join(', ');
      expect(byName(items, 'shortage_id', tied)).toMatchObject({
        best_price_supplier_name: both, best_effective_supplier_name: 'Distribuidora Alfa', effective_differs: false,
      });
      expect(byName(items, 'shortage_id', beaten)).toMatchObject({
        best_price_supplier_name: both, best_effective_supplier_name: Y_NAME, effective_differs: true,
      });
      expect(summary).toMatchObject({ batches: 2, items: 2, offers: 6, effective_differs_count: 1 });
      const ranks = (shortageId: string) =>
        listed.filter((o) => o.shortage_id === shortageId).map((o) => [o.supplier_name, o.price_rank, o.effective_rank]);
      expect(ranks(tied)).toEqual(expect.arrayContaining([['Distribuidora Alfa', 1, 1], [X_NAME, 1, 2], [Y_NAME, 3, 3]]));
      expect(ranks(beaten)).toEqual(expect.arrayContaining([['Distribuidora Alfa', 1, 2], [X_NAME, 1, 2], [Y_NAME, 3, 1]]));
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });

  it('refuses a half-given or inverted period with a message', async () => {
    const analyst = await as('analista');
    const inverted = await analyst.rpc('get_quote_analysis', { p_from: '2023-03-31', p_to: '2023-03-01' });
    expect(inverted.error).toMatchObject({ code: '22023', message: 'Período inválido: a data inicial é posterior à final' });
    const half = await analyst.rpc('get_quote_analysis', { p_from: '2023-03-01', p_to: null });
    expect(half.error?.code).toBe('22023');
  });

  it('sends the first lines of the lists when asked (the screen), the same figures as the whole document, and refuses a limit below 1', async () => {
    const analyst = await as('analista');
    const whole = (await analysis(analyst)) as Analysis & Json;
    const first = (await analysis(analyst, { p_list_limit: 2 })) as Analysis & Json;
    // Everything but the lists is the same document.
    const { items: wholeItems, offers: wholeOffers, ...wholeRest } = whole;
    const { items: firstItems, offers: firstOffers, ...firstRest } = first;
    expect(firstRest).toEqual(wholeRest);
    expect(wholeItems.length).toBe(whole.items_total);
    // How long the whole lists are, for 'Mostrar todas' (under the caps here: the totals).
    expect(first.items_listed).toBe(wholeItems.length);
    expect(first.offers_listed).toBe(wholeOffers.length);
    expect(firstItems).toEqual(wholeItems.slice(0, 2));
    // The offers of the first two items holding one, in the whole list's order.
    expect(firstOffers.length).toBe(2);
    expect(firstOffers).toEqual(wholeOffers.slice(0, 2));
    const refused = await analyst.rpc('get_quote_analysis', { ...MARCH, p_list_limit: 0 });
    expect(refused.error).toMatchObject({ code: '22023', message: 'O limite de linhas deve ser de pelo menos 1' });
  });

  it('lists the widest price spreads of the whole period for the spread chart, widest first, items with two offers or more', async () => {
    const { spread_items: spread, items } = (await analysis(await as('admin'), { p_list_limit: 1 })) as Analysis & { spread_items: Json[] };
    const expected = (await analysis(await as('admin'))).items
      .filter((item) => (item.offers as number) > 1 && (item.min_price as number) > 0)
      .sort((a, b) => (b.spread_pct as number) - (a.spread_pct as number))
      .slice(0, 15)
      .map((item) => ({
        batch_id: item.batch_id, batch_name: item.batch_name, shortage_id: item.shortage_id, product_name: item.product_name,
        unit_name: item.unit_name, min_price: item.min_price, avg_price: item.avg_price, max_price: item.max_price, spread_pct: item.spread_pct,
      }));
    expect(items).toHaveLength(1);
    expect(spread).toEqual(expected);
    expect(spread.find((row) => row.shortage_id === ids.s1)).toMatchObject({ min_price: 9.5, max_price: 11, spread_pct: 0.1579 });
    // One offer only: no spread to chart.
    expect(spread.some((row) => row.shortage_id === ids.s4)).toBe(false);
  });
});

describe('private.last_prices_paid, the one definition of the last price paid', () => {
  it('answers each (product, instant) pair as the plain lookup would: latest order line strictly before, ties by line id', async () => {
    const db = await sql(backend);
    try {
      // Probes at every order's own instant (the strict "before" and the ties), a second later, and before anything.
      const probes = await db.query<{ product_id: string; at: string }>(
        `select s.product_id, (o.created_at + shift)::text as at
           from public.purchase_order_items oi
           join public.purchase_orders o on o.id = oi.order_id
           join public.shortages s on s.id = oi.shortage_id
           cross join (values (interval '0'), (interval '1 second'), (interval '-10 years')) as v(shift)
          order by o.created_at, oi.id
          limit 600`,
      );
      expect(probes.rows.length).toBeGreaterThan(100);
      const got = await db.query<{ ord: string; last_price: string | null; expected: string | null }>(
        `select l.ord, l.last_price,
                (select oi.unit_price from public.purchase_order_items oi
                   join public.purchase_orders o on o.id = oi.order_id
                   join public.shortages s on s.id = oi.shortage_id
                  where s.product_id = p.product_id and o.created_at < p.at
                  order by o.created_at desc, oi.id desc limit 1) as expected
           from private.last_prices_paid($1::uuid[], $2::timestamptz[]) l
           join unnest($1::uuid[], $2::timestamptz[]) with ordinality as p(product_id, at, ord) on p.ord = l.ord
          order by l.ord`,
        [probes.rows.map((row) => row.product_id), probes.rows.map((row) => row.at)],
      );
      expect(got.rows).toHaveLength(probes.rows.length);
      expect(got.rows.filter((row) => row.last_price !== null).length).toBeGreaterThan(10);
      expect(got.rows.filter((row) => row.last_price !== row.expected)).toEqual([]);
    } finally {
      await db.end();
    }
  });
});

describe('get_quote_matrix', () => {
  it('gives buyers the supplier × item sheet with price, effective cost and winner per cell', async () => {
    const { data, error } = await (await as('compras')).rpc('get_quote_matrix', MARCH);
    expect(error).toBeNull();
    const matrix = data as { suppliers: { id: string; name: string }[]; rows: Json[] };
    expect(matrix.suppliers).toEqual([
      { id: alfaId, name: 'Distribuidora Alfa' }, { id: ids.xSupplier, name: X_NAME }, { id: ids.ySupplier, name: Y_NAME },
    ]);
    expect(matrix.rows).toHaveLength(4);
    const s1 = matrix.rows.find((r) => r.product_name === `P1 ${tag}` && r.unit_name === 'Unidade Centro')!;
    expect(s1).toMatchObject({ batch_name: `B1 ${tag}`, quantity: 10 });
    expect(s1.cells).toEqual({
      [alfaId]: { price: 10, effective_unit_cost: 8.1699, winner: true },
      [ids.xSupplier]: { price: 9.5, effective_unit_cost: 9.5, winner: false },
      [ids.ySupplier]: { price: 11, effective_unit_cost: 10.5729, winner: false },
    });
    const s4 = matrix.rows.find((r) => r.batch_name === `B2 ${tag}`)!;
    expect(s4.cells).toEqual({ [alfaId]: { price: 9, effective_unit_cost: 9, winner: false } });
  });
});

describe('a representative sees only its own figures (issue 28 item 2)', () => {
  const competitorValues = ['9.5', '11', '4.8', '21', '10.1667', '4.9', '20.5', '10.5729', '7.2', '8.0', '22', '10.5'];

  it('gets its KPIs and, for closed batches only, its rank and band', async () => {
    const result = (await analysis(await as('representante'))) as unknown as {
      scope: string; supplier: Json; summary: Json; lines: Json[];
    };
    expect(result.scope).toBe('SUPPLIER');
    expect(result.supplier).toEqual({ id: alfaId, name: 'Distribuidora Alfa' });
    expect(result.summary).toEqual({
      invited: 2, responded: 2, response_rate: 1, avg_response_hours: 6, items_quoted: 4, items_won: 1, win_rate: 0.25, value_won: 100,
    });
    // B2 is still in quotation: no line of it.
    const lines = result.lines.map((l) => [l.product_name, l.my_price, l.my_rank, l.band]);
    expect(lines.sort()).toEqual([
      [`P1 ${tag}`, 10, 2, '5–10 %'], // (10 − 9,50) ÷ 9,50 = 5,3 %
      [`P2 ${tag}`, 5, 2, 'até 5 %'], // (5 − 4,80) ÷ 4,80 = 4,2 %
      [`P3 ${tag}`, 20, 1, 'melhor preço'],
    ]);
    expect((result as unknown as { by_band: Json[] }).by_band).toEqual([
      { band: 'melhor preço', lines: 1, won: 0 }, { band: 'até 5 %', lines: 1, won: 0 },
      { band: '5–10 %', lines: 1, won: 1 }, { band: 'acima de 10 %', lines: 0, won: 0 },
    ]);
    expect(Object.keys(result.lines[0]!).sort()).toEqual(['band', 'batch_id', 'batch_name', 'closed_at', 'line_id', 'my_price', 'my_rank', 'product_name', 'won']);
  });

  it('finds no competitor name, id, price or count anywhere in its answer, whatever the filters', async () => {
    const rep = await as('representante');
    for (const args of [{}, { p_unit_id: norte }, { p_category_id: ids.category }, { p_product_id: ids.p1 }, { p_monthly_rate: 0.05 }, { p_supplier_id: alfaId }]) {
      const { data, error } = await rep.rpc('get_quote_analysis', { ...MARCH, ...args });
      expect(error).toBeNull();
      const text = JSON.stringify(data);
      for (const secret of [X_NAME, Y_NAME, ids.xSupplier, ids.ySupplier, 'offers', 'suppliers', 'best_price', 'supplier_name']) {
        expect(text).not.toContain(secret);
      }
      const numbers = [...text.matchAll(/:(-?[\d.]+)[,}]/g)].map((m) => Number(m[1]));
      for (const value of competitorValues) expect(numbers).not.toContain(Number(value));
    }
  });

  it('is refused another supplier’s analysis and the matrix', async () => {
    const rep = await as('representante');
    const other = await rep.rpc('get_quote_analysis', { ...MARCH, p_supplier_id: ids.xSupplier });
    expect(other.error?.code).toBe('42501');
    const matrix = await rep.rpc('get_quote_matrix', MARCH);
    expect(matrix.error).toMatchObject({ code: '42501', message: 'Representantes não exportam a matriz de preços' });
    // The other representative's supplier took no part: nothing of the fixture reaches it.
    const beta = await analysis(await as('representante2'));
    expect(JSON.stringify(beta)).not.toContain(tag);
  });
});

describe('who may call the analysis', () => {
  it('refuses counter staff, the pharmacist and anon', async () => {
    for (const key of ['balconista', 'balconista2', 'farmaceutico'] as const) {
      const client = await as(key);
      for (const fn of ['get_quote_analysis', 'get_quote_matrix']) {
        const { data, error } = await client.rpc(fn, MARCH);
        expect(data).toBeNull();
        expect(error).toMatchObject({ code: '42501', message: 'Você não tem permissão para ver esta análise' });
      }
    }
    for (const fn of ['get_quote_analysis', 'get_quote_matrix']) {
      const { data, error } = await anonClient(backend).rpc(fn, MARCH);
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
  });
});
