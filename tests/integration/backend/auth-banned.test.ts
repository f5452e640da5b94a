/**
 * A banned account's access token issued before the ban, against the local /auth/v1, as hosted
 * GoTrue answers it since v2.195 (supabase/auth #2642, "reject AT from banned users"):
 * requireAuthentication loads the user and refuses it with 403 user_banned "User is banned" on
 * every endpoint that needs a signed-in user (GET/PUT /user, /logout, /reauthenticate). The ban
 * does not end the sessions; an expired ban lets the same token through again.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { conformanceBackend, sql, type BackendInfo } from '../../utils/env.ts';

const PASSWORD = 'senha-forte-123';
const randomIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

let info: BackendInfo;

function client(key: string): SupabaseClient {
  return createClient(info.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'Sb-Forwarded-For': randomIp() } },
    realtime: { transport: WebSocket as never },
  });
}

function authFetch(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${info.apiUrl}/auth/v1${path}`, {
    ...init,
    headers: { apikey: info.anonKey, Authorization: `Bearer ${token}`, 'Sb-Forwarded-For': randomIp(), 'Content-Type': 'application/json' },
  });
}

beforeAll(() => {
  info = conformanceBackend();
});

describe('auth: a banned account with a still-valid access token', () => {
  it('gets 403 user_banned on /user, PUT /user, /logout and /reauthenticate; the ban keeps its sessions; an expired ban lets it through', async () => {
    const admin = client(info.serviceRoleKey);
    const email = `banido-${randomBytes(5).toString('hex')}@example.com`;
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    const device = client(info.anonKey);
    const signedIn = await device.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const token = signedIn.data.session!.access_token;
    expect((await authFetch('/user', token)).status).toBe(200);

    expect((await admin.auth.admin.updateUserById(id, { ban_duration: '24h' })).error).toBeNull();

    const answers = [
      await authFetch('/user', token),
      await authFetch('/user', token, { method: 'PUT', body: JSON.stringify({ data: { apelido: 'x' } }) }),
      await authFetch('/reauthenticate', token),
      await authFetch('/logout', token, { method: 'POST' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ code: 403, error_code: 'user_banned', msg: 'User is banned' });
    }
    // supabase-js reads it as an AuthApiError with the code (what the app's session layer checks).
    const viaClient = await device.auth.getUser();
    expect(viaClient.data.user).toBeNull();
    expect(viaClient.error).toMatchObject({ status: 403, code: 'user_banned' });
    // The metadata change was refused, and the ban ended no session.
    const db = await sql(info);
    try {
      const user = await db.query<{ meta: Record<string, unknown>; sessions: number }>(
        'select raw_user_meta_data as meta, (select count(*)::int from auth.sessions s where s.user_id = u.id) as sessions from auth.users u where u.id = $1',
        [id],
      );
      expect(user.rows[0]?.meta).not.toHaveProperty('apelido');
      expect(user.rows[0]?.sessions).toBe(1);

      // A ban that has run out: the same token works again.
      await db.query(`update auth.users set banned_until = now() - interval '1 minute' where id = $1`, [id]);
      expect((await authFetch('/user', token)).status).toBe(200);
    } finally {
      await db.end();
    }
    await admin.auth.admin.deleteUser(id);
  });
});
