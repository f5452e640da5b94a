/**
 * The signed-in user's profile, role, permissions, unit and menu (spec §4 "On sign-in"), as the app loads them
 * (src/features/auth/api/load-session-user.ts): in one round trip, and equal to what the spec's separate reads
 * (spec §7: user_roles, role_permissions by role id, user_permissions, profiles, store_units by id and
 * get_visible_menu_paths {role_id}) give, for every demo account, a user without a role, a user with a directly
 * granted permission and, until its token expires, a disabled account.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSessionUser } from '@/features/auth/api/load-session-user';
import type { SessionUser } from '@/features/auth/types';
import { resolveRole } from '@/lib/permissions';
import type { Database } from '@/types/database.types';
import { DEMO_PASSWORD, DEMO_USER_KEYS, DEMO_USERS, signUpStranger } from '../../utils/app-users.ts';
import { appBackend, deviceClientWithFetch, serviceClient } from '../../utils/env.ts';

const backend = appBackend();
const tag = `session-user-${randomUUID().slice(0, 8)}`;

interface Exchange {
  url: string;
  sentAt: number;
  answeredAt: number;
}

/** A client signed in as `email` whose requests after sign-in are recorded (when sent, when answered). */
async function recordingClient(email: string, password: string): Promise<{ client: SupabaseClient<Database>; exchanges: Exchange[]; userId: string }> {
  const exchanges: Exchange[] = [];
  let recording = false;
  const client = deviceClientWithFetch(backend, async (input, init) => {
    const sentAt = performance.now();
    const response = await fetch(input, init);
    await response.clone().arrayBuffer();
    if (recording) exchanges.push({ url: String(input instanceof Request ? input.url : input), sentAt, answeredAt: performance.now() });
    return response;
  }) as unknown as SupabaseClient<Database>;
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.user) throw new Error(`sign-in as ${email} failed: ${error?.message}`);
  recording = true;
  return { client, exchanges, userId: data.user.id };
}

/** What the spec's separate reads give, one after the other (the app's earlier two-round-trip load). */
async function specReads(client: SupabaseClient<Database>, userId: string) {
  const profile = (await client.from('profiles').select('id, full_name, unit_id').eq('id', userId).maybeSingle()).data;
  const roleLink = (await client.from('user_roles').select('role_id, custom_roles(name, is_admin)').eq('user_id', userId).maybeSingle()).data;
  const userPermissions = (await client.from('user_permissions').select('permission_id, permissions(id, name)').eq('user_id', userId)).data ?? [];
  const roleId = roleLink?.role_id ?? null;
  const rolePermissions = roleId ? ((await client.from('role_permissions').select('permission, role_id').in('role_id', [roleId])).data ?? []) : [];
  const unitName = profile?.unit_id ? ((await client.from('store_units').select('name').eq('id', profile.unit_id).maybeSingle()).data?.name ?? null) : null;
  const menu = roleId ? ((await client.rpc('get_visible_menu_paths', { role_id: roleId })).data ?? []) : [];
  const permissions = [...new Set([...rolePermissions.map((row) => row.permission), ...userPermissions.flatMap((row) => (row.permissions ? [row.permissions.name] : []))])];
  return {
    role: resolveRole(roleLink?.custom_roles ?? null),
    roleId,
    unitId: profile?.unit_id ?? null,
    unitName,
    permissions: permissions.sort(),
    visibleMenuPaths: menu.map((row) => row.menu_path).sort(),
  };
}

/** The fields the spec's reads decide, in a comparable order. */
function facts(loaded: SessionUser) {
  return {
    role: loaded.role,
    roleId: loaded.roleId,
    unitId: loaded.unitId,
    unitName: loaded.unitName,
    permissions: [...loaded.permissions].sort(),
    visibleMenuPaths: [...loaded.visibleMenuPaths].sort(),
  };
}

async function loadAndCompare(email: string, password: string) {
  const { client, exchanges, userId } = await recordingClient(email, password);
  const loaded = await getSessionUser(client, { id: userId, email });
  // One round trip: every request went out before the first answer came back.
  expect(exchanges.length).toBeGreaterThan(0);
  const firstAnswer = Math.min(...exchanges.map((exchange) => exchange.answeredAt));
  expect(exchanges.filter((exchange) => exchange.sentAt > firstAnswer).map((exchange) => exchange.url)).toEqual([]);
  expect(facts(loaded)).toEqual(await specReads(client, userId));
  await client.auth.signOut({ scope: 'local' });
  return loaded;
}

describe('the session user (profile, role, permissions, unit, menu)', () => {
  it.each(DEMO_USER_KEYS)('%s: one round trip, the same as the spec\'s separate reads', async (key) => {
    const user = DEMO_USERS[key];
    const loaded = await loadAndCompare(user.email, DEMO_PASSWORD);
    expect(loaded.role).toBe(user.role);
    expect(loaded.unitName).toBe(user.unitName);
    expect(loaded.name).toBe(user.fullName);
    // An administrator's rights come from is_admin, not from permission rows; every other role has some.
    if (user.role !== 'ADMIN') expect(loaded.permissions.length).toBeGreaterThan(0);
  });

  describe('accounts outside the demo roles', () => {
    const service = serviceClient(backend);
    let strangerId = '';
    let grantedId = '';
    const grantedEmail = `${tag}-granted@estranho.test`;

    beforeAll(async () => {
      ({ userId: strangerId } = await signUpStranger(backend, `${tag}@estranho.test`, { full_name: `Estranho ${tag}` }));
      ({ userId: grantedId } = await signUpStranger(backend, grantedEmail, { full_name: `Concedido ${tag}` }));
      const [unit, role, permission] = await Promise.all([
        service.from('store_units').select('id').eq('name', 'Unidade Sul').single(),
        service.from('custom_roles').select('id').eq('name', 'BALCONISTA').single(),
        service.from('permissions').select('id').eq('name', 'VIEW_REPORTS').single(),
      ]);
      expect((await service.from('profiles').update({ unit_id: unit.data?.id }).eq('id', grantedId)).error).toBeNull();
      expect((await service.from('user_roles').insert({ user_id: grantedId, role_id: role.data?.id })).error).toBeNull();
      expect((await service.from('user_permissions').insert({ user_id: grantedId, permission_id: permission.data?.id })).error).toBeNull();
    });

    afterAll(async () => {
      for (const id of [strangerId, grantedId]) if (id) await service.auth.admin.deleteUser(id);
    });

    it('a user without a role: labelled BALCONISTA, no role permissions, no menu configuration', async () => {
      const loaded = await loadAndCompare(`${tag}@estranho.test`, DEMO_PASSWORD);
      expect(loaded).toMatchObject({ role: 'BALCONISTA', roleId: null, unitId: null, unitName: null, permissions: [], visibleMenuPaths: [] });
    });

    it('a directly granted permission joins the role\'s, and the unit is named', async () => {
      const loaded = await loadAndCompare(grantedEmail, DEMO_PASSWORD);
      expect(loaded.role).toBe('BALCONISTA');
      expect(loaded.unitName).toBe('Unidade Sul');
      expect(loaded.permissions).toContain('VIEW_REPORTS');
    });

    it('a disabled account whose token is still valid gets what the separate reads give it', async () => {
      const { client, userId } = await recordingClient(grantedEmail, DEMO_PASSWORD);
      expect((await service.auth.admin.updateUserById(grantedId, { ban_duration: '24h' })).error).toBeNull();
      try {
        const loaded = await getSessionUser(client, { id: userId, email: grantedEmail });
        expect(facts(loaded)).toEqual(await specReads(client, userId));
      } finally {
        await service.auth.admin.updateUserById(grantedId, { ban_duration: 'none' });
      }
    });
  });
});
