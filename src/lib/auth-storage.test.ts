import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, clearStoredAuth, hasAuthRedirectInUrl, hasStoredSession, storedSessionUserId } from '@/lib/auth-storage';

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the stored session, read without supabase-js', () => {
  it('knows whether supabase-js stored a session under its key, and clears every item under it', () => {
    expect(AUTH_STORAGE_KEY).toMatch(/^sb-.+-auth-token$/);
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}');
    window.localStorage.setItem(`${AUTH_STORAGE_KEY}-code-verifier`, 'v');
    window.localStorage.setItem('theme', 'dark');
    expect(hasStoredSession()).toBe(true);
    clearStoredAuth();
    expect(hasStoredSession()).toBe(false);
    expect(window.localStorage.getItem(`${AUTH_STORAGE_KEY}-code-verifier`)).toBeNull();
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });

  it("reads the stored session's user id as a hint, and null for anything else stored there", () => {
    expect(storedSessionUserId()).toBeNull();
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'x', user: { id: '5eed0000-0000-4000-8000-000000000001' } }));
    expect(storedSessionUserId()).toBe('5eed0000-0000-4000-8000-000000000001');
    for (const stored of ['{"access_token":"x"}', '{"user":null}', '{"user":{"id":7}}', '{"user":{"id":""}}', 'not json', 'null']) {
      window.localStorage.setItem(AUTH_STORAGE_KEY, stored);
      expect(storedSessionUserId()).toBeNull();
    }
  });

  it.each([
    ['/auth/reset-password#access_token=abc&type=recovery', true],
    ['/change-password#error_description=Link+expirado', true],
    ['/auth/reset-password?code=123', true],
    ['/login', false],
    ['/produtos?q=dipirona', false],
    ['/analise-cotacoes#grafico', false],
  ])('%s carries an e-mail link\'s session: %s', (url, expected) => {
    window.history.replaceState(null, '', url);
    expect(hasAuthRedirectInUrl()).toBe(expected);
  });
});
