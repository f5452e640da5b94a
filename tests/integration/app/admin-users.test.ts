/**
 * User administration: the admin-users edge function (accounts, through the service role kept
 * inside it), admin_set_user_access / admin_list_users (access, through the caller's policies),
 * the rule that an active administrator always remains, and the append-only audit trail.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSessions, signUpStranger } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `adm-${randomUUID().slice(0, 8)}`;
const createdUsers: string[] = [];
let roleId = '';
let unitIds: Record<string, string> = {};

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Calls admin-users over HTTP as `token` (null: no Authorization header at all). */
async function call(token: string | null, body: unknown): Promise<Answer> {
  const response = await fetch(`${backend.apiUrl}/functions/v1/admin-users`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

async function asAdmin(body: unknown): Promise<Answer> {
  return call(await tokenOf(await as('admin')), body);
}

/** A new device signed in as `email` with the demo password, and its session. */
async function signedIn(email: string) {
  const client = anonClient(backend);
  const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error || !data.session) throw new Error(`sign-in as ${email} failed: ${error?.message ?? ''}`);
  return { client, session: data.session };
}

function newEmail(label: string): string {
  return `${tag}-${label}@farmacia.test`;
}

/** Creates an account through the function as the admin, with this test's role and Centro. */
async function createEmployee(label: string, extra: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
  const email = newEmail(label);
  const answer = await asAdmin({
    action: 'create',
    email,
    password: DEMO_PASSWORD,
    full_name: `Funcionária ${label}`,
    role_id: roleId,
    unit_ids: [unitIds['Unidade Centro']],
    unit_id: unitIds['Unidade Centro'],
    permission_ids: [],
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const id = String(answer.body.user_id);
  createdUsers.push(id);
  return { id, email };
}

beforeAll(async () => {
  const admin = await as('admin');
  const units = unwrap(await admin.from('store_units').select('id, name'));
  unitIds = Object.fromEntries(units.map((unit) => [unit.name, unit.id]));
  roleId = unwrap(await admin.from('custom_roles').insert({ name: `Caixa ${tag}` }).select('id').single()).id;
  unwrap(await admin.from('role_permissions').insert([{ role_id: roleId, permission: 'CREATE_SHORTAGES' }]).select());
  unwrap(await admin.from('role_menu_paths').insert([{ role_id: roleId, menu_path: '/lancamento' }, { role_id: roleId, menu_path: '/documentos' }]).select());
});

afterAll(async () => {
  const service = serviceClient(backend);
  const db = await sql(backend);
  try {
    // Records the tests made the employees own, then the accounts and the role.
    await db.query('delete from public.shortages where created_by = any($1::uuid[])', [createdUsers]);
  } finally {
    await db.end();
  }
  for (const id of createdUsers) await service.auth.admin.deleteUser(id);
  if (roleId) await (await as('admin')).from('custom_roles').delete().eq('id', roleId);
});

describe('admin-users: who may call it', () => {
  it('anonymous callers get 401 (no JWT at the gateway, the anon key at the function)', async () => {
    expect((await call(null, { action: 'disable', user_id: randomUUID() })).status).toBe(401);
    const anonKey = await call(backend.anonKey, { action: 'disable', user_id: randomUUID() });
    expect(anonKey.status).toBe(401);
    expect(anonKey.body.error).toBe('Sessão inválida ou expirada. Faça login novamente.');
  });

  it('a user without MANAGE_USERS gets 403 with a Portuguese message and changes nothing', async () => {
    const clerk = await as('balconista');
    const email = newEmail('intruso');
    const answer = await call(await tokenOf(clerk), {
      action: 'create',
      email,
      password: DEMO_PASSWORD,
      full_name: 'Intruso',
      role_id: roleId,
      unit_ids: [],
      unit_id: null,
      permission_ids: [],
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('Você não tem permissão para gerenciar usuários.');
    const { data } = await serviceClient(backend).auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.some((user) => user.email === email)).toBe(false);
  });

  it('bad input is answered with the field and a Portuguese message', async () => {
    const unknown = await asAdmin({ action: 'promote', user_id: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^Ação desconhecida/);
    const noName = await asAdmin({ action: 'create', email: newEmail('semnome'), unit_ids: [], unit_id: null, role_id: null, permission_ids: [] });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ error: 'Informe o nome do usuário.', field: 'full_name' });
    const badEmail = await asAdmin({ action: 'create', email: 'nao-e-email', full_name: 'X', unit_ids: [], unit_id: null, role_id: null, permission_ids: [] });
    expect(badEmail.body).toMatchObject({ error: 'Informe um email válido.', field: 'email' });
  });
});

describe('admin-users: accounts', () => {
  it("creates an employee who signs in with exactly the role's menu paths, unit and permissions", async () => {
    const { id, email } = await createEmployee('caixa');
    const { client: employee } = await signedIn(email);
    const paths = unwrap(await employee.rpc('get_visible_menu_paths', { role_id: null as unknown as string }));
    expect(paths.map((row: { menu_path: string }) => row.menu_path)).toEqual(['/documentos', '/lancamento']);
    const profile = unwrap(await employee.from('profiles').select('full_name, unit_id').eq('id', id).single());
    expect(profile).toEqual({ full_name: 'Funcionária caixa', unit_id: unitIds['Unidade Centro'] });
    expect(unwrap(await employee.rpc('caller_has_permission', { p_permission: 'CREATE_SHORTAGES' }))).toBe(true);
    expect(unwrap(await employee.rpc('caller_has_permission', { p_permission: 'MANAGE_USERS' }))).toBe(false);
  });

  it('refuses a duplicate email, a weak password and an unknown role, leaving no half-made user', async () => {
    const { email } = await createEmployee('duplicada');
    const duplicate = await asAdmin({ action: 'create', email, password: DEMO_PASSWORD, full_name: 'Outra', role_id: roleId, unit_ids: [], unit_id: null, permission_ids: [] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('Já existe um usuário com este email.');

    const weak = await asAdmin({ action: 'create', email: newEmail('fraca'), password: 'senhafraca', full_name: 'Fraca', role_id: roleId, unit_ids: [], unit_id: null, permission_ids: [] });
    expect(weak.status).toBe(422);
    expect(weak.body.error).toBe('A senha deve ter pelo menos 8 caracteres, com letras maiúsculas, minúsculas e números.');

    const orphanEmail = newEmail('semperfil');
    const unknownRole = await asAdmin({ action: 'create', email: orphanEmail, password: DEMO_PASSWORD, full_name: 'Sem Perfil', role_id: randomUUID(), unit_ids: [], unit_id: null, permission_ids: [] });
    expect(unknownRole.status).toBe(422);
    expect(unknownRole.body.error).toBe('Perfil não encontrado');
    const unknownUnit = await asAdmin({ action: 'create', email: orphanEmail, password: DEMO_PASSWORD, full_name: 'Sem Unidade', role_id: roleId, unit_ids: [randomUUID()], unit_id: null, permission_ids: [] });
    expect(unknownUnit.body.error).toBe('Unidade não encontrada');
    const { data } = await serviceClient(backend).auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.filter((user) => user.email === orphanEmail || user.email === newEmail('fraca'))).toEqual([]);
  });

  it('invites by mail when no password is given; the link lands on /change-password signed in', async () => {
    const email = newEmail('convite');
    const answer = await asAdmin({
      action: 'create',
      email,
      full_name: 'Convidada',
      role_id: roleId,
      unit_ids: [],
      unit_id: null,
      permission_ids: [],
      redirect_to: 'http://127.0.0.1:5173/change-password',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.invited).toBe(true);
    createdUsers.push(String(answer.body.user_id));
    const mails = (await (await fetch(`${backend.apiUrl}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string; links: string[] }[];
    expect(mails[0]?.subject).toBe('Você foi convidado');
    const link = mails[0]!.links.find((l) => l.includes('/auth/v1/verify'))!;
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:5173\/change-password#access_token=.+&type=invite$/);
  });

  it('updates email, name, units, current unit, role and direct permissions', async () => {
    const { id } = await createEmployee('edicao');
    const admin = await as('admin');
    const reports = unwrap(await admin.from('permissions').select('id').eq('name', 'VIEW_REPORTS').single()).id;
    const answer = await asAdmin({
      action: 'update',
      user_id: id,
      email: newEmail('edicao2'),
      full_name: 'Funcionária Editada',
      role_id: roleId,
      unit_ids: [unitIds['Unidade Centro'], unitIds['Unidade Norte']],
      unit_id: unitIds['Unidade Norte'],
      permission_ids: [reports],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const profile = unwrap(await admin.from('profiles').select('full_name, unit_id').eq('id', id).single());
    expect(profile).toEqual({ full_name: 'Funcionária Editada', unit_id: unitIds['Unidade Norte'] });
    const units = unwrap(await admin.from('user_units').select('unit_id').eq('user_id', id));
    expect(units.map((u) => u.unit_id).sort()).toEqual([unitIds['Unidade Centro'], unitIds['Unidade Norte']].sort());
    const direct = unwrap(await admin.from('user_permissions').select('permission_id').eq('user_id', id));
    expect(direct).toEqual([{ permission_id: reports }]);
    const { data } = await serviceClient(backend).auth.admin.getUserById(id);
    expect(data.user?.email).toBe(newEmail('edicao2'));

    const outside = await asAdmin({ action: 'update', user_id: id, full_name: 'X', role_id: roleId, unit_ids: [unitIds['Unidade Centro']], unit_id: unitIds['Unidade Sul'], permission_ids: [] });
    expect(outside.status).toBe(422);
    expect(outside.body.error).toBe('A unidade atual deve estar entre as unidades do usuário');
  });

  it('reset_password mails the recovery link to the user', async () => {
    const { id, email } = await createEmployee('senha');
    const answer = await asAdmin({ action: 'reset_password', user_id: id, redirect_to: 'http://127.0.0.1:5173/auth/reset-password' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const mails = (await (await fetch(`${backend.apiUrl}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
    expect(mails.map((mail) => mail.subject)).toContain('Redefinição de senha');

    // GoTrue sends one mail per address per minute (429 over_email_send_rate_limit): passed on as a 429.
    const again = await asAdmin({ action: 'reset_password', user_id: id });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ error: 'Muitos emails enviados em pouco tempo. Aguarde um minuto e tente novamente.', code: 'over_email_send_rate_limit' });
  });

  it("disabling ends the account's access at the next refresh; enabling gives it back", async () => {
    const { id, email } = await createEmployee('desligada');
    const { session } = await signedIn(email);

    expect((await asAdmin({ action: 'disable', user_id: id })).body).toMatchObject({ disabled: true });
    const refreshed = await anonClient(backend).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('user_banned');
    const again = await anonClient(backend).auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    expect(again.error?.code).toBe('user_banned');

    expect((await asAdmin({ action: 'enable', user_id: id })).body).toMatchObject({ disabled: false });
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: DEMO_PASSWORD })).error).toBeNull();
  });

  it('deleting is refused while the user owns records (disable instead), and works for one who owns none', async () => {
    const { id, email } = await createEmployee('com-registros');
    const { client: employee } = await signedIn(email);
    const product = unwrap(await (await as('admin')).from('products').select('id').limit(1).single()).id;
    unwrap(await employee.from('shortages').insert({ product_id: product, requested_quantity: 1, observation: tag }).select('id'));
    const refused = await asAdmin({ action: 'delete', user_id: id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'user_has_records', error: 'Este usuário possui registros vinculados e não pode ser excluído. Desative a conta em vez de excluí-la.' });
    expect(refused.body.dependencies).toEqual([{ table: 'shortages', rows: 1 }]);

    const { id: clean } = await createEmployee('sem-registros');
    expect((await asAdmin({ action: 'delete', user_id: clean })).body).toMatchObject({ deleted: true });
    expect((await serviceClient(backend).auth.admin.getUserById(clean)).data.user).toBeNull();
  });

  it('nobody disables or deletes their own account through the function', async () => {
    const admin = await as('admin');
    const { data } = await admin.auth.getUser();
    for (const action of ['disable', 'delete']) {
      const answer = await asAdmin({ action, user_id: data.user!.id });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toBe('Você não pode desativar ou excluir a sua própria conta.');
    }
  });
});

describe('the chain always keeps an active administrator', () => {
  /** Runs `statements` as the superuser in a transaction checked at commit and always rolled back. */
  async function atCommit(statements: string[], params: unknown[][] = []): Promise<string | null> {
    const db = await sql(backend);
    try {
      await db.query('begin');
      for (const [index, statement] of statements.entries()) await db.query(statement, params[index] ?? []);
      await db.query('set constraints all immediate');
      return null;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await db.query('rollback').catch(() => undefined);
      await db.end();
    }
  }

  const admins = `select ur.user_id from public.user_roles ur join public.custom_roles cr on cr.id = ur.role_id where cr.is_admin or upper(cr.name) = 'ADMIN'`;

  it('demoting, disabling or removing the role of every administrator is refused, whoever tries', async () => {
    const message = 'Não é possível remover o último administrador ativo';
    expect(await atCommit([`update public.user_roles set role_id = (select id from public.custom_roles where name = 'BALCONISTA') where user_id in (${admins})`])).toBe(message);
    expect(await atCommit([`update auth.users set banned_until = now() + interval '1 day' where id in (${admins})`])).toBe(message);
    expect(await atCommit([`delete from public.user_roles where user_id in (${admins})`])).toBe(message);
    expect(await atCommit([`update public.custom_roles set is_admin = false, name = name || ' (antigo)' where is_admin or upper(name) = 'ADMIN'`])).toBe(message);
  });

  it('an administrator cannot take away their own admin rights, even through the API', async () => {
    const admin = await as('admin');
    const { data } = await admin.auth.getUser();
    const balconista = unwrap(await admin.from('custom_roles').select('id').eq('name', 'BALCONISTA').single()).id;
    const demote = await admin.from('user_roles').update({ role_id: balconista }).eq('user_id', data.user!.id).select();
    expect(demote.error?.message).toBe('Você não pode remover seus próprios direitos de administrador');
    const drop = await admin.from('user_roles').delete().eq('user_id', data.user!.id).select();
    expect(drop.error?.message).toBe('Você não pode remover seus próprios direitos de administrador');
  });
});

describe('access administration through the REST API needs the rights', () => {
  it('a clerk cannot change roles, permissions, menu paths, home actions, units or user access', async () => {
    const clerk = await as('balconista');
    const { data: me } = await clerk.auth.getUser();
    expect((await clerk.from('custom_roles').insert({ name: `Hacker ${tag}`, is_admin: true }).select()).error?.code).toBe('42501');
    expect((await clerk.from('role_permissions').insert({ role_id: roleId, permission: 'MANAGE_USERS' }).select()).error?.code).toBe('42501');
    expect((await clerk.from('role_menu_paths').insert({ role_id: roleId, menu_path: '/usuarios' }).select()).error?.code).toBe('42501');
    expect((await clerk.from('role_homepage_actions').insert({ role_id: roleId, action_key: 'manage_users', visible: true }).select()).error?.code).toBe('42501');
    expect((await clerk.from('store_units').insert({ name: `Loja ${tag}` }).select()).error?.code).toBe('42501');
    expect(unwrap(await clerk.from('store_units').update({ name: 'Tomada' }).neq('id', randomUUID()).select())).toEqual([]);
    const escalate = await clerk.rpc('admin_set_user_access', {
      p_user_id: me.user!.id,
      p_full_name: 'Eu',
      p_role_id: roleId,
      p_unit_ids: [],
      p_unit_id: null,
      p_permission_ids: [],
    });
    expect(escalate.error?.code).toBe('42501');
    expect((await clerk.rpc('admin_list_users', {})).error?.code).toBe('42501');
    expect((await clerk.rpc('admin_account_state', { p_user_id: me.user!.id })).error).not.toBeNull();
    expect((await clerk.rpc('log_account_action', { p_actor: me.user!.id, p_action: 'create', p_user_id: me.user!.id })).error).not.toBeNull();
  });
});

describe('roles: one call saves name, permissions, menu paths and home actions', () => {
  it('creates and edits a role, home actions deleted then inserted; the sidebar of its users follows', async () => {
    const admin = await as('admin');
    const name = `Estoquista ${tag}`;
    const id = unwrap(await admin.rpc('admin_save_role', {
      p_role_id: null,
      p_name: name,
      p_is_admin: false,
      p_permissions: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS'],
      p_menu_paths: ['/lancamento', '/produtos'],
      p_home_actions: ['launch_shortages', 'product_catalog'],
    })) as string;
    try {
      unwrap(await admin.rpc('admin_save_role', {
        p_role_id: id,
        p_name: name,
        p_is_admin: false,
        p_permissions: ['CREATE_SHORTAGES'],
        p_menu_paths: ['/lancamento'],
        p_home_actions: ['launch_shortages'],
      }));
      expect(unwrap(await admin.from('role_permissions').select('permission').eq('role_id', id))).toEqual([{ permission: 'CREATE_SHORTAGES' }]);
      expect(unwrap(await admin.rpc('get_visible_menu_paths', { role_id: id }))).toEqual([{ menu_path: '/lancamento' }]);
      expect(unwrap(await admin.rpc('get_visible_homepage_actions', { role_id: id }))).toEqual([{ action_key: 'launch_shortages' }]);

      const duplicate = await admin.rpc('admin_save_role', { p_role_id: null, p_name: name.toUpperCase(), p_is_admin: false, p_permissions: [], p_menu_paths: [], p_home_actions: [] });
      expect(duplicate.error?.message).toBe('Já existe um perfil com este nome');
      const unknown = await admin.rpc('admin_save_role', { p_role_id: id, p_name: name, p_is_admin: false, p_permissions: ['VOAR'], p_menu_paths: [], p_home_actions: [] });
      expect(unknown.error?.message).toBe('Permissão não encontrada');
      const clerk = await as('balconista');
      const refused = await clerk.rpc('admin_save_role', { p_role_id: id, p_name: name, p_is_admin: true, p_permissions: [], p_menu_paths: [], p_home_actions: [] });
      expect(refused.error?.code).toBe('42501');
      expect(unwrap(await admin.from('custom_roles').select('is_admin').eq('id', id).single())).toEqual({ is_admin: false });
    } finally {
      await admin.from('custom_roles').delete().eq('id', id);
    }
  });
});

describe('the users list', () => {
  it('lists, searches and filters in the database, with email, role, unit and state; new sign-ups flagged', async () => {
    const { email } = await createEmployee('lista');
    const strangerEmail = newEmail('novo');
    createdUsers.push((await signUpStranger(backend, strangerEmail, { full_name: `Novo ${tag}` })).userId);

    const admin = await as('admin');
    const found = unwrap(await admin.rpc('admin_list_users', { p_search: tag }));
    const byEmail = new Map(found.map((row: { email: string }) => [row.email, row]));
    expect(byEmail.get(email)).toMatchObject({ role_id: roleId, unit_name: 'Unidade Centro', disabled: false, pending: false });
    expect(byEmail.get(strangerEmail)).toMatchObject({ role_id: null, pending: true, full_name: `Novo ${tag}` });
    const pending = unwrap(await admin.rpc('admin_list_users', { p_search: tag, p_status: 'pending' }));
    expect(pending.map((row: { email: string }) => row.email)).toEqual([strangerEmail]);
    const page = unwrap(await admin.rpc('admin_list_users', { p_search: tag, p_limit: 1 }));
    expect(page).toHaveLength(1);
    expect(Number(page[0].total_count)).toBe(found.length);
    // New sign-ups waiting for access come first.
    expect(found[0].pending).toBe(true);
  });
});

describe('the audit trail', () => {
  it('records who changed what, before and after, and nobody can change or erase it', async () => {
    const { id } = await createEmployee('auditada');
    const admin = await as('admin');
    const { data: me } = await admin.auth.getUser();
    const rows = unwrap(await admin.from('audit_log').select('actor, action, table_name, record_id, before, after').eq('record_id', id));
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: me.user!.id, action: 'create', table_name: 'auth.users' }),
        expect.objectContaining({ actor: me.user!.id, action: 'INSERT', table_name: 'user_roles', after: { user_id: id, role_id: roleId } }),
        expect.objectContaining({ actor: me.user!.id, action: 'UPDATE', table_name: 'profiles' }),
        expect.objectContaining({ actor: me.user!.id, action: 'INSERT', table_name: 'user_units' }),
      ]),
    );
    const one = unwrap(await admin.from('audit_log').select('id').eq('record_id', id).limit(1).single()).id;

    // The administrator, the service role and the database owner are all refused.
    expect((await admin.from('audit_log').update({ action: 'x' }).eq('id', one).select()).error?.code).toBe('42501');
    expect((await admin.from('audit_log').delete().eq('id', one).select()).error?.code).toBe('42501');
    expect((await admin.from('audit_log').insert({ action: 'forjado', table_name: 'x' }).select()).error?.code).toBe('42501');
    const service = serviceClient(backend);
    expect((await service.from('audit_log').update({ action: 'x' }).eq('id', one).select()).error?.message).toBe('O registro de auditoria não pode ser alterado nem excluído');
    expect((await service.from('audit_log').delete().eq('id', one).select()).error?.message).toBe('O registro de auditoria não pode ser alterado nem excluído');
    const db = await sql(backend);
    try {
      await expect(db.query('delete from public.audit_log where id = $1', [one])).rejects.toThrow('O registro de auditoria não pode ser alterado nem excluído');
      await expect(db.query('truncate public.audit_log')).rejects.toThrow('O registro de auditoria não pode ser alterado nem excluído');
    } finally {
      await db.end();
    }
    // A clerk does not read it.
    expect(unwrap(await (await as('balconista')).from('audit_log').select('id').limit(1))).toEqual([]);
  });
});
