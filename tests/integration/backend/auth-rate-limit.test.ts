/**
 * Auth rate limits against a backend started from tests/fixtures/rate-limited-project
 * (tiny limits): per-IP sign-in/sign-up, refresh and verify buckets, the per-user mail
 * frequency and the instance-wide hourly mail budget.
 */
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REPO_ROOT, startBackend, type StartedBackend } from '../../utils/backend.ts';

let backend: StartedBackend;
const PASSWORD = 'senha-segura-123';

beforeAll(async () => {
  backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'tests/fixtures/rate-limited-project/supabase') });
});

afterAll(async () => {
  await backend?.stop();
});

const randomIp = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const uniqueEmail = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}@example.com`;

function client(ip: string): SupabaseClient {
  return createClient(backend.apiUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'Sb-Forwarded-For': ip } },
    realtime: { transport: WebSocket as never },
  });
}

describe('auth rate limits', () => {
  it('allows sign_in_sign_ups (3) password sign-ins and sign-ups per IP, then answers 429 over_request_rate_limit', async () => {
    const ip = randomIp();
    const email = uniqueEmail('limit');
    const c = client(ip);
    expect((await c.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // A wrong password spends a token too.
    expect((await c.auth.signInWithPassword({ email, password: 'errada-123' })).error?.code).toBe('invalid_credentials');
    const limited = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.message).toBe('Request rate limit reached');
    const signup = await c.auth.signUp({ email: uniqueEmail('limit2'), password: PASSWORD });
    expect(signup.error?.code).toBe('over_request_rate_limit');

    // Another client IP has its own budget.
    expect((await client(randomIp()).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('limits refresh-token grants per IP (token_refresh = 2)', async () => {
    const email = uniqueEmail('refresh');
    const { data } = await client(randomIp()).auth.signUp({ email, password: PASSWORD });
    let refreshToken = data.session!.refresh_token;
    const ip = randomIp();
    for (let i = 0; i < 2; i++) {
      const r = await client(ip).auth.refreshSession({ refresh_token: refreshToken });
      expect(r.error).toBeNull();
      refreshToken = r.data.session!.refresh_token;
    }
    const limited = await client(ip).auth.refreshSession({ refresh_token: refreshToken });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
  });

  it('limits /verify per IP (token_verifications = 2)', async () => {
    const ip = randomIp();
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${backend.apiUrl}/auth/v1/verify?token=nope&type=recovery`, { redirect: 'manual', headers: { 'Sb-Forwarded-For': ip } });
      expect(r.status).toBe(303);
    }
    const limited = await fetch(`${backend.apiUrl}/auth/v1/verify?token=nope&type=recovery`, {
      redirect: 'manual',
      headers: { 'Sb-Forwarded-For': ip, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
  });

  it('sends one mail per user per max_frequency, and at most email_sent (3) per hour in all', async () => {
    const emails = [uniqueEmail('m1'), uniqueEmail('m2'), uniqueEmail('m3'), uniqueEmail('m4')];
    for (const email of emails) {
      expect((await client(randomIp()).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    }
    const c = client(randomIp());
    expect((await c.auth.resetPasswordForEmail(emails[0]!)).error).toBeNull();
    const again = await c.auth.resetPasswordForEmail(emails[0]!);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);

    // The budget of 3 mails per hour: 1 spent, 2 left.
    expect((await c.auth.resetPasswordForEmail(emails[1]!)).error).toBeNull();
    expect((await c.auth.resetPasswordForEmail(emails[2]!)).error).toBeNull();
    const overBudget = await c.auth.resetPasswordForEmail(emails[3]!);
    expect(overBudget.error?.status).toBe(429);
    expect(overBudget.error?.code).toBe('over_email_send_rate_limit');
    expect(overBudget.error?.message).toBe('Email rate limit exceeded');

    const mails = (await (await fetch(`${backend.apiUrl}/mailbox/api/messages`)).json()) as { to: string }[];
    expect(mails.map((m) => m.to).sort()).toEqual([emails[0], emails[1], emails[2]].sort());
  });
});
