/**
 * The demo accounts of supabase/seed.sql (one per role) and a sign-in helper
 * for integration tests of the app's schema. Every account uses DEMO_PASSWORD.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, userClient, type BackendInfo } from './env.ts';

export const DEMO_PASSWORD = 'Farmacia@2026';

export type DemoRole =
  | 'ADMIN'
  | 'BALCONISTA'
  | 'BALCONISTA_II'
  | 'FARMACEUTICO'
  | 'ADMIN_COMPRAS'
  | 'REPRESENTANTE'
  | 'ANALISTA';

export interface DemoUser {
  email: string;
  fullName: string;
  role: DemoRole;
  unitName: string | null;
  supplierName: string | null;
}

export const DEMO_USERS = {
  admin: { email: 'admin@farmacia.local', fullName: 'Ana Administradora', role: 'ADMIN', unitName: 'Unidade Centro', supplierName: null },
  balconista: { email: 'balconista@farmacia.local', fullName: 'Bruno Balconista', role: 'BALCONISTA', unitName: 'Unidade Centro', supplierName: null },
  balconista2: { email: 'balconista2@farmacia.local', fullName: 'Beatriz Balconista', role: 'BALCONISTA_II', unitName: 'Unidade Norte', supplierName: null },
  farmaceutico: { email: 'farmaceutico@farmacia.local', fullName: 'Fernando Farmacêutico', role: 'FARMACEUTICO', unitName: 'Unidade Sul', supplierName: null },
  compras: { email: 'compras@farmacia.local', fullName: 'Carla Compras', role: 'ADMIN_COMPRAS', unitName: 'Unidade Centro', supplierName: null },
  representante: { email: 'representante@farmacia.local', fullName: 'Rafael Representante', role: 'REPRESENTANTE', unitName: null, supplierName: 'Distribuidora Alfa' },
  representante2: { email: 'representante2@farmacia.local', fullName: 'Renata Representante', role: 'REPRESENTANTE', unitName: null, supplierName: 'Distribuidora Beta' },
  analista: { email: 'analista@farmacia.local', fullName: 'Amanda Analista', role: 'ANALISTA', unitName: 'Unidade Norte', supplierName: null },
} as const satisfies Record<string, DemoUser>;

export type DemoUserKey = keyof typeof DEMO_USERS;

export const DEMO_USER_KEYS = Object.keys(DEMO_USERS) as DemoUserKey[];

export interface SignedInDemoUser {
  client: SupabaseClient;
  userId: string;
  user: DemoUser;
}

/** A supabase-js client signed in as the given demo account (no persisted session). */
export async function signInAs(backend: BackendInfo, key: DemoUserKey): Promise<SignedInDemoUser> {
  const user: DemoUser = DEMO_USERS[key];
  const client = await userClient(backend, user.email, DEMO_PASSWORD);
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) throw new Error(`Sign-in as ${user.email} returned no session`);
  return { client, userId, user };
}

/**
 * One signed-in client per demo account for a whole test file, signed in on first use:
 * `const as = demoSessions(backend); const clerk = await as('balconista');`.
 */
export function demoSessions(backend: BackendInfo): (key: DemoUserKey) => Promise<SupabaseClient> {
  const sessions = new Map<DemoUserKey, Promise<SupabaseClient>>();
  return (key) => {
    let session = sessions.get(key);
    if (!session) {
      session = signInAs(backend, key).then(({ client }) => client);
      sessions.set(key, session);
    }
    return session;
  };
}

/**
 * A stranger who registers through the public sign-up (auto-confirmed, so the client is signed in), with
 * whatever metadata the test forges; delete the user with the service client afterwards.
 */
export async function signUpStranger(backend: BackendInfo, email: string, data: Record<string, unknown>): Promise<{ client: SupabaseClient; userId: string }> {
  const client = anonClient(backend);
  const result = await client.auth.signUp({ email, password: DEMO_PASSWORD, options: { data } });
  if (result.error || !result.data.user) throw new Error(`sign-up failed: ${result.error?.message ?? ''}`);
  return { client, userId: result.data.user.id };
}
