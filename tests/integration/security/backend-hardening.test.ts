/**
 * Security review of the local backend (it must not be weaker than hosted):
 * JWT handling on every service, Data API injection and guards, loopback-only
 * listeners, and storage paths on disk. Driven over HTTP/TCP only.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../utils/app-users.ts';
import { appBackend, conformanceBackend, serviceClient, type BackendInfo } from '../../utils/env.ts';
import { signJwt } from '../../utils/jwt.ts';

const app = appBackend();

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const now = (): number => Math.floor(Date.now() / 1000);
const adminSub = '5eed0000-0000-4000-8000-000000000001';

async function signIn(info: BackendInfo, email: string): Promise<string> {
  const response = await fetch(`${info.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in as ${email} failed`);
  return body.access_token;
}

describe('JWTs the services must refuse', () => {
  const forged: Record<string, () => string> = {
    'alg none': () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', exp: now() + 600 })}.`,
    'HS512 header': () => signJwt({ role: 'service_role', exp: now() + 600 }, app.jwtSecret, { alg: 'HS512', typ: 'JWT' }),
    'another secret': () => signJwt({ role: 'service_role', exp: now() + 600 }, 'another-secret-with-at-least-32-characters!!'),
    expired: () => signJwt({ role: 'authenticated', sub: adminSub, exp: now() - 120 }, app.jwtSecret),
  };
  const privileged = ['postgres', 'supabase_admin', 'authenticator', 'supabase_auth_admin', 'supabase_storage_admin', 'pg_read_all_data'];

  it.each(Object.keys(forged))('%s: refused by REST, RPC, storage and the auth admin API', async (name) => {
    const token = forged[name]?.() ?? '';
    const headers = { apikey: app.anonKey, Authorization: `Bearer ${token}` };
    const rest = await fetch(`${app.apiUrl}/rest/v1/profiles?select=id`, { headers });
    expect(rest.status).toBe(401);
    const rpc = await fetch(`${app.apiUrl}/rest/v1/rpc/list_unit_names`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
    expect(rpc.status).toBe(401);
    const storage = await fetch(`${app.apiUrl}/storage/v1/bucket`, { headers });
    expect(storage.ok).toBe(false);
    const admin = await fetch(`${app.apiUrl}/auth/v1/admin/users`, { headers });
    expect([401, 403]).toContain(admin.status);
  });

  it.each(privileged)('a valid JWT whose role is %s runs nothing as that role', async (role) => {
    const token = signJwt({ role, sub: adminSub, exp: now() + 600 }, app.jwtSecret);
    const headers = { apikey: app.anonKey, Authorization: `Bearer ${token}` };
    const rest = await fetch(`${app.apiUrl}/rest/v1/profiles?select=id`, { headers });
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as { message: string }).message).toBe(`role "${role}" does not exist`);
    const storage = await fetch(`${app.apiUrl}/storage/v1/bucket`, { headers });
    expect(storage.ok).toBe(false);
  });

  it('a JWT without a role claim is anon: no table data', async () => {
    const token = signJwt({ sub: adminSub, exp: now() + 600 }, app.jwtSecret);
    const rest = await fetch(`${app.apiUrl}/rest/v1/profiles?select=id`, { headers: { apikey: app.anonKey, Authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as { code: string }).code).toBe('42501');
  });
});

describe('Data API guards and injection attempts (as a signed-in clerk)', () => {
  let token = '';
  async function rest(pathAndQuery: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<{ status: number; body: string }> {
    token ||= await signIn(app, DEMO_USERS.balconista.email);
    const response = await fetch(`${app.apiUrl}/rest/v1/${pathAndQuery}`, {
      ...init,
      headers: { apikey: app.anonKey, Authorization: `Bearer ${token}`, ...init.headers },
    });
    return { status: response.status, body: await response.text() };
  }

  it('refuses PATCH and DELETE without a filter, also with only limit', async () => {
    const patch = await rest('shortages', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"observation":"x"}' });
    expect(patch.status).toBe(400);
    expect(JSON.parse(patch.body)).toMatchObject({ code: '21000' });
    for (const query of ['shortages', 'shortages?limit=1', 'shortages?order=id']) {
      const del = await rest(query, { method: 'DELETE' });
      expect(del.status).toBe(400);
      expect(JSON.parse(del.body)).toMatchObject({ code: '21000' });
    }
  });

  it('never exposes query plans', async () => {
    for (const accept of ['application/vnd.pgrst.plan+json', 'application/vnd.pgrst.plan+text', 'application/vnd.pgrst.plan']) {
      const response = await rest('products?select=id&limit=1', { headers: { Accept: accept } });
      expect(response.status).toBe(406);
    }
  });

  it('treats select, order, on_conflict, columns and RPC argument names as identifiers, never as SQL', async () => {
    const attempts = [
      rest(`products?select=${encodeURIComponent('id,name);select pg_sleep(3);--')}&limit=1`),
      rest(`products?select=${encodeURIComponent('id::text);drop table public.products;--')}&limit=1`),
      rest(`products?select=id&order=${encodeURIComponent('name;select 1')}`),
      rest(`products?select=id&order=${encodeURIComponent('(select 1)')}`),
      rest(`products?columns=${encodeURIComponent('name,"x"); drop table public.products;--')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"x"}',
      }),
      rest(`products?on_conflict=${encodeURIComponent('barcode) do nothing; --')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Prefer: 'resolution=merge-duplicates' },
        body: '{"name":"x"}',
      }),
      rest('rpc/find_open_shortage', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ 'p_product_id" := null, "x': 1 }),
      }),
    ];
    const started = Date.now();
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(Date.now() - started).toBeLessThan(3000);
    const still = await rest('products?select=id&limit=1');
    expect(still.status).toBe(200);
  });

  it('filter values are bound as values: a quote inside them matches nothing', async () => {
    const response = await rest(`products?select=id&name=eq.${encodeURIComponent("x' or '1'='1")}`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual([]);
  });

  it('exposes only the configured schemas: private and auth are refused', async () => {
    const privateRpc = await rest('rpc/is_admin', { method: 'POST', headers: { 'content-type': 'application/json', 'Content-Profile': 'private' }, body: '{}' });
    expect(privateRpc.status).toBe(406);
    const authUsers = await rest('users?select=id', { headers: { 'Accept-Profile': 'auth' } });
    expect(authUsers.status).toBe(406);
    const embedUsers = await rest('profiles?select=id,users(email)&limit=1');
    expect(embedUsers.status).toBe(400);
  });
});

describe('listeners are bound to loopback only', () => {
  function connects(host: string, port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect({ host, port });
      const done = (ok: boolean): void => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(1500, () => done(false));
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
    });
  }

  it('the API and the database answer on 127.0.0.1 and on no other address', async () => {
    const apiPort = Number(new URL(app.apiUrl).port);
    const dbPort = Number(new URL(app.dbUrl).port);
    expect(new URL(app.apiUrl).hostname).toBe('127.0.0.1');
    expect(await connects('127.0.0.1', apiPort)).toBe(true);
    expect(await connects('127.0.0.1', dbPort)).toBe(true);
    // 127.0.0.2 is this machine too: a wildcard bind would accept it. So would any interface address.
    const others = ['127.0.0.2'];
    for (const addresses of Object.values(os.networkInterfaces())) {
      for (const address of addresses ?? []) {
        if (!address.internal && address.family === 'IPv4') others.push(address.address);
      }
    }
    for (const host of others) {
      expect(await connects(host, apiPort), `API on ${host}`).toBe(false);
      expect(await connects(host, dbPort), `DB on ${host}`).toBe(false);
    }
  });
});

describe('storage refuses object keys that climb out of their bucket', () => {
  const conformance = conformanceBackend();
  // (`docs/../public-files/x` is normalised like any URL, as the hosted gateway does: it simply
  // addresses the public-files bucket, under that bucket's own policies.)
  afterAll(async () => {
    await serviceClient(conformance).storage.from('public-files').remove(['escaped.txt']);
  });

  /** Raw HTTP, so that no URL normalisation removes the dot segments before the server sees them. */
  function rawUpload(rawPath: string): Promise<{ status: number; body: string }> {
    const url = new URL(conformance.apiUrl);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: rawPath,
          headers: {
            apikey: conformance.serviceRoleKey,
            Authorization: `Bearer ${conformance.serviceRoleKey}`,
            'content-type': 'text/plain',
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end(`probe-${randomUUID()}`);
    });
  }

  it.each([
    '/storage/v1/object/docs/a/../../escaped.txt',
    '/storage/v1/object/docs/%2E%2E/escaped.txt',
    '/storage/v1/object/docs/a%2F..%2F..%2Fescaped.txt',
    '/storage/v1/object/docs//etc/escaped.txt',
  ])('%s is refused', async (rawPath) => {
    const response = await rawUpload(rawPath);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('hostile bodies are refused before anything walks them, and the server keeps answering', () => {
  const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  async function post(path: string, body: string | Blob, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`${app.apiUrl}${path}`, {
      method: 'POST',
      headers: { apikey: app.anonKey, authorization: `Bearer ${token ?? app.anonKey}`, 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  }

  it('a 10,000-level nested array in rpc/import_products answers 400 in PostgREST shape', async () => {
    const token = await signIn(app, DEMO_USERS.admin.email);
    const body = `{"p_file_name":"profundo.csv","p_rows":${deepArray(10_000)},"p_dry_run":true}`;
    const { status, json } = await post('/rest/v1/rpc/import_products', body, token);
    expect(status).toBe(400);
    expect(json).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: 'JSON nested deeper than 512 levels', hint: null });
    // Still alive.
    const alive = await fetch(`${app.apiUrl}/rest/v1/store_units?select=id&limit=1`, { headers: { apikey: app.anonKey, authorization: `Bearer ${token}` } });
    expect(alive.status).toBe(200);
  });

  it('the same on a table insert and on the auth API', async () => {
    const token = await signIn(app, DEMO_USERS.admin.email);
    expect((await post('/rest/v1/products', `{"name":${deepArray(5_000)}}`, token)).status).toBe(400);
    const signup = await post('/auth/v1/signup', `{"email":"a@b.c","password":${deepArray(5_000)}}`);
    expect(signup.status).toBe(400);
    expect(signup.json.error_code).toBe('bad_json');
  });

  it('a body over the 50 MB limit answers 413', async () => {
    const token = await signIn(app, DEMO_USERS.admin.email);
    const { status, json } = await post('/rest/v1/rpc/import_products', new Blob([Buffer.alloc(51 * 1024 * 1024, 0x20)]), token);
    expect(status).toBe(413);
    expect(json.code).toBe('PGRST413');
  });
});

describe('clock skew on expiry: PostgREST allows 30 s, GoTrue none', () => {
  it('a token expired 10 s ago still reads through the Data API but not /auth/v1/user', async () => {
    const token = signJwt({ role: 'authenticated', sub: adminSub, aud: 'authenticated', exp: now() - 10 }, app.jwtSecret);
    const headers = { apikey: app.anonKey, authorization: `Bearer ${token}` };
    expect((await fetch(`${app.apiUrl}/rest/v1/store_units?select=id&limit=1`, { headers })).status).toBe(200);
    const user = await fetch(`${app.apiUrl}/auth/v1/user`, { headers });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { error_code?: string }).error_code).toBe('bad_jwt');
  });
});
