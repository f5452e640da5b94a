/**
 * The local /auth/v1 (GoTrue-compatible) through supabase-js and plain fetch,
 * against the conformance backend.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { AuthApiError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { conformanceBackend, sql, type BackendInfo } from '../../utils/env.ts';
import type { Mail } from '../../utils/mailbox.ts';

// Each client gets its own private IP (GoTrue's Sb-Forwarded-For), like a separate device, so these
// tests neither exhaust nor suffer from the per-IP sign-in budget (30 per 5 min in the CLI defaults)
// that other test files share on 127.0.0.1. The rate limits themselves are tested in auth-rate-limit.test.ts.
const randomIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const PASSWORD = 'senha-forte-123';

let info: BackendInfo;

function client(): SupabaseClient {
  return createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'Sb-Forwarded-For': randomIp() } },
    // Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  });
}

function admin(): SupabaseClient {
  return createClient(info.apiUrl, info.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'Sb-Forwarded-For': randomIp() } },
    // Node 20 has no global WebSocket; supabase-js builds its realtime client eagerly.
    realtime: { transport: WebSocket as never },
  });
}

function uniqueEmail(tag: string): string {
  return `${tag}-${randomBytes(5).toString('hex')}@example.com`;
}

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function signUp(email: string, password = PASSWORD, data: Record<string, unknown> = {}) {
  const { data: result, error } = await client().auth.signUp({ email, password, options: { data } });
  expect(error).toBeNull();
  expect(result.session).not.toBeNull();
  return result;
}

async function signIn(email: string, password = PASSWORD) {
  const c = client();
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { client: c, session: data.session! };
}

function authFetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${info.apiUrl}/auth/v1${path}`, {
    ...init,
    headers: { apikey: info.anonKey, 'Sb-Forwarded-For': randomIp(), 'Content-Type': 'application/json', ...init.headers },
  });
}

beforeAll(() => {
  info = conformanceBackend();
});

describe('auth: health and settings', () => {
  it('answers /health and /settings in GoTrue shape', async () => {
    const health = await authFetch('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
    const settings = await authFetch('/settings');
    expect(settings.status).toBe(200);
    const body = (await settings.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '' });
    expect((body.external as Record<string, boolean>).email).toBe(true);
    expect((body.external as Record<string, boolean>).google).toBe(false);
  });
});

describe('auth: JWKS and getClaims', () => {
  it('publishes an empty JWKS (HS256 only) and getClaims verifies the session through /user', async () => {
    const jwks = await authFetch('/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual({ keys: [] });
    // Public on hosted too (the gateway's open JWKS route): verifiers fetch it without a key.
    const open = await fetch(`${info.apiUrl}/auth/v1/.well-known/jwks.json`);
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ keys: [] });
    const email = uniqueEmail('claims');
    await signUp(email);
    const { client: c, session } = await signIn(email);
    const { data, error } = await c.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(session.user.id);
    expect(data?.claims.email).toBe(email);
  });
});

describe('auth: sign-up and sign-in', () => {
  it('signs up with autoconfirm, then signs in; user JSON and JWT claims have the GoTrue shape', async () => {
    const email = uniqueEmail('Signup');
    const { session, user } = await signUp(email, PASSWORD, { full_name: 'Maria Silva' });
    expect(user?.email).toBe(email.toLowerCase());
    expect(user?.user_metadata).toEqual({ full_name: 'Maria Silva' });
    expect(user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user?.role).toBe('authenticated');
    expect(user?.aud).toBe('authenticated');
    expect(user?.email_confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(user?.identities).toHaveLength(1);
    expect(user?.identities?.[0]).toMatchObject({ provider: 'email', id: user?.id, user_id: user?.id });
    expect(user?.identities?.[0]?.identity_data).toMatchObject({ sub: user?.id, email: email.toLowerCase(), email_verified: true });
    expect(session?.token_type).toBe('bearer');
    expect(session?.expires_in).toBe(3600);

    const signedIn = await signIn(email.toUpperCase());
    const claims = claimsOf(signedIn.session.access_token);
    expect(Object.keys(claims)).toEqual([
      'iss', 'sub', 'aud', 'exp', 'iat', 'email', 'phone', 'app_metadata', 'user_metadata', 'role', 'aal', 'amr', 'session_id', 'is_anonymous',
    ]);
    expect(claims).toMatchObject({
      iss: `${info.apiUrl}/auth/v1`,
      sub: user?.id,
      aud: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { full_name: 'Maria Silva' },
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(signedIn.session.expires_at).toBe(claims.exp);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.session_id).not.toBe(claimsOf(session!.access_token).session_id);
    expect(signedIn.session.user.last_sign_in_at).toBeTruthy();
  });

  it('stores a $2a$ cost-10 bcrypt hash and runs the GoTrue insert order (role empty on INSERT)', async () => {
    const email = uniqueEmail('hash');
    const { user } = await signUp(email);
    const db = await sql(info);
    try {
      const { rows } = await db.query<{ encrypted_password: string; role: string; instance_id: string }>(
        'select encrypted_password, role, instance_id from auth.users where id = $1',
        [user?.id],
      );
      expect(rows[0]?.encrypted_password).toMatch(/^\$2a\$10\$/);
      expect(rows[0]?.role).toBe('authenticated');
      expect(rows[0]?.instance_id).toBe('00000000-0000-0000-0000-000000000000');
    } finally {
      await db.end();
    }
  });

  it('refuses a wrong password and an unknown user with invalid_credentials', async () => {
    const email = uniqueEmail('wrong');
    await signUp(email);
    for (const attempt of [{ email, password: 'nao-e-essa' }, { email: uniqueEmail('nobody'), password: PASSWORD }]) {
      const { data, error } = await client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('refuses an existing email (user_already_exists) and a short password (weak_password)', async () => {
    const email = uniqueEmail('dup');
    await signUp(email);
    const dup = await client().auth.signUp({ email, password: PASSWORD });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('user_already_exists');
    expect(dup.error?.message).toBe('User already registered');
    const weak = await client().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
  });

  it('answers 500 "Database error saving new user" when a trigger on auth.users fails, and keeps nothing', async () => {
    const db = await sql(info);
    const marker = `trigger-fails-${randomBytes(4).toString('hex')}`;
    const fn = `auth_test_fail_${randomBytes(4).toString('hex')}`;
    try {
      await db.query(`create function public.${fn}() returns trigger language plpgsql as $$
        begin
          if new.raw_user_meta_data->>'marker' = '${marker}' then raise exception 'boom'; end if;
          return new;
        end $$`);
      await db.query(`create trigger ${fn} after insert on auth.users for each row execute function public.${fn}()`);
      const email = uniqueEmail('trigger');
      // GoTrue's answer as it is sent (how a given supabase-js turns a 500 into an error object varies by
      // version: 2.109 reports it as a retryable fetch error without reading the body).
      const res = await authFetch('/signup', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD, data: { marker } }) });
      expect(res.status).toBe(500);
      expect(((await res.json()) as { msg?: string }).msg).toBe('Database error saving new user');
      const { rowCount } = await db.query('select 1 from auth.users where email = $1', [email]);
      expect(rowCount).toBe(0);
    } finally {
      await db.query(`drop trigger if exists ${fn} on auth.users`);
      await db.query(`drop function if exists public.${fn}()`);
      await db.end();
    }
  });
});

describe('auth: /user', () => {
  it('gets the user, merges metadata, changes the password (same_password refused)', async () => {
    const email = uniqueEmail('user');
    await signUp(email, PASSWORD, { full_name: 'João', unit: 'A' });
    const { client: c, session } = await signIn(email);
    const got = await c.auth.getUser(session.access_token);
    expect(got.error).toBeNull();
    expect(got.data.user?.email).toBe(email);

    const meta = await c.auth.updateUser({ data: { unit: 'B', phone_ext: 12 } });
    expect(meta.error).toBeNull();
    expect(meta.data.user?.user_metadata).toEqual({ full_name: 'João', unit: 'B', phone_ext: 12 });

    const same = await c.auth.updateUser({ password: PASSWORD });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.message).toBe('New password should be different from the old password.');

    const weak = await c.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');

    const changed = await c.auth.updateUser({ password: 'outra-senha-456' });
    expect(changed.error).toBeNull();
    const old = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    await signIn(email, 'outra-senha-456');
  });

  it('refuses /user without a token, with a bad token, and for a deleted user', async () => {
    const none = await authFetch('/user', { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const bad = await authFetch('/user', { headers: { Authorization: 'Bearer abc.def.ghi', 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(bad.status).toBe(403);
    expect(((await bad.json()) as { code: string }).code).toBe('bad_jwt');

    const email = uniqueEmail('gone');
    const { session } = await signIn((await signUp(email)).user!.email!);
    const removed = await admin().auth.admin.deleteUser(session.user.id);
    expect(removed.error).toBeNull();
    const res = await authFetch('/user', { headers: { Authorization: `Bearer ${session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'user_not_found', message: 'User from sub claim in JWT does not exist' });
  });
});

describe('auth: refresh tokens', () => {
  it('rotates, returns the active token for its revoked parent, allows reuse within the interval, and revokes the family after it', async () => {
    const email = uniqueEmail('refresh');
    await signUp(email);
    const { session } = await signIn(email);
    const t0 = session.refresh_token;
    expect(t0).toMatch(/^[a-z0-9]{12}$/);

    const r1 = await client().auth.refreshSession({ refresh_token: t0 });
    expect(r1.error).toBeNull();
    const t1 = r1.data.session!.refresh_token;
    expect(t1).not.toBe(t0);
    expect(claimsOf(r1.data.session!.access_token).session_id).toBe(claimsOf(session.access_token).session_id);

    // t0 is the revoked parent of the active t1: the active one comes back.
    const again = await client().auth.refreshSession({ refresh_token: t0 });
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(t1);

    const r2 = await client().auth.refreshSession({ refresh_token: t1 });
    expect(r2.error).toBeNull();
    const t2 = r2.data.session!.refresh_token;

    // t0 is no longer the parent of the active token, but it was revoked less than 10 s ago.
    const reuse = await client().auth.refreshSession({ refresh_token: t0 });
    expect(reuse.error).toBeNull();
    const t3 = reuse.data.session!.refresh_token;
    expect([t0, t1, t2]).not.toContain(t3);

    // Age the whole family beyond the reuse interval (fixture setup only).
    const db = await sql(info);
    try {
      await db.query(
        `update auth.refresh_tokens set updated_at = updated_at - interval '1 minute', created_at = created_at - interval '1 minute'
          where session_id = $1`,
        [claimsOf(session.access_token).session_id],
      );
    } finally {
      await db.end();
    }
    const stale = await client().auth.refreshSession({ refresh_token: t1 });
    expect(stale.error).toBeInstanceOf(AuthApiError);
    expect(stale.error?.status).toBe(400);
    expect(stale.error?.code).toBe('refresh_token_already_used');
    expect(stale.error?.message).toBe('Invalid Refresh Token: Already Used');

    // The whole family is revoked: even the newest tokens are refused now.
    for (const t of [t2, t3]) {
      const after = await client().auth.refreshSession({ refresh_token: t });
      expect(after.error?.code).toBe('refresh_token_already_used');
    }
  });

  it('refuses a token its owner already rotated once the reuse interval has really passed, and revokes the family', async () => {
    const email = uniqueEmail('stolen');
    await signUp(email);
    const { session } = await signIn(email);
    const stolen = session.refresh_token;
    // The owner refreshes: the stolen token is now the revoked parent of the active one.
    const owner = await client().auth.refreshSession({ refresh_token: stolen });
    expect(owner.error).toBeNull();
    const active = owner.data.session!.refresh_token;

    // Past refresh_token_reuse_interval (10 s in this project's config.toml), measured by the clock.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const thief = await client().auth.refreshSession({ refresh_token: stolen });
    expect(thief.error).toBeInstanceOf(AuthApiError);
    expect(thief.error?.status).toBe(400);
    expect(thief.error?.code).toBe('refresh_token_already_used');
    expect(thief.error?.message).toBe('Invalid Refresh Token: Already Used');
    expect(thief.data.session).toBeNull();

    // The family is revoked: the owner's newer token stops working too.
    const after = await client().auth.refreshSession({ refresh_token: active });
    expect(after.error?.code).toBe('refresh_token_already_used');
  }, 30_000);

  it('answers refresh_token_not_found for an unknown token and session_not_found after logout', async () => {
    const unknown = await client().auth.refreshSession({ refresh_token: 'naoexiste123' });
    expect(unknown.error?.status).toBe(400);
    expect(unknown.error?.code).toBe('refresh_token_not_found');
    expect(unknown.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');

    const email = uniqueEmail('loggedout');
    await signUp(email);
    const { client: c, session } = await signIn(email);
    await c.auth.signOut({ scope: 'local' });
    const after = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(after.error?.status).toBe(400);
    expect(['refresh_token_not_found', 'session_not_found']).toContain(after.error?.code);
  });
});

describe('auth: logout scopes', () => {
  async function status(accessToken: string): Promise<{ status: number; code?: string }> {
    const res = await authFetch('/user', { headers: { Authorization: `Bearer ${accessToken}`, 'X-Supabase-Api-Version': '2024-01-01' } });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, code: res.status === 200 ? undefined : body.code };
  }

  it('local ends only this session, others keeps this one, global ends all', async () => {
    const email = uniqueEmail('logout');
    await signUp(email);
    const a = await signIn(email);
    const b = await signIn(email);
    const c = await signIn(email);

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await status(a.session.access_token)).toEqual({ status: 403, code: 'session_not_found' });
    expect(await status(b.session.access_token)).toEqual({ status: 200 });

    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await status(b.session.access_token)).toEqual({ status: 200 });
    expect(await status(c.session.access_token)).toEqual({ status: 403, code: 'session_not_found' });

    const d = await signIn(email);
    expect((await b.client.auth.signOut()).error).toBeNull();
    expect(await status(b.session.access_token)).toEqual({ status: 403, code: 'session_not_found' });
    expect(await status(d.session.access_token)).toEqual({ status: 403, code: 'session_not_found' });

    // supabase-js turns session_not_found into AuthSessionMissingError.
    const viaClient = await client().auth.getUser(d.session.access_token);
    expect(viaClient.error?.name).toBe('AuthSessionMissingError');

    const badScope = await authFetch('/logout?scope=everything', {
      method: 'POST',
      headers: { Authorization: `Bearer ${(await signIn(email)).session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(badScope.status).toBe(400);
    expect(((await badScope.json()) as { code: string }).code).toBe('validation_failed');
  });
});


async function mailsFor(email: string): Promise<Mail[]> {
  const res = await fetch(`${info.apiUrl}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Mail[];
}

describe('auth: password recovery through the mailbox', () => {
  it('mails a verify link; following it signs in for recovery; the new password works', async () => {
    const email = uniqueEmail('recover');
    await signUp(email);
    const redirectTo = 'http://127.0.0.1:3000/auth/reset-password';
    const sent = await client().auth.resetPasswordForEmail(email, { redirectTo });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({});

    const mails = await mailsFor(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Redefinição de senha');
    const otp = /(\d{6})/.exec(mail.text)?.[1];
    expect(otp).toBeDefined();
    const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
    expect(link).toBeDefined();
    const linkUrl = new URL(link!);
    expect(linkUrl.origin + linkUrl.pathname).toBe(`${info.apiUrl}/auth/v1/verify`);
    expect(linkUrl.searchParams.get('type')).toBe('recovery');
    expect(linkUrl.searchParams.get('redirect_to')).toBe(redirectTo);
    expect(linkUrl.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);

    const followed = await fetch(link!, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const location = followed.headers.get('location')!;
    expect(location.startsWith(`${redirectTo}#`)).toBe(true);
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    const accessToken = fragment.get('access_token')!;
    const refreshToken = fragment.get('refresh_token')!;
    expect(claimsOf(accessToken).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);

    // The link is single use.
    const reused = await fetch(link!, { redirect: 'manual' });
    expect(reused.status).toBe(303);
    const reusedFragment = new URLSearchParams(reused.headers.get('location')!.split('#')[1]);
    expect(reusedFragment.get('error')).toBe('access_denied');
    expect(reusedFragment.get('error_code')).toBe('otp_expired');
    expect(reusedFragment.get('error_description')).toBe('Email link is invalid or has expired');

    const c = client();
    const set = await c.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    expect(set.error).toBeNull();
    const updated = await c.auth.updateUser({ password: 'senha-recuperada-789' });
    expect(updated.error).toBeNull();
    await signIn(email, 'senha-recuperada-789');
  });

  it('answers 200 {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('unknown');
    const res = await client().auth.resetPasswordForEmail(email, { redirectTo: 'http://127.0.0.1:3000/auth/reset-password' });
    expect(res.error).toBeNull();
    expect(await mailsFor(email)).toHaveLength(0);
  });

  it('replaces a redirect_to outside the allow list by the site URL', async () => {
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'recovery',
      email: (await signUp(uniqueEmail('evil'))).user!.email!,
      options: { redirectTo: 'https://evil.example.com/steal' },
    });
    expect(error).toBeNull();
    expect(data.properties!.redirect_to).toBe('http://127.0.0.1:3000');
    const followed = await fetch(data.properties!.action_link, { redirect: 'manual' });
    expect(followed.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:3000#access_token=/);
  });

  it('verifies a 6-digit OTP with POST /verify', async () => {
    const email = uniqueEmail('otp');
    await signUp(email);
    const { data } = await admin().auth.admin.generateLink({ type: 'recovery', email });
    const verified = await client().auth.verifyOtp({ email, token: data.properties!.email_otp, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    const wrong = await client().auth.verifyOtp({ email, token: '000000', type: 'recovery' });
    expect(wrong.error?.status).toBe(403);
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
  });
});

describe('auth: admin API', () => {
  it('creates, lists with pagination headers, reads, updates, bans and deletes users', async () => {
    const a = admin();
    const email = uniqueEmail('admin');
    const created = await a.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: 'Ana' },
      app_metadata: { role: 'gerente' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'gerente' });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();

    const dup = await a.auth.admin.createUser({ email, password: PASSWORD });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');

    const listed = await a.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(2);
    const listedTotal = 'total' in listed.data ? listed.data.total : -1;
    expect(listedTotal).toBeGreaterThanOrEqual(2);
    const res = await authFetch('/admin/users?page=1&per_page=2', { headers: { Authorization: `Bearer ${info.serviceRoleKey}` } });
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBe(listedTotal);
    expect(res.headers.get('link')).toContain(`<${info.apiUrl}/auth/v1/admin/users?page=2&per_page=2>; rel="next"`);
    expect(res.headers.get('link')).toContain(`?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`);
    const body = (await res.json()) as { users: { created_at: string }[]; aud: string };
    expect(body.aud).toBe('authenticated');
    expect(body.users[0]!.created_at >= body.users[1]!.created_at).toBe(true);

    const got = await a.auth.admin.getUserById(id);
    expect(got.data.user?.email).toBe(email);

    const updated = await a.auth.admin.updateUserById(id, { user_metadata: { unit: 'Centro' }, app_metadata: { role: 'admin' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ full_name: 'Ana', unit: 'Centro' });
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', role: 'admin' });

    // The new app_metadata reaches the next access token.
    const { session } = await signIn(email);
    expect(claimsOf(session.access_token).app_metadata).toMatchObject({ role: 'admin' });

    const banned = await a.auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    const refused = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error?.code).toBe('user_banned');
    const refreshRefused = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshRefused.error?.code).toBe('user_banned');
    await a.auth.admin.updateUserById(id, { ban_duration: 'none' });
    await signIn(email);

    expect((await a.auth.admin.deleteUser(id)).error).toBeNull();
    const missing = await a.auth.admin.getUserById(id);
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');
  });

  it('refuses the admin API to anon (403 not_admin) and without a token (401 no_authorization)', async () => {
    const anon = await client().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    expect(anon.error?.message).toBe('User not allowed');

    const email = uniqueEmail('notadmin');
    await signUp(email);
    const { session } = await signIn(email);
    const asUser = await authFetch('/admin/users', { headers: { Authorization: `Bearer ${session.access_token}`, 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });

    const none = await fetch(`${info.apiUrl}/auth/v1/admin/users`, { headers: { apikey: info.anonKey } });
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error_code: string }).error_code).toBe('no_authorization');
  });

  it('generates links that verify like mailed ones', async () => {
    const email = uniqueEmail('genlink');
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'magiclink',
      email: (await signUp(email)).user!.email!,
      options: { redirectTo: 'http://127.0.0.1:3000/painel' },
    });
    expect(error).toBeNull();
    expect(data.properties!.verification_type).toBe('magiclink');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    expect(data.properties!.redirect_to).toBe('http://127.0.0.1:3000/painel');
    expect(data.user!.email).toBe(email);
    const followed = await fetch(data.properties!.action_link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/painel#access_token=.+&type=magiclink$/);

    const unknown = await admin().auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('ghost') });
    expect(unknown.error?.status).toBe(404);
  });

  it('POST /invite mails an invite link that confirms the new user and lands signed in on redirect_to', async () => {
    const email = uniqueEmail('invite');
    const redirectTo = 'http://127.0.0.1:3000/change-password';
    const { data, error } = await admin().auth.admin.inviteUserByEmail(email, { data: { full_name: 'Convidada' }, redirectTo });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Convidada' });

    const [mail] = await mailsFor(email);
    expect(mail?.subject).toBe('Você foi convidado');
    const link = mail!.links.find((l) => l.includes('/auth/v1/verify'))!;
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    expect(new URL(link).searchParams.get('redirect_to')).toBe(redirectTo);
    const followed = await fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/change-password#access_token=.+&type=invite$/);

    // Confirmed now: a second invite is refused as GoTrue does; without the service role it is 401/403.
    const again = await admin().auth.admin.inviteUserByEmail(email);
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe('email_exists');
    const anon = await client().auth.admin.inviteUserByEmail(uniqueEmail('intruder'));
    expect([401, 403]).toContain(anon.error?.status);
  });
});

describe('auth: error body formats', () => {
  it('uses {code,message} with the 2024-01-01 header and the legacy shape without it; x-sb-error-code always', async () => {
    const body = JSON.stringify({ email: uniqueEmail('fmt'), password: 'whatever1' });
    const modern = await authFetch('/token?grant_type=password', { method: 'POST', body, headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await modern.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });

    const legacy = await authFetch('/token?grant_type=password', { method: 'POST', body });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });

    const weak = await authFetch('/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('w'), password: '1' }), headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(weak.status).toBe(422);
    expect(await weak.json()).toEqual({ code: 'weak_password', message: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] } });

    const badJson = await authFetch('/token?grant_type=password', { method: 'POST', body: '{nope' });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error_code: string }).error_code).toBe('bad_json');

    const noRefresh = await authFetch('/token?grant_type=refresh_token', { method: 'POST', body: '{}' });
    expect(noRefresh.status).toBe(400);
    expect(await noRefresh.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('auth: reauthentication', () => {
  it('mails a nonce code (Código de verificação)', async () => {
    const email = uniqueEmail('reauth');
    await signUp(email);
    const { client: c } = await signIn(email);
    const res = await c.auth.reauthenticate();
    expect(res.error).toBeNull();
    const mails = await mailsFor(email);
    expect(mails[0]?.subject).toBe('Código de verificação');
    expect(mails[0]?.text).toMatch(/Código: \d{6}/);
  });
});
