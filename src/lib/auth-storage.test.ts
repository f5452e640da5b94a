import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, clearStoredAuth, hasAuthRedirectInUrl, hasStoredSession, onUnauthorized, reportUnauthorized, storedSessionUserId } from '@/lib/auth-storage';

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

describe('401 answers and their listener', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delivers each 401 to the listeners while one listens', () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener, 'token-a');
    reportUnauthorized('http://x/rest/v1/a', 'token-a');
    reportUnauthorized('http://x/rest/v1/b', null);
    stop();
    expect(listener.mock.calls).toEqual([['http://x/rest/v1/a'], ['http://x/rest/v1/b']]);
  });

  it("keeps a 401 answered before anyone listened for the next listener of the same token, and only for it", () => {
    vi.useFakeTimers();
    // A reload's first read refused before the session's listener is set: delivered once it is.
    reportUnauthorized('http://x/rest/v1/first', 'token-a');
    const listener = vi.fn();
    const stop = onUnauthorized(listener, 'token-a');
    vi.runAllTimers();
    expect(listener.mock.calls).toEqual([['http://x/rest/v1/first']]);
    stop();

    // A 401 of a session that ended (its in-flight reads) never ends the next session.
    reportUnauthorized('http://x/rest/v1/late', 'token-a');
    const next = vi.fn();
    const stopNext = onUnauthorized(next, 'token-b');
    vi.runAllTimers();
    expect(next).not.toHaveBeenCalled();
    stopNext();

    // Kept once: a listener that comes after the one it was handed to (or after it was dropped) gets nothing.
    reportUnauthorized('http://x/rest/v1/again', 'token-c');
    const third = vi.fn();
    onUnauthorized(third, 'token-d')();
    const fourth = vi.fn();
    const stopFourth = onUnauthorized(fourth, 'token-c');
    vi.runAllTimers();
    expect([third.mock.calls.length, fourth.mock.calls.length]).toEqual([0, 0]);
    stopFourth();

    // Without a token (the anon key's request), nothing is kept.
    reportUnauthorized('http://x/rest/v1/anon', null);
    const fifth = vi.fn();
    const stopFifth = onUnauthorized(fifth, 'token-e');
    vi.runAllTimers();
    expect(fifth).not.toHaveBeenCalled();
    stopFifth();
  });
});
