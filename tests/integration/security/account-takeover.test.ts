/**
 * Second attacker review, items 1 and 2 (issue 21): a user manager who is not an administrator (a
 * custom role holding MANAGE_USERS alone, an HR manager) took over an administrator's account:
 * admin-users wrote the admin's e-mail with the service role before any access check, then mailed
 * the password reset there; the same user disabled, enabled and deleted administrators, and
 * admin_set_user_access with p_role_id null blanked an admin's units and name. And a disabled
 * account kept working with the token in hand. Fixed by
 * supabase/migrations/20261126110000_user_admin_hardening.sql (private.account_management_refusal,
 * asked by admin-users through admin_check_account before any service-role action) and
 * 20261126100000_account_state_and_request_address.sql (private.account_active).
 *
 * Every attempt below is refused with 403 / 42501 and its Portuguese reason, and the administrator's
 * e-mail, password, ban, units, name, role and direct permissions are what they were. The same manager
 * still manages a non-admin employee.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../utils/app-users.ts';
import { appBackend, serviceClient, sql, userClient } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `tko-${randomUUID().slice(0, 8)}`;
const service = serviceClient(backend);

const ADMIN_ACCOUNT = 'Apenas administradores podem alterar a conta de um administrador.';
const ADMIN_ROLE = 'Apenas administradores podem atribuir um perfil de administrador.';
const DISABLED = 'Sua conta está desativada. Procure o administrador do sistema.';

const createdUsers: string[] = [];
const createdRoles: string[] = [];
let unitIds: Record<string, string> = {};
let adminRoleId = '';
let superRoleId = '';
let clerkRoleId = '';
let permissionIds: Record<string, string> = {};

interface Account {
  id: string;
  email: string;
}
let victim: Account;
let employee: Account;
let hr: Account;
let hrClient: SupabaseClient;
let roleManager: SupabaseClient;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(client: SupabaseClient, body: unknown): Promise<Answer> {
  const { data } = await client.auth.getSession();
  const response = await fetch(`${backend.apiUrl}/functions/v1/admin-users`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', authorization: `Bearer ${data.session?.access_token ?? ''}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** An account made with the service role: a role, units (the first is the current one) and a name. */
async function account(label: string, roleId: string | null, units: string[], permissions: string[] = []): Promise<Account> {
  const email = `${tag}-${label}@farmacia.test`;
  const created = await service.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { full_name: `${label} ${tag}` } });
  if (created.error || !created.data.user) throw new Error(created.error?.message ?? 'no user');
  const id = created.data.user.id;
  createdUsers.push(id);
  if (roleId) unwrap(await service.from('user_roles').insert({ user_id: id, role_id: roleId }).select());
  if (units.length) unwrap(await service.from('user_units').insert(units.map((unit) => ({ user_id: id, unit_id: unitIds[unit] }))).select());
  unwrap(await service.from('profiles').update({ full_name: `${label} ${tag}`, unit_id: units[0] ? unitIds[units[0]] : null }).eq('id', id).select());
  if (permissions.length) {
    unwrap(await service.from('user_permissions').insert(permissions.map((name) => ({ user_id: id, permission_id: permissionIds[name] }))).select());
  }
  return { id, email };
}

async function role(name: string, permissions: string[], isAdmin = false): Promise<string> {
  const id = unwrap(await service.from('custom_roles').insert({ name, is_admin: isAdmin }).select('id').single()).id as string;
  createdRoles.push(id);
  if (permissions.length) unwrap(await service.from('role_permissions').insert(permissions.map((permission) => ({ role_id: id, permission }))).select());
  return id;
}

/** Everything an attacker would change on an account: read as the superuser. */
async function stateOf(userId: string) {
  const db = await sql(backend);
  try {
    const { rows } = await db.query(
      `select u.email, u.encrypted_password, u.banned_until, u.deleted_at, pr.full_name, pr.unit_id, pr.supplier_id, ur.role_id,
              array(select uu.unit_id::text from public.user_units uu where uu.user_id = u.id order by 1) as units,
              array(select up.permission_id::text from public.user_permissions up where up.user_id = u.id order by 1) as permissions
         from auth.users u
         left join public.profiles pr on pr.id = u.id
         left join public.user_roles ur on ur.user_id = u.id
        where u.id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  } finally {
    await db.end();
  }
}

async function mailsTo(email: string): Promise<string[]> {
  const mails = (await (await fetch(`${backend.apiUrl}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
  return mails.map((mail) => mail.subject);
}

beforeAll(async () => {
  const units = unwrap(await service.from('store_units').select('id, name'));
  unitIds = Object.fromEntries(units.map((unit) => [unit.name as string, unit.id as string]));
  const permissions = unwrap(await service.from('permissions').select('id, name'));
  permissionIds = Object.fromEntries(permissions.map((permission) => [permission.name as string, permission.id as string]));
  adminRoleId = unwrap(await service.from('custom_roles').select('id').eq('name', 'ADMIN').single()).id as string;
  // An admin-flagged role under another name: the flag, not the name, makes it an admin role.
  superRoleId = await role(`Superusuário ${tag}`, [], true);
  clerkRoleId = await role(`Caixa ${tag}`, ['CREATE_SHORTAGES']);
  const hrRoleId = await role(`RH ${tag}`, ['MANAGE_USERS']);
  const roleManagerRoleId = await role(`Gestor de perfis ${tag}`, ['MANAGE_USERS', 'MANAGE_ROLES']);

  victim = await account('admin-alvo', adminRoleId, ['Unidade Centro', 'Unidade Sul'], ['CREATE_SHORTAGES']);
  employee = await account('funcionaria', clerkRoleId, ['Unidade Centro']);
  hr = await account('rh', hrRoleId, ['Unidade Centro']);
  hrClient = await userClient(backend, hr.email, DEMO_PASSWORD);
  const rm = await account('gestor-perfis', roleManagerRoleId, ['Unidade Centro']);
  roleManager = await userClient(backend, rm.email, DEMO_PASSWORD);
});

afterAll(async () => {
  for (const id of createdUsers) {
    await service.auth.admin.updateUserById(id, { ban_duration: 'none' });
    await service.auth.admin.deleteUser(id);
  }
  // The roles may have been handed to accounts made by the function (deleted above or never made).
  for (const id of createdRoles) await service.from('custom_roles').delete().eq('id', id);
});

describe('a user manager who is not an administrator cannot touch an administrator', () => {
  it('every admin-users action on an administrator is refused with 403 before anything is written', async () => {
    const before = await stateOf(victim.id);
    const attackerMail = `${tag}-tomada@farmacia.test`;
    const access = {
      full_name: 'Tomada',
      role_id: adminRoleId,
      unit_ids: [unitIds['Unidade Norte']],
      unit_id: unitIds['Unidade Norte'],
      permission_ids: [],
    };
    const attempts: [string, Record<string, unknown>, string][] = [
      ['e-mail change to the attacker', { action: 'update', user_id: victim.id, email: attackerMail, ...access }, ADMIN_ACCOUNT],
      ['access with no role (blanked units and name)', { action: 'update', user_id: victim.id, ...access, role_id: null, unit_ids: [], unit_id: null }, ADMIN_ACCOUNT],
      ['reset_password', { action: 'reset_password', user_id: victim.id }, ADMIN_ACCOUNT],
      ['disable', { action: 'disable', user_id: victim.id }, ADMIN_ACCOUNT],
      ['enable', { action: 'enable', user_id: victim.id }, ADMIN_ACCOUNT],
      ['delete', { action: 'delete', user_id: victim.id }, ADMIN_ACCOUNT],
    ];
    for (const [label, body, message] of attempts) {
      const answer = await call(hrClient, body);
      expect(answer.status, label).toBe(403);
      expect(answer.body, label).toMatchObject({ error: message, code: 'forbidden' });
    }
    expect(await stateOf(victim.id)).toEqual(before);
    // No account was moved to the attacker's address and no reset went anywhere.
    expect((await service.auth.admin.listUsers({ perPage: 1000 })).data.users.some((user) => user.email === attackerMail)).toBe(false);
    expect(await mailsTo(victim.email)).not.toContain('Redefinição de senha');
    expect(await mailsTo(attackerMail)).toEqual([]);
  });

  it('admin-users creates no account with an admin role and hands no admin role to an employee', async () => {
    const before = await stateOf(employee.id);
    const email = `${tag}-novo-admin@farmacia.test`;
    const base = { full_name: 'Novo Admin', unit_ids: [], unit_id: null, permission_ids: [] };
    for (const roleId of [adminRoleId, superRoleId]) {
      const created = await call(hrClient, { action: 'create', email, password: DEMO_PASSWORD, ...base, role_id: roleId });
      expect(created.status).toBe(403);
      expect(created.body.error).toBe(ADMIN_ROLE);
      const invited = await call(hrClient, { action: 'create', email, ...base, role_id: roleId });
      expect(invited.status).toBe(403);
      const promoted = await call(hrClient, { action: 'update', user_id: employee.id, email: `${tag}-x@farmacia.test`, ...base, full_name: 'Promovida', role_id: roleId });
      expect(promoted.status).toBe(403);
      expect(promoted.body.error).toBe(ADMIN_ROLE);
    }
    expect((await service.auth.admin.listUsers({ perPage: 1000 })).data.users.some((user) => user.email === email)).toBe(false);
    expect(await mailsTo(email)).toEqual([]);
    expect(await stateOf(employee.id)).toEqual(before);
  });

  it('admin_set_user_access and the tables refuse an administrator and admin roles, with the reason', async () => {
    const before = await stateOf(victim.id);
    const employeeBefore = await stateOf(employee.id);
    const rpc = (userId: string, roleId: string | null) =>
      hrClient.rpc('admin_set_user_access', {
        p_user_id: userId,
        p_full_name: 'Tomada',
        p_role_id: roleId,
        p_unit_ids: [],
        p_unit_id: null,
        p_permission_ids: [],
      });
    const attempts: [string, Awaited<ReturnType<typeof rpc>>, string][] = [
      ['admin, p_role_id null', await rpc(victim.id, null), ADMIN_ACCOUNT],
      ['admin, its own role kept', await rpc(victim.id, adminRoleId), ADMIN_ACCOUNT],
      ['employee, ADMIN role', await rpc(employee.id, adminRoleId), ADMIN_ROLE],
      ['employee, admin-flagged role', await rpc(employee.id, superRoleId), ADMIN_ROLE],
    ];
    for (const [label, result, message] of attempts) {
      expect(result.error?.code, label).toBe('42501');
      expect(result.error?.message, label).toBe(message.replace(/\.$/, ''));
    }
    // Straight at the tables: nothing the manager may write on an administrator's rows.
    expect(unwrap(await hrClient.from('profiles').update({ full_name: 'Tomada', unit_id: null }).eq('id', victim.id).select('id'))).toEqual([]);
    expect(unwrap(await hrClient.from('user_units').delete().eq('user_id', victim.id).select('unit_id'))).toEqual([]);
    expect(unwrap(await hrClient.from('user_permissions').delete().eq('user_id', victim.id).select('user_id'))).toEqual([]);
    expect(unwrap(await hrClient.from('user_roles').delete().eq('user_id', victim.id).select('user_id'))).toEqual([]);
    expect((await hrClient.from('user_units').insert({ user_id: victim.id, unit_id: unitIds['Unidade Norte'] }).select()).error?.code).toBe('42501');
    expect((await hrClient.from('user_roles').update({ role_id: superRoleId }).eq('user_id', employee.id).select('user_id')).error?.code).toBe('42501');
    expect(await stateOf(victim.id)).toEqual(before);
    expect(await stateOf(employee.id)).toEqual(employeeBefore);
  });

  it('admin_save_role: a user manager changes no role; a role manager neither edits nor creates an admin role', async () => {
    const db = await sql(backend);
    const roleState = async () => (await db.query(`select name, is_admin, array(select permission from public.role_permissions where role_id = $1 order by 1) as p from public.custom_roles where id = $1`, [superRoleId])).rows[0];
    try {
      const before = await roleState();
      const save = (client: SupabaseClient, roleId: string | null, isAdmin: boolean) =>
        client.rpc('admin_save_role', { p_role_id: roleId, p_name: roleId ? `Superusuário ${tag}` : `Novo ${tag}`, p_is_admin: isAdmin, p_permissions: [], p_menu_paths: [], p_home_actions: [] });
      const attempts: [string, Awaited<ReturnType<typeof save>>, string][] = [
        ['HR, the admin-flagged role', await save(hrClient, superRoleId, true), 'Você não tem permissão para gerenciar perfis'],
        ['HR, unflag it', await save(hrClient, superRoleId, false), 'Você não tem permissão para gerenciar perfis'],
        ['role manager, unflag it', await save(roleManager, superRoleId, false), 'Apenas administradores podem alterar um perfil de administrador'],
        ['role manager, the ADMIN role', await save(roleManager, adminRoleId, true), 'Apenas administradores podem alterar um perfil de administrador'],
        ['role manager, a new admin role', await save(roleManager, null, true), 'Apenas administradores podem criar um perfil de administrador'],
      ];
      for (const [label, result, message] of attempts) {
        expect(result.error?.code, label).toBe('42501');
        expect(result.error?.message, label).toBe(message);
      }
      expect(await roleState()).toEqual(before);
      expect((await db.query(`select 1 from public.custom_roles where name = $1`, [`Novo ${tag}`])).rowCount).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('the users list tells the screen which rows the manager may act on', async () => {
    const rows = unwrap(await hrClient.rpc('admin_list_users', { p_search: tag, p_limit: 200 })) as { id: string; can_manage: boolean }[];
    const canManage = Object.fromEntries(rows.map((row) => [row.id, row.can_manage]));
    expect(canManage[victim.id]).toBe(false);
    expect(canManage[hr.id]).toBe(false);
    expect(canManage[employee.id]).toBe(true);
  });

  it('the same manager still manages a non-admin employee through every action', async () => {
    const newEmail = `${tag}-funcionaria2@farmacia.test`;
    const updated = await call(hrClient, {
      action: 'update',
      user_id: employee.id,
      email: newEmail,
      full_name: 'Funcionária Renomeada',
      role_id: clerkRoleId,
      unit_ids: [unitIds['Unidade Sul']],
      unit_id: unitIds['Unidade Sul'],
      permission_ids: [],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await stateOf(employee.id)).toMatchObject({ email: newEmail, full_name: 'Funcionária Renomeada', unit_id: unitIds['Unidade Sul'], role_id: clerkRoleId, units: [unitIds['Unidade Sul']] });
    employee = { ...employee, email: newEmail };
    expect((await call(hrClient, { action: 'reset_password', user_id: employee.id })).status).toBe(200);
    expect(await mailsTo(newEmail)).toContain('Redefinição de senha');
    expect((await call(hrClient, { action: 'disable', user_id: employee.id })).body).toMatchObject({ disabled: true });
    expect((await stateOf(employee.id))?.banned_until).not.toBeNull();
    expect((await call(hrClient, { action: 'enable', user_id: employee.id })).body).toMatchObject({ disabled: false });
    expect((await stateOf(employee.id))?.banned_until).toBeNull();
    // Their own account is another manager's business.
    const self = await call(hrClient, { action: 'update', user_id: hr.id, full_name: 'Eu', role_id: clerkRoleId, unit_ids: [], unit_id: null, permission_ids: [] });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe('Você não pode alterar a sua própria conta. Peça a outro administrador de usuários.');
  });
});

describe('a disabled account with its still-valid token', () => {
  it('reads nothing, and RPCs and admin-users refuse it', async () => {
    const banned = await account('rh-desligado', unwrap(await service.from('custom_roles').select('id').eq('name', `RH ${tag}`).single()).id as string, ['Unidade Centro']);
    const client = await userClient(backend, banned.email, DEMO_PASSWORD);
    // Before the ban it manages users.
    expect(unwrap(await client.rpc('caller_has_permission', { p_permission: 'MANAGE_USERS' }))).toBe(true);
    expect((unwrap(await client.rpc('admin_list_users', { p_limit: 1 })) as unknown[]).length).toBe(1);
    const ban = await service.auth.admin.updateUserById(banned.id, { ban_duration: '24h' });
    expect(ban.data.user?.banned_until).toBeTruthy();
    const employeeBefore = await stateOf(employee.id);

    for (const table of ['audit_log', 'shortages', 'products', 'boletos', 'shipments', 'pontos'] as const) {
      expect(unwrap(await client.from(table).select('*').limit(5)), table).toEqual([]);
    }
    expect(unwrap(await client.rpc('caller_has_permission', { p_permission: 'MANAGE_USERS' }))).toBe(false);
    const listed = await client.rpc('admin_list_users', { p_limit: 1 });
    expect(listed.error).toMatchObject({ code: '42501', message: DISABLED });
    const access = await client.rpc('admin_set_user_access', { p_user_id: employee.id, p_full_name: 'X', p_role_id: null, p_unit_ids: [], p_unit_id: null, p_permission_ids: [] });
    expect(access.error).toMatchObject({ code: '42501', message: DISABLED });
    for (const action of ['disable', 'reset_password', 'delete']) {
      const answer = await call(client, { action, user_id: employee.id });
      expect(answer.status, action).toBe(403);
      expect(answer.body.error, action).toBe(DISABLED);
    }
    // GoTrue itself refuses the token (what the app's session layer reads).
    const user = await client.auth.getUser();
    expect(user.error).toMatchObject({ status: 403, code: 'user_banned' });
    expect(await stateOf(employee.id)).toEqual(employeeBefore);
  });
});
