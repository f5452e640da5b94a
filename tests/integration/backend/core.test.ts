/**
 * The local backend's core: gateway (CORS, apikey, routing), status file,
 * platform bootstrap, CLI-style migrations and seeds, restart and failures.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendStartError, freePort, makeDataDir, REPO_ROOT, startBackend, startFailure, type StartedBackend } from '../../utils/backend.ts';
import { anonClient, conformanceBackend, serviceClient, sql, type BackendInfo } from '../../utils/env.ts';
import { signJwt } from '../../utils/jwt.ts';

const NO_KEY = { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
const BAD_KEY = { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };

function decodeVerified(token: string, secret: string): Record<string, unknown> {
  const [header, payload, signature] = token.split('.');
  expect(header && payload && signature).toBeTruthy();
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8'))).toMatchObject({ alg: 'HS256', typ: 'JWT' });
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('gateway', () => {
  let info: BackendInfo;
  beforeAll(() => {
    info = conformanceBackend();
  });

  it('answers CORS preflight echoing the requested headers', async () => {
    const requested = 'apikey, authorization, x-client-info, content-type, prefer, accept-profile, range';
    const response = await fetch(`${info.apiUrl}/rest/v1/conformance_ping?select=*`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': requested },
    });
    expect([200, 204]).toContain(response.status);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe(requested);
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(response.headers.get('access-control-max-age')).toBe('86400');
  });

  it('adds CORS headers exposing Content-Range to ordinary responses', async () => {
    for (const url of [`${info.apiUrl}/rest/v1/conformance_ping?select=*`, `${info.apiUrl}/auth/v1/health`, `${info.apiUrl}/nowhere`]) {
      const response = await fetch(url, { headers: { apikey: info.anonKey, Origin: 'http://127.0.0.1:5173' } });
      await response.arrayBuffer();
      expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
      for (const name of ['content-range', 'content-location', 'location', 'range-unit', 'preference-applied', 'x-supabase-api-version', 'x-total-count', 'link']) {
        expect(exposed, `${url} exposes ${name}`).toContain(name);
      }
    }
  });

  it('refuses API requests without any key like the hosted gateway, even with a valid JWT as bearer', async () => {
    const { data } = await serviceClient(info).auth.admin.createUser({ email: `gateway-${Date.now()}@example.com`, password: 'senha-segura-123', email_confirm: true });
    const userJwt = signJwt({ sub: data.user?.id, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, info.jwtSecret);
    for (const p of ['/rest/v1/conformance_ping', '/auth/v1/user', '/auth/v1/health', '/auth/v1/settings', '/storage/v1/bucket']) {
      const variants: Record<string, string>[] = [{}, { Authorization: `Bearer ${info.anonKey}` }, { Authorization: `Bearer ${userJwt}` }];
      for (const headers of variants) {
        const response = await fetch(`${info.apiUrl}${p}`, { headers });
        expect(response.status, p).toBe(401);
        expect(await response.json(), p).toEqual(NO_KEY);
      }
    }
  });

  it('takes only the anon and service_role keys as apikey: a user JWT or a self-made anon JWT is no API key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = signJwt({ role: 'anon', iss: 'supabase-demo', exp: 1983812996 }, 'another-secret-that-is-at-least-32-characters');
    const userJwt = signJwt({ sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated', exp: now + 600 }, info.jwtSecret);
    const otherAnon = signJwt({ role: 'anon', exp: now + 600 }, info.jwtSecret);
    for (const key of ['not-a-key', foreign, `${info.anonKey}x`, userJwt, otherAnon]) {
      for (const p of ['/rest/v1/conformance_ping', '/auth/v1/user', '/storage/v1/bucket', '/functions/v1/public-echo']) {
        const response = await fetch(`${info.apiUrl}${p}`, { headers: { apikey: key, Authorization: `Bearer ${userJwt}` } });
        expect(response.status, `${p} with ${key.slice(0, 12)}`).toBe(401);
        expect(await response.json(), p).toEqual(BAD_KEY);
      }
    }
    const viaQuery = await fetch(`${info.apiUrl}/rest/v1/conformance_ping?apikey=nope`);
    expect(viaQuery.status).toBe(401);
    expect(await viaQuery.json()).toEqual(BAD_KEY);
    const userKeyQuery = await fetch(`${info.apiUrl}/rest/v1/conformance_ping?apikey=${userJwt}`);
    expect(await userKeyQuery.json()).toEqual(BAD_KEY);
  });

  it('lets valid keys (header or url param) and the routes hosted keeps open through', async () => {
    const withHeader = await fetch(`${info.apiUrl}/rest/v1/conformance_ping?select=note`, { headers: { apikey: info.anonKey } });
    expect(withHeader.status).toBe(200);
    expect(await withHeader.json()).toEqual([{ note: 'pong' }]);
    const withParam = await fetch(`${info.apiUrl}/rest/v1/conformance_ping?select=note&apikey=${info.anonKey}`);
    expect(withParam.status).toBe(200);
    const service = await fetch(`${info.apiUrl}/auth/v1/health`, { headers: { apikey: info.serviceRoleKey } });
    expect(service.status).toBe(200);
    for (const p of [
      '/auth/v1/verify?token=nope&type=recovery', '/auth/v1/.well-known/jwks.json', '/storage/v1/object/public/nobucket/file.txt',
      '/storage/v1/object/sign/docs/x.txt?token=nope', '/mailbox',
    ]) {
      const response = await fetch(`${info.apiUrl}${p}`, { redirect: 'manual' });
      const text = await response.text();
      expect(text, p).not.toContain('API key');
      expect(response.status, p).not.toBe(401);
      expect(response.status, p).toBeLessThan(500);
    }
    // Edge Functions: no key needed (the runtime applies verify_jwt itself).
    const open = await fetch(`${info.apiUrl}/functions/v1/public-echo`, { method: 'POST', body: 'x' });
    expect(open.status).toBe(200);
    const closed = await fetch(`${info.apiUrl}/functions/v1/echo`);
    expect(closed.status).toBe(401);
    expect(await closed.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await fetch(`${info.apiUrl}/graphql/v2/whatever`, { headers: { apikey: info.anonKey } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('writes status.json with working keys', () => {
    const status = JSON.parse(readFileSync(path.join(info.dataDir, 'status.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(status).sort()).toEqual(['ANON_KEY', 'API_URL', 'DB_URL', 'JWT_SECRET', 'MAILBOX_URL', 'SERVICE_ROLE_KEY']);
    expect(status.API_URL).toBe(info.apiUrl);
    expect(status.MAILBOX_URL).toBe(`${info.apiUrl}/mailbox`);
    expect(status.DB_URL).toMatch(/^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    expect(status.JWT_SECRET).toBe('super-secret-jwt-token-with-at-least-32-characters-long');
    expect(decodeVerified(status.ANON_KEY ?? '', status.JWT_SECRET ?? '')).toEqual({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 });
    expect(decodeVerified(status.SERVICE_ROLE_KEY ?? '', status.JWT_SECRET ?? '')).toEqual({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 });
  });
});

describe('database bootstrap and migrations', () => {
  let info: BackendInfo;
  let db: pg.Client;
  beforeAll(async () => {
    info = conformanceBackend();
    db = await sql(info);
  });
  afterAll(async () => {
    await db.end();
  });

  it('records applied migrations like the Supabase CLI', async () => {
    const { rows } = await db.query<{ version: string; name: string; statements: string[] }>(
      "select version, name, statements from supabase_migrations.schema_migrations where version = '20260101000000'",
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.name).toBe('base');
    expect(row?.statements[0]).toMatch(/^-- Base of the conformance fixture project[\s\S]*create table public\.conformance_ping/);
    expect(row?.statements.some((s) => s.startsWith('grant select on public.conformance_ping to anon, authenticated'))).toBe(true);
  });

  it('keeps tables created without GRANTs away from the API roles', async () => {
    const { data, error, status } = await anonClient(info).from('conformance_unexposed').select('*');
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    const asService = await serviceClient(info).from('conformance_unexposed').select('*');
    expect(asService.status).toBe(403);
    expect(asService.error?.code).toBe('42501');
    const { rows } = await db.query<{ anon: boolean; authenticated: boolean; service: boolean }>(
      `select has_table_privilege('anon', 'public.conformance_unexposed', 'select') as anon,
              has_table_privilege('authenticated', 'public.conformance_unexposed', 'select') as authenticated,
              has_table_privilege('service_role', 'public.conformance_unexposed', 'select') as service`,
    );
    expect(rows[0]).toEqual({ anon: false, authenticated: false, service: false });
  });

  it('reloads the API schema by itself after DDL (pgrst_ddl_watch + NOTIFY pgrst)', async () => {
    // The OpenAPI root lists what the schema cache holds and never reloads it on a miss:
    // the new table shows up there only if the DDL itself made the cache reload.
    const table = `core_reload_probe_${Date.now()}`;
    const listed = async (): Promise<boolean> => {
      const response = await fetch(`${info.apiUrl}/rest/v1/`, { headers: { apikey: info.anonKey, Accept: 'application/openapi+json' } });
      const body = (await response.json()) as { paths: Record<string, unknown> };
      return `/${table}` in body.paths;
    };
    const until = async (expected: boolean): Promise<boolean> => {
      const deadline = Date.now() + 5_000;
      while ((await listed()) !== expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return listed();
    };
    expect(await listed()).toBe(false);
    await db.query(`create table public.${table} (id int primary key)`);
    try {
      expect(await until(true)).toBe(true);
    } finally {
      await db.query(`drop table if exists public.${table}`);
    }
    expect(await until(false)).toBe(false);
  });

  it('installs the platform roles, schemas, extensions and helpers', async () => {
    const roles = await db.query<{ rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }>(
      "select rolname, rolbypassrls, rolcanlogin from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by rolname",
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticator', rolbypassrls: false, rolcanlogin: true },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
    ]);
    const settings = await db.query<{ rolname: string; setconfig: string[] }>(
      `select r.rolname, s.setconfig from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where r.rolname in ('anon', 'authenticated') order by r.rolname`,
    );
    expect(settings.rows).toEqual([
      { rolname: 'anon', setconfig: ['statement_timeout=3s'] },
      { rolname: 'authenticated', setconfig: ['statement_timeout=8s'] },
    ]);
    const extensions = await db.query<{ extname: string; schema: string }>(
      `select e.extname, n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname in ('pgcrypto', 'uuid-ossp', 'pg_trgm') order by e.extname`,
    );
    expect(extensions.rows).toEqual([
      { extname: 'pg_trgm', schema: 'extensions' },
      { extname: 'pgcrypto', schema: 'extensions' },
      { extname: 'uuid-ossp', schema: 'extensions' },
    ]);
    const publication = await db.query("select 1 from pg_publication where pubname = 'supabase_realtime'");
    expect(publication.rowCount).toBe(1);
    const rls = await db.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('auth', 'storage') and c.relkind = 'r' and not c.relrowsecurity
          and c.relname in ('users', 'identities', 'sessions', 'refresh_tokens', 'one_time_tokens',
                            'audit_log_entries', 'flow_state', 'buckets', 'objects')`,
    );
    expect(rls.rows).toEqual([]);
    const authenticator = await db.query<{ rolsuper: boolean; rolinherit: boolean; scram: boolean }>(
      "select rolsuper, rolinherit, rolpassword like 'SCRAM-SHA-256$%' as scram from pg_authid where rolname = 'authenticator'",
    );
    expect(authenticator.rows).toEqual([{ rolsuper: false, rolinherit: false, scram: true }]);
    const wal = await db.query<{ wal_level: string }>('show wal_level');
    expect(wal.rows[0]?.wal_level).toBe('logical');
    const fsync = await db.query<{ fsync: string }>('show fsync');
    expect(fsync.rows[0]?.fsync).toBe('on');
  });

  it('serves REST requests on connections logged in as authenticator, not the superuser', async () => {
    const response = await fetch(`${info.apiUrl}/rest/v1/conformance_ping?select=note`, { headers: { apikey: info.anonKey } });
    expect(response.status).toBe(200);
    const { rows } = await db.query<{ usename: string; superuser: boolean }>(
      `select distinct a.usename, r.rolsuper as superuser from pg_stat_activity a join pg_roles r on r.oid = a.usesysid
        where a.application_name in ('local-supabase requests', 'local-supabase realtime rls')`,
    );
    expect(rows).toEqual([{ usename: 'authenticator', superuser: false }]);
  });

  it('creates the auth tables with the columns project SQL commonly reads', async () => {
    const expected: Record<string, string[]> = {
      users: [
        'id', 'instance_id', 'aud', 'role', 'email', 'encrypted_password', 'email_confirmed_at', 'invited_at', 'confirmation_token',
        'recovery_token', 'recovery_sent_at', 'last_sign_in_at', 'raw_app_meta_data', 'raw_user_meta_data', 'is_super_admin',
        'created_at', 'updated_at', 'phone', 'phone_confirmed_at', 'confirmed_at', 'banned_until', 'deleted_at', 'is_anonymous',
      ],
      identities: ['id', 'provider_id', 'user_id', 'identity_data', 'provider', 'last_sign_in_at', 'created_at', 'updated_at', 'email'],
      sessions: ['id', 'user_id', 'created_at', 'updated_at', 'aal', 'not_after', 'refreshed_at', 'user_agent', 'ip'],
      refresh_tokens: ['id', 'instance_id', 'token', 'user_id', 'revoked', 'created_at', 'updated_at', 'parent', 'session_id'],
    };
    const { rows } = await db.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'auth' and table_name = any($1)",
      [Object.keys(expected)],
    );
    for (const [table, columns] of Object.entries(expected)) {
      const present = rows.filter((row) => row.table_name === table).map((row) => row.column_name);
      expect({ table, missing: columns.filter((column) => !present.includes(column)) }).toEqual({ table, missing: [] });
    }
  });

  it('defines auth.uid(), auth.role(), auth.jwt(), auth.email() and the storage path helpers', async () => {
    await db.query('begin');
    try {
      const claims = { sub: '8f7c4c1e-1b7e-4d4c-9a57-3f0c2b1a9e11', role: 'authenticated', email: 'ana@example.com' };
      await db.query("select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)", [JSON.stringify(claims)]);
      const { rows } = await db.query(
        `select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'email' as jwt_email,
                storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file, storage.extension('a/b/c.png') as ext`,
      );
      expect(rows[0]).toEqual({
        uid: claims.sub,
        role: 'authenticated',
        email: 'ana@example.com',
        jwt_email: 'ana@example.com',
        folders: ['a', 'b'],
        file: 'c.png',
        ext: 'png',
      });
    } finally {
      await db.query('rollback');
    }
  });
});

/** main.ts as a child process on free ports, its output collected: for tests that signal it in the middle of startup. */
async function spawnMain(projectDir: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'local-supabase/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env, LOCAL_SUPABASE_PORT: String(port), LOCAL_SUPABASE_DB_PORT: String(port + 1), LOCAL_SUPABASE_DATA_DIR: dataDir,
      LOCAL_SUPABASE_PROJECT_DIR: projectDir, LOCAL_SUPABASE_NO_ENV_FILE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    /** Until the output contains `text`, the child exits or 90 s pass. */
    async waitFor(text: string): Promise<void> {
      const deadline = Date.now() + 90_000;
      while (!output.includes(text) && child.exitCode === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('lifecycle (own backends)', () => {
  let workDir: string;
  let projectDir: string;
  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'core-lifecycle-'));
    projectDir = path.join(workDir, 'supabase');
    await fs.mkdir(path.join(projectDir, 'migrations'), { recursive: true });
    await fs.mkdir(path.join(projectDir, 'seeds'), { recursive: true });
    await fs.writeFile(
      path.join(projectDir, 'config.toml'),
      '[api]\nauto_expose_new_tables = true\n\n[db.seed]\nenabled = true\nsql_paths = ["./seed.sql", "./seeds/*.sql", "./missing.sql"]\n',
    );
    await fs.writeFile(
      path.join(projectDir, 'migrations', '20260201000000_notes.sql'),
      "create table public.notes (id serial primary key, body text not null);\nalter table public.notes enable row level security;\ncreate policy notes_read on public.notes for select using (true);\n",
    );
    await fs.writeFile(
      path.join(projectDir, 'seed.sql'),
      "insert into public.notes (body) values ('seed.sql');\n" +
        "insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)\n" +
        "values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'gerente@example.com', extensions.crypt('senha-demo-123', extensions.gen_salt('bf', 4)), now(), '{}', '{}', now(), now()),\n" +
        "       ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', 'visitante@example.com', '', now(), '{}', '{}', now(), now());\n",
    );
    await fs.writeFile(path.join(projectDir, 'seeds', '02_b.sql'), "insert into public.notes (body) values ('seeds/02_b.sql');\n");
    await fs.writeFile(path.join(projectDir, 'seeds', '01_a.sql'), "insert into public.notes (body) values ('seeds/01_a.sql');\n");
    await fs.mkdir(path.join(projectDir, 'functions', 'pid'), { recursive: true });
    await fs.writeFile(path.join(projectDir, 'functions', 'pid', 'index.ts'), 'Deno.serve(() => Response.json({ pid: Deno.pid }));\n');
  });
  afterAll(async () => {
    await fs.rm(workDir, { recursive: true, force: true });
  });

  it('seeds a fresh database once, exposes new tables when configured, and reuses data on restart', async () => {
    const dataDir = await makeDataDir('core-restart-');
    let backend: StartedBackend | undefined;
    try {
      // A data folder of its own makes it a second instance, which leaves .env.local alone unless told (=0).
      backend = await startBackend({ projectDir, dataDir, env: { LOCAL_SUPABASE_NO_ENV_FILE: '0' } });
      const banner = backend.output();
      expect(banner).toContain(`API URL: ${backend.apiUrl}\n`);
      expect(banner).toContain(`Mailbox URL: ${backend.apiUrl}/mailbox\n`);
      expect(banner).toContain(`anon key: ${backend.anonKey}\n`);
      expect(banner).toContain(`service_role key: ${backend.serviceRoleKey}\n`);
      // The seed's crypt() password, checked against the stored hash, is named with the accounts it opens.
      expect(banner).toContain('Demo accounts (password: senha-demo-123):\n  - gerente@example.com\n\nOther accounts in auth.users:\n  - visitante@example.com\n');
      expect(await fs.readFile(path.join(workDir, '.env.local'), 'utf8')).toContain(
        `VITE_SUPABASE_URL=${backend.apiUrl}\nVITE_SUPABASE_ANON_KEY=${backend.anonKey}\n`,
      );
      const first = await anonClient(backend).from('notes').select('body').order('id');
      expect(first.error).toBeNull();
      expect(first.data).toEqual([{ body: 'seed.sql' }, { body: 'seeds/01_a.sql' }, { body: 'seeds/02_b.sql' }]);
      // The same password under a new hash (a reset to the same password): still a demo account on the next start.
      const admin = await sql(backend);
      try {
        await admin.query("update auth.users set encrypted_password = extensions.crypt('senha-demo-123', extensions.gen_salt('bf', 4)) where email = 'gerente@example.com'");
      } finally {
        await admin.end();
      }
      // SIGTERM stops Deno workers and PostgreSQL too: no process outlives the backend.
      const invoked = await fetch(`${backend.apiUrl}/functions/v1/pid`, { headers: { Authorization: `Bearer ${backend.anonKey}` } });
      expect(invoked.status).toBe(200);
      const denoPid = ((await invoked.json()) as { pid: number }).pid;
      const postgresPid = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(isAlive(denoPid)).toBe(true);
      expect(isAlive(postgresPid)).toBe(true);
      expect(await backend.stop({ keepDataDir: true })).toBe(0);
      expect(isAlive(denoPid)).toBe(false);
      expect(isAlive(postgresPid)).toBe(false);

      // A .env.local written by hand (the app pointed at a hosted project) is never overwritten.
      const handWritten = 'VITE_SUPABASE_URL=https://example.supabase.co\nVITE_SUPABASE_ANON_KEY=hand\n';
      await fs.writeFile(path.join(workDir, '.env.local'), handWritten);
      backend = await startBackend({ projectDir, dataDir, env: { LOCAL_SUPABASE_NO_ENV_FILE: '0' } });
      expect(await fs.readFile(path.join(workDir, '.env.local'), 'utf8')).toBe(handWritten);
      expect(backend.output()).toContain('Demo accounts (password: senha-demo-123):\n  - gerente@example.com\n\nOther accounts in auth.users:\n  - visitante@example.com\n');
      const second = await anonClient(backend).from('notes').select('body').order('id');
      expect(second.data).toHaveLength(3);
      const db = await sql(backend);
      try {
        const { rows } = await db.query("select count(*)::int as n from supabase_migrations.schema_migrations where version = '20260201000000'");
        expect(rows[0]).toEqual({ n: 1 });
      } finally {
        await db.end();
      }
      // Ctrl+C (SIGINT) stops as cleanly as SIGTERM.
      const pidAfterRestart = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(await backend.stop({ keepDataDir: true, signal: 'SIGINT' })).toBe(0);
      expect(isAlive(pidAfterRestart)).toBe(false);
      expect(backend.output()).toContain('SIGINT received, stopping...');
      backend = undefined;
    } finally {
      await backend?.stop({ keepDataDir: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('stops startup on a failing migration, naming the file and the Postgres error, without a stack trace', async () => {
    const broken = path.join(workDir, 'broken');
    await fs.cp(projectDir, broken, { recursive: true });
    await fs.writeFile(
      path.join(broken, 'migrations', '20260301000000_broken.sql'),
      'create table public.ok_part (id int);\n\nselect * from public.does_not_exist;\n',
    );
    const dataDir = await makeDataDir('core-broken-');
    try {
      const failure = await startFailure({ projectDir: broken, dataDir });
      expect(failure).toBeInstanceOf(BackendStartError);
      const { exitCode, output } = failure as BackendStartError;
      expect(exitCode).toBe(1);
      expect(output).toContain('20260301000000_broken.sql');
      expect(output).toContain('relation "public.does_not_exist" does not exist');
      expect(output).toContain('line 3');
      expect(output).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);

      // Nothing of the failed file was kept or recorded: once fixed, it applies whole.
      await fs.writeFile(path.join(broken, 'migrations', '20260301000000_broken.sql'), 'create table public.ok_part (id int);\n');
      const backend = await startBackend({ projectDir: broken, dataDir });
      try {
        const db = await sql(backend);
        try {
          const { rows } = await db.query<{ version: string }>(
            "select version from supabase_migrations.schema_migrations where version like '202603%' order by version",
          );
          expect(rows).toEqual([{ version: '20260301000000' }]);
          expect(backend.output()).toContain('Applied migration 20260301000000_broken.sql');
        } finally {
          await db.end();
        }
      } finally {
        await backend.stop({ keepDataDir: true });
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('stops PostgreSQL cleanly on Ctrl+C during the first start, cancelling the migration in flight', async () => {
    const slow = path.join(workDir, 'slow');
    await fs.cp(projectDir, slow, { recursive: true });
    await fs.writeFile(path.join(slow, 'migrations', '20260401000000_slow.sql'), 'create table public.slow_part (id int);\nselect pg_sleep(60);\n');
    const dataDir = await makeDataDir('core-interrupted-');
    const main = await spawnMain(slow, dataDir);
    try {
      // The migrations before the slow one are applied: PostgreSQL is up and the slow one is running.
      await main.waitFor('Applied migration 20260201000000_notes.sql');
      expect(main.output()).toContain('Applied migration 20260201000000_notes.sql');
      const postgresPid = Number((await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(isAlive(postgresPid)).toBe(true);
      const interruptedAt = Date.now();
      main.child.kill('SIGINT');
      expect(await main.exited).toBe(0);
      expect(Date.now() - interruptedAt).toBeLessThan(20_000);
      expect(isAlive(postgresPid)).toBe(false);
      const output = main.output();
      expect(output).toContain('SIGINT received, stopping...');
      expect(output).toContain('stopped before startup finished');
      expect(output).not.toContain('Applied migration 20260401000000_slow.sql');
      expect(output).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
    } finally {
      if (main.child.exitCode === null) main.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('seeds on the next start after a Ctrl+C while the new cluster is being set up', async () => {
    const dataDir = await makeDataDir('core-interrupted-initdb-');
    const main = await spawnMain(projectDir, dataDir);
    let backend: StartedBackend | undefined;
    try {
      await main.waitFor('Initialising a new PostgreSQL cluster');
      main.child.kill('SIGINT');
      expect(await main.exited).toBe(0);
      expect(main.output()).toContain('stopped before startup finished');
      backend = await startBackend({ projectDir, dataDir });
      const notes = await anonClient(backend).from('notes').select('body').order('id');
      expect(notes.data).toEqual([{ body: 'seed.sql' }, { body: 'seeds/01_a.sql' }, { body: 'seeds/02_b.sql' }]);
    } finally {
      if (main.child.exitCode === null) main.child.kill('SIGKILL');
      await backend?.stop({ keepDataDir: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('exits with one clear line when the API or database port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const failure = await startBackend({ projectDir, env: { LOCAL_SUPABASE_PORT: String(port), LOCAL_SUPABASE_DB_PORT: String(port === 65535 ? port - 1 : port + 1) } }).then(
        async (backend) => {
          await backend.stop();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(BackendStartError);
      const { exitCode, output } = failure as BackendStartError;
      expect(exitCode).toBe(1);
      expect(output.trim()).toBe(`[local-supabase] API port ${port} is already in use; stop what uses it or set LOCAL_SUPABASE_PORT to another port.`);

      // The same for the database port (API port + 1 unless LOCAL_SUPABASE_DB_PORT says otherwise).
      const dbFailure = await startBackend({ projectDir, env: { LOCAL_SUPABASE_PORT: String(await freePort()), LOCAL_SUPABASE_DB_PORT: String(port) } }).then(
        async (backend) => {
          await backend.stop();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(dbFailure).toBeInstanceOf(BackendStartError);
      expect((dbFailure as BackendStartError).exitCode).toBe(1);
      expect((dbFailure as BackendStartError).output.trim()).toBe(
        `[local-supabase] Database port ${port} is already in use; stop what uses it or set LOCAL_SUPABASE_DB_PORT to another port.`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('refuses a broken or foreign data directory with one clear line', async () => {
    const asFile = path.join(workDir, 'data-is-a-file');
    await fs.writeFile(asFile, 'not a folder\n');
    const foreign = await makeDataDir('core-foreign-');
    await fs.mkdir(path.join(foreign, 'postgres'));
    await fs.writeFile(path.join(foreign, 'postgres', 'notes.txt'), 'something else\n');
    try {
      for (const [dataDir, message] of [
        [asFile, `[local-supabase] Cannot use ${asFile} as the data directory (it exists and is not a folder); point LOCAL_SUPABASE_DATA_DIR at a writable folder.`],
        [
          foreign,
          `[local-supabase] ${path.join(foreign, 'postgres')} is not a PostgreSQL data directory (no PG_VERSION). Move it away, or point LOCAL_SUPABASE_DATA_DIR at another folder.`,
        ],
      ] as const) {
        const failure = await startFailure({ projectDir, dataDir });
        expect(failure).toBeInstanceOf(BackendStartError);
        const { exitCode, output } = failure as BackendStartError;
        expect(exitCode).toBe(1);
        expect(output.trim()).toBe(message);
      }
      // The foreign folder was left as it was.
      expect(await fs.readdir(path.join(foreign, 'postgres'))).toEqual(['notes.txt']);
    } finally {
      await fs.rm(foreign, { recursive: true, force: true });
    }
  }, 60_000);
});
