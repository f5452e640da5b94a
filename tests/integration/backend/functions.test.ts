/**
 * /functions/v1 against the conformance fixture project's functions, through
 * supabase-js (functions.invoke) and plain fetch: verify_jwt, the path and env a
 * function sees, error answers, worker crashes and restarts, npm imports.
 */
import { randomUUID } from 'node:crypto';
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, conformanceBackend, type BackendInfo } from '../../utils/env.ts';
import { signJwt } from '../../utils/jwt.ts';

/** An access token as GoTrue would issue it for `sub`. */
function userToken(info: BackendInfo, sub: string, expiresIn = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresIn }, info.jwtSecret);
}

function clientWithToken(info: BackendInfo, token: string): SupabaseClient {
  return createClient(info.apiUrl, info.anonKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  contentType: string | null;
  custom: string | null;
  sub: string | null;
  role: string | null;
  env: {
    SUPABASE_URL: string | null;
    hasAnonKey: boolean;
    hasServiceRoleKey: boolean;
    hasDbUrl: boolean;
    secret: string | null;
    leakedParentVar: string | null;
  };
  edgeRuntime: string;
}

describe('functions: verify_jwt and the request a function sees', () => {
  let info: BackendInfo;
  let base: string;
  beforeAll(() => {
    info = conformanceBackend();
    base = `${info.apiUrl}/functions/v1`;
  });

  it('starts a cold worker once for many parallel first requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${base}/public-echo/paralelo`, { method: 'POST', body: 'x' })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ public: boolean; pid: number }>;
    expect(bodies.every((body) => body.public)).toBe(true);
    // One process served them all.
    expect(new Set(bodies.map((body) => body.pid)).size).toBe(1);
  });

  it('passes a signed-in user through: the function sees its sub, method, path and JSON body', async () => {
    const sub = randomUUID();
    const { data, error } = await clientWithToken(info, userToken(info, sub)).functions.invoke<Echo>('echo', {
      body: { hello: 'mundo', n: 1 },
      headers: { 'x-custom': 'abc' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      body: { hello: 'mundo', n: 1 },
      contentType: 'application/json',
      custom: 'abc',
      sub,
      role: 'authenticated',
    });
  });

  it('accepts the anon key as the JWT (as hosted does)', async () => {
    const { data, error } = await anonClient(info).functions.invoke<Echo>('echo', { body: 'texto simples' });
    expect(error).toBeNull();
    expect(data?.role).toBe('anon');
    expect(data?.sub).toBeNull();
    expect(data?.body).toBe('texto simples');
    expect(data?.contentType).toMatch(/^text\/plain/);
  });

  it('forwards the sub-path, query string and method: /<name>/<rest>?<query>', async () => {
    const response = await fetch(`${base}/echo/pedidos/42?status=aberto&x=1`, {
      method: 'PUT',
      headers: { apikey: info.anonKey, authorization: `Bearer ${info.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ok: true }),
    });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo).toMatchObject({ method: 'PUT', path: '/echo/pedidos/42', query: { status: 'aberto', x: '1' }, body: { ok: true } });
  });

  it('refuses a request without Authorization with 401 "Missing authorization header"', async () => {
    const response = await fetch(`${base}/echo`, { method: 'POST', headers: { apikey: info.anonKey } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('refuses a JWT signed with another secret, or expired, with 401 "Invalid JWT"', async () => {
    const forged = signJwt({ sub: randomUUID(), role: 'authenticated' }, 'another-secret-another-secret-another-secret');
    const { data, error } = await clientWithToken(info, forged).functions.invoke('echo', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(401);
    expect(await context.json()).toEqual({ msg: 'Invalid JWT' });

    const expired = userToken(info, randomUUID(), -120);
    const response = await fetch(`${base}/echo`, { headers: { apikey: info.anonKey, authorization: `Bearer ${expired}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('lets the function answer the CORS preflight itself, without a JWT', async () => {
    const response = await fetch(`${base}/echo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info');
  });

  it('serves a verify_jwt = false function without any header (export default { fetch } style)', async () => {
    const response = await fetch(`${base}/public-echo/webhook?x=1`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      public: true,
      method: 'POST',
      path: '/public-echo/webhook',
      role: null,
      pid: expect.any(Number),
    });
  });

  it('answers 404 "Function not found" for an unknown function and for _shared', async () => {
    for (const name of ['does-not-exist', '_shared']) {
      const response = await fetch(`${base}/${name}`, { headers: { apikey: info.anonKey, authorization: `Bearer ${info.anonKey}` } });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Function not found');
    }
  });

  it('injects the hosted environment and functions/.env, not the backend process environment', async () => {
    const { data, error } = await anonClient(info).functions.invoke<Echo>('echo', { body: {} });
    expect(error).toBeNull();
    expect(data?.env).toEqual({
      SUPABASE_URL: info.apiUrl,
      hasAnonKey: true,
      hasServiceRoleKey: true,
      hasDbUrl: true,
      secret: 'from-dotenv',
      leakedParentVar: null,
    });
    expect(data?.edgeRuntime).toBe('object');
  });
});

describe('functions: errors and workers', () => {
  let info: BackendInfo;
  let base: string;
  let auth: Record<string, string>;
  beforeAll(() => {
    info = conformanceBackend();
    base = `${info.apiUrl}/functions/v1`;
    auth = { apikey: info.anonKey, authorization: `Bearer ${info.anonKey}` };
  });

  it('surfaces a non-2xx answer as FunctionsHttpError whose context is the JSON response', async () => {
    const { data, error } = await anonClient(info).functions.invoke('fail', { body: { bad: true } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error?.message).toBe('Edge Function returned a non-2xx status code');
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(400);
    expect(await context.json()).toEqual({ error: 'bad input' });
  });

  it('answers 503 BOOT_ERROR when the function throws while loading', async () => {
    const response = await fetch(`${base}/boot-error`, { method: 'POST', headers: auth });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
  });

  it('answers 500 WORKER_ERROR when the handler throws or the worker dies, and restarts it', async () => {
    const first = await fetch(`${base}/crash`, { headers: auth });
    expect(first.status).toBe(200);
    const { pid } = (await first.json()) as { pid: number };

    const thrown = await fetch(`${base}/crash?mode=throw`, { headers: auth });
    expect(thrown.status).toBe(500);
    expect(await thrown.json()).toMatchObject({ code: 'WORKER_ERROR' });
    // A throwing handler does not kill the worker.
    const same = (await (await fetch(`${base}/crash`, { headers: auth })).json()) as { pid: number };
    expect(same.pid).toBe(pid);

    const died = await fetch(`${base}/crash?mode=exit`, { headers: auth });
    expect(died.status).toBe(500);
    expect(await died.json()).toMatchObject({ code: 'WORKER_ERROR' });
    const again = await fetch(`${base}/crash`, { headers: auth });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { pid: number }).pid).not.toBe(pid);
  });

  it('keeps workers warm: a second call reuses the same process and is fast', async () => {
    await fetch(`${base}/crash`, { headers: auth });
    const started = performance.now();
    const response = await fetch(`${base}/crash`, { headers: auth });
    expect(response.status).toBe(200);
    await response.json();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('streams binary request and response bodies unchanged', async () => {
    const bytes = Buffer.alloc(256 * 1024);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 256;
    const response = await fetch(`${base}/echo?raw=1`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('runs npm: imports (supabase-js) that call back into the backend as the caller', async () => {
    const asUser = await clientWithToken(info, userToken(info, randomUUID())).functions.invoke<{ buckets: string[] | null; error: string | null }>(
      'caller-storage',
    );
    expect(asUser.error).toBeNull();
    expect(asUser.data?.error).toBeNull();
    expect(asUser.data?.buckets).toEqual(expect.arrayContaining(['docs', 'public-files']));
    // The same function called with the anon key sees no bucket: RLS applied to the caller.
    const asAnon = await anonClient(info).functions.invoke<{ buckets: string[] | null }>('caller-storage');
    expect(asAnon.error).toBeNull();
    expect(asAnon.data?.buckets).toEqual([]);
  }, 90_000);
});
