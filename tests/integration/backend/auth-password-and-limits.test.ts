/**
 * The app project's own auth settings (supabase/config.toml), on the app backend the
 * integration run starts: password requirements as GoTrue enforces them, and the /token rate
 * limit of quality.md (150 per 5 minutes per IP, burst 30). The suite's clients each present
 * their own device address (tests/utils/env.ts), so the project's real limits stay on here.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../utils/app-users.ts';
import { anonClient, appBackend, userClient } from '../../utils/env.ts';

const backend = appBackend();
const uniqueEmail = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}@exemplo.com`;
const CHARACTERS = 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.';

describe('password requirements (lower_upper_letters_digits, minimum 8)', () => {
  it.each([
    ['abcdefgh', ['characters'], CHARACTERS],
    ['12345678', ['characters'], CHARACTERS],
    ['ABCDEFGH1', ['characters'], CHARACTERS],
    ['Ab1', ['length'], 'Password should be at least 8 characters.'],
    ['abc', ['length', 'characters'], `Password should be at least 8 characters. ${CHARACTERS}`],
  ])('refuses %s at sign-up with 422 weak_password and its reasons', async (password, reasons, message) => {
    const { data, error } = await anonClient(backend).auth.signUp({ email: uniqueEmail('fraca'), password });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe(message);
    expect((error as AuthWeakPasswordError).reasons).toEqual(reasons);
    expect(data.user).toBeNull();
  });

  it('accepts a password with lower case, upper case and digits', async () => {
    const { error } = await anonClient(backend).auth.signUp({ email: uniqueEmail('forte'), password: 'Farmacia2026' });
    expect(error).toBeNull();
  });

  it('refuses a weak new password on PUT /user too, and keeps the old one', async () => {
    const email = uniqueEmail('troca');
    const client = anonClient(backend);
    expect((await client.auth.signUp({ email, password: 'Inicial2026' })).error).toBeNull();
    const weak = await client.auth.updateUser({ password: 'senhafraca' });
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['characters']);
    await expect(userClient(backend, email, 'Inicial2026')).resolves.toBeDefined();
  });
});

describe('the /token rate limit from config.toml', () => {
  it('lets a burst of 30 grants through from one address, then answers 429 over_request_rate_limit', async () => {
    const ip = `2001:db8:7::${randomInt(1, 0xffff).toString(16)}`;
    const client = anonClient(backend, ip);
    const { email } = DEMO_USERS.analista;
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
      expect(error, `grant ${i + 1}`).toBeNull();
    }
    // The bucket refills at 150 per 300 s (0.5 per second): on a slow machine the burst took a while,
    // so a grant or two may have been earned meanwhile; past those, the next one is refused.
    const earned = Math.floor(((Date.now() - started) / 1000) * 0.5);
    let limited = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    for (let extra = 0; extra < earned + 1 && !limited.error; extra++) {
      limited = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    }
    expect(limited.error).toBeInstanceOf(AuthApiError);
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.message).toBe('Request rate limit reached');
    // The limit is per address: another device still signs in.
    await expect(userClient(backend, email, DEMO_PASSWORD)).resolves.toBeDefined();
  });
});
