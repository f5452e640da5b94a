/**
 * Session timing rules of spec §4 / §9, as pure functions plus a small monitor with injectable clock and
 * backend so it can be tested with fake timers.
 */

export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const SESSION_VALIDITY_MARGIN_S = 300;
export const SESSION_WARNING_THRESHOLD_S = 600;
export const SESSION_WARNING_DURATION_MS = 10_000;
export const LOGIN_TIMEOUT_MS = 15_000;
export const POST_LOGIN_NAVIGATION_DELAY_MS = 100;

export const SESSION_EXPIRED_TITLE = 'Sessão Expirada';
export const SESSION_EXPIRED_MESSAGE = 'Sua sessão expirou. Faça login novamente.';
export const SESSION_EXPIRING_TITLE = 'Sessão Expirando';

/** A session counts as valid only if it expires more than 300 s from now (`expiresAt` in epoch seconds). */
export function isSessionValid(expiresAt: number | undefined, nowSeconds: number): boolean {
  if (expiresAt === undefined) return false;
  return expiresAt - nowSeconds > SESSION_VALIDITY_MARGIN_S;
}

/** Minutes to announce (rounded up) when 600 s or fewer and more than 0 remain; otherwise null. */
export function expiryWarningMinutes(expiresAt: number | undefined, nowSeconds: number): number | null {
  if (expiresAt === undefined) return null;
  const remaining = expiresAt - nowSeconds;
  if (remaining > SESSION_WARNING_THRESHOLD_S || remaining <= 0) return null;
  return Math.ceil(remaining / 60);
}

export function expiryWarningMessage(minutes: number): string {
  return `Sua sessão expirará em ${minutes} minuto(s). Salve seu trabalho.`;
}

export type SessionCheckResult = 'valid' | 'refreshed' | 'expired' | 'silent-logout' | 'signed-out';

export interface SessionMonitorDeps {
  /** Current time in milliseconds. */
  now: () => number;
  /** The stored session's expiry (epoch seconds), null when there is none; throws on storage/refresh errors. */
  getExpiresAt: () => Promise<number | null>;
  /** Refreshes the session; resolves to the new expiry, rejects with the auth error. */
  refresh: () => Promise<number>;
  isSilentLogoutError: (error: unknown) => boolean;
  onWarning: (minutes: number) => void;
  onExpired: () => void;
  onSilentLogout: () => void;
}

/**
 * Checks the session now and every 60 s: warns once per session when it is about to expire, and when it is
 * no longer valid tries one refresh before ending it with 'Sessão Expirada'.
 */
export class SessionMonitor {
  private warned = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking = false;
  private readonly deps: SessionMonitorDeps;

  constructor(deps: SessionMonitorDeps) {
    this.deps = deps;
  }

  start(intervalMs = SESSION_CHECK_INTERVAL_MS): void {
    this.stop();
    void this.check();
    this.timer = setInterval(() => void this.check(), intervalMs);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** A new session (a fresh sign-in) may be warned again. */
  resetWarning(): void {
    this.warned = false;
  }

  async check(): Promise<SessionCheckResult> {
    if (this.checking) return 'valid';
    this.checking = true;
    try {
      return await this.runCheck();
    } finally {
      this.checking = false;
    }
  }

  private async runCheck(): Promise<SessionCheckResult> {
    let expiresAt: number | null;
    try {
      expiresAt = await this.deps.getExpiresAt();
    } catch (error) {
      // Reading the session makes auth-js refresh an expired token itself; when that refresh finds the
      // token gone ('refresh_token_not_found', 'Invalid refresh token', 'Auth session missing') the
      // logout is silent (spec §4). Anything else ends the session with 'Sessão Expirada'.
      if (this.deps.isSilentLogoutError(error)) {
        this.deps.onSilentLogout();
        return 'silent-logout';
      }
      this.deps.onExpired();
      return 'expired';
    }
    if (expiresAt === null) return 'signed-out';
    const nowSeconds = this.deps.now() / 1000;
    const minutes = expiryWarningMinutes(expiresAt, nowSeconds);
    if (minutes !== null && !this.warned) {
      this.warned = true;
      this.deps.onWarning(minutes);
    }
    if (isSessionValid(expiresAt, nowSeconds)) return 'valid';
    // Not valid any more (300 s margin): one refresh attempt; if it fails the user is told the session expired.
    try {
      const renewed = await this.deps.refresh();
      if (isSessionValid(renewed, this.deps.now() / 1000)) return 'refreshed';
    } catch {
      /* fall through to expiry */
    }
    this.deps.onExpired();
    return 'expired';
  }
}
