/**
 * Issue 28 items 3 and 4: get_shortage_analysis (/analise-faltas) and get_purchase_days_analysis
 * (/analise-dias-compras) on a hand-computed fixture of our own (two new units, three new products,
 * a new category, two new suppliers), written by the superuser with known times in March–May 2024
 * so nothing seeded or written by other suites falls in the period. Times are São Paulo noon
 * unless said otherwise, so days are whole numbers:
 *
 *   shortage  product unit  registered        qty  batched              ordered (order)           received
 *   S1        P1      U     Mon 2024-03-04    10   03-05 12:00 (1 d)    03-07 12:00 (3 d, O1)     03-11 12:00 (7 d), 8 of 10
 *   S2        P1      U     Fri 2024-03-22     5   03-24 12:00 (2 d)    —                         —
 *   S3        P1      U     Fri 2024-05-03     8   —                    —                         —
 *   S4        P2      U     Mon 2024-03-11    20   03-11 18:00 (0.25 d) 03-13 00:00 (1.5 d, O2)   03-16 12:00 (5 d), 20 of 20
 *   S5        P3      U2    Wed 2024-03-06     3   03-07 12:00 (1 d)    03-14 12:00 (8 d, O4)     03-15 12:00 (9 d), 3 of 3
 *   S6        P1      U2    Tue 2024-03-26     4   03-26 18:00 (0.25 d) 03-27 12:00 (1 d, O3)     —
 *
 *   order  supplier  created (weekday)       promised   moved to    received
 *   O1     X         Thu 03-07 12:00 (4)     03-10      03-12       03-11 12:00  (late: after the ORIGINAL promise)
 *   O2     X         Wed 03-13 00:00 (3)     03-16      —           03-16 12:00  (on time)
 *   O3     Y         Wed 03-27 12:00 (3)     04-01      —           —
 *   O4     Y         Thu 03-14 12:00 (4)     03-15      —           03-15 12:00  (on time)
 *
 * P1 and P2 are in category C; P3 has none. S2 comes 18 days after S1 (same product and unit):
 * recurring for N ≥ 18; S3 comes 42 days after S2; S6 is P1 in another unit (never a repeat of S1).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `an28-${randomUUID().slice(0, 8)}`;

const ids = {
  unit: '', unit2: '', p1: '', p2: '', p3: '', category: '', x: '', y: '', b1: '', b2: '',
  s1: '', s2: '', s3: '', s4: '', s5: '', s6: '', o1: '', o2: '', o3: '', o4: '',
};
const names = { unit: `Unidade ${tag} A`, unit2: `Unidade ${tag} B`, p1: `Produto ${tag} 1`, p2: `Produto ${tag} 2`, p3: `Produto ${tag} 3`, x: `Fornecedor ${tag} A`, y: `Fornecedor ${tag} B` };

const MARCH_TO_MAY = { p_from: '2024-03-01', p_to: '2024-05-31' };
const MARCH = { p_from: '2024-03-01', p_to: '2024-03-31' };

type Doc = Record<string, unknown>;

let db: pg.Client;

async function one(query: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(query, params);
  return rows[0]!.id;
}

beforeAll(async () => {
  db = await sql(backend);
  const creator = await one(`select id from auth.users where email = 'balconista@farmacia.local'`, []);
  const buyer = await one(`select id from auth.users where email = 'compras@farmacia.local'`, []);
  ids.unit = await one(`insert into public.store_units (name) values ($1) returning id`, [names.unit]);
  ids.unit2 = await one(`insert into public.store_units (name) values ($1) returning id`, [names.unit2]);
  ids.p1 = await one(`insert into public.products (name) values ($1) returning id`, [names.p1]);
  ids.p2 = await one(`insert into public.products (name) values ($1) returning id`, [names.p2]);
  ids.p3 = await one(`insert into public.products (name) values ($1) returning id`, [names.p3]);
  ids.category = await one(`insert into public.categories (name) values ($1) returning id`, [`Categoria ${tag}`]);
  await db.query(`insert into public.product_categories (product_id, category_id) values ($1, $3), ($2, $3)`, [ids.p1, ids.p2, ids.category]);
  ids.x = await one(`insert into public.suppliers (name) values ($1) returning id`, [names.x]);
  ids.y = await one(`insert into public.suppliers (name) values ($1) returning id`, [names.y]);
  const batch = (name: string) =>
    one(
      `insert into public.quote_batches (name, unit_id, status, created_by, created_at, sent_at, closed_at)
       values ($1, $2, 'PEDIDO_ENVIADO', $3, '2024-03-01 12:00-03', '2024-03-01 13:00-03', '2024-03-02 12:00-03') returning id`,
      [name, ids.unit, buyer],
    );
  ids.b1 = await batch(`Lote ${tag} 1`);
  ids.b2 = await batch(`Lote ${tag} 2`);
  const shortage = (product: string, unit: string, at: string, qty: number, batchId: string | null, batchedAt: string | null, status: string) =>
    one(
      `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, created_at, batch_id, batched_at, status, observation)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [product, unit, qty, creator, at, batchId, batchedAt, status, tag],
    );
  ids.s1 = await shortage(ids.p1, ids.unit, '2024-03-04 12:00-03', 10, ids.b1, '2024-03-05 12:00-03', 'ENTREGUE');
  ids.s2 = await shortage(ids.p1, ids.unit, '2024-03-22 12:00-03', 5, ids.b2, '2024-03-24 12:00-03', 'COTACAO_FINALIZADA');
  ids.s3 = await shortage(ids.p1, ids.unit, '2024-05-03 12:00-03', 8, null, null, 'PENDENTE');
  ids.s4 = await shortage(ids.p2, ids.unit, '2024-03-11 12:00-03', 20, ids.b2, '2024-03-11 18:00-03', 'ENTREGUE');
  ids.s5 = await shortage(ids.p3, ids.unit2, '2024-03-06 12:00-03', 3, ids.b2, '2024-03-07 12:00-03', 'ENTREGUE');
  ids.s6 = await shortage(ids.p1, ids.unit2, '2024-03-26 12:00-03', 4, ids.b1, '2024-03-26 18:00-03', 'PEDIDO_ENVIADO');

  const order = (batchId: string, supplier: string, at: string, delivery: string) =>
    one(
      `insert into public.purchase_orders (batch_id, supplier_id, status, delivery_date, created_by, created_at)
       values ($1, $2, 'SOLICITADO', $3, $4, $5) returning id`,
      [batchId, supplier, delivery, buyer, at],
    );
  ids.o1 = await order(ids.b1, ids.x, '2024-03-07 12:00-03', '2024-03-10');
  ids.o2 = await order(ids.b2, ids.x, '2024-03-13 00:00-03', '2024-03-16');
  ids.o3 = await order(ids.b1, ids.y, '2024-03-27 12:00-03', '2024-04-01');
  ids.o4 = await order(ids.b2, ids.y, '2024-03-14 12:00-03', '2024-03-15');
  const line = (orderId: string, shortageId: string, qty: number, receivedAt: string | null, received: number | null) =>
    db.query(
      `insert into public.purchase_order_items
         (order_id, shortage_id, quantity, requested_quantity, unit_price, received_at, received_by_name, received_quantity)
       values ($1, $2, $3, $3, 2, $4::timestamptz, case when $4::timestamptz is null then null else 'Conferente' end, $5)`,
      [orderId, shortageId, qty, receivedAt, received],
    );
  await line(ids.o1, ids.s1, 10, '2024-03-11 12:00-03', 8);
  await line(ids.o2, ids.s4, 20, '2024-03-16 12:00-03', 20);
  await line(ids.o3, ids.s6, 4, null, null);
  await line(ids.o4, ids.s5, 3, '2024-03-15 12:00-03', 3);
  // O1's delivery date moves to 03-12 after it was sent: the promise stays 03-10 and the receipt on 03-11 is late.
  await db.query(`update public.purchase_orders set delivery_date = '2024-03-12' where id = $1`, [ids.o1]);
  const received = [
    [ids.o1, '2024-03-11 12:00-03'],
    [ids.o2, '2024-03-16 12:00-03'],
    [ids.o4, '2024-03-15 12:00-03'],
  ];
  for (const [id, at] of received) await db.query(`update public.purchase_orders set status = 'RECEBIDO', received_at = $2 where id = $1`, [id, at]);
}, 60_000);

afterAll(async () => {
  await db?.end();
});

async function call(key: Parameters<typeof as>[0], fn: string, args: Record<string, unknown>): Promise<Doc> {
  const client = await as(key);
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as Doc;
}

async function refusal(client: SupabaseClient, fn: string, args: Record<string, unknown>) {
  const { data, error } = await client.rpc(fn, args);
  expect(data).toBeNull();
  return error;
}

describe('get_shortage_analysis', () => {
  it('counts, recurrence, lead times and breakdowns of the fixture match the hand computation', async () => {
    const doc = await call('analista', 'get_shortage_analysis', { ...MARCH_TO_MAY, p_category_id: null, p_recurrence_days: 30 });
    // The period holds only our rows, whatever unit: restrict the global figures to our two units via the unit list.
    const byUnit = doc.by_unit as Doc[];
    expect(byUnit.filter((u) => u.unit_id === ids.unit || u.unit_id === ids.unit2)).toEqual([
      { unit_id: ids.unit, unit_name: names.unit, shortages: 4, requested_quantity: 43, recurring: 1, avg_days_to_delivery: 6 },
      { unit_id: ids.unit2, unit_name: names.unit2, shortages: 2, requested_quantity: 7, recurring: 0, avg_days_to_delivery: 9 },
    ]);
    expect(byUnit).toHaveLength(2);
    expect(doc.summary).toEqual({
      shortages: 6,
      products: 3,
      units: 2,
      requested_quantity: 50,
      recurring_shortages: 1,
      recurring_share: 0.1667,
      // (1 + 2 + 0.25 + 1 + 0.25) ÷ 5; (3 + 1.5 + 8 + 1) ÷ 4 = 3.375; (7 + 5 + 9) ÷ 3
      avg_days_to_batch: 0.9,
      avg_days_to_order: 3.4,
      avg_days_to_delivery: 7,
    });
    expect(doc.recurrence_days).toBe(30);
    // Weeks start on Monday; the whole period is covered (26 Feb to 27 May: 14 weeks), quiet weeks at 0.
    const weeks = doc.by_week as Doc[];
    expect(weeks).toHaveLength(14);
    expect(weeks[0]).toEqual({ week: '2024-02-26', shortages: 0, requested_quantity: 0 });
    expect(weeks.filter((w) => (w.shortages as number) > 0)).toEqual([
      { week: '2024-03-04', shortages: 2, requested_quantity: 13 },
      { week: '2024-03-11', shortages: 1, requested_quantity: 20 },
      { week: '2024-03-18', shortages: 1, requested_quantity: 5 },
      { week: '2024-03-25', shortages: 1, requested_quantity: 4 },
      { week: '2024-04-29', shortages: 1, requested_quantity: 8 },
    ]);
    expect(doc.by_category).toEqual([
      { category_id: ids.category, category_name: `Categoria ${tag}`, shortages: 5, requested_quantity: 47 },
      { category_id: null, category_name: 'Sem categoria', shortages: 1, requested_quantity: 3 },
    ]);
    expect(doc.top_by_frequency).toEqual([
      { product_id: ids.p1, product_name: names.p1, shortages: 4, requested_quantity: 27, units: 2 },
      { product_id: ids.p2, product_name: names.p2, shortages: 1, requested_quantity: 20, units: 1 },
      { product_id: ids.p3, product_name: names.p3, shortages: 1, requested_quantity: 3, units: 1 },
    ]);
    expect((doc.top_by_quantity as Doc[]).map((p) => [p.product_name, p.requested_quantity])).toEqual([
      [names.p1, 27],
      [names.p2, 20],
      [names.p3, 3],
    ]);
    expect(doc.recurring).toEqual([
      { product_id: ids.p1, product_name: names.p1, unit_id: ids.unit, unit_name: names.unit, occurrences: 3, recurring: 1, last_at: '2024-05-03T15:00:00+00:00' },
    ]);
  });

  it('recurrence follows N: 18 days apart is a repeat for N = 18, not for N = 17; N = 60 also catches the 42-day gap', async () => {
    const share = async (n: number) =>
      ((await call('admin', 'get_shortage_analysis', { ...MARCH_TO_MAY, p_unit_id: ids.unit, p_recurrence_days: n })).summary as Doc).recurring_shortages;
    expect(await share(17)).toBe(0);
    expect(await share(18)).toBe(1);
    expect(await share(60)).toBe(2);
  });

  it('looks back before the period: May alone still sees S3 as a repeat of S2 (42 days earlier) with N = 60', async () => {
    const doc = await call('analista', 'get_shortage_analysis', { p_from: '2024-05-01', p_to: '2024-05-31', p_unit_id: ids.unit, p_recurrence_days: 60 });
    expect(doc.summary).toMatchObject({ shortages: 1, recurring_shortages: 1, recurring_share: 1, avg_days_to_batch: null, avg_days_to_order: null, avg_days_to_delivery: null });
  });

  it('filters by unit, category and product; an unknown id gives no rows and null ratios (never 0 %)', async () => {
    const unit2 = await call('analista', 'get_shortage_analysis', { ...MARCH_TO_MAY, p_unit_id: ids.unit2 });
    expect(unit2.summary).toMatchObject({ shortages: 2, requested_quantity: 7, avg_days_to_order: 4.5, avg_days_to_delivery: 9 });
    const category = await call('analista', 'get_shortage_analysis', { ...MARCH_TO_MAY, p_category_id: ids.category });
    expect(category.summary).toMatchObject({ shortages: 5, products: 2, requested_quantity: 47 });
    expect(category.by_category).toEqual([{ category_id: ids.category, category_name: `Categoria ${tag}`, shortages: 5, requested_quantity: 47 }]);
    const product = await call('analista', 'get_shortage_analysis', { ...MARCH_TO_MAY, p_product_id: ids.p2 });
    expect(product.summary).toMatchObject({ shortages: 1, requested_quantity: 20, avg_days_to_batch: 0.3, avg_days_to_order: 1.5, avg_days_to_delivery: 5 });
    const none = await call('analista', 'get_shortage_analysis', { ...MARCH_TO_MAY, p_unit_id: randomUUID() });
    expect(none.summary).toEqual({
      shortages: 0, products: 0, units: 0, requested_quantity: 0, recurring_shortages: 0, recurring_share: null,
      avg_days_to_batch: null, avg_days_to_order: null, avg_days_to_delivery: null,
    });
    expect(none.by_unit).toEqual([]);
    expect(none.top_by_frequency).toEqual([]);
    expect(none.recurring).toEqual([]);
  });

  it('counts by São Paulo day: a shortage at 23:30 on 31 Jan (02:30 UTC on 1 Feb) is January\'s', async () => {
    const creator = await one(`select id from auth.users where email = 'balconista@farmacia.local'`, []);
    await db.query(
      `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, created_at, observation)
       values ($1, $2, 2, $3, '2023-01-31 23:30-03', $4)`,
      [ids.p3, ids.unit2, creator, tag],
    );
    const day = async (date: string) =>
      ((await call('analista', 'get_shortage_analysis', { p_from: date, p_to: date, p_unit_id: ids.unit2 })).summary as Doc).shortages;
    expect(await day('2023-01-31')).toBe(1);
    expect(await day('2023-02-01')).toBe(0);
  });

  it('refuses a recurrence outside 1–365 days and a bad period with a clear message', async () => {
    const client = await as('analista');
    for (const n of [0, 366, null]) {
      const error = await refusal(client, 'get_shortage_analysis', { ...MARCH_TO_MAY, p_recurrence_days: n });
      expect(error).toMatchObject({ code: '22023', message: 'A recorrência deve ser de 1 a 365 dias' });
    }
    expect(await refusal(client, 'get_shortage_analysis', { p_from: '2024-05-31', p_to: '2024-03-01' })).toMatchObject({
      code: '22023', message: 'Período inválido: a data inicial é posterior à final',
    });
    expect(await refusal(client, 'get_shortage_analysis', { p_from: '2024-05-31', p_to: null })).toMatchObject({ code: '22023' });
  });

  it('is for ADMIN and ANALISTA only: buyers, representatives, counter staff and anon are refused', async () => {
    expect((await call('admin', 'get_shortage_analysis', MARCH_TO_MAY)).summary).toBeTruthy();
    for (const key of ['compras', 'representante', 'balconista', 'farmaceutico'] as const) {
      const error = await refusal(await as(key), 'get_shortage_analysis', MARCH_TO_MAY);
      expect(error, key).toMatchObject({ code: '42501', message: 'Você não tem permissão para ver esta análise' });
    }
    const error = await refusal(anonClient(backend), 'get_shortage_analysis', MARCH_TO_MAY);
    expect(error?.code).toMatch(/^(42501|PGRST)/);
  });
});

describe('get_purchase_days_analysis', () => {
  const mine = (rows: Doc[], key: string) => rows.filter((r) => r[key] === ids.x || r[key] === ids.y);

  it('lead times, on-time against the ORIGINAL promise, fill rate, weekdays and products match the hand computation', async () => {
    const { rows } = await db.query(`select promised_date::text, delivery_date::text from public.purchase_orders where id = $1`, [ids.o1]);
    expect(rows[0]).toEqual({ promised_date: '2024-03-10', delivery_date: '2024-03-12' });

    const doc = await call('compras', 'get_purchase_days_analysis', MARCH);
    expect(doc.summary).toEqual({
      orders: 4,
      received_orders: 3,
      lines: 4,
      received_lines: 3,
      // (3 + 1.5 + 1 + 8) ÷ 4; (7 + 5 + 9) ÷ 3; (4 + 3.5 + 1) ÷ 3
      avg_days_shortage_to_order: 3.4,
      avg_days_shortage_to_delivery: 7,
      avg_days_order_to_delivery: 2.8,
      // O1 arrived on 03-11, after its original promise (03-10) though before the moved date (03-12): late.
      judged_orders: 3,
      on_time_orders: 2,
      on_time_rate: 0.6667,
      // (8 + 20 + 3) ÷ (10 + 20 + 3), over received lines only
      fill_rate: 0.9394,
    });
    expect(mine(doc.by_supplier as Doc[], 'supplier_id')).toEqual([
      {
        supplier_id: ids.x, supplier_name: names.x, orders: 2, lines: 2, received_orders: 2, avg_days_order_to_delivery: 3.8,
        avg_days_shortage_to_delivery: 6, judged_orders: 2, on_time_orders: 1, on_time_rate: 0.5, ordered_quantity: 30, received_quantity: 28, fill_rate: 0.9333,
      },
      {
        supplier_id: ids.y, supplier_name: names.y, orders: 2, lines: 2, received_orders: 1, avg_days_order_to_delivery: 1,
        avg_days_shortage_to_delivery: 9, judged_orders: 1, on_time_orders: 1, on_time_rate: 1, ordered_quantity: 3, received_quantity: 3, fill_rate: 1,
      },
    ]);
    expect(doc.by_weekday).toEqual([
      { weekday: 0, orders: 0, avg_days_order_to_delivery: null, avg_days_shortage_to_delivery: null },
      { weekday: 1, orders: 0, avg_days_order_to_delivery: null, avg_days_shortage_to_delivery: null },
      { weekday: 2, orders: 0, avg_days_order_to_delivery: null, avg_days_shortage_to_delivery: null },
      { weekday: 3, orders: 2, avg_days_order_to_delivery: 3.5, avg_days_shortage_to_delivery: 5 },
      { weekday: 4, orders: 2, avg_days_order_to_delivery: 2.5, avg_days_shortage_to_delivery: 8 },
      { weekday: 5, orders: 0, avg_days_order_to_delivery: null, avg_days_shortage_to_delivery: null },
      { weekday: 6, orders: 0, avg_days_order_to_delivery: null, avg_days_shortage_to_delivery: null },
    ]);
    expect(doc.best_weekday).toBe(4);
    expect(doc.by_product).toEqual([
      { product_id: ids.p1, product_name: names.p1, lines: 2, avg_days_shortage_to_order: 2, avg_days_shortage_to_delivery: 7 },
      { product_id: ids.p2, product_name: names.p2, lines: 1, avg_days_shortage_to_order: 1.5, avg_days_shortage_to_delivery: 5 },
      { product_id: ids.p3, product_name: names.p3, lines: 1, avg_days_shortage_to_order: 8, avg_days_shortage_to_delivery: 9 },
    ]);
  });

  it('filters by supplier, unit (the shortage\'s), category and product', async () => {
    const x = await call('analista', 'get_purchase_days_analysis', { ...MARCH, p_supplier_id: ids.x });
    expect(x.summary).toMatchObject({ orders: 2, lines: 2, on_time_rate: 0.5, fill_rate: 0.9333, avg_days_order_to_delivery: 3.8 });
    const unit2 = await call('analista', 'get_purchase_days_analysis', { ...MARCH, p_unit_id: ids.unit2 });
    expect(unit2.summary).toMatchObject({ orders: 2, lines: 2, received_orders: 1, on_time_rate: 1, fill_rate: 1, avg_days_shortage_to_order: 4.5 });
    const category = await call('analista', 'get_purchase_days_analysis', { ...MARCH, p_category_id: ids.category });
    expect(category.summary).toMatchObject({ lines: 3, orders: 3, fill_rate: 0.9333 });
    const product = await call('admin', 'get_purchase_days_analysis', { ...MARCH, p_product_id: ids.p3 });
    expect(product.summary).toMatchObject({ lines: 1, orders: 1, avg_days_order_to_delivery: 1, on_time_rate: 1 });
    expect(product.best_weekday).toBe(4);
  });

  it('no lines: every average and ratio is null (sem dados), never 0 or 1, and no best weekday', async () => {
    const doc = await call('analista', 'get_purchase_days_analysis', { ...MARCH, p_supplier_id: randomUUID() });
    expect(doc.summary).toEqual({
      orders: 0, received_orders: 0, lines: 0, received_lines: 0, avg_days_shortage_to_order: null, avg_days_shortage_to_delivery: null,
      avg_days_order_to_delivery: null, judged_orders: 0, on_time_orders: 0, on_time_rate: null, fill_rate: null,
    });
    expect(doc.by_supplier).toEqual([]);
    expect(doc.by_product).toEqual([]);
    expect(doc.best_weekday).toBeNull();
    expect((doc.by_weekday as Doc[]).every((d) => d.orders === 0 && d.avg_days_order_to_delivery === null)).toBe(true);
    // An order with nothing received yet: judged by nobody, so its rate is unknown too.
    const pending = await call('analista', 'get_purchase_days_analysis', { ...MARCH, p_unit_id: ids.unit2, p_supplier_id: ids.y, p_product_id: ids.p1 });
    expect(pending.summary).toMatchObject({ orders: 1, lines: 1, received_orders: 0, on_time_rate: null, fill_rate: null, avg_days_shortage_to_order: 1 });
  });

  it('is for ADMIN, ADMIN_COMPRAS and ANALISTA: representatives, counter staff and anon are refused; bad periods are 22023', async () => {
    for (const key of ['representante', 'representante2', 'balconista', 'balconista2', 'farmaceutico'] as const) {
      const error = await refusal(await as(key), 'get_purchase_days_analysis', MARCH);
      expect(error, key).toMatchObject({ code: '42501', message: 'Você não tem permissão para ver esta análise' });
    }
    const error = await refusal(anonClient(backend), 'get_purchase_days_analysis', MARCH);
    expect(error?.code).toMatch(/^(42501|PGRST)/);
    expect(await refusal(await as('compras'), 'get_purchase_days_analysis', { p_from: '2020-01-01', p_to: '2024-01-01' })).toMatchObject({
      code: '22023', message: 'Período longo demais: escolha até 3 anos',
    });
  });
});
