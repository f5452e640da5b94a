/**
 * The config.toml settings that shape behaviour, each set away from the CLI default in a
 * project of its own, and observed through supabase-js / HTTP: [api] schemas,
 * extra_search_path, max_rows; [auth] site_url, additional_redirect_urls, jwt_expiry,
 * minimum_password_length, enable_refresh_token_rotation, refresh_token_reuse_interval.
 * The config is read on every start: the last test restarts with other auth settings.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, startBackend, type StartedBackend } from '../../utils/backend.ts';
import { anonClient, serviceClient, sql } from '../../utils/env.ts';

const PASSWORD = 'senha-bem-longa-123';

function configToml(auth: { rotation: boolean; reuseInterval: number }): string {
  return `project_id = "config-probe"

[api]
schemas = ["public", "api"]
extra_search_path = ["public", "extensions", "util"]
max_rows = 3
auto_expose_new_tables = false

[db.seed]
enabled = false

[auth]
site_url = "http://site.example.test:4000"
additional_redirect_urls = ["http://allowed.example.test/**"]
jwt_expiry = 120
enable_refresh_token_rotation = ${String(auth.rotation)}
refresh_token_reuse_interval = ${String(auth.reuseInterval)}
enable_signup = true
minimum_password_length = 12

[auth.rate_limit]
sign_in_sign_ups = 1000
token_refresh = 1000
token_verifications = 1000
email_sent = 1000

[auth.email]
enable_confirmations = false
max_frequency = "1s"
`;
}

const MIGRATION = `
create schema api;
grant usage on schema api to anon, authenticated, service_role;
create table api.items (id int primary key, label text not null);
insert into api.items values (1, 'from the api schema');
grant select on api.items to anon;

create table public.numbers (n int primary key);
insert into public.numbers select generate_series(1, 10);
grant select on public.numbers to anon;

create schema util;
grant usage on schema util to anon, authenticated, service_role;
create function util.double_it(x int) returns int language sql immutable as 'select x * 2';
grant execute on function util.double_it(int) to anon;
-- Resolved through the request's search_path at call time (plpgsql bodies are not bound at creation).
create function public.via_util(x int) returns int language plpgsql as $$ begin return double_it(x); end $$;
grant execute on function public.via_util(int) to anon;

create function public.request_info() returns jsonb language sql stable as $$
  select jsonb_build_object(
    'header', current_setting('request.headers', true)::jsonb ->> 'x-probe',
    'forwarded_for', current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for',
    'method', current_setting('request.method', true),
    'path', current_setting('request.path', true),
    'role', current_setting('request.jwt.claims', true)::jsonb ->> 'role',
    'current_user', current_user) $$;
grant execute on function public.request_info() to anon;
`;

let workDir: string;
let projectDir: string;
let dataDir: string;
let backend: StartedBackend;

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function newUser(tag: string): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const { error } = await serviceClient(backend).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
  return email;
}

async function signIn(email: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const { data, error } = await anonClient(backend).auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return data.session!;
}

async function refresh(token: string) {
  return anonClient(backend).auth.refreshSession({ refresh_token: token });
}

/** Moves a session's refresh tokens back in time (fixture setup only). */
async function ageSession(accessToken: string, seconds: number): Promise<void> {
  const db = await sql(backend);
  try {
    await db.query(
      `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2), created_at = created_at - make_interval(secs => $2)
        where session_id = $1`,
      [claimsOf(accessToken).session_id, seconds],
    );
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'config-probe-'));
  projectDir = path.join(workDir, 'supabase');
  await fs.mkdir(path.join(projectDir, 'migrations'), { recursive: true });
  await fs.writeFile(path.join(projectDir, 'config.toml'), configToml({ rotation: false, reuseInterval: 10 }));
  await fs.writeFile(path.join(projectDir, 'migrations', '20260401000000_probe.sql'), MIGRATION);
  dataDir = await makeDataDir('config-probe-data-');
  backend = await startBackend({ projectDir, dataDir });
}, 180_000);

afterAll(async () => {
  await backend?.stop({ keepDataDir: true });
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('[api] settings', () => {
  it('exposes exactly the configured schemas (first one by default, others by profile)', async () => {
    const client = anonClient(backend);
    const fromApi = await client.schema('api').from('items').select('id, label');
    expect(fromApi.error).toBeNull();
    expect(fromApi.data).toEqual([{ id: 1, label: 'from the api schema' }]);

    const fromPublic = await client.from('numbers').select('n').eq('n', 1);
    expect(fromPublic.data).toEqual([{ n: 1 }]);

    // graphql_public is a CLI default, but not in this project's list.
    const notExposed = await client.schema('graphql_public').from('items').select('*');
    expect(notExposed.status).toBe(406);
    expect(notExposed.error?.code).toBe('PGRST106');
    expect(notExposed.error?.hint).toBe('Only the following schemas are exposed: public, api');
  });

  it('runs requests with extra_search_path after the exposed schema', async () => {
    const { data, error } = await anonClient(backend).rpc('via_util', { x: 21 });
    expect(error).toBeNull();
    expect(data).toBe(42);
  });

  it('sets request.headers, request.method, request.path and request.jwt.claims for SQL to read', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/request_info`, {
        method,
        headers: { apikey: backend.anonKey, 'X-Probe': 'unidade-centro', ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        header: 'unidade-centro',
        forwarded_for: '127.0.0.1',
        method,
        path: '/rpc/request_info',
        role: 'anon',
        current_user: 'anon',
      });
    }
  });

  it('appends the address it saw to X-Forwarded-For, as the hosted gateway does (a client-sent chain is kept in front)', async () => {
    const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/request_info`, { headers: { apikey: backend.anonKey, 'X-Forwarded-For': '203.0.113.7' } });
    expect(((await response.json()) as { forwarded_for: string }).forwarded_for).toBe('203.0.113.7, 127.0.0.1');
  });

  it('caps every read at max_rows, even when a larger limit is asked for', async () => {
    const client = anonClient(backend);
    const all = await client.from('numbers').select('n', { count: 'exact' }).order('n');
    expect(all.data).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(all.count).toBe(10);
    const limited = await client.from('numbers').select('n').order('n').limit(8);
    expect(limited.data).toHaveLength(3);
    const ranged = await client.from('numbers').select('n').order('n').range(4, 9);
    expect(ranged.data).toEqual([{ n: 5 }, { n: 6 }, { n: 7 }]);
  });
});

describe('schema cache', () => {
  it("reloads on NOTIFY pgrst, 'reload schema' when DDL ran without the watch triggers", async () => {
    const client = anonClient(backend);
    const db = await sql(backend);
    try {
      await db.query('create table public.doomed (id int primary key); grant select on public.doomed to anon');
      await expect.poll(async () => (await client.from('doomed').select('id')).error, { timeout: 5000 }).toBeNull();
      // session_replication_role = replica keeps the event triggers (pgrst_ddl_watch / pgrst_drop_watch) quiet.
      await db.query("set session_replication_role = replica; drop table public.doomed; reset session_replication_role");
      // The cache still lists the table: the statement reaches Postgres and fails there.
      const stale = await client.from('doomed').select('id');
      expect(stale.error?.code).toBe('42P01');
      await db.query("notify pgrst, 'reload schema'");
      await expect
        .poll(async () => (await client.from('doomed').select('id')).error?.code, { timeout: 5000 })
        .toBe('PGRST205');
    } finally {
      await db.end();
    }
  });
});

describe('[auth] settings', () => {
  it('issues tokens that live jwt_expiry seconds', async () => {
    const session = await signIn(await newUser('expiry'));
    expect(session.expires_in).toBe(120);
    const claims = claimsOf(session.access_token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(120);
  });

  it('refuses passwords shorter than minimum_password_length', async () => {
    const client = anonClient(backend);
    const short = await client.auth.signUp({ email: `short-${Date.now()}@example.com`, password: 'a'.repeat(11) });
    expect(short.error?.status).toBe(422);
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.message).toContain('12');
    const enough = await client.auth.signUp({ email: `enough-${Date.now()}@example.com`, password: 'a'.repeat(12) });
    expect(enough.error).toBeNull();
  });

  it('redirects to site_url or an additional_redirect_urls match, never elsewhere', async () => {
    const admin = serviceClient(backend);
    const email = await newUser('redirect');
    const cases: Array<[string | undefined, string]> = [
      ['http://allowed.example.test/auth/reset-password', 'http://allowed.example.test/auth/reset-password'],
      ['http://site.example.test:4000/reset', 'http://site.example.test:4000/reset'],
      ['http://allowed.example.test/deep/path#frag', 'http://allowed.example.test/deep/path'],
      // Loopback addresses are always accepted, as GoTrue does for native apps.
      ['http://127.0.0.1:3000/reset', 'http://127.0.0.1:3000/reset'],
      ['http://evil.example.test/reset', 'http://site.example.test:4000'],
      ['http://site.example.test:5000/reset', 'http://site.example.test:4000'],
      ['https://site.example.test:4000/reset', 'http://site.example.test:4000'],
      ['http://allowed.example.test.evil.test/x', 'http://site.example.test:4000'],
      [undefined, 'http://site.example.test:4000'],
    ];
    for (const [requested, expected] of cases) {
      const { data, error } = await admin.auth.admin.generateLink({
        type: 'recovery',
        email,
        ...(requested ? { options: { redirectTo: requested } } : {}),
      });
      expect(error).toBeNull();
      const followed = await fetch(data.properties!.action_link, { redirect: 'manual' });
      expect(followed.status).toBe(303);
      expect({ requested, location: followed.headers.get('location')?.split('#')[0] }).toEqual({ requested, location: expected });
    }
  });

  it('with enable_refresh_token_rotation = false, accepts an old revoked refresh token at any age', async () => {
    const session = await signIn(await newUser('norotation'));
    const t0 = session.refresh_token;
    const r1 = await refresh(t0);
    expect(r1.error).toBeNull();
    const r2 = await refresh(r1.data.session!.refresh_token);
    expect(r2.error).toBeNull();
    await ageSession(session.access_token, 3600);
    const reused = await refresh(t0);
    expect(reused.error).toBeNull();
    expect(reused.data.session!.refresh_token).not.toBe(t0);
  });

  it('after a restart with rotation on, honours refresh_token_reuse_interval (120 s here, not the default 10 s)', async () => {
    await backend.stop({ keepDataDir: true });
    await fs.writeFile(path.join(projectDir, 'config.toml'), configToml({ rotation: true, reuseInterval: 120 }));
    backend = await startBackend({ projectDir, dataDir });

    const session = await signIn(await newUser('reuse'));
    const t0 = session.refresh_token;
    const r1 = await refresh(t0);
    const r2 = await refresh(r1.data.session!.refresh_token);
    expect(r2.error).toBeNull();
    // t0 is revoked and no longer the parent of the active token; 60 s is inside the 120 s interval.
    await ageSession(session.access_token, 60);
    const inside = await refresh(t0);
    expect(inside.error).toBeNull();
    // Beyond it, t1 (revoked, not the parent of the active token) is reuse: the family is revoked.
    // (t0 itself is now the parent of the active token, which would simply be handed back.)
    await ageSession(session.access_token, 150);
    const outside = await refresh(r1.data.session!.refresh_token);
    expect(outside.error?.status).toBe(400);
    expect(outside.error?.code).toBe('refresh_token_already_used');
    const newest = await refresh(inside.data.session!.refresh_token);
    expect(newest.error?.code).toBe('refresh_token_already_used');
  }, 180_000);
});
