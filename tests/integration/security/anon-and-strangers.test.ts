/**
 * Security review: what someone without an account, or a stranger who just
 * registered through the public /register page (sign-up is open and
 * auto-confirmed; a user without a role is a BALCONISTA), can reach.
 * The table and function lists come from the catalog (setup only); every
 * attempt goes over HTTP with the anon key or the stranger's session.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpStranger } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';

const backend = appBackend();
const tag = `sec-anon-${randomUUID().slice(0, 8)}`;

let tables: string[] = [];
/** One primary-key column per table, to write well-formed requests. */
const keyColumn = new Map<string, string>();
let functions: { name: string; args: string[] }[] = [];

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const rows = (
      await db.query<{ name: string; key: string | null }>(
        `select c.relname as name,
                (select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
                  where i.indrelid = c.oid and i.indisprimary) as key
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f') order by 1`,
      )
    ).rows;
    tables = rows.map((row) => row.name);
    for (const row of rows) keyColumn.set(row.name, row.key ?? 'id');
    functions = (
      await db.query<{ name: string; args: string[] | null }>(
        `select p.proname as name,
                array(select a.name from unnest(coalesce(p.proargnames, '{}'), coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proargnames, '{}'))]))) as a(name, mode)
                       where a.mode in ('i', 'b', 'v')) as args
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`,
      )
    ).rows.map((row) => ({ name: row.name, args: row.args ?? [] }));
  } finally {
    await db.end();
  }
});

describe('anon (the public anon key, nobody signed in)', () => {
  it('the catalog lists the app tables and RPCs (sanity)', () => {
    expect(tables).toEqual(expect.arrayContaining(['profiles', 'shortages', 'quotes', 'quote_items', 'purchase_orders']));
    expect(functions.map((fn) => fn.name)).toEqual(expect.arrayContaining(['list_unit_names', 'get_batch_comparison', 'submit_quote']));
  });

  it('reads, inserts, updates and deletes nothing in any public table', async () => {
    const anon = anonClient(backend);
    // anon holds no privilege on any app table: every operation is refused outright (42501).
    const outcomes: string[] = [];
    for (const table of tables) {
      const read = await anon.from(table).select('*', { count: 'exact' }).limit(1);
      const key = keyColumn.get(table) ?? 'id';
      // Table names come from the catalogue at run time, so the row cannot be typed per table.
      const row = { [key]: randomUUID() } as never;
      const insert = await anon.from(table).insert(row);
      const update = await anon.from(table).update(row).eq(key, randomUUID());
      const del = await anon.from(table).delete().eq(key, randomUUID());
      outcomes.push(`${table}: ${[read, insert, update, del].map((r) => r.error?.code ?? 'ok').join(' ')}`);
    }
    expect(outcomes).toEqual(tables.map((table) => `${table}: 42501 42501 42501 42501`));
  });

  it('executes no RPC but list_unit_names (ids and names only) and the public signature RPCs', async () => {
    const anon = anonClient(backend);
    const executable: string[] = [];
    for (const fn of functions) {
      const { error } = await anon.rpc(fn.name, Object.fromEntries(fn.args.map((arg) => [arg, null])));
      if (error?.code !== '42501') executable.push(`${fn.name}: ${error?.code ?? 'ok'}`);
    }
    // The public signature page's two RPCs answer anon, and with no token refuse like any invalid link.
    expect(executable).toEqual(['get_shipment_for_signature: P0001', 'list_unit_names: ok', 'sign_shipment: P0001']);
    const units = await anon.rpc('list_unit_names');
    for (const row of (units.data ?? []) as Record<string, unknown>[]) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
  });
});

describe('a stranger who registers through the public sign-up', () => {
  let stranger: SupabaseClient;
  let strangerId = '';

  beforeAll(async () => {
    ({ client: stranger, userId: strangerId } = await signUpStranger(backend, `${tag}@estranho.test`, {
      full_name: 'Estranho',
      role: 'ADMIN',
      supplier_id: randomUUID(),
      is_admin: true,
    }));
  });

  afterAll(async () => {
    if (strangerId) await serviceClient(backend).auth.admin.deleteUser(strangerId);
  });

  it('gets no supplier and no role from the sign-up metadata', async () => {
    const profile = await stranger.from('profiles').select('supplier_id, unit_id').eq('id', strangerId).single();
    expect(profile.data).toEqual({ supplier_id: null, unit_id: null });
    const roles = await stranger.from('user_roles').select('role_id');
    expect(roles.data).toEqual([]);
  });

  it('reads no quote, price, order, batch, shortage, import or other user\'s access', async () => {
    for (const table of ['quotes', 'quote_items', 'purchase_orders', 'purchase_order_items', 'quote_batches', 'shortages', 'import_runs', 'import_run_rejections', 'user_roles', 'user_permissions']) {
      const { data, error } = await stranger.from(table).select('*').limit(5);
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
  });

  it('runs none of the purchasing RPCs', async () => {
    const batchId = randomUUID();
    const comparison = await stranger.rpc('get_batch_comparison', { p_batch_id: batchId });
    expect(comparison.error?.code).toBe('42501');
    const winners = await stranger.rpc('get_winning_items');
    expect(winners.error?.code).toBe('42501');
    const rates = await stranger.rpc('get_supplier_win_rates');
    expect(rates.error?.code).toBe('42501');
    const quote = await stranger.rpc('get_or_create_quote', { p_batch_id: batchId });
    expect(quote.error?.code).toBe('42501');
    const created = await stranger.rpc('create_quote_batch', { p_unit_id: null, p_shortage_ids: [], p_name: tag });
    expect(created.error?.code).toBe('42501');
  });

  it('cannot give itself a supplier, a role or a permission', async () => {
    // Without access the stranger cannot even list suppliers; it tries with a real id anyway.
    expect((await stranger.from('suppliers').select('id')).data).toEqual([]);
    const suppliers = await serviceClient(backend).from('suppliers').select('id').limit(1);
    const supplierId = suppliers.data?.[0]?.id as string;
    const supplier = await stranger.from('profiles').update({ supplier_id: supplierId }).eq('id', strangerId).select();
    expect(supplier.error?.code).toBe('42501');
    const roles = await stranger.from('custom_roles').select('id, name');
    const adminRole = roles.data?.find((role) => role.name === 'ADMIN')?.id as string;
    const role = await stranger.from('user_roles').insert({ user_id: strangerId, role_id: adminRole });
    expect(role.error?.code).toBe('42501');
    const permissions = await stranger.from('permissions').select('id').eq('name', 'MANAGE_ORDERS').single();
    const grant = await stranger.from('user_permissions').insert({ user_id: strangerId, permission_id: permissions.data?.id });
    expect(grant.error?.code).toBe('42501');
    const balconista = roles.data?.find((row) => row.name === 'BALCONISTA')?.id as string;
    const rolePermission = await stranger.from('role_permissions').insert({ role_id: balconista, permission: 'MANAGE_ORDERS' });
    expect(rolePermission.error?.code).toBe('42501');
  });
});
