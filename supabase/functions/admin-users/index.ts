/**
 * admin-users: account administration for /usuarios. Creating, disabling, enabling and deleting
 * accounts needs the service-role key, which lives only here. The caller is whoever the JWT says
 * (the gateway checked its signature, verify_jwt = true); the database then says whether that user
 * may act on the account the request names (public.admin_check_account, with the caller's own JWT):
 * only an administrator acts on an administrator's account or hands out an admin role, a user
 * manager acts on other non-admin accounts, a disabled account on none. That check runs before
 * anything is done with the service role, so a refused request changes nothing. Access itself
 * (name, units, role, permissions) is written with the caller's own JWT through
 * public.admin_set_user_access, so the table policies decide and the audit trail names the caller;
 * account actions are recorded with public.log_account_action. GoTrue's mail rate limit (429) is
 * answered as a 429 with a Portuguese message.
 *
 * Body: { action: 'create' | 'update' | 'reset_password' | 'disable' | 'enable' | 'delete', ... }.
 * Answers: 200 { user_id, ... }; 4xx { error: <Portuguese message>, code }.
 */
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { z } from 'npm:zod@4.6.7';
import { CORS_HEADERS, env, json, Refusal } from '../_shared/http.ts';

/** Ten years is "until an administrator enables it again". */
const DISABLED_FOR = '87600h';

const MESSAGES = {
  unauthenticated: 'Sessão inválida ou expirada. Faça login novamente.',
  disabled: 'Sua conta está desativada. Procure o administrador do sistema.',
  mailRateLimited: 'Muitos emails enviados em pouco tempo. Aguarde um minuto e tente novamente.',
  forbidden: 'Você não tem permissão para gerenciar usuários.',
  invalidBody: 'Requisição inválida.',
  unknownAction: 'Ação desconhecida. Use create, update, reset_password, disable, enable ou delete.',
  duplicateEmail: 'Já existe um usuário com este email.',
  weakPassword: 'A senha deve ter pelo menos 8 caracteres, com letras maiúsculas, minúsculas e números.',
  notFound: 'Usuário não encontrado.',
  self: 'Você não pode desativar ou excluir a sua própria conta.',
  lastAdmin: 'Não é possível remover o último administrador ativo.',
  hasRecords: 'Este usuário possui registros vinculados e não pode ser excluído. Desative a conta em vez de excluí-la.',
  failed: 'Não foi possível concluir a operação. Tente novamente.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (message: string) => z.string({ error: message }).regex(UUID, message);
const email = z.string({ error: 'Informe um email válido.' }).trim().toLowerCase().pipe(z.email('Informe um email válido.'));
const redirectTo = z.url('Endereço de redirecionamento inválido.').optional();

/** The access every user has: what admin_set_user_access writes. */
const access = {
  full_name: z.string({ error: 'Informe o nome do usuário.' }).trim().min(1, 'Informe o nome do usuário.').max(120, 'O nome deve ter no máximo 120 caracteres.'),
  role_id: id('Perfil inválido.').nullable(),
  unit_ids: z.array(id('Unidade inválida.'), { error: 'Informe as unidades do usuário.' }).max(100),
  unit_id: id('Unidade inválida.').nullable(),
  permission_ids: z.array(id('Permissão inválida.'), { error: 'Informe as permissões diretas do usuário.' }).max(100),
  supplier_id: id('Fornecedor inválido.').nullable().optional(),
};

const bodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    email,
    // Without a password the user is invited by mail and chooses one on the invite link's page.
    password: z.string({ error: MESSAGES.weakPassword }).min(8, MESSAGES.weakPassword).max(72, 'A senha deve ter no máximo 72 caracteres.').optional(),
    redirect_to: redirectTo,
    ...access,
  }),
  z.object({ action: z.literal('update'), user_id: id('Usuário inválido.'), email: email.optional(), ...access }),
  z.object({ action: z.literal('reset_password'), user_id: id('Usuário inválido.'), redirect_to: redirectTo }),
  z.object({ action: z.literal('disable'), user_id: id('Usuário inválido.') }),
  z.object({ action: z.literal('enable'), user_id: id('Usuário inválido.') }),
  z.object({ action: z.literal('delete'), user_id: id('Usuário inválido.') }),
]);
type Body = z.infer<typeof bodySchema>;

/** A database or auth error as the caller should read it (Portuguese messages raised by our SQL pass through). */
function refusalFrom(error: { message?: string; code?: string; status?: number } | null, fallback: string = MESSAGES.failed): Refusal {
  const message = error?.message ?? '';
  const code = error?.code ?? '';
  // GoTrue's mail budget (per address and per hour): the caller may try again later, so it stays a 429.
  if (code === 'over_email_send_rate_limit' || error?.status === 429) return new Refusal(429, 'over_email_send_rate_limit', MESSAGES.mailRateLimited);
  if (code === 'email_exists' || code === 'user_already_exists' || /already (been )?registered/i.test(message)) return new Refusal(409, 'email_exists', MESSAGES.duplicateEmail);
  if (code === 'weak_password' || /password/i.test(message)) return new Refusal(422, 'weak_password', MESSAGES.weakPassword);
  if (code === '42501') return new Refusal(403, 'forbidden', message || MESSAGES.forbidden);
  if (code === '22023' || code === 'P0001') return new Refusal(422, 'invalid', message);
  if (/último administrador/.test(message)) return new Refusal(409, 'last_admin', MESSAGES.lastAdmin);
  if (code === 'user_not_found' || error?.status === 404) return new Refusal(404, 'not_found', MESSAGES.notFound);
  return new Refusal(500, 'failed', fallback);
}

interface Context {
  callerId: string;
  /** The caller's own client: RLS and the audit trail see the caller. */
  caller: SupabaseClient;
  /** Service role: auth admin API and the service-only RPCs. */
  service: SupabaseClient;
}

async function callerContext(req: Request): Promise<Context> {
  const authorization = req.headers.get('Authorization') ?? '';
  const url = env('SUPABASE_URL');
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const caller = createClient(url, env('SUPABASE_ANON_KEY'), { ...options, global: { headers: { Authorization: authorization } } });
  const token = authorization.replace(/^Bearer\s+/i, '');
  const { data, error } = await caller.auth.getUser(token);
  // GoTrue refuses a banned account's still-valid token with 403 user_banned.
  if (error?.code === 'user_banned') throw new Refusal(403, 'account_disabled', MESSAGES.disabled);
  if (error || !data.user) throw new Refusal(401, 'unauthenticated', MESSAGES.unauthenticated);
  const ctx = { callerId: data.user.id, caller, service: createClient(url, env('SUPABASE_SERVICE_ROLE_KEY'), options) };
  // May the caller manage users at all (an active account holding MANAGE_USERS)?
  await checkAccount(ctx, null, null);
  return ctx;
}

/**
 * The database's word, asked with the caller's JWT, on whether the caller may act on the account
 * `userId` (null: a new one) and give it the role `roleId`. Runs before any service-role action.
 */
async function checkAccount(ctx: Pick<Context, 'caller'>, userId: string | null, roleId: string | null): Promise<void> {
  const { error } = await ctx.caller.rpc('admin_check_account', { p_user_id: userId, p_role_id: roleId });
  if (!error) return;
  if (error.code === '42501') throw new Refusal(403, 'forbidden', error.message || MESSAGES.forbidden);
  throw refusalFrom(error);
}

async function log(ctx: Context, action: string, userId: string, before: unknown, after: unknown): Promise<void> {
  const { error } = await ctx.service.rpc('log_account_action', { p_actor: ctx.callerId, p_action: action, p_user_id: userId, p_before: before, p_after: after });
  if (error) console.error('audit log failed', error.message);
}

async function setAccess(ctx: Context, userId: string, body: Extract<Body, { action: 'create' | 'update' }>): Promise<void> {
  const { error } = await ctx.caller.rpc('admin_set_user_access', {
    p_user_id: userId,
    p_full_name: body.full_name,
    p_role_id: body.role_id,
    p_unit_ids: body.unit_ids,
    p_unit_id: body.unit_id,
    p_permission_ids: body.permission_ids,
    p_supplier_id: body.supplier_id ?? null,
  });
  if (error) throw refusalFrom(error);
}

async function accountOf(ctx: Context, userId: string) {
  const { data, error } = await ctx.service.auth.admin.getUserById(userId);
  if (error || !data.user) throw new Refusal(404, 'not_found', MESSAGES.notFound);
  return data.user;
}

async function accountState(ctx: Context, userId: string): Promise<{ is_active_admin: boolean; active_admins: number; dependencies: { table: string; rows: number }[] }> {
  const { data, error } = await ctx.service.rpc('admin_account_state', { p_user_id: userId });
  if (error) throw refusalFrom(error);
  return data;
}

/** Disabling or deleting: never one's own account, never the last active administrator. */
async function guardRemoval(ctx: Context, userId: string) {
  if (userId === ctx.callerId) throw new Refusal(409, 'self', MESSAGES.self);
  await checkAccount(ctx, userId, null);
  const account = await accountOf(ctx, userId);
  const state = await accountState(ctx, userId);
  const banned = account.banned_until ? new Date(account.banned_until).getTime() > Date.now() : false;
  if (state.is_active_admin && !banned && state.active_admins <= 1) throw new Refusal(409, 'last_admin', MESSAGES.lastAdmin);
  return { account, state };
}

const summary = (user: { id: string; email?: string; banned_until?: string | null }) => ({ id: user.id, email: user.email ?? null, banned_until: user.banned_until ?? null });

async function handle(ctx: Context, body: Body): Promise<Record<string, unknown>> {
  switch (body.action) {
    case 'create': {
      await checkAccount(ctx, null, body.role_id);
      const metadata = { full_name: body.full_name };
      const created = body.password
        ? await ctx.service.auth.admin.createUser({ email: body.email, password: body.password, email_confirm: true, user_metadata: metadata })
        : await ctx.service.auth.admin.inviteUserByEmail(body.email, { data: metadata, ...(body.redirect_to ? { redirectTo: body.redirect_to } : {}) });
      if (created.error || !created.data.user) throw refusalFrom(created.error);
      const userId = created.data.user.id;
      try {
        await setAccess(ctx, userId, body);
      } catch (error) {
        // No half-made user: the account goes when its access could not be written.
        await ctx.service.auth.admin.deleteUser(userId);
        throw error;
      }
      await log(ctx, 'create', userId, null, { email: body.email, invited: !body.password, role_id: body.role_id, unit_ids: body.unit_ids });
      return { user_id: userId, invited: !body.password };
    }
    case 'update': {
      await checkAccount(ctx, body.user_id, body.role_id);
      const account = await accountOf(ctx, body.user_id);
      if (body.email && body.email !== account.email?.toLowerCase()) {
        const changed = await ctx.service.auth.admin.updateUserById(body.user_id, { email: body.email, email_confirm: true });
        if (changed.error) throw refusalFrom(changed.error);
        await log(ctx, 'update', body.user_id, { email: account.email }, { email: body.email });
      }
      await setAccess(ctx, body.user_id, body);
      return { user_id: body.user_id };
    }
    case 'reset_password': {
      await checkAccount(ctx, body.user_id, null);
      const account = await accountOf(ctx, body.user_id);
      if (!account.email) throw new Refusal(422, 'invalid', MESSAGES.notFound);
      const sent = await ctx.service.auth.resetPasswordForEmail(account.email, body.redirect_to ? { redirectTo: body.redirect_to } : {});
      if (sent.error) throw refusalFrom(sent.error);
      await log(ctx, 'reset_password', body.user_id, null, { email: account.email });
      return { user_id: body.user_id };
    }
    case 'disable': {
      const { account } = await guardRemoval(ctx, body.user_id);
      const changed = await ctx.service.auth.admin.updateUserById(body.user_id, { ban_duration: DISABLED_FOR });
      if (changed.error || !changed.data.user) throw refusalFrom(changed.error);
      await log(ctx, 'disable', body.user_id, summary(account), summary(changed.data.user));
      return { user_id: body.user_id, disabled: true };
    }
    case 'enable': {
      await checkAccount(ctx, body.user_id, null);
      const account = await accountOf(ctx, body.user_id);
      const changed = await ctx.service.auth.admin.updateUserById(body.user_id, { ban_duration: 'none' });
      if (changed.error || !changed.data.user) throw refusalFrom(changed.error);
      await log(ctx, 'enable', body.user_id, summary(account), summary(changed.data.user));
      return { user_id: body.user_id, disabled: false };
    }
    case 'delete': {
      const { account, state } = await guardRemoval(ctx, body.user_id);
      if (state.dependencies.length > 0) {
        throw Object.assign(new Refusal(409, 'user_has_records', MESSAGES.hasRecords), { dependencies: state.dependencies });
      }
      const removed = await ctx.service.auth.admin.deleteUser(body.user_id);
      if (removed.error) throw refusalFrom(removed.error);
      await log(ctx, 'delete', body.user_id, summary(account), null);
      return { user_id: body.user_id, deleted: true };
    }
  }
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
  if (req.method !== 'POST') return json(405, { error: MESSAGES.invalidBody, code: 'method_not_allowed' });
  try {
    const ctx = await callerContext(req);
    let raw: unknown;
    try {
      raw = await req.json();
    } catch {
      throw new Refusal(400, 'invalid_body', MESSAGES.invalidBody);
    }
    const parsed = bodySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = !issue ? MESSAGES.invalidBody : issue.code === 'invalid_union' ? MESSAGES.unknownAction : issue.message;
      return json(400, { error: message, code: 'invalid_body', field: issue?.path.join('.') ?? null });
    }
    return json(200, await handle(ctx, parsed.data));
  } catch (error) {
    if (error instanceof Refusal) {
      const extra = 'dependencies' in error ? { dependencies: (error as Refusal & { dependencies: unknown }).dependencies } : {};
      return json(error.status, { error: error.message, code: error.code, ...extra });
    }
    console.error('admin-users failed', error);
    return json(500, { error: MESSAGES.failed, code: 'failed' });
  }
});
