/**
 * What integration tests use to reach the backends started by global-setup.ts.
 */
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { inject } from 'vitest';
import type { BackendInfo } from './backend.ts';

export type { BackendInfo } from './backend.ts';

/** The backend running the app's own project (supabase/). */
export function appBackend(): BackendInfo {
  return inject('appBackend');
}

/** The backend running tests/fixtures/conformance-project/supabase. */
export function conformanceBackend(): BackendInfo {
  return inject('conformanceBackend');
}

// Node 20 has no global WebSocket: realtime-js needs `ws` as its transport.
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

const clientOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as Transport },
};

/** The options every test client uses (Node's realtime transport, no stored session), for a test's own typed client. */
export function testClientOptions(): SupabaseClientOptions<'public'> {
  return clientOptions;
}

let devices = 0;

/**
 * Options for one simulated device. Every test client presents its own client address
 * in `Sb-Forwarded-For` (the header GoTrue's IP rate limits read behind a proxy), from
 * the IPv6 documentation prefix: the whole suite signs in from 127.0.0.1, far more often
 * than one real device would, and would otherwise trip the per-IP sign-in limit that
 * the rate-limit tests check on their own backend. The backend honours the header only
 * because tests/utils/backend.ts starts it with LOCAL_SUPABASE_TRUST_FORWARDED_FOR=1.
 */
function deviceOptions(address?: string): SupabaseClientOptions<'public'> {
  devices += 1;
  const forwardedFor = address ?? `2001:db8::${process.pid.toString(16)}:${devices.toString(16)}`;
  return { ...clientOptions, global: { headers: { 'Sb-Forwarded-For': forwardedFor } } };
}

/** A signed-out client, as a new device, whose requests go through `fetchImpl` (to observe them). */
export function deviceClientWithFetch(info: BackendInfo, fetchImpl: typeof fetch): SupabaseClient {
  const options = deviceOptions();
  return createClient(info.apiUrl, info.anonKey, { ...options, global: { ...options.global, fetch: fetchImpl } });
}

/** A signed-out client, as a new device (or from `address`, to test per-address limits). */
export function anonClient(info: BackendInfo, address?: string): SupabaseClient {
  return createClient(info.apiUrl, info.anonKey, deviceOptions(address));
}

export function serviceClient(info: BackendInfo): SupabaseClient {
  return createClient(info.apiUrl, info.serviceRoleKey, clientOptions);
}

/** A client signed in with email + password (throws if sign-in fails). */
export async function userClient(info: BackendInfo, email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(info.apiUrl, info.anonKey, deviceOptions());
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
  return client;
}

/**
 * A connected pg client as the superuser, for fixtures and setup only (never for
 * the assertion under test). Call `end()` when done.
 */
export async function sql(info: BackendInfo): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: info.dbUrl });
  await client.connect();
  return client;
}
