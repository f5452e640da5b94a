import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, clearStoredAuth, hasAuthRedirectInUrl, hasStoredSession } from '@/lib/auth-storage';

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
