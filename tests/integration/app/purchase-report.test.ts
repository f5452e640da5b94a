/**
 * /relatorio-compras through supabase-js (issue 28): get_purchase_report and
 * get_purchase_report_order on a hand-computed fixture, and get_analysis_filter_options.
 *
 * The fixture (in 2025, before any seeded purchasing, all its products in a category of its own):
 *   B0 (closed 2025-02-10): order O0 from S2, product A × 5 at 12.50 (unit R1), no quotes: the last price paid for A.
 *   B1 (closed 2025-03-10 15:00Z): shortages A × 10 (R1), B × 4 (R2), C × 3 (R1);
 *     quotes S1 (sent) A 10.00, B 5.00, C unpriced; S2 (sent) A 12.00, B 6.00, C 7.00; S3 (draft, not counted) A 1.00.
 *     O1 (S1, 2025-03-10 18:00Z, RECEBIDO): A × 10 at 10.00 = 100.00, B × 4 at 5.00 = 20.00.
 *     O2 (S2, 2025-04-02, SOLICITADO): C × 3 at 7.00 = 21.00.
 * Savings (reference − price) × quantity:
 *   A: vs average (10 + 12) / 2 = 11 → 10.00; vs last 12.50 → 25.00.
 *   B: vs average 5.50 → 2.00; no earlier purchase → null.
 *   C: vs average 7 (S1 unpriced) → 0.00; no earlier purchase → null.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `rc-${randomUUID().slice(0, 8)}`;
const as = demoSessions(backend);

const ids = {} as Record<'u1' | 'u2' | 's1' | 's2' | 's3' | 'c1' | 'pA' | 'pB' | 'pC' | 'b0' | 'b1' | 'o0' | 'o1' | 'o2' | 'lineA', string>;
const PERIOD = { p_from: '2025-03-01', p_to: '2025-04-30' };

type Report = {
  summary: Record<string, unknown>;
  by_month: Record<string, unknown>[];
  by_supplier: Record<string, unknown>[];
  by_unit: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  orders_listed: number;
  truncated: boolean;
};

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const one = async (text: string, values: unknown[] = []) => (await db.query<{ id: string }>(text, values)).rows[0]!.id;
    const creator = await one(`select id from auth.users where email = 'balconista@farmacia.local'`);
    ids.u1 = await one(`insert into public.store_units (name) values ($1) returning id`, [`R1 ${tag}`]);
    ids.u2 = await one(`insert into public.store_units (name) values ($1) returning id`, [`R2 ${tag}`]);
    ids.s1 = await one(`insert into public.suppliers (name) values ($1) returning id`, [`S1 ${tag}`]);
    ids.s2 = await one(`insert into public.suppliers (name) values ($1) returning id`, [`S2 ${tag}`]);
    ids.s3 = await one(`insert into public.suppliers (name) values ($1) returning id`, [`S3 ${tag}`]);
    ids.c1 = await one(`insert into public.categories (name) values ($1) returning id`, [`C1 ${tag}`]);
    for (const [key, name] of [['pA', 'A'], ['pB', 'B'], ['pC', 'C']] as const) {
      ids[key] = await one(`insert into public.products (name) values ($1) returning id`, [`${name} ${tag}`]);
      await db.query(`insert into public.product_categories (product_id, category_id) values ($1, $2)`, [ids[key], ids.c1]);
    }
    const batch = (name: string, sent: string, closed: string) =>
      one(
        `insert into public.quote_batches (unit_id, name, status, created_at, sent_at, closed_at)
         values ($1, $2, 'PEDIDO_ENVIADO', $3::timestamptz - interval '1 day', $3, $4) returning id`,
        [ids.u1, name, sent, closed],
      );
    const shortage = (product: string, unit: string, quantity: number, batchId: string, at: string) =>
      one(
        `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, batch_id, status, created_at)
         values ($1, $2, $3, $4, $5, 'PEDIDO_ENVIADO', $6) returning id`,
        [product, unit, quantity, creator, batchId, at],
      );
    const quote = (batchId: string, supplier: string, status: string) =>
      one(`insert into public.quotes (batch_id, supplier_id, status) values ($1, $2, $3) returning id`, [batchId, supplier, status]);
    const price = (quoteId: string, shortageId: string, unitPrice: number | null) =>
      db.query(`insert into public.quote_items (quote_id, shortage_id, unit_price) values ($1, $2, $3)`, [quoteId, shortageId, unitPrice]);
    const order = (batchId: string, supplier: string, at: string, delivery: string) =>
      one(
        `insert into public.purchase_orders (batch_id, supplier_id, created_at, delivery_date) values ($1, $2, $3, $4) returning id`,
        [batchId, supplier, at, delivery],
      );
    const line = (orderId: string, shortageId: string, quantity: number, unitPrice: number) =>
      one(
        `insert into public.purchase_order_items (order_id, shortage_id, quantity, requested_quantity, unit_price)
         values ($1, $2, $3, $3, $4) returning id`,
        [orderId, shortageId, quantity, unitPrice],
      );

    ids.b0 = await batch(`B0 ${tag}`, '2025-02-06T12:00:00Z', '2025-02-10T12:00:00Z');
    const sh0 = await shortage(ids.pA, ids.u1, 5, ids.b0, '2025-02-01T12:00:00Z');
    ids.o0 = await order(ids.b0, ids.s2, '2025-02-10T13:00:00Z', '2025-02-15');
    await line(ids.o0, sh0, 5, 12.5);

    ids.b1 = await batch(`B1 ${tag}`, '2025-03-02T12:00:00Z', '2025-03-10T15:00:00Z');
    const shA = await shortage(ids.pA, ids.u1, 10, ids.b1, '2025-03-01T10:00:00Z');
    const shB = await shortage(ids.pB, ids.u2, 4, ids.b1, '2025-03-01T10:00:00Z');
    const shC = await shortage(ids.pC, ids.u1, 3, ids.b1, '2025-03-01T10:00:00Z');
    const q1 = await quote(ids.b1, ids.s1, 'VENCEDORA');
    const q2 = await quote(ids.b1, ids.s2, 'VENCEDORA');
    const q3 = await quote(ids.b1, ids.s3, 'EM_ANDAMENTO');
    await price(q1, shA, 10);
    await price(q1, shB, 5);
    await price(q1, shC, null);
    await price(q2, shA, 12);
    await price(q2, shB, 6);
    await price(q2, shC, 7);
    await price(q3, shA, 1);
    ids.o1 = await order(ids.b1, ids.s1, '2025-03-10T18:00:00Z', '2025-03-14');
    ids.lineA = await line(ids.o1, shA, 10, 10);
    await line(ids.o1, shB, 4, 5);
    // Both units confirm (the order becomes RECEBIDO); then the receipt times of the fixture are written.
    await db.query(`update public.shortages set status = 'ENTREGUE' where id = any($1::uuid[])`, [[shA, shB]]);
    await db.query(
      `update public.purchase_order_items set received_quantity = quantity - 1, received_at = '2025-03-13T12:00:00Z', received_by_name = 'Recebedor' where order_id = $1`,
      [ids.o1],
    );
    await db.query(`update public.purchase_orders set status = 'RECEBIDO', received_at = '2025-03-13T12:00:00Z' where id = $1`, [ids.o1]);
    ids.o2 = await order(ids.b1, ids.s2, '2025-04-02T12:00:00Z', '2025-04-08');
    await line(ids.o2, shC, 3, 7);
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    await db.query(`delete from public.purchase_orders where batch_id = any($1::uuid[])`, [[ids.b0, ids.b1]]);
    await db.query(`delete from public.quotes where batch_id = any($1::uuid[])`, [[ids.b0, ids.b1]]);
    await db.query(`delete from public.quote_batch_invitations where batch_id = any($1::uuid[])`, [[ids.b0, ids.b1]]);
    await db.query(`update public.shortages set batch_id = null where batch_id = any($1::uuid[])`, [[ids.b0, ids.b1]]);
    await db.query(`delete from public.shortages where product_id = any($1::uuid[])`, [[ids.pA, ids.pB, ids.pC]]);
    await db.query(`delete from public.quote_batches where id = any($1::uuid[])`, [[ids.b0, ids.b1]]);
    await db.query(`delete from public.products where id = any($1::uuid[])`, [[ids.pA, ids.pB, ids.pC]]);
    await db.query(`delete from public.categories where id = $1`, [ids.c1]);
    await db.query(`delete from public.suppliers where id = any($1::uuid[])`, [[ids.s1, ids.s2, ids.s3]]);
    await db.query(`delete from public.store_units where id = any($1::uuid[])`, [[ids.u1, ids.u2]]);
  } finally {
    await db.end();
  }
});

async function report(args: Record<string, unknown>, user: 'compras' | 'analista' | 'admin' = 'analista'): Promise<Report> {
  const client = await as(user);
  return unwrap(await client.rpc('get_purchase_report', { ...PERIOD, p_category_id: ids.c1, ...args })) as Report;
}

describe('get_purchase_report', () => {
  it('totals orders, lines, amounts and savings of the period', async () => {
    const r = await report({});
    expect(r.summary).toEqual({
      orders: 2,
      lines: 3,
      total_amount: 141,
      savings_vs_avg: 12,
      savings_vs_last: 25,
      received_orders: 1,
      pending_orders: 1,
    });
    expect(r.truncated).toBe(false);
  });

  it('groups by month, supplier and unit (an order serving two units counts in each)', async () => {
    const r = await report({});
    expect(r.by_month).toEqual([
      { month: '2025-03', orders: 1, lines: 2, total_amount: 120, savings_vs_avg: 12, savings_vs_last: 25 },
      { month: '2025-04', orders: 1, lines: 1, total_amount: 21, savings_vs_avg: 0, savings_vs_last: null },
    ]);
    expect(r.by_supplier).toEqual([
      { supplier_id: ids.s1, supplier_name: `S1 ${tag}`, orders: 1, lines: 2, total_amount: 120, savings_vs_avg: 12, savings_vs_last: 25 },
      { supplier_id: ids.s2, supplier_name: `S2 ${tag}`, orders: 1, lines: 1, total_amount: 21, savings_vs_avg: 0, savings_vs_last: null },
    ]);
    expect(r.by_unit).toEqual([
      { unit_id: ids.u1, unit_name: `R1 ${tag}`, orders: 2, lines: 2, total_amount: 121, savings_vs_avg: 10 },
      { unit_id: ids.u2, unit_name: `R2 ${tag}`, orders: 1, lines: 1, total_amount: 20, savings_vs_avg: 2 },
    ]);
  });

  it('lists the orders newest first with their dates, status and savings', async () => {
    const r = await report({});
    expect(r.orders.map((o) => o.order_id)).toEqual([ids.o2, ids.o1]);
    expect(r.orders[1]).toMatchObject({
      batch_id: ids.b1,
      batch_name: `B1 ${tag}`,
      supplier_name: `S1 ${tag}`,
      promised_date: '2025-03-14',
      delivery_date: '2025-03-14',
      status: 'RECEBIDO',
      lines: 2,
      total_amount: 120,
      savings_vs_avg: 12,
      savings_vs_last: 25,
    });
    expect(new Date(String(r.orders[1]!.created_at)).toISOString()).toBe('2025-03-10T18:00:00.000Z');
    expect(new Date(String(r.orders[1]!.received_at)).toISOString()).toBe('2025-03-13T12:00:00.000Z');
    expect(r.orders[0]).toMatchObject({ status: 'SOLICITADO', received_at: null, savings_vs_last: null });
  });

  it('sends the newest orders only when asked for the first lines (the screen), with the same totals, and refuses a limit below 1', async () => {
    const whole = await report({});
    const first = await report({ p_list_limit: 1 });
    const { orders: wholeOrders, ...wholeRest } = whole as Report & Record<string, unknown>;
    const { orders: firstOrders, ...firstRest } = first as Report & Record<string, unknown>;
    expect(firstRest).toEqual(wholeRest);
    expect(firstOrders).toEqual(wholeOrders.slice(0, 1));
    expect(firstOrders[0]!.order_id).toBe(ids.o2);
    expect(first.orders_listed).toBe(wholeOrders.length);
    const { error } = await (await as('analista')).rpc('get_purchase_report', { ...PERIOD, p_list_limit: 0 });
    expect(error).toMatchObject({ code: '22023', message: 'O limite de linhas deve ser de pelo menos 1' });
  });

  it("filters by the lines' unit: an order counts with its lines of that unit only", async () => {
    const r = await report({ p_unit_id: ids.u2 });
    expect(r.summary).toEqual({ orders: 1, lines: 1, total_amount: 20, savings_vs_avg: 2, savings_vs_last: null, received_orders: 1, pending_orders: 0 });
    expect(r.orders).toHaveLength(1);
    expect(r.orders[0]).toMatchObject({ order_id: ids.o1, lines: 1, total_amount: 20 });
  });

  it('filters by supplier and by period (São Paulo days)', async () => {
    expect((await report({ p_supplier_id: ids.s2 })).summary).toMatchObject({ orders: 1, lines: 1, total_amount: 21 });
    // O1 was created at 2025-03-10 18:00Z = 15:00 in São Paulo: inside a period ending that day.
    expect((await report({ p_from: '2025-03-10', p_to: '2025-03-10' })).summary).toMatchObject({ orders: 1, total_amount: 120 });
    expect((await report({ p_from: '2025-03-11', p_to: '2025-04-01' })).summary).toMatchObject({ orders: 0, lines: 0, total_amount: 0, savings_vs_avg: null });
  });

  it('puts an order in the São Paulo day of its instant, to the second around midnight', async () => {
    const db = await sql(backend);
    try {
      await db.query('begin');
      const one = async (text: string, values: unknown[] = []) => (await db.query<{ id: string }>(text, values)).rows[0]!.id;
      const creator = await one(`select id from auth.users where email = 'balconista@farmacia.local'`);
      const lines: Record<string, string> = {};
      // 02:59:59Z is 23:59:59 of 30 April in São Paulo; 03:00:00Z is midnight of 1 May. One batch each (one order
      // per batch and supplier).
      for (const at of ['2025-05-01T02:59:59Z', '2025-05-01T03:00:00Z']) {
        const batchId = await one(
          `insert into public.quote_batches (unit_id, name, status, created_at, sent_at, closed_at)
           values ($1, $2, 'PEDIDO_ENVIADO', '2025-04-28T12:00:00Z', '2025-04-28T13:00:00Z', '2025-04-29T12:00:00Z') returning id`,
          [ids.u1, `Meia-noite ${at} ${tag}`],
        );
        const shortageId = await one(
          `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, batch_id, status, created_at)
           values ($1, $2, 1, $3, $4, 'PEDIDO_ENVIADO', '2025-04-27T12:00:00Z') returning id`,
          [ids.pA, ids.u1, creator, batchId],
        );
        const orderId = await one(
          `insert into public.purchase_orders (batch_id, supplier_id, created_at, delivery_date) values ($1, $2, $3, '2025-05-10') returning id`,
          [batchId, ids.s3, at],
        );
        lines[at] = await one(
          `insert into public.purchase_order_items (order_id, shortage_id, quantity, requested_quantity, unit_price)
           values ($1, $2, 1, 1, 1) returning id`,
          [orderId, shortageId],
        );
      }
      const day = async (date: string) =>
        (
          await db.query<{ line_id: string }>(
            `select line_id from private.purchase_report_lines($1::date, $1::date, null, $2, null) order by line_id`,
            [date, ids.s3],
          )
        ).rows.map((row) => row.line_id);
      expect(await day('2025-04-30')).toEqual([lines['2025-05-01T02:59:59Z']]);
      expect(await day('2025-05-01')).toEqual([lines['2025-05-01T03:00:00Z']]);
    } finally {
      await db.query('rollback');
      await db.end();
    }
  });

  it('covers everything without a period, the earlier order included', async () => {
    const r = await report({ p_from: null, p_to: null });
    expect(r.summary).toMatchObject({ orders: 3, lines: 4, total_amount: 203.5, savings_vs_avg: 12, savings_vs_last: 25 });
  });

  it('answers an id that does not exist with no rows', async () => {
    const r = await report({ p_supplier_id: randomUUID() });
    expect(r.summary).toMatchObject({ orders: 0, lines: 0 });
    expect(r.by_month).toEqual([]);
    expect(r.orders).toEqual([]);
  });

  it('refuses a half-given, inverted or too long period with 22023', async () => {
    const client = await as('analista');
    for (const period of [
      { p_from: '2025-03-01', p_to: null },
      { p_from: '2025-04-01', p_to: '2025-03-01' },
      { p_from: '2020-01-01', p_to: '2025-03-01' },
    ]) {
      const { error } = await client.rpc('get_purchase_report', period);
      expect(error?.code).toBe('22023');
    }
  });
});

describe('get_purchase_report_order', () => {
  it('returns the order and its lines with both savings', async () => {
    const client = await as('compras');
    const detail = unwrap(await client.rpc('get_purchase_report_order', { p_order_id: ids.o1 })) as { lines: Record<string, unknown>[] } & Record<string, unknown>;
    expect(detail).toMatchObject({ order_id: ids.o1, supplier_name: `S1 ${tag}`, batch_name: `B1 ${tag}`, batch_unit_name: `R1 ${tag}`, status: 'RECEBIDO', total_amount: 120 });
    expect(detail.lines).toHaveLength(2);
    expect(detail.lines[0]).toMatchObject({
      line_id: ids.lineA,
      product_name: `A ${tag}`,
      unit_name: `R1 ${tag}`,
      quantity: 10,
      received_quantity: 9,
      unit_price: 10,
      total_price: 100,
      avg_quote_price: 11,
      savings_vs_avg: 10,
      last_price: 12.5,
      savings_vs_last: 25,
    });
    expect(detail.lines[1]).toMatchObject({ product_name: `B ${tag}`, unit_name: `R2 ${tag}`, avg_quote_price: 5.5, savings_vs_avg: 2, last_price: null, savings_vs_last: null });
  });

  it('answers null for an order that does not exist', async () => {
    const client = await as('analista');
    const { data, error } = await client.rpc('get_purchase_report_order', { p_order_id: randomUUID() });
    expect(error).toBeNull();
    expect(data).toBeNull();
  });
});

describe('access', () => {
  it('lets ADMIN, ADMIN_COMPRAS and ANALISTA (with VIEW_REPORTS and MANAGE_ORDERS) read the report', async () => {
    for (const user of ['admin', 'compras', 'analista'] as const) {
      expect((await report({}, user)).summary.orders).toBe(2);
    }
  });

  it('refuses representatives, counter staff and anon, in the report, the drill-down and the options', async () => {
    for (const user of ['representante', 'balconista', 'balconista2', 'farmaceutico'] as const) {
      const client = await as(user);
      expect((await client.rpc('get_purchase_report', PERIOD)).error?.code, user).toBe('42501');
      expect((await client.rpc('get_purchase_report_order', { p_order_id: ids.o1 })).error?.code, user).toBe('42501');
    }
    const anon = anonClient(backend);
    expect((await anon.rpc('get_purchase_report', PERIOD)).error?.code).toBe('42501');
    expect((await anon.rpc('get_purchase_report_order', { p_order_id: ids.o1 })).error?.code).toBe('42501');
    expect((await anon.rpc('get_analysis_filter_options')).error?.code).toBe('42501');
    for (const user of ['balconista', 'farmaceutico'] as const) {
      const client = await as(user);
      expect((await client.rpc('get_analysis_filter_options')).error?.code, user).toBe('42501');
    }
  });

  it('refuses an ADMIN_COMPRAS without MANAGE_ORDERS', async () => {
    const db = await sql(backend);
    const role = await db.query<{ id: string }>(`select id from public.custom_roles where name = 'ADMIN_COMPRAS'`);
    const roleId = role.rows[0]!.id;
    await db.query(`delete from public.role_permissions where role_id = $1 and permission = 'MANAGE_ORDERS'`, [roleId]);
    try {
      const client = await as('compras');
      expect((await client.rpc('get_purchase_report', PERIOD)).error?.code).toBe('42501');
      expect((await client.rpc('get_purchase_report_order', { p_order_id: ids.o1 })).error?.code).toBe('42501');
    } finally {
      await db.query(`insert into public.role_permissions (role_id, permission) values ($1, 'MANAGE_ORDERS') on conflict do nothing`, [roleId]);
      await db.end();
    }
  });
});

describe('get_analysis_filter_options', () => {
  type Options = Record<'units' | 'suppliers' | 'categories', { id: string; name: string }[]>;

  it('lists units, suppliers and categories by name to analysts and buyers', async () => {
    for (const user of ['analista', 'compras', 'admin'] as const) {
      const client = await as(user);
      const options = unwrap(await client.rpc('get_analysis_filter_options')) as Options;
      expect(options.units).toContainEqual({ id: ids.u1, name: `R1 ${tag}` });
      expect(options.suppliers).toContainEqual({ id: ids.s3, name: `S3 ${tag}` });
      expect(options.categories).toContainEqual({ id: ids.c1, name: `C1 ${tag}` });
    }
  });

  it("gives a representative its own supplier and no other's name", async () => {
    const client = await as('representante');
    const options = unwrap(await client.rpc('get_analysis_filter_options')) as Options;
    expect(options.suppliers.map((s) => s.name)).toEqual(['Distribuidora Alfa']);
    expect(JSON.stringify(options)).not.toContain('Distribuidora Beta');
    expect(JSON.stringify(options)).not.toContain(`S1 ${tag}`);
  });
});
