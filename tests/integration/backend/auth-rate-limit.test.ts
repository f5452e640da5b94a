/**
 * Auth rate limits against a backend started from tests/fixtures/rate-limited-project
 * (tiny limits): the per-IP buckets keyed as GoTrue keys them (every /token grant in one,
 * one per OTP endpoint such as sign-up and recover, one for /verify), the per-user mail
 * frequency, the instance-wide hourly mail budget, and that a client-sent Sb-Forwarded-For
 * counts only when the backend was started to trust it.
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

/** A client on `target` (default: this file's backend) claiming to come from `ip`. */
function client(ip: string, target: StartedBackend = backend): SupabaseClient {
  return createClient(target.apiUrl, target.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'Sb-Forwarded-For': ip } },
    realtime: { transport: WebSocket as never },
  });
}

describe('auth rate limits', () => {
  it('limits sign-ups per IP (sign_in_sign_ups = 3); /recover has a bucket of its own at the same limit, as in GoTrue', async () => {
    const ip = randomIp();
    const c = client(ip);
    for (let i = 0; i < 3; i++) expect((await c.auth.signUp({ email: uniqueEmail('limit'), password: PASSWORD })).error).toBeNull();
    const limited = await c.auth.signUp({ email: uniqueEmail('limit'), password: PASSWORD });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.message).toBe('Request rate limit reached');
    // Another client IP has its own budget.
    expect((await client(randomIp()).auth.signUp({ email: uniqueEmail('limit'), password: PASSWORD })).error).toBeNull();

    // Unknown addresses: no mail goes out, only the /recover bucket is spent.
    for (let i = 0; i < 3; i++) expect((await c.auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull();
    const recoverLimited = await c.auth.resetPasswordForEmail(uniqueEmail('ghost'));
    expect(recoverLimited.error?.code).toBe('over_request_rate_limit');
  });

  it('counts password sign-ins and refresh grants in one /token bucket per IP (token_refresh = 2)', async () => {
    const email = uniqueEmail('token');
    const { data } = await client(randomIp()).auth.signUp({ email, password: PASSWORD });
    const ip = randomIp();
    const signedIn = await client(ip).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const refreshed = await client(ip).auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(refreshed.error).toBeNull();
    const signInLimited = await client(ip).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signInLimited.error?.status).toBe(429);
    expect(signInLimited.error?.code).toBe('over_request_rate_limit');
    const refreshLimited = await client(ip).auth.refreshSession({ refresh_token: refreshed.data.session!.refresh_token });
    expect(refreshLimited.error?.code).toBe('over_request_rate_limit');
    // Signing up from that IP is another bucket (sign_in_sign_ups), still open.
    expect((await client(ip).auth.signUp({ email: uniqueEmail('token'), password: PASSWORD })).error).toBeNull();

    // A wrong password spends a token too.
    const other = randomIp();
    for (let i = 0; i < 2; i++) expect((await client(other).auth.signInWithPassword({ email, password: 'errada-123' })).error?.code).toBe('invalid_credentials');
    expect((await client(other).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('over_request_rate_limit');
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
    // Each request from its own device: only the mail limits are under test here.
    const recover = (email: string) => client(randomIp()).auth.resetPasswordForEmail(email);
    expect((await recover(emails[0]!)).error).toBeNull();
    const again = await recover(emails[0]!);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);

    // The budget of 3 mails per hour: 1 spent, 2 left.
    expect((await recover(emails[1]!)).error).toBeNull();
    expect((await recover(emails[2]!)).error).toBeNull();
    const overBudget = await recover(emails[3]!);
    expect(overBudget.error?.status).toBe(429);
    expect(overBudget.error?.code).toBe('over_email_send_rate_limit');
    expect(overBudget.error?.message).toBe('Email rate limit exceeded');

    const mails = (await (await fetch(`${backend.apiUrl}/mailbox/api/messages`)).json()) as { to: string }[];
    expect(mails.map((m) => m.to).sort()).toEqual([emails[0], emails[1], emails[2]].sort());
  });

  it('ignores Sb-Forwarded-For unless the backend was started with LOCAL_SUPABASE_TRUST_FORWARDED_FOR=1', async () => {
    const strict = await startBackend({
      projectDir: path.join(REPO_ROOT, 'tests/fixtures/rate-limited-project/supabase'),
      env: { LOCAL_SUPABASE_TRUST_FORWARDED_FOR: '' },
    });
    try {
      const from = (ip: string) => client(ip, strict);
      // Every request claims a fresh address; all of them come from 127.0.0.1 and share its bucket.
      for (let i = 0; i < 3; i++) expect((await from(randomIp()).auth.signUp({ email: uniqueEmail('spoof'), password: PASSWORD })).error).toBeNull();
      const limited = await from(randomIp()).auth.signUp({ email: uniqueEmail('spoof'), password: PASSWORD });
      expect(limited.error?.code).toBe('over_request_rate_limit');
    } finally {
      await strict.stop();
    }
  });
});
