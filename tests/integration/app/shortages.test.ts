/**
 * Shortages (faltas) through supabase-js as the demo accounts: unit isolation
 * per role, cross-unit access of admins and buyers, created_by taken from the
 * JWT, quantity/status checks, and the RPCs find_open_shortage,
 * get_shortage_dependencies and assign_shortage_to_batch.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, signInAs, type DemoUserKey } from '../../utils/app-users.ts';
import { anonClient, appBackend, sql } from '../../utils/env.ts';
import { gtinCheckDigit } from '../../../src/lib/barcode.ts';

const backend = appBackend();

interface Shortage {
  id: string;
  product_id: string;
  unit_id: string;
  requested_quantity: number;
  available_quantity: number;
  status: string;
  created_by: string;
  batch_id: string | null;
  observation: string | null;
}

const sessions = new Map<DemoUserKey, { client: SupabaseClient; userId: string }>();
async function as(key: DemoUserKey): Promise<SupabaseClient> {
  return (await session(key)).client;
}
async function session(key: DemoUserKey): Promise<{ client: SupabaseClient; userId: string }> {
  const existing = sessions.get(key);
  if (existing) return existing;
  const { client, userId } = await signInAs(backend, key);
  sessions.set(key, { client, userId });
  return { client, userId };
}

const units: Record<string, string> = {};
let productId = '';
const tag = `teste-${randomUUID().slice(0, 8)}`;

/** One shortage per unit, created as the superuser (fixture), tagged for cleanup. */
const fixtureByUnit: Record<string, string> = {};

beforeAll(async () => {
  const db = await sql(backend);
  try {
    // The demo units only: other suites add units of their own while this one runs.
    const unitRows = await db.query<{ id: string; name: string }>(
      `select id, name from public.store_units where name in ('Unidade Centro', 'Unidade Norte', 'Unidade Sul')`,
    );
    for (const row of unitRows.rows) units[row.name] = row.id;
    const product = await db.query<{ id: string }>(
      `insert into public.products (name) values ($1) returning id`,
      [`Produto ${tag}`],
    );
    productId = product.rows[0]?.id ?? '';
    const creator = await db.query<{ id: string }>(`select id from auth.users where email = 'admin@farmacia.local'`);
    for (const name of ['Unidade Centro', 'Unidade Norte', 'Unidade Sul']) {
      const inserted = await db.query<{ id: string }>(
        `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, observation)
         values ($1, $2, 5, $3, $4) returning id`,
        [productId, units[name], creator.rows[0]?.id, tag],
      );
      fixtureByUnit[name] = inserted.rows[0]?.id ?? '';
    }
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    await db.query('update public.shortages set batch_id = null where product_id = $1', [productId]);
    await db.query(`delete from public.quote_batches where name like $1`, [`%${tag}%`]);
    await db.query('delete from public.shortages where product_id = $1', [productId]);
    await db.query('delete from public.products where id = $1', [productId]);
  } finally {
    await db.end();
  }
});

// Spec §5: non-admin users see only shortages of their own unit, ANALISTA included (its purchasing reports go
// through security-definer RPCs). Buyers (ADMIN_COMPRAS) and representatives are the documented exceptions.
const unitScoped = ['balconista', 'balconista2', 'farmaceutico', 'analista'] as const;

describe('unit isolation', () => {
  it.each(unitScoped)('%s sees only the shortages of their own unit', async (key) => {
    const client = await as(key);
    const own = units[DEMO_USERS[key].unitName ?? ''];
    const { data, error } = await client.from('shortages').select('id, unit_id').eq('product_id', productId);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: fixtureByUnit[DEMO_USERS[key].unitName ?? ''], unit_id: own }]);
    // Also across the seeded data: no row of another unit leaks, while the own unit's seeded rows are there.
    const others = await client.from('shortages').select('unit_id').neq('unit_id', own ?? '');
    expect(others.error).toBeNull();
    expect(others.data).toEqual([]);
    const mine = await client.from('shortages').select('id', { count: 'exact', head: true }).eq('unit_id', own ?? '');
    expect(mine.count).toBeGreaterThan(1);
    // Reading another unit's row by id gives nothing either.
    const other = DEMO_USERS[key].unitName === 'Unidade Centro' ? 'Unidade Sul' : 'Unidade Centro';
    const byId = await client.from('shortages').select('id').eq('id', fixtureByUnit[other] ?? '');
    expect(byId.data).toEqual([]);
  });

  it.each(unitScoped)('%s cannot update or delete another unit\'s shortage', async (key) => {
    const client = await as(key);
    const other = DEMO_USERS[key].unitName === 'Unidade Centro' ? 'Unidade Sul' : 'Unidade Centro';
    const update = await client.from('shortages').update({ requested_quantity: 99 }).eq('id', fixtureByUnit[other] ?? '').select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const del = await client.from('shortages').delete().eq('id', fixtureByUnit[other] ?? '').select();
    expect(del.data).toEqual([]);
    const db = await sql(backend);
    try {
      const still = await db.query('select requested_quantity from public.shortages where id = $1', [fixtureByUnit[other]]);
      expect(still.rows).toEqual([{ requested_quantity: 5 }]);
    } finally {
      await db.end();
    }
  });

  it.each(unitScoped)('%s cannot insert a shortage for another unit', async (key) => {
    const client = await as(key);
    const other = DEMO_USERS[key].unitName === 'Unidade Centro' ? 'Unidade Norte' : 'Unidade Centro';
    const { error } = await client.from('shortages').insert({ product_id: productId, unit_id: units[other], requested_quantity: 1 });
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('new row violates row-level security policy for table "shortages"');
  });

  it('representatives (no unit) see only shortages of batches sent to quotation and cannot register any', async () => {
    const client = await as('representante');
    const read = await client.from('shortages').select('id, batch_id, status');
    expect(read.error).toBeNull();
    expect(read.data?.length).toBeGreaterThan(0); // the seeded Norte batch in quotation
    expect(read.data?.every((row) => row.batch_id !== null && row.status !== 'PENDENTE')).toBe(true);
    const fixture = await client.from('shortages').select('id').eq('product_id', productId);
    expect(fixture.data).toEqual([]);
    const insert = await client.from('shortages').insert({ product_id: productId, unit_id: units['Unidade Centro'], requested_quantity: 1 });
    expect(insert.error?.code).toBe('42501');
  });

  it('the admin sees, updates and deletes shortages of every unit', async () => {
    const client = await as('admin');
    const { data } = await client.from('shortages').select('unit_id').eq('product_id', productId);
    expect(new Set(data?.map((row) => row.unit_id))).toEqual(new Set(Object.values(units)));
    const inserted = await client
      .from('shortages')
      .insert({ product_id: productId, unit_id: units['Unidade Sul'], requested_quantity: 3, observation: tag })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    const updated = await client.from('shortages').update({ observation: `${tag} revisada` }).eq('id', inserted.data?.id ?? '').select('observation');
    expect(updated.data).toEqual([{ observation: `${tag} revisada` }]);
    // Not even the admin jumps a pending shortage to ENTREGUE: that step follows an order.
    const jumped = await client.from('shortages').update({ status: 'ENTREGUE' }).eq('id', inserted.data?.id ?? '').select('status');
    expect(jumped.error).toMatchObject({ code: '42501', message: 'Este status é definido pelo setor de compras' });
    const deleted = await client.from('shortages').delete().eq('id', inserted.data?.id ?? '').select('id');
    expect(deleted.data).toHaveLength(1);
  });

  it('the analyst (MANAGE_ORDERS, VIEW_REPORTS) reads and deletes only in their own unit', async () => {
    const client = await as('analista');
    const { data } = await client.from('shortages').select('unit_id').eq('product_id', productId);
    expect(data).toEqual([{ unit_id: units['Unidade Norte'] }]);
    const del = await client.from('shortages').delete().eq('id', fixtureByUnit['Unidade Centro'] ?? '').select();
    expect(del.data).toEqual([]);
  });

  it('buyers (ADMIN_COMPRAS, the chain-wide purchasing department) read and update every unit but cannot register or delete', async () => {
    const client = await as('compras');
    const { data } = await client.from('shortages').select('unit_id').eq('product_id', productId);
    expect(new Set(data?.map((row) => row.unit_id))).toEqual(new Set(Object.values(units)));
    const updated = await client
      .from('shortages')
      .update({ requested_quantity: 6 })
      .eq('id', fixtureByUnit['Unidade Norte'] ?? '')
      .select('requested_quantity');
    expect(updated.data).toEqual([{ requested_quantity: 6 }]);
    await client.from('shortages').update({ requested_quantity: 5 }).eq('id', fixtureByUnit['Unidade Norte'] ?? '');
    const insert = await client.from('shortages').insert({ product_id: productId, requested_quantity: 1 });
    expect(insert.error?.code).toBe('42501');
    const del = await client.from('shortages').delete().eq('id', fixtureByUnit['Unidade Norte'] ?? '').select();
    expect(del.data).toEqual([]);
  });

  it('anon is denied shortages and the RPCs', async () => {
    const anon = anonClient(backend);
    expect((await anon.from('shortages').select('id').limit(1)).error?.code).toBe('42501');
    expect((await anon.from('shortages').insert({ product_id: productId, requested_quantity: 1 })).error?.code).toBe('42501');
    expect((await anon.rpc('get_shortage_dependencies', { p_shortage_ids: [fixtureByUnit['Unidade Centro']] })).error?.code).toBe('42501');
    expect((await anon.rpc('find_open_shortage', { p_product_id: productId })).error?.code).toBe('42501');
    expect((await anon.rpc('assign_shortage_to_batch', { shortage_id: fixtureByUnit['Unidade Centro'], batch_id: randomUUID() })).error?.code).toBe('42501');
  });
});

describe('registering a shortage', () => {
  it('takes created_by from the JWT and unit_id from the profile; a forged author or date is refused', async () => {
    const { client, userId } = await session('balconista');
    const admin = await session('admin');
    const fields = { product_id: productId, requested_quantity: 4, available_quantity: 1, observation: tag };
    const forgedAuthor = await client.from('shortages').insert({ ...fields, created_by: admin.userId }).select();
    expect(forgedAuthor.error).toMatchObject({ code: '42501', message: 'A falta é registrada em nome de quem a lança' });
    const backdated = await client.from('shortages').insert({ ...fields, created_at: '2001-01-01T00:00:00Z' } as never).select();
    expect(backdated.error?.code).toBe('42501');

    const { data, error } = await client.from('shortages').insert(fields).select().single();
    expect(error).toBeNull();
    const row = data as Shortage & { created_at: string };
    expect(row.created_by).toBe(userId);
    expect(row.unit_id).toBe(units['Unidade Centro']);
    expect(row.status).toBe('PENDENTE');
    expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2001);

    const forged = await client.from('shortages').update({ created_by: admin.userId } as never).eq('id', row.id).select('created_by');
    expect(forged.error?.code).toBe('42501');
    const stored = await client.from('shortages').select('created_by').eq('id', row.id).single();
    expect(stored.data?.created_by).toBe(userId);
    await client.from('shortages').delete().eq('id', row.id);
  });

  it('refuses zero or negative quantities with a Portuguese message (23514), on insert and on update', async () => {
    const client = await as('balconista');
    const zero = await client.from('shortages').insert({ product_id: productId, requested_quantity: 0 });
    expect(zero.error).toMatchObject({ code: '23514', message: 'A quantidade solicitada deve ser maior que zero' });
    const negative = await client.from('shortages').insert({ product_id: productId, requested_quantity: -5 });
    expect(negative.error).toMatchObject({ code: '23514', message: 'A quantidade solicitada deve ser maior que zero' });
    const available = await client.from('shortages').insert({ product_id: productId, requested_quantity: 2, available_quantity: -1 });
    expect(available.error).toMatchObject({ code: '23514', message: 'A quantidade disponível não pode ser negativa' });

    const own = fixtureByUnit['Unidade Centro'] ?? '';
    const update = await client.from('shortages').update({ requested_quantity: 0 }).eq('id', own).select('id');
    expect(update.error).toMatchObject({ code: '23514', message: 'A quantidade solicitada deve ser maior que zero' });
    const updateAvailable = await client.from('shortages').update({ available_quantity: -3 }).eq('id', own).select('id');
    expect(updateAvailable.error).toMatchObject({ code: '23514', message: 'A quantidade disponível não pode ser negativa' });
    const missing = await client.from('shortages').insert({ product_id: productId, requested_quantity: null });
    expect(missing.error).toMatchObject({ code: '23502', message: 'Informe a quantidade solicitada' });
  });

  it('keeps the named check constraints as the final arbiter', async () => {
    const db = await sql(backend);
    try {
      const { rows } = await db.query<{ conname: string }>(
        `select conname from pg_constraint where conrelid = 'public.shortages'::regclass and contype = 'c' order by conname`,
      );
      expect(rows.map((row) => row.conname)).toEqual([
        'shortages_available_quantity_check',
        'shortages_observation_length_check',
        'shortages_requested_quantity_check',
        'shortages_status_check',
      ]);
    } finally {
      await db.end();
    }
  });

  it('refuses an unknown status in Portuguese (23514)', async () => {
    const { error } = await (await as('balconista')).from('shortages').insert({ product_id: productId, requested_quantity: 2, status: 'CANCELADO' });
    expect(error).toMatchObject({ code: '23514', message: 'Status de falta inválido' });
  });

  it('limits the observation to 500 characters, as the form does, and stores it trimmed', async () => {
    const client = await as('balconista');
    const long = await client.from('shortages').insert({ product_id: productId, requested_quantity: 1, observation: 'x'.repeat(501) });
    expect(long.error).toMatchObject({ code: '23514', message: 'A observação deve ter no máximo 500 caracteres' });
    const exact = await client
      .from('shortages')
      .insert({ product_id: productId, requested_quantity: 1, observation: `  ${'y'.repeat(500)}  ` })
      .select('id, observation')
      .single();
    expect(exact.error).toBeNull();
    expect(exact.data?.observation).toBe('y'.repeat(500));
    const blank = await client.from('shortages').update({ observation: '   ' }).eq('id', exact.data?.id ?? '').select('observation').single();
    expect(blank.data?.observation).toBeNull();
    await client.from('shortages').delete().eq('id', exact.data?.id ?? '');
  });

  it('lists open shortages of the same product in the caller\'s unit (duplicate warning)', async () => {
    const client = await as('balconista2');
    const { data, error } = await client.rpc('find_open_shortage', { p_product_id: productId });
    expect(error).toBeNull();
    expect((data as Shortage[]).map((s) => s.id)).toEqual([fixtureByUnit['Unidade Norte']]);
    const other = await client.rpc('find_open_shortage', { p_product_id: productId, p_unit_id: units['Unidade Sul'] });
    expect(other.data).toEqual([]);
  });

  it('counts a shortage in any status but ENTREGUE as open, in a batch or not, newest first', async () => {
    // Seeded Unidade Centro shortages of 'Lote Centro' are LOTE_CRIADO, in a batch.
    const client = await as('balconista');
    const db = await sql(backend);
    let batched: { id: string; product_id: string; status: string } | undefined;
    try {
      const { rows } = await db.query<{ id: string; product_id: string; status: string }>(
        `select s.id, s.product_id, s.status from public.shortages s
         join public.store_units u on u.id = s.unit_id
         where u.name = 'Unidade Centro' and s.batch_id is not null and s.status = 'LOTE_CRIADO' limit 1`,
      );
      batched = rows[0];
    } finally {
      await db.end();
    }
    expect(batched).toBeDefined();
    const open = await client.rpc('find_open_shortage', { p_product_id: batched?.product_id });
    expect(open.error).toBeNull();
    expect((open.data as Shortage[]).map((s) => [s.id, s.status])).toContainEqual([batched?.id, 'LOTE_CRIADO']);

    // A delivered shortage is not open; a newer pending one comes first.
    const delivered = await client.from('shortages').insert({ product_id: productId, requested_quantity: 1, observation: tag }).select('id').single();
    // (Delivered the way an order receipt delivers it: by the database, here as the fixture's superuser.)
    const fixture = await sql(backend);
    await fixture.query(`update public.shortages set status = 'ENTREGUE' where id = $1`, [delivered.data?.id]).finally(() => fixture.end());
    const pending = await client.from('shortages').insert({ product_id: productId, requested_quantity: 2, observation: tag }).select('id').single();
    const mine = await client.rpc('find_open_shortage', { p_product_id: productId });
    expect((mine.data as Shortage[]).map((s) => s.id)).toEqual([pending.data?.id, fixtureByUnit['Unidade Centro']]);
    await client.from('shortages').delete().in('id', [delivered.data?.id ?? '', pending.data?.id ?? '']);
  });

  it('loads the list with product, group and unit, newest first', async () => {
    const { data, error } = await (await as('farmaceutico'))
      .from('shortages')
      .select('id, status, observation, product:products(id, name, barcode, description), group:categories(id, name), unit:store_units(id, name)')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThanOrEqual(7);
    expect(data?.every((row) => (row.unit as unknown as { name: string }).name === 'Unidade Sul')).toBe(true);
    const seeded = data?.find((row) => row.observation === 'Medicamento de uso contínuo: 3 clientes aguardando');
    expect(seeded?.product).toMatchObject({ name: 'Atenolol 50mg 30 comprimidos' });
    expect(seeded?.group).toMatchObject({ name: 'Cardiovasculares' });
  });
});

describe('batches and dependencies', () => {
  let batchA = '';
  let batchB = '';

  beforeAll(async () => {
    const client = await as('compras');
    const a = await client.from('quote_batches').insert({ unit_id: units['Unidade Centro'], name: `Lote A ${tag}` }).select('id, status').single();
    const b = await client.from('quote_batches').insert({ name: `Lote B ${tag}` }).select('id').single();
    expect(a.error).toBeNull();
    expect(a.data?.status).toBe('ABERTO');
    batchA = a.data?.id ?? '';
    batchB = b.data?.id ?? '';
  });

  it('assigns a shortage to a batch, is idempotent, and refuses another batch', async () => {
    const client = await as('compras');
    const shortageId = fixtureByUnit['Unidade Centro'] ?? '';
    const first = await client.rpc('assign_shortage_to_batch', { shortage_id: shortageId, batch_id: batchA });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ id: shortageId, batch_id: batchA, status: 'LOTE_CRIADO' });
    const again = await client.rpc('assign_shortage_to_batch', { shortage_id: shortageId, batch_id: batchA });
    expect(again.error).toBeNull();
    const other = await client.rpc('assign_shortage_to_batch', { shortage_id: shortageId, batch_id: batchB });
    expect(other.error?.message).toBe('Item já está em outro lote');
    const row = await client.from('shortages').select('batch_id').eq('id', shortageId).single();
    expect(row.data?.batch_id).toBe(batchA);
  });

  it('reports dependencies only for visible shortages and refuses deleting one in a batch', async () => {
    const centro = fixtureByUnit['Unidade Centro'] ?? '';
    const norte = fixtureByUnit['Unidade Norte'] ?? '';
    const client = await as('balconista');
    const { data, error } = await client.rpc('get_shortage_dependencies', { p_shortage_ids: [centro, norte] });
    expect(error).toBeNull();
    expect(data).toEqual([
      { shortage_id: centro, can_delete: false, has_order_items: false, has_quote_items: false, in_batch: true },
    ]);
    const del = await client.from('shortages').delete().eq('id', centro);
    expect(del.error?.code).toBe('23503');
    expect(del.error?.message).toBe('Não é possível excluir a falta: ela pertence a um lote');

    const norteDeps = await (await as('balconista2')).rpc('get_shortage_dependencies', { p_shortage_ids: [norte] });
    expect(norteDeps.data).toEqual([
      { shortage_id: norte, can_delete: true, has_order_items: false, has_quote_items: false, in_batch: false },
    ]);
  });

  it('removing from the batch restores PENDENTE, and a clerk cannot assign batches', async () => {
    const centro = fixtureByUnit['Unidade Centro'] ?? '';
    const clerk = await as('balconista');
    const denied = await clerk.rpc('assign_shortage_to_batch', { shortage_id: fixtureByUnit['Unidade Centro'], batch_id: batchB });
    expect(denied.error?.message).toBe('Lote não encontrado');
    const client = await as('compras');
    // Batch membership changes only through the purchasing RPCs (security review P1).
    const direct = await client.from('shortages').update({ batch_id: null }).eq('id', centro).select('id');
    expect(direct.error?.code).toBe('42501');
    const removed = await client.rpc('remove_shortage_from_batch', { p_shortage_id: centro, p_batch_id: batchA });
    expect(removed.error).toBeNull();
    const restored = await client.from('shortages').select('batch_id, status').eq('id', centro).single();
    expect(restored.data).toEqual({ batch_id: null, status: 'PENDENTE' });
    // Deleting a batch releases its shortages back to PENDENTE.
    await client.rpc('assign_shortage_to_batch', { shortage_id: centro, batch_id: batchB });
    const del = await client.from('quote_batches').delete().eq('id', batchB);
    expect(del.error).toBeNull();
    const after = await clerk.from('shortages').select('batch_id, status').eq('id', centro).single();
    expect(after.data).toEqual({ batch_id: null, status: 'PENDENTE' });
  });
});

describe('dependencies on quotes and purchase orders', () => {
  const ids = { batch: '', shortage: '', quote: '', order: '' };

  beforeAll(async () => {
    const db = await sql(backend);
    try {
      const supplier = await db.query<{ id: string }>(`select id from public.suppliers where name = 'Distribuidora Alfa'`);
      const creator = await db.query<{ id: string }>(`select id from auth.users where email = 'compras@farmacia.local'`);
      const batch = await db.query<{ id: string }>(
        `insert into public.quote_batches (unit_id, name, status, created_by) values ($1, $2, 'EM_COTACAO', $3) returning id`,
        [units['Unidade Centro'], `Lote dependências ${tag}`, creator.rows[0]?.id],
      );
      ids.batch = batch.rows[0]?.id ?? '';
      const shortage = await db.query<{ id: string }>(
        `insert into public.shortages (product_id, unit_id, requested_quantity, status, batch_id, created_by, observation)
         values ($1, $2, 4, 'EM_COTACAO', $3, $4, $5) returning id`,
        [productId, units['Unidade Centro'], ids.batch, creator.rows[0]?.id, tag],
      );
      ids.shortage = shortage.rows[0]?.id ?? '';
      const quote = await db.query<{ id: string }>(
        `insert into public.quotes (batch_id, supplier_id, created_by) values ($1, $2, $3) returning id`,
        [ids.batch, supplier.rows[0]?.id, creator.rows[0]?.id],
      );
      ids.quote = quote.rows[0]?.id ?? '';
      await db.query(`insert into public.quote_items (quote_id, shortage_id, unit_price) values ($1, $2, 9.5)`, [ids.quote, ids.shortage]);
      const order = await db.query<{ id: string }>(
        `insert into public.purchase_orders (batch_id, supplier_id, created_by) values ($1, $2, $3) returning id`,
        [ids.batch, supplier.rows[0]?.id, creator.rows[0]?.id],
      );
      ids.order = order.rows[0]?.id ?? '';
      await db.query(
        `insert into public.purchase_order_items (order_id, shortage_id, quantity, unit_price) values ($1, $2, 4, 9.5)`,
        [ids.order, ids.shortage],
      );
    } finally {
      await db.end();
    }
  });

  afterAll(async () => {
    const db = await sql(backend);
    try {
      await db.query('delete from public.purchase_orders where id = $1', [ids.order]);
      await db.query('delete from public.quotes where id = $1', [ids.quote]);
      await db.query('update public.shortages set batch_id = null where id = $1', [ids.shortage]);
      await db.query('delete from public.shortages where id = $1', [ids.shortage]);
      await db.query('delete from public.quote_batches where id = $1', [ids.batch]);
    } finally {
      await db.end();
    }
  });

  it('reports quote and order items to a clerk who cannot read quotes or orders themselves', async () => {
    const client = await as('balconista');
    const { data, error } = await client.rpc('get_shortage_dependencies', { p_shortage_ids: [ids.shortage] });
    expect(error).toBeNull();
    expect(data).toEqual([
      { shortage_id: ids.shortage, can_delete: false, has_order_items: true, has_quote_items: true, in_batch: true },
    ]);
    // Another unit's clerk learns nothing about it.
    const other = await (await as('farmaceutico')).rpc('get_shortage_dependencies', { p_shortage_ids: [ids.shortage] });
    expect(other.data).toEqual([]);
  });
});

describe('the list: search_shortages and count_shortages filter in the database', () => {
  // Words that appear nowhere else, so every assertion sees only these rows.
  const word = `lista${randomUUID().slice(0, 8)}`;
  const noteWord = `nota${randomUUID().slice(0, 8)}`;
  const barcodeBody = `2${String(Date.now()).slice(-11)}`;
  const barcode = `${barcodeBody}${gtinCheckDigit(barcodeBody)}`;
  const ids = { productA: '', productB: '', s1: '', s2: '', s3: '', s4: '' };
  type Row = { id: string; unit_id: string; status: string; product: { name: string } | null; unit: { name: string } | null };

  beforeAll(async () => {
    const db = await sql(backend);
    try {
      const creator = (await db.query<{ id: string }>(`select id from auth.users where email = 'admin@farmacia.local'`)).rows[0]?.id;
      ids.productA = (await db.query<{ id: string }>(`insert into public.products (name, barcode) values ($1, $2) returning id`, [`Ácido Fólico ${word}`, barcode])).rows[0]?.id ?? '';
      ids.productB = (await db.query<{ id: string }>(`insert into public.products (name) values ($1) returning id`, [`Vitamina C ${word}`])).rows[0]?.id ?? '';
      const insert = async (product: string, unit: string, status: string, createdAt: string, observation: string | null) =>
        (
          await db.query<{ id: string }>(
            `insert into public.shortages (product_id, unit_id, requested_quantity, status, created_by, observation, created_at)
             values ($1, $2, 1, $3, $4, $5, $6) returning id`,
            [product, units[unit], status, creator, observation, createdAt],
          )
        ).rows[0]?.id ?? '';
      // 02:30 UTC on the 10th is still the 9th in São Paulo (UTC−3).
      ids.s1 = await insert(ids.productA, 'Unidade Centro', 'PENDENTE', '2026-03-10T02:30:00Z', null);
      ids.s2 = await insert(ids.productB, 'Unidade Centro', 'ENTREGUE', '2026-03-10T03:30:00Z', `Cliente aguardando (${noteWord})`);
      ids.s3 = await insert(ids.productA, 'Unidade Centro', 'PENDENTE', '2026-03-11T12:00:00Z', null);
      ids.s4 = await insert(ids.productA, 'Unidade Norte', 'PENDENTE', '2026-03-10T12:00:00Z', null);
    } finally {
      await db.end();
    }
  });

  afterAll(async () => {
    const db = await sql(backend);
    try {
      await db.query('delete from public.shortages where product_id = any($1)', [[ids.productA, ids.productB]]);
      await db.query('delete from public.products where id = any($1)', [[ids.productA, ids.productB]]);
    } finally {
      await db.end();
    }
  });

  async function search(key: DemoUserKey, args: Record<string, unknown>): Promise<string[]> {
    const { data, error } = await (await as(key)).rpc('search_shortages', args).select('id');
    expect(error).toBeNull();
    return (data as { id: string }[]).map((row) => row.id);
  }
  async function count(key: DemoUserKey, args: Record<string, unknown>): Promise<number> {
    const { data, error } = await (await as(key)).rpc('count_shortages', args);
    expect(error).toBeNull();
    return data as number;
  }

  it('lists the caller\'s unit newest first, with product, group and unit embedded, and counts the same rows', async () => {
    const client = await as('balconista');
    const { data, error } = await client
      .rpc('search_shortages', { p_search: word })
      .select('id, unit_id, status, product:products(name), unit:store_units(name)');
    expect(error).toBeNull();
    const rows = data as unknown as Row[];
    expect(rows.map((row) => row.id)).toEqual([ids.s3, ids.s2, ids.s1]);
    expect(rows[0]).toMatchObject({ product: { name: `Ácido Fólico ${word}` }, unit: { name: 'Unidade Centro' } });
    expect(await count('balconista', { p_search: word })).toBe(3);
  });

  it('matches every word in the product name ignoring accents and case, a barcode prefix, or the observation', async () => {
    expect(await search('balconista', { p_search: `ACIDO folico ${word}` })).toEqual([ids.s3, ids.s1]);
    expect(await search('balconista', { p_search: barcode.slice(0, 10) })).toEqual([ids.s3, ids.s1]);
    expect(await search('balconista', { p_search: barcode })).toEqual([ids.s3, ids.s1]);
    expect(await search('balconista', { p_search: `aguardando ${noteWord}` })).toEqual([ids.s2]);
    expect(await search('balconista', { p_search: `${word} inexistente` })).toEqual([]);
    // LIKE metacharacters are literal.
    expect(await search('balconista', { p_search: `${word}%` })).toEqual([]);
    expect(await count('balconista', { p_search: `aguardando ${noteWord}` })).toBe(1);
  });

  it('filters by status and by São Paulo calendar days', async () => {
    expect(await search('balconista', { p_search: word, p_status: 'ENTREGUE' })).toEqual([ids.s2]);
    expect(await search('balconista', { p_search: word, p_from: '2026-03-10', p_to: '2026-03-10' })).toEqual([ids.s2]);
    expect(await search('balconista', { p_search: word, p_to: '2026-03-09' })).toEqual([ids.s1]);
    expect(await search('balconista', { p_search: word, p_from: '2026-03-11' })).toEqual([ids.s3]);
    expect(await count('balconista', { p_search: word, p_from: '2026-03-10', p_to: '2026-03-11' })).toBe(2);
    const bad = await (await as('balconista')).rpc('search_shortages', { p_status: 'CANCELADO' });
    expect(bad.error).toMatchObject({ code: '22023', message: 'Status de falta inválido' });
  });

  it('pages by keyset without gaps or repeats', async () => {
    const first = await search('balconista', { p_search: word, p_limit: 2 });
    expect(first).toEqual([ids.s3, ids.s2]);
    const db = await sql(backend);
    let cursor: string;
    try {
      cursor = (await db.query<{ c: string }>(`select created_at::text as c from public.shortages where id = $1`, [ids.s2])).rows[0]?.c ?? '';
    } finally {
      await db.end();
    }
    const second = await search('balconista', { p_search: word, p_limit: 2, p_before_created_at: cursor, p_before_id: ids.s2 });
    expect(second).toEqual([ids.s1]);
  });

  it.each(['balconista2', 'farmaceutico', 'analista', 'compras'] as const)('%s lists only their own unit, whatever unit they ask for', async (key) => {
    const own = DEMO_USERS[key].unitName;
    const expected = own === 'Unidade Centro' ? [ids.s3, ids.s2, ids.s1] : own === 'Unidade Norte' ? [ids.s4] : [];
    expect(await search(key, { p_search: word })).toEqual(expected);
    expect(await search(key, { p_search: word, p_unit_id: units['Unidade Centro'] })).toEqual(expected);
    expect(await count(key, { p_search: word, p_unit_id: units['Unidade Centro'] })).toBe(expected.length);
  });

  it('the admin lists every unit, or the one asked for', async () => {
    expect(await search('admin', { p_search: word })).toEqual([ids.s3, ids.s4, ids.s2, ids.s1]);
    expect(await search('admin', { p_search: word, p_unit_id: units['Unidade Norte'] })).toEqual([ids.s4]);
    expect(await count('admin', { p_search: word })).toBe(4);
  });

  it('a representative (no unit) lists nothing, and anon cannot call it', async () => {
    expect(await search('representante', { p_search: word })).toEqual([]);
    expect(await search('representante', {})).toEqual([]);
    const anon = anonClient(backend);
    expect((await anon.rpc('search_shortages', {})).error?.code).toBe('42501');
    expect((await anon.rpc('count_shortages', {})).error?.code).toBe('42501');
  });
});
