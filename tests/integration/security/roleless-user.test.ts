/**
 * Security review, finding D1: a self-registered stranger (no user_roles row)
 * used to get the BALCONISTA role's permissions (shortages, the whole product
 * catalogue, boletos, remessas) in a unit of their choice. Fixed by
 * supabase/migrations/20261121900000_access_hardening.sql (section "roleless users have no permissions"): a
 * user without a role has only the permissions an administrator grants directly.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpStranger } from '../../utils/app-users.ts';
import { appBackend, serviceClient } from '../../utils/env.ts';

const backend = appBackend();
const tag = `sec-d1-${randomUUID().slice(0, 8)}`;

let stranger: SupabaseClient;
let strangerId = '';
let unitId = '';
let productId = '';

beforeAll(async () => {
  ({ client: stranger, userId: strangerId } = await signUpStranger(backend, `${tag}@estranho.test`, { full_name: `Estranho ${tag}` }));
  const units = await stranger.rpc('list_unit_names');
  unitId = ((units.data ?? []) as { id: string; name: string }[]).find((unit) => unit.name === 'Unidade Centro')?.id ?? '';
  // A user changes unit only among those assigned to them: the stranger has none.
  const picked = await stranger.from('profiles').update({ unit_id: unitId }).eq('id', strangerId).select('unit_id');
  expect(picked.error?.code).toBe('42501');
  // An administrator places the account in Centro (still without a role).
  const service = serviceClient(backend);
  const placed = await service.from('profiles').update({ unit_id: unitId }).eq('id', strangerId).select('unit_id').single();
  expect(placed.data).toEqual({ unit_id: unitId });
  const product = await service.from('products').insert({ name: `Produto ${tag}` }).select('id').single();
  productId = product.data?.id ?? '';
});

afterAll(async () => {
  const service = serviceClient(backend);
  await service.from('shortages').delete().eq('observation', tag);
  if (productId) await service.from('products').delete().eq('id', productId);
  if (strangerId) await service.auth.admin.deleteUser(strangerId);
});

describe('a user without a role has no permissions', () => {
  it('reads no business data, even placed in a unit', async () => {
    for (const table of ['shortages', 'quote_batches', 'products', 'categories', 'suppliers'] as const) {
      expect((await stranger.from(table).select('id')).data, table).toEqual([]);
    }
    const colleagues = await stranger.from('profiles').select('id');
    expect(colleagues.data).toEqual([{ id: strangerId }]);
  });

  it('cannot register a shortage in the unit they picked', async () => {
    const { error } = await stranger.from('shortages').insert({ product_id: productId, requested_quantity: 2, observation: tag }).select('id');
    expect(error?.code).toBe('42501');
  });

  it('cannot create, edit or delete catalogue products', async () => {
    const created = await stranger.from('products').insert({ name: `Forjado ${tag}` }).select('id');
    expect(created.error?.code).toBe('42501');
    const edited = await stranger.from('products').update({ name: `Renomeado ${tag}` }).eq('id', productId).select('id');
    expect(edited.data ?? []).toEqual([]);
    const deleted = await stranger.from('products').delete().eq('id', productId).select('id');
    expect(deleted.data ?? []).toEqual([]);
    const product = await serviceClient(backend).from('products').select('name').eq('id', productId).single();
    expect(product.data?.name).toBe(`Produto ${tag}`);
  });

  it('gets exactly what an administrator grants directly (user_permissions)', async () => {
    const service = serviceClient(backend);
    const permission = await service.from('permissions').select('id').eq('name', 'CREATE_SHORTAGES').single();
    const granted = await service.from('user_permissions').insert({ user_id: strangerId, permission_id: permission.data?.id });
    expect(granted.error).toBeNull();
    const shortage = await stranger.from('shortages').insert({ product_id: productId, requested_quantity: 2, observation: tag }).select('unit_id').single();
    expect(shortage.error).toBeNull();
    expect(shortage.data).toEqual({ unit_id: unitId });
    const product = await stranger.from('products').insert({ name: `Forjado ${tag}` }).select('id');
    expect(product.error?.code).toBe('42501');
  });
});
