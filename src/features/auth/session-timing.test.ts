import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expiryWarningMessage,
  expiryWarningMinutes,
  isSessionValid,
  SESSION_CHECK_INTERVAL_MS,
  SessionMonitor,
  type SessionMonitorDeps,
} from '@/features/auth/session-timing';
import { isSilentLogoutError } from '@/lib/errors';

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
  it('words the message as the spec does', () => {
    expect(expiryWarningMessage(3)).toBe('Sua sessão expirará em 3 minuto(s). Salve seu trabalho.');
  });
});

describe('SessionMonitor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function monitorWith(overrides: Partial<SessionMonitorDeps> & { expiresAt: () => number | null }) {
    const calls = { warnings: [] as number[], expired: 0, silent: 0, refreshes: 0 };
    const monitor = new SessionMonitor({
      now: () => Date.now(),
      getExpiresAt: async () => overrides.expiresAt(),
      refresh: async () => {
        calls.refreshes += 1;
        throw new Error('Invalid Refresh Token: Refresh Token Not Found');
      },
      isSilentLogoutError,
      onWarning: (minutes) => calls.warnings.push(minutes),
      onExpired: () => {
        calls.expired += 1;
      },
      onSilentLogout: () => {
        calls.silent += 1;
      },
      ...overrides,
    });
    return { monitor, calls };
  }

  const nowSeconds = () => Date.now() / 1000;

  it('warns once per session, every 60 s check notwithstanding, with N rounded up', async () => {
    const expiresAt = nowSeconds() + 9 * 60 + 30; // 9.5 minutes left → 10
    const { monitor, calls } = monitorWith({ expiresAt: () => expiresAt });
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.warnings).toEqual([10]);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(calls.warnings).toEqual([10]);
    monitor.resetWarning();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(calls.warnings).toEqual([10, 6]);
    monitor.stop();
  });

  it('does not warn while more than 600 s remain, and checks every 60 s', async () => {
    const expiresAt = nowSeconds() + 660;
    const { monitor, calls } = monitorWith({ expiresAt: () => expiresAt });
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(calls.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.warnings).toEqual([10]);
    monitor.stop();
  });

  it('tries one refresh when 300 s or less remain and ends the session when it fails', async () => {
    const expiresAt = nowSeconds() + 200;
    const { monitor, calls } = monitorWith({ expiresAt: () => expiresAt });
    await expect(monitor.check()).resolves.toBe('expired');
    expect(calls).toMatchObject({ refreshes: 1, expired: 1, silent: 0 });
  });

  it('keeps the session when the refresh succeeds', async () => {
    const expiresAt = nowSeconds() + 100;
    const { monitor, calls } = monitorWith({ expiresAt: () => expiresAt, refresh: async () => nowSeconds() + 3600 });
    await expect(monitor.check()).resolves.toBe('refreshed');
    expect(calls.expired).toBe(0);
  });

  it('logs out silently when reading the session fails with a missing refresh token', async () => {
    const { monitor, calls } = monitorWith({
      expiresAt: () => {
        throw Object.assign(new Error('Invalid Refresh Token: Refresh Token Not Found'), { code: 'refresh_token_not_found' });
      },
    });
    await expect(monitor.check()).resolves.toBe('silent-logout');
    expect(calls).toMatchObject({ silent: 1, expired: 0 });
  });

  it('reports other session errors as expiry', async () => {
    const { monitor, calls } = monitorWith({
      expiresAt: () => {
        throw new Error('JWT malformed');
      },
    });
    await expect(monitor.check()).resolves.toBe('expired');
    expect(calls.expired).toBe(1);
  });

  it('does nothing without a session', async () => {
    const { monitor, calls } = monitorWith({ expiresAt: () => null });
    await expect(monitor.check()).resolves.toBe('signed-out');
    expect(calls).toMatchObject({ expired: 0, silent: 0, warnings: [] });
  });
});
