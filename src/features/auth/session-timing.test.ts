import { AuthRetryableFetchError, isAuthRetryableFetchError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expiryWarningMinutes,
  isSessionValid,
  createWarnedSessionStore,
  SESSION_CHECK_INTERVAL_MS,
  SessionMonitor,
  sessionKeyOf,
  type SessionMonitorDeps,
} from '@/features/auth/session-timing';
import { expiryWarningMessage, isSilentLogoutError } from '@/features/auth/messages';

describe('session validity (300 s margin)', () => {
  it.each([
    [1000 + 301, true],
    [1000 + 300, false],
    [1000 + 10, false],
    [999, false],
  ])('expires at %i, now 1000 → valid %s', (expiresAt, valid) => {
    expect(isSessionValid(expiresAt, 1000)).toBe(valid);
  });
  it('is invalid without an expiry', () => {
    expect(isSessionValid(undefined, 0)).toBe(false);
  });
});

describe('expiry warning minutes', () => {
  it.each([
    [601, null],
    [600, 10],
    [541, 10],
    [540, 9],
    [61, 2],
    [60, 1],
    [1, 1],
    [0, null],
    [-5, null],
  ])('%i s remaining → %s', (remaining, minutes) => {
    expect(expiryWarningMinutes(1000 + remaining, 1000)).toBe(minutes);
  });
  it("words the message as the spec does, 'minuto(s)' written for the number", () => {
    expect(expiryWarningMessage(3)).toBe('Sua sessão expirará em 3 minutos. Salve seu trabalho.');
    expect(expiryWarningMessage(1)).toBe('Sua sessão expirará em 1 minuto. Salve seu trabalho.');
  });
});

describe('SessionMonitor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Stored = { expiresAt: number; key?: string } | null;

  function monitorWith(overrides: Partial<SessionMonitorDeps> & { session: () => Stored }) {
    const calls = { warnings: [] as number[], expired: 0, silent: 0, refreshes: 0 };
    const { session, ...deps } = overrides;
    const monitor = new SessionMonitor({
      now: () => Date.now(),
      getSession: async () => {
        const current = session();
        return current ? { expiresAt: current.expiresAt, key: current.key ?? 'session:one' } : null;
      },
      refresh: async () => {
        calls.refreshes += 1;
        throw new Error('fetch failed');
      },
      isSilentLogoutError,
      isTransientError: isAuthRetryableFetchError,
      warned: createWarnedSessionStore(window.sessionStorage),
      onWarning: (minutes) => calls.warnings.push(minutes),
      onExpired: () => {
        calls.expired += 1;
      },
      onSilentLogout: () => {
        calls.silent += 1;
      },
      ...deps,
    });
    return { monitor, calls };
  }

  const nowSeconds = () => Date.now() / 1000;

  /** Auth cannot be reached: the session will end unless the connection comes back. */
  const offline = async (): Promise<number> => {
    throw new AuthRetryableFetchError('Failed to fetch', 0);
  };

  it('does not warn when the refresh renews a session about to expire (the end never comes)', async () => {
    let current: Stored = { expiresAt: nowSeconds() + 9 * 60 + 30 };
    const { monitor, calls } = monitorWith({
      session: () => current,
      refresh: async () => {
        calls.refreshes += 1;
        current = { expiresAt: nowSeconds() + 3600 };
        return current.expiresAt;
      },
    });
    monitor.start();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(calls).toMatchObject({ warnings: [], refreshes: 1, expired: 0, silent: 0 });
    monitor.stop();
  });

  it('warns when the renewed session still ends within 600 s (a session at its time limit)', async () => {
    const limit = nowSeconds() + 8 * 60 + 10;
    const { monitor, calls } = monitorWith({ session: () => ({ expiresAt: limit }), refresh: async () => limit });
    await expect(monitor.check()).resolves.toBe('refreshed');
    expect(calls.warnings).toEqual([9]);
  });

  it('warns once per session when the refresh cannot reach Auth, every 60 s check notwithstanding, with N rounded up', async () => {
    let current: Stored = { expiresAt: nowSeconds() + 9 * 60 + 30, key: 'session:one' }; // 9.5 minutes left → 10
    const { monitor, calls } = monitorWith({ session: () => current, refresh: offline });
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.warnings).toEqual([10]);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(calls.warnings).toEqual([10]);
    // A new sign-in is a new session: it may be warned again.
    current = { expiresAt: nowSeconds() + 60 + 5 * 60 + 30, key: 'session:two' }; // 5.5 minutes left at the next check
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(calls.warnings).toEqual([10, 6]);
    monitor.stop();
  });

  it('does not warn again after a reload (a new monitor over the same tab storage) for the same session', async () => {
    const current: Stored = { expiresAt: nowSeconds() + 530, key: 'session:reloaded' };
    const first = monitorWith({ session: () => current, refresh: offline });
    await first.monitor.check();
    expect(first.calls.warnings).toEqual([9]);
    const afterReload = monitorWith({ session: () => current, refresh: offline });
    await afterReload.monitor.check();
    await afterReload.monitor.check();
    expect(afterReload.calls.warnings).toEqual([]);
  });

  it('keeps warning per session when storage is unavailable', async () => {
    const broken: Pick<Storage, 'getItem' | 'setItem'> = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    const current: Stored = { expiresAt: nowSeconds() + 100 + 300, key: 'session:x' };
    const { monitor, calls } = monitorWith({ session: () => current, warned: createWarnedSessionStore(broken), refresh: offline });
    await monitor.check();
    await monitor.check();
    expect(calls.warnings).toEqual([7]);
  });

  it('neither refreshes nor warns while more than 600 s remain, and checks every 60 s', async () => {
    const expiresAt = nowSeconds() + 660;
    const { monitor, calls } = monitorWith({ session: () => ({ expiresAt }), refresh: offline });
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(calls.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.warnings).toEqual([10]);
    monitor.stop();
  });

  it('tries one refresh when 300 s or less remain and ends the session with Sessão Expirada when it fails', async () => {
    const expiresAt = nowSeconds() + 200;
    const { monitor, calls } = monitorWith({ session: () => ({ expiresAt }) });
    await expect(monitor.check()).resolves.toBe('expired');
    expect(calls).toMatchObject({ refreshes: 1, expired: 1, silent: 0 });
  });

  it.each([
    [Object.assign(new Error('Invalid Refresh Token: Refresh Token Not Found'), { code: 'refresh_token_not_found' })],
    [new Error('Invalid Refresh Token: Already Used')],
    [new Error('Auth session missing!')],
  ])('logs out silently when that refresh fails with %s (spec §4)', async (refreshError) => {
    const expiresAt = nowSeconds() + 200;
    const { monitor, calls } = monitorWith({
      session: () => ({ expiresAt }),
      refresh: async () => {
        throw refreshError;
      },
    });
    await expect(monitor.check()).resolves.toBe('silent-logout');
    expect(calls).toMatchObject({ silent: 1, expired: 0 });
  });

  it('keeps a still-valid session when the refresh cannot reach Auth, and ends it once the token has expired', async () => {
    const expiresAt = nowSeconds() + 200;
    const { monitor, calls } = monitorWith({
      session: () => ({ expiresAt }),
      refresh: async () => {
        calls.refreshes += 1;
        return offline();
      },
    });
    await expect(monitor.check()).resolves.toBe('retry-later');
    // The session will end unless the connection comes back: now the warning tells the staff to save.
    expect(calls).toMatchObject({ refreshes: 1, expired: 0, silent: 0, warnings: [4] });
    // Still offline when the token runs out: the session ends with Sessão Expirada.
    vi.setSystemTime(Date.now() + 201_000);
    await expect(monitor.check()).resolves.toBe('expired');
    expect(calls).toMatchObject({ refreshes: 2, expired: 1, silent: 0 });
  });

  it('ends the session when the refresh succeeds but still leaves 300 s or less', async () => {
    const expiresAt = nowSeconds() + 200;
    const { monitor, calls } = monitorWith({ session: () => ({ expiresAt }), refresh: async () => nowSeconds() + 250 });
    await expect(monitor.check()).resolves.toBe('expired');
    expect(calls).toMatchObject({ expired: 1, silent: 0 });
  });

  it('keeps the session when the refresh succeeds', async () => {
    const expiresAt = nowSeconds() + 100;
    const { monitor, calls } = monitorWith({ session: () => ({ expiresAt }), refresh: async () => nowSeconds() + 3600 });
    await expect(monitor.check()).resolves.toBe('refreshed');
    expect(calls.expired).toBe(0);
  });

  it('reports nothing for a check still running when the monitor is stopped (the session already ended)', async () => {
    const expiresAt = nowSeconds() + 200;
    let failRefresh: (error: Error) => void = () => undefined;
    const { monitor, calls } = monitorWith({
      session: () => ({ expiresAt }),
      refresh: () =>
        new Promise<number>((_resolve, reject) => {
          failRefresh = reject;
        }),
    });
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    monitor.stop();
    failRefresh(new Error('fetch failed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toMatchObject({ expired: 0, silent: 0 });
  });

  it('logs out silently when reading the session fails with a missing refresh token', async () => {
    const { monitor, calls } = monitorWith({
      session: () => {
        throw Object.assign(new Error('Invalid Refresh Token: Refresh Token Not Found'), { code: 'refresh_token_not_found' });
      },
    });
    await expect(monitor.check()).resolves.toBe('silent-logout');
    expect(calls).toMatchObject({ silent: 1, expired: 0 });
  });

  it('reports other session errors as expiry', async () => {
    const { monitor, calls } = monitorWith({
      session: () => {
        throw new Error('JWT malformed');
      },
    });
    await expect(monitor.check()).resolves.toBe('expired');
    expect(calls.expired).toBe(1);
  });

  it('does nothing without a session', async () => {
    const { monitor, calls } = monitorWith({ session: () => null });
    await expect(monitor.check()).resolves.toBe('signed-out');
    expect(calls).toMatchObject({ expired: 0, silent: 0, warnings: [] });
  });
});

describe('session key', () => {
  const token = (claims: Record<string, unknown>) =>
    `e30.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

  it('is the session_id claim, the same across refreshed tokens', () => {
    const first = sessionKeyOf({ access_token: token({ sub: 'u', session_id: 'abc', exp: 1 }), refresh_token: 'r1' });
    const refreshed = sessionKeyOf({ access_token: token({ sub: 'u', session_id: 'abc', exp: 2 }), refresh_token: 'r2' });
    expect(first).toBe('session:abc');
    expect(refreshed).toBe(first);
    expect(sessionKeyOf({ access_token: token({ sub: 'u', session_id: 'def' }), refresh_token: 'r1' })).not.toBe(first);
  });
  it('falls back to the refresh token when the token has no session_id', () => {
    expect(sessionKeyOf({ access_token: token({ sub: 'u' }), refresh_token: 'r9' })).toBe('refresh:r9');
    expect(sessionKeyOf({ access_token: 'not-a-jwt', refresh_token: 'r9' })).toBe('refresh:r9');
  });
});
