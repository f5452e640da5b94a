/**
 * The organisation schema (units, profiles, roles, permissions, menu and home
 * visibility) seen through supabase-js by each actor: anon, every seeded demo
 * account, and throw-away users created here so that writes never disturb the
 * seeded accounts other test files rely on. `sql()` is used only to find ids and
 * to clean up, never to check an outcome.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, DEMO_USER_KEYS, signInAs, type DemoUserKey } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, type BackendInfo } from '../../utils/env.ts';

const ORG_TABLES = [
  'store_units',
  'suppliers',
  'profiles',
  'custom_roles',
  'user_roles',
  'permissions',
  'role_permissions',
  'user_permissions',
  'role_menu_paths',
  'role_homepage_actions',
] as const;

const ALL_PERMISSIONS = [
  'ADMIN_ACCESS',
  'CREATE_SHORTAGES',
  'MANAGE_BOLETOS',
  'MANAGE_DOCUMENTS',
  'MANAGE_ORDERS',
  'MANAGE_PRODUCTS',
  'MANAGE_QUOTES',
  'MANAGE_REMESSA',
  'MANAGE_ROLES',
  'MANAGE_UNITS',
  'MANAGE_USERS',
  'PUNCH_CLOCK_ACCESS',
  'PUNCH_MANAGE',
  'PUNCH_VIEW_ALL',
  'PUNCH_VIEW_OWN',
  'VIEW_REPORTS',
];

const REPRESENTATIVE_MENU = ['/', '/analise-cotacoes', '/correio', '/cotacoes', '/dashboard', '/documentos', '/itens-vitoriosos'];

let backend: BackendInfo;
const clients = {} as Record<DemoUserKey, SupabaseClient>;
const userIds = {} as Record<DemoUserKey, string>;
const roleIds: Record<string, string> = {};
const unitIds: Record<string, string> = {};
const supplierIds: Record<string, string> = {};
const permissionIds: Record<string, string> = {};
const cleanupUserIds: string[] = [];
const runId = randomUUID().slice(0, 8);

function sorted(values: readonly string[]): string[] {
  return [...values].sort();
}

/** Creates a confirmed throw-away user through the Auth admin API and signs it in. */
async function createTempUser(label: string, metadata: Record<string, unknown> = {}) {
  const email = `org-${label}-${runId}@farmacia.test`;
  const admin = serviceClient(backend);
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
    user_metadata: metadata,
  });
  if (error || !data.user) throw new Error(`createUser ${email}: ${error?.message ?? 'no user'}`);
  cleanupUserIds.push(data.user.id);
  const client = anonClient(backend);
  const signIn = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (signIn.error) throw new Error(`sign-in ${email}: ${signIn.error.message}`);
  return { id: data.user.id, email, client };
}

beforeAll(async () => {
  backend = appBackend();
  // One sign-in per demo account (sign-ins share a per-IP rate limit with other test files).
  await Promise.all(
    DEMO_USER_KEYS.map(async (key) => {
      const signedIn = await signInAs(backend, key);
      clients[key] = signedIn.client;
      userIds[key] = signedIn.userId;
    }),
  );
  const admin = clients.admin;
  const [roles, units, suppliers, permissions] = await Promise.all([
    admin.from('custom_roles').select('id, name'),
    admin.from('store_units').select('id, name'),
    admin.from('suppliers').select('id, name'),
    admin.from('permissions').select('id, name'),
  ]);
  for (const row of roles.data ?? []) roleIds[row.name as string] = row.id as string;
  for (const row of units.data ?? []) unitIds[row.name as string] = row.id as string;
  for (const row of suppliers.data ?? []) supplierIds[row.name as string] = row.id as string;
  for (const row of permissions.data ?? []) permissionIds[row.name as string] = row.id as string;
});

afterAll(async () => {
  const admin = serviceClient(backend);
  for (const id of cleanupUserIds) await admin.auth.admin.deleteUser(id);
  await admin.from('store_units').delete().like('name', `%${runId}%`);
  await admin.from('suppliers').delete().like('name', `%${runId}%`);
  await admin.from('custom_roles').delete().like('name', `%${runId}%`);
});

describe('anon (not signed in)', () => {
  it.each(ORG_TABLES)('cannot read %s', async (table) => {
    const { data, error, status } = await anonClient(backend).from(table).select('*');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
  });

  it('cannot insert a unit, a role assignment or a supplier', async () => {
    const anon = anonClient(backend);
    const unit = await anon.from('store_units').insert({ name: `Anon ${runId}` });
    expect(unit.error?.code).toBe('42501');
    const role = await anon.from('user_roles').insert({ user_id: randomUUID(), role_id: randomUUID() });
    expect(role.error?.code).toBe('42501');
    const supplier = await anon.from('suppliers').insert({ name: `Anon ${runId}` });
    expect(supplier.error?.code).toBe('42501');
  });

  it('cannot call the organisation RPCs', async () => {
    const anon = anonClient(backend);
    const users = await anon.rpc('list_basic_users');
    expect(users.data).toBeNull();
    expect(users.error?.code).toBe('42501');
    const menu = await anon.rpc('get_visible_menu_paths', { role_id: roleIds.REPRESENTANTE });
    expect(menu.error?.code).toBe('42501');
    const actions = await anon.rpc('get_visible_homepage_actions', { role_id: roleIds.REPRESENTANTE });
    expect(actions.error?.code).toBe('42501');
  });

  it('lists unit names (and nothing else of them) for the registration form', async () => {
    const { data, error } = await anonClient(backend).rpc('list_unit_names');
    expect(error).toBeNull();
    const names = (data as Array<Record<string, unknown>>).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Unidade Centro', 'Unidade Norte', 'Unidade Sul']));
    for (const row of data as Array<Record<string, unknown>>) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
  });
});

describe('reference data every signed-in user reads', () => {
  it.each(DEMO_USER_KEYS)('%s reads units, suppliers, roles and the permission catalogue', async (key) => {
    const client = clients[key];
    const [units, suppliers, roles, permissions, rolePermissions, menu, actions] = await Promise.all([
      client.from('store_units').select('name, address'),
      client.from('suppliers').select('name'),
      client.from('custom_roles').select('name, is_admin'),
      client.from('permissions').select('name, category, menu_items'),
      client.from('role_permissions').select('role_id, permission'),
      client.from('role_menu_paths').select('role_id, menu_path'),
      client.from('role_homepage_actions').select('role_id, action_key, visible'),
    ]);
    expect(units.data?.map((u) => u.name)).toEqual(expect.arrayContaining(['Unidade Centro', 'Unidade Norte', 'Unidade Sul']));
    expect(units.data?.find((u) => u.name === 'Unidade Centro')?.address).toBeTruthy();
    expect(suppliers.data?.map((s) => s.name)).toEqual(expect.arrayContaining(['Distribuidora Alfa', 'Distribuidora Beta']));
    expect(sorted(roles.data?.map((r) => r.name as string) ?? [])).toEqual(
      expect.arrayContaining(['ADMIN', 'ADMIN_COMPRAS', 'ANALISTA', 'BALCONISTA', 'BALCONISTA_II', 'FARMACEUTICO', 'REPRESENTANTE']),
    );
    expect(roles.data?.find((r) => r.name === 'ADMIN')?.is_admin).toBe(true);
    expect(roles.data?.find((r) => r.name === 'BALCONISTA')?.is_admin).toBe(false);
    expect(sorted(permissions.data?.map((p) => p.name as string) ?? [])).toEqual(ALL_PERMISSIONS);
    expect(permissions.data?.find((p) => p.name === 'MANAGE_PRODUCTS')).toMatchObject({
      category: 'Operações',
      menu_items: ['/produtos'],
    });
    expect((rolePermissions.data ?? []).length).toBeGreaterThanOrEqual(31);
    expect((menu.data ?? []).filter((m) => m.role_id === roleIds.REPRESENTANTE)).toHaveLength(7);
    expect((actions.data ?? []).length).toBeGreaterThanOrEqual(3);
  });

  it('the role → permission mapping matches the documented defaults', async () => {
    const { data } = await clients.balconista.from('role_permissions').select('permission, custom_roles(name)');
    const byRole = new Map<string, string[]>();
    for (const row of (data ?? []) as unknown as { permission: string; custom_roles: { name: string } | null }[]) {
      const name = row.custom_roles?.name ?? '';
      byRole.set(name, [...(byRole.get(name) ?? []), row.permission]);
    }
    expect(sorted(byRole.get('BALCONISTA') ?? [])).toEqual(
      sorted(['CREATE_SHORTAGES', 'MANAGE_PRODUCTS', 'MANAGE_BOLETOS', 'MANAGE_REMESSA', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN']),
    );
    expect(sorted(byRole.get('REPRESENTANTE') ?? [])).toEqual(['MANAGE_QUOTES', 'VIEW_REPORTS']);
    expect(sorted(byRole.get('ADMIN_COMPRAS') ?? [])).toEqual(
      sorted(['MANAGE_ORDERS', 'VIEW_REPORTS', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN']),
    );
    expect(byRole.get('ANALISTA')).toContain('PUNCH_VIEW_ALL');
    expect(byRole.get('FARMACEUTICO')).toContain('MANAGE_DOCUMENTS');
    expect(byRole.get('BALCONISTA_II')).not.toContain('MANAGE_BOLETOS');
  });
});

describe('profiles', () => {
  it.each(DEMO_USER_KEYS)('%s reads their own profile with name, unit and supplier', async (key) => {
    const demo = DEMO_USERS[key];
    const { data, error } = await clients[key]
      .from('profiles')
      .select('id, full_name, unit_id, supplier_id')
      .eq('id', userIds[key])
      .single();
    expect(error).toBeNull();
    expect(data?.full_name).toBe(demo.fullName);
    expect(data?.unit_id).toBe(demo.unitName ? unitIds[demo.unitName] : null);
    expect(data?.supplier_id).toBe(demo.supplierName ? supplierIds[demo.supplierName] : null);
  });

  it('internal staff read every profile (creator names in lists)', async () => {
    const { data } = await clients.balconista.from('profiles').select('id');
    const ids = (data ?? []).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(DEMO_USER_KEYS.map((k) => userIds[k])));
  });

  it("a representative reads staff profiles but not another supplier's representative", async () => {
    const { data } = await clients.representante.from('profiles').select('id');
    const ids = (data ?? []).map((p) => p.id);
    expect(ids).toContain(userIds.representante);
    expect(ids).toContain(userIds.compras);
    expect(ids).toContain(userIds.admin);
    expect(ids).not.toContain(userIds.representante2);
    const other = await clients.representante2.from('profiles').select('id').eq('id', userIds.representante);
    expect(other.data).toEqual([]);
  });
});

describe('user_roles and user_permissions reads', () => {
  it('a user reads only their own role assignment', async () => {
    const { data } = await clients.balconista.from('user_roles').select('user_id, role_id');
    expect(data).toEqual([{ user_id: userIds.balconista, role_id: roleIds.BALCONISTA }]);
  });

  it('an admin reads every role assignment', async () => {
    const { data } = await clients.admin.from('user_roles').select('user_id, role_id');
    const ids = (data ?? []).map((r) => r.user_id);
    expect(ids).toEqual(expect.arrayContaining(DEMO_USER_KEYS.map((k) => userIds[k])));
    expect(data?.find((r) => r.user_id === userIds.compras)?.role_id).toBe(roleIds.ADMIN_COMPRAS);
  });

  it('the session user loads role name and is_admin through the embed the app uses', async () => {
    const { data, error } = await clients.admin
      .from('user_roles')
      .select('role_id, custom_roles(name, is_admin)')
      .eq('user_id', userIds.admin)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ role_id: roleIds.ADMIN, custom_roles: { name: 'ADMIN', is_admin: true } });
  });
});

describe('get_visible_menu_paths and get_visible_homepage_actions', () => {
  it.each(DEMO_USER_KEYS)('%s: menu paths of their role', async (key) => {
    const role = DEMO_USERS[key].role;
    const { data, error } = await clients[key].rpc('get_visible_menu_paths', { role_id: roleIds[role] });
    expect(error).toBeNull();
    const paths = sorted((data ?? []).map((r: { menu_path: string }) => r.menu_path));
    expect(paths).toEqual(role === 'REPRESENTANTE' ? REPRESENTATIVE_MENU : []);
    expect(paths).not.toContain('/ponto');
  });

  it.each(DEMO_USER_KEYS)('%s: home actions of their role', async (key) => {
    const role = DEMO_USERS[key].role;
    const { data, error } = await clients[key].rpc('get_visible_homepage_actions', { role_id: roleIds[role] });
    expect(error).toBeNull();
    const expected: Record<string, string[]> = {
      REPRESENTANTE: ['manage_quotes', 'winning_items'],
      ADMIN_COMPRAS: ['manage_purchases'],
    };
    expect(sorted((data ?? []).map((r: { action_key: string }) => r.action_key))).toEqual(expected[role] ?? []);
  });

  it('a null role_id means the caller’s own role', async () => {
    const { data } = await clients.representante.rpc('get_visible_homepage_actions', { role_id: null });
    expect(sorted((data ?? []).map((r: { action_key: string }) => r.action_key))).toEqual(['manage_quotes', 'winning_items']);
  });
});

describe('list_basic_users', () => {
  it('returns name and unit of a colleague filtered by id, without the e-mail', async () => {
    const { data, error } = await clients.balconista.rpc('list_basic_users').eq('id', userIds.farmaceutico);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: userIds.farmaceutico, email: null, full_name: 'Fernando Farmacêutico', unit_id: unitIds['Unidade Sul'] }]);
  });

  it("returns the caller's own e-mail", async () => {
    const { data } = await clients.balconista.rpc('list_basic_users').eq('id', userIds.balconista);
    expect(data).toEqual([expect.objectContaining({ email: 'balconista@farmacia.local' })]);
  });

  it('user administrators see every demo account with its e-mail', async () => {
    const { data } = await clients.admin.rpc('list_basic_users');
    const emails = (data ?? []).map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(DEMO_USER_KEYS.map((k) => DEMO_USERS[k].email)));
  });

  it('other staff see every demo account by name, and only their own e-mail', async () => {
    const { data } = await clients.analista.rpc('list_basic_users');
    const rows = (data ?? []) as { id: string; email: string | null; full_name: string }[];
    expect(rows.map((u) => u.full_name)).toEqual(expect.arrayContaining(DEMO_USER_KEYS.map((k) => DEMO_USERS[k].fullName)));
    expect(rows.filter((u) => u.email !== null).map((u) => u.email)).toEqual(['analista@farmacia.local']);
  });

  it("a representative sees staff names only: no e-mails, no units, no other supplier's representative", async () => {
    const { data } = await clients.representante.rpc('list_basic_users');
    const rows = (data ?? []) as { id: string; email: string | null; full_name: string; unit_id: string | null }[];
    const names = rows.map((u) => u.full_name);
    expect(names).toContain('Carla Compras');
    expect(names).toContain('Rafael Representante');
    expect(names).not.toContain('Renata Representante');
    expect(rows.filter((u) => u.email !== null).map((u) => u.email)).toEqual(['representante@farmacia.local']);
    expect(rows.filter((u) => u.id !== userIds.representante && u.unit_id !== null)).toEqual([]);
  });
});

describe('sign-up creates a profile and never a role', () => {
  it('full_name comes from metadata; a unit there is only a request; role claims are ignored', async () => {
    const client = anonClient(backend);
    const email = `org-signup-${runId}@farmacia.test`;
    const { data, error } = await client.auth.signUp({
      email,
      password: DEMO_PASSWORD,
      options: { data: { full_name: 'Sofia Cadastro', unit_id: unitIds['Unidade Norte'], role: 'ADMIN', is_admin: true } },
    });
    expect(error).toBeNull();
    const id = data.user?.id;
    if (!id) throw new Error('no user from signUp');
    cleanupUserIds.push(id);
    expect(data.session).not.toBeNull();

    const profile = await client.from('profiles').select('full_name, unit_id, requested_unit_id, supplier_id').eq('id', id).single();
    expect(profile.data).toEqual({ full_name: 'Sofia Cadastro', unit_id: null, requested_unit_id: unitIds['Unidade Norte'], supplier_id: null });
    expect((await client.from('user_units').select('unit_id')).data).toEqual([]);
    const roles = await client.from('user_roles').select('role_id');
    expect(roles.data).toEqual([]);
    // Still a plain BALCONISTA: no admin-only write passes.
    const unit = await client.from('store_units').insert({ name: `Signup ${runId}` });
    expect(unit.error?.code).toBe('42501');
  });

  it('an unknown or malformed unit_id in metadata leaves the unit empty', async () => {
    const a = await createTempUser('badunit', { full_name: 'Sem Unidade', unit_id: randomUUID() });
    const b = await createTempUser('junkunit', { full_name: 'Lixo', unit_id: "x'; drop table profiles; --" });
    const pa = await a.client.from('profiles').select('full_name, unit_id').eq('id', a.id).single();
    expect(pa.data).toEqual({ full_name: 'Sem Unidade', unit_id: null });
    const pb = await b.client.from('profiles').select('full_name, unit_id').eq('id', b.id).single();
    expect(pb.data).toEqual({ full_name: 'Lixo', unit_id: null });
  });
});

describe('writes by a non-admin (throw-away BALCONISTA)', () => {
  let me: Awaited<ReturnType<typeof createTempUser>>;

  beforeAll(async () => {
    me = await createTempUser('balconista', { full_name: 'Teste Balconista' });
    const assigned = await clients.admin.from('user_roles').insert({ user_id: me.id, role_id: roleIds.BALCONISTA });
    if (assigned.error) throw new Error(assigned.error.message);
  });

  it('cannot make themselves ADMIN by inserting a user_roles row', async () => {
    const other = await createTempUser('norole');
    const { error, status } = await other.client.from('user_roles').insert({ user_id: other.id, role_id: roleIds.ADMIN });
    expect(error?.code).toBe('42501');
    expect(status).toBe(403);
    const check = await clients.admin.from('user_roles').select('role_id').eq('user_id', other.id);
    expect(check.data).toEqual([]);
  });

  it('cannot update or delete their own role assignment', async () => {
    const update = await me.client.from('user_roles').update({ role_id: roleIds.ADMIN }).eq('user_id', me.id).select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const remove = await me.client.from('user_roles').delete().eq('user_id', me.id).select();
    expect(remove.data).toEqual([]);
    const check = await clients.admin.from('user_roles').select('role_id').eq('user_id', me.id).single();
    expect(check.data?.role_id).toBe(roleIds.BALCONISTA);
  });

  it('cannot grant themselves a permission', async () => {
    const { error } = await me.client
      .from('user_permissions')
      .insert({ user_id: me.id, permission_id: permissionIds.MANAGE_USERS });
    expect(error?.code).toBe('42501');
    const check = await clients.admin.from('user_permissions').select('permission_id').eq('user_id', me.id);
    expect(check.data).toEqual([]);
  });

  it('changes their own name, and their unit only to one assigned to them', async () => {
    const refused = await me.client.from('profiles').update({ unit_id: unitIds['Unidade Sul'] }).eq('id', me.id).select('unit_id');
    expect(refused.error).toMatchObject({ code: '42501', message: 'Você só pode trocar para uma unidade atribuída a você' });
    const assigned = await clients.admin.from('user_units').insert({ user_id: me.id, unit_id: unitIds['Unidade Sul'] });
    expect(assigned.error).toBeNull();
    const { data, error } = await me.client
      .from('profiles')
      .update({ unit_id: unitIds['Unidade Sul'], full_name: 'Teste Renomeado' })
      .eq('id', me.id)
      .select('unit_id, full_name')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ unit_id: unitIds['Unidade Sul'], full_name: 'Teste Renomeado' });
  });

  it('cannot set their own supplier', async () => {
    const { error } = await me.client
      .from('profiles')
      .update({ supplier_id: supplierIds['Distribuidora Alfa'] })
      .eq('id', me.id);
    expect(error?.code).toBe('42501');
    const check = await clients.admin.from('profiles').select('supplier_id').eq('id', me.id).single();
    expect(check.data?.supplier_id).toBeNull();
  });

  it("cannot change another user's profile", async () => {
    const { data, error } = await me.client
      .from('profiles')
      .update({ full_name: 'Invadido' })
      .eq('id', userIds.analista)
      .select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const check = await clients.admin.from('profiles').select('full_name').eq('id', userIds.analista).single();
    expect(check.data?.full_name).toBe('Amanda Analista');
  });

  it('cannot write units, suppliers, roles or their configuration', async () => {
    const c = me.client;
    const attempts = await Promise.all([
      c.from('store_units').insert({ name: `Loja ${runId}` }),
      c.from('suppliers').insert({ name: `Fornecedor ${runId}` }),
      c.from('custom_roles').insert({ name: `PAPEL_${runId}` }),
      c.from('permissions').insert({ name: `PERM_${runId}`, category: 'Usuários' }),
      c.from('role_permissions').insert({ role_id: roleIds.BALCONISTA, permission: 'MANAGE_USERS' }),
      c.from('role_menu_paths').insert({ role_id: roleIds.BALCONISTA, menu_path: '/usuarios' }),
      c.from('role_homepage_actions').insert({ role_id: roleIds.BALCONISTA, action_key: 'manage_users' }),
    ]);
    for (const attempt of attempts) expect(attempt.error?.code).toBe('42501');

    const renamed = await c.from('store_units').update({ name: 'Invadida' }).eq('id', unitIds['Unidade Centro']).select();
    expect(renamed.data).toEqual([]);
    const removed = await c.from('custom_roles').delete().eq('id', roleIds.ADMIN).select();
    expect(removed.data).toEqual([]);
    const units = await c.from('store_units').select('name').eq('id', unitIds['Unidade Centro']).single();
    expect(units.data?.name).toBe('Unidade Centro');
  });
});

describe('writes by an admin', () => {
  it("changes a user's role, and the user sees it", async () => {
    const user = await createTempUser('promoted');
    const insert = await clients.admin.from('user_roles').insert({ user_id: user.id, role_id: roleIds.BALCONISTA });
    expect(insert.error).toBeNull();
    const update = await clients.admin
      .from('user_roles')
      .update({ role_id: roleIds.ANALISTA })
      .eq('user_id', user.id)
      .select('role_id')
      .single();
    expect(update.error).toBeNull();
    expect(update.data?.role_id).toBe(roleIds.ANALISTA);
    const own = await user.client.from('user_roles').select('role_id').single();
    expect(own.data?.role_id).toBe(roleIds.ANALISTA);
  });

  it('grants a permission directly, which then takes effect (MANAGE_UNITS lets a user add units)', async () => {
    const user = await createTempUser('unitmanager');
    const before = await user.client.from('store_units').insert({ name: `Antes ${runId}` });
    expect(before.error?.code).toBe('42501');
    const grant = await clients.admin
      .from('user_permissions')
      .insert({ user_id: user.id, permission_id: permissionIds.MANAGE_UNITS });
    expect(grant.error).toBeNull();
    const own = await user.client.from('user_permissions').select('permission_id, permissions(id, name)');
    expect(own.data).toEqual([
      { permission_id: permissionIds.MANAGE_UNITS, permissions: { id: permissionIds.MANAGE_UNITS, name: 'MANAGE_UNITS' } },
    ]);
    const after = await user.client
      .from('store_units')
      .insert({ name: `Unidade Teste ${runId}`, address: 'Rua Teste, 1' })
      .select('name')
      .single();
    expect(after.error).toBeNull();
    expect(after.data?.name).toBe(`Unidade Teste ${runId}`);
    const removed = await user.client.from('store_units').delete().eq('name', `Unidade Teste ${runId}`).select('name');
    expect(removed.data).toHaveLength(1);
  });

  it('manages suppliers, roles and a role’s home actions', async () => {
    const admin = clients.admin;
    const supplier = await admin.from('suppliers').insert({ name: `Distribuidora ${runId}` }).select('id').single();
    expect(supplier.error).toBeNull();

    const role = await admin.from('custom_roles').insert({ name: `ESTAGIARIO_${runId}` }).select('id').single();
    expect(role.error).toBeNull();
    const roleId = role.data?.id as string;
    const actions = await admin.from('role_homepage_actions').insert([
      { role_id: roleId, action_key: 'launch_shortages', visible: true },
      { role_id: roleId, action_key: 'product_catalog', visible: false },
    ]);
    expect(actions.error).toBeNull();
    const menu = await admin.from('role_menu_paths').insert({ role_id: roleId, menu_path: '/lancamento' });
    expect(menu.error).toBeNull();

    const visible = await clients.balconista.rpc('get_visible_homepage_actions', { role_id: roleId });
    expect(visible.data).toEqual([{ action_key: 'launch_shortages' }]);
    const paths = await clients.balconista.rpc('get_visible_menu_paths', { role_id: roleId });
    expect(paths.data).toEqual([{ menu_path: '/lancamento' }]);

    // The home-actions screen replaces a role's rows: delete by role, then insert.
    const cleared = await admin.from('role_homepage_actions').delete().eq('role_id', roleId).select();
    expect(cleared.data).toHaveLength(2);
    const none = await clients.balconista.rpc('get_visible_homepage_actions', { role_id: roleId });
    expect(none.data).toEqual([]);
  });
});

describe('a non-admin user manager cannot escalate', () => {
  let manager: Awaited<ReturnType<typeof createTempUser>>;
  let target: Awaited<ReturnType<typeof createTempUser>>;

  beforeAll(async () => {
    manager = await createTempUser('manager');
    target = await createTempUser('target');
    const grant = await clients.admin
      .from('user_permissions')
      .insert({ user_id: manager.id, permission_id: permissionIds.MANAGE_USERS });
    if (grant.error) throw new Error(grant.error.message);
  });

  it('assigns a non-admin role to someone else', async () => {
    const { error } = await manager.client.from('user_roles').insert({ user_id: target.id, role_id: roleIds.FARMACEUTICO });
    expect(error).toBeNull();
  });

  it('cannot hand out the ADMIN role, even to someone else', async () => {
    const promote = await manager.client
      .from('user_roles')
      .update({ role_id: roleIds.ADMIN })
      .eq('user_id', target.id)
      .select();
    expect(promote.error?.code).toBe('42501');
    const check = await clients.admin.from('user_roles').select('role_id').eq('user_id', target.id).single();
    expect(check.data?.role_id).toBe(roleIds.FARMACEUTICO);
    const self = await manager.client.from('user_roles').insert({ user_id: manager.id, role_id: roleIds.ADMIN });
    expect(self.error?.code).toBe('42501');
  });

  it('cannot grant themselves another permission', async () => {
    const { error } = await manager.client
      .from('user_permissions')
      .insert({ user_id: manager.id, permission_id: permissionIds.MANAGE_ROLES });
    expect(error?.code).toBe('42501');
  });

  it("reads every user's profile", async () => {
    const { data } = await manager.client.from('profiles').select('id').eq('id', userIds.representante2);
    expect(data).toHaveLength(1);
  });
});

describe('a non-admin role manager (MANAGE_ROLES) cannot escalate', () => {
  let manager: Awaited<ReturnType<typeof createTempUser>>;
  let tempRoleId: string;

  beforeAll(async () => {
    manager = await createTempUser('rolemanager');
    const role = await clients.admin.from('user_roles').insert({ user_id: manager.id, role_id: roleIds.BALCONISTA_II });
    const grant = await clients.admin
      .from('user_permissions')
      .insert({ user_id: manager.id, permission_id: permissionIds.MANAGE_ROLES });
    const temp = await clients.admin.from('custom_roles').insert({ name: `TEMP_ROLE_${runId}` }).select('id').single();
    if (role.error || grant.error || temp.error) throw new Error('role manager fixture failed');
    tempRoleId = temp.data.id as string;
  });

  it('grants a permission they hold to another non-admin role', async () => {
    const { error } = await manager.client.from('role_permissions').insert({ role_id: tempRoleId, permission: 'MANAGE_ROLES' });
    expect(error).toBeNull();
    const check = await clients.balconista.from('role_permissions').select('permission').eq('role_id', tempRoleId);
    expect(check.data).toEqual([{ permission: 'MANAGE_ROLES' }]);
  });

  it('cannot grant a permission they do not hold', async () => {
    const { error } = await manager.client.from('role_permissions').insert({ role_id: tempRoleId, permission: 'MANAGE_USERS' });
    expect(error?.code).toBe('42501');
  });

  it('cannot add permissions to their own role or to ADMIN', async () => {
    const own = await manager.client
      .from('role_permissions')
      .insert({ role_id: roleIds.BALCONISTA_II, permission: 'MANAGE_ROLES' });
    expect(own.error?.code).toBe('42501');
    const admin = await manager.client.from('role_permissions').insert({ role_id: roleIds.ADMIN, permission: 'MANAGE_ROLES' });
    expect(admin.error?.code).toBe('42501');
    const check = await clients.balconista
      .from('role_permissions')
      .select('permission')
      .eq('role_id', roleIds.BALCONISTA_II)
      .eq('permission', 'MANAGE_ROLES');
    expect(check.data).toEqual([]);
  });

  it('cannot flag a role as admin, nor create an admin role', async () => {
    const flag = await manager.client.from('custom_roles').update({ is_admin: true }).eq('id', tempRoleId).select();
    expect(flag.error?.code).toBe('42501');
    const create = await manager.client.from('custom_roles').insert({ name: `SUPER_${runId}`, is_admin: true });
    expect(create.error?.code).toBe('42501');
    const check = await clients.balconista.from('custom_roles').select('is_admin').eq('id', tempRoleId).single();
    expect(check.data?.is_admin).toBe(false);
  });

  it('edits the description of a role they may manage', async () => {
    const { data, error } = await manager.client
      .from('custom_roles')
      .update({ description: 'Papel temporário de teste' })
      .eq('id', tempRoleId)
      .select('description')
      .single();
    expect(error).toBeNull();
    expect(data?.description).toBe('Papel temporário de teste');
  });
});

describe('admin writes on profiles and the permission catalogue', () => {
  it("updates another user's name, unit and supplier", async () => {
    const user = await createTempUser('rep', { full_name: 'Novo Representante' });
    const { data, error } = await clients.admin
      .from('profiles')
      .update({ full_name: 'Representante Gama', unit_id: null, supplier_id: supplierIds['Distribuidora Beta'] })
      .eq('id', user.id)
      .select('full_name, unit_id, supplier_id')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ full_name: 'Representante Gama', unit_id: null, supplier_id: supplierIds['Distribuidora Beta'] });
    const own = await user.client.from('profiles').select('supplier_id').eq('id', user.id).single();
    expect(own.data?.supplier_id).toBe(supplierIds['Distribuidora Beta']);
  });

  it('adds and removes a permission in the catalogue; a non-admin cannot change it', async () => {
    const name = `TEST_PERM_${runId.toUpperCase()}`;
    const created = await clients.admin
      .from('permissions')
      .insert({ name, description: 'Permissão de teste', category: 'Relatórios', menu_items: ['/relatorio-compras'] })
      .select('name, menu_items')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name, menu_items: ['/relatorio-compras'] });

    // A permission's name is its identity (role_permissions refers to it): nobody renames it by a table write.
    const renamed = await clients.compras.from('permissions').update({ name: 'MANAGE_USERS_2' }).eq('name', name).select();
    expect(renamed.error?.code).toBe('42501');
    const redescribed = await clients.compras.from('permissions').update({ description: 'Alterada' }).eq('name', name).select();
    expect(redescribed.data).toEqual([]);
    const removedByStaff = await clients.compras.from('permissions').delete().eq('name', name).select();
    expect(removedByStaff.data).toEqual([]);

    const removed = await clients.admin.from('permissions').delete().eq('name', name).select('name');
    expect(removed.data).toEqual([{ name }]);
  });
});
