/**
 * Session state for the whole app (spec §4): follows supabase-js auth events, loads the session user,
 * runs the 60 s session check and expiry warning, and ends the session on any 401 from REST or functions.
 * A disabled account's token stays valid until it expires, so the account itself is checked with Auth
 * (verifyAccount) at each navigation, when the tab comes back into view and after any 403 from REST or
 * functions; a disabled or deleted account's session ends there with 'Sua conta está desativada…'.
 */
import type { Session } from '@supabase/supabase-js';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/use-toast';
import { authMessages, expiryWarningMessage, isSilentLogoutError } from '@/features/auth/messages';
import { useSessionUserQuery } from '@/features/auth/api/get-session-user';
import { authKeys } from '@/features/auth/api/keys';
import {
  clearStoredAuth,
  getSession,
  isAccountDisabled,
  isSignedOutForSure,
  loadTransientErrorCheck,
  onAuthStateChange,
  onForbidden,
  onUnauthorized,
  refreshSession,
  signOutLocally,
  verifyPassword,
} from '@/features/auth/api/session';
import { signOut as signOutRequest } from '@/features/auth/api/sign-out';
import { AuthContext, type AuthContextValue, type AuthStatus } from '@/features/auth/auth-context';
import {
  SESSION_WARNING_DURATION_MS,
  SessionMonitor,
  createWarnedSessionStore,
  sessionKeyOf,
} from '@/features/auth/session-timing';

type EndReason = 'expired' | 'silent' | 'logout' | 'disabled';

function tabSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  // Nothing stored and no e-mail link's session in the URL: signed out for sure, and the sign-in form shows
  // without waiting for supabase-js (which then reports the same, INITIAL_SESSION without a session).
  const [initialised, setInitialised] = useState(isSignedOutForSure);
  const [isPasswordRecovery, setPasswordRecovery] = useState(false);
  /** Set while we end the session ourselves, so the SIGNED_OUT event it causes is not handled twice. */
  const endingRef = useRef(false);
  /**
   * Set while the session check's own refresh runs: a failed refresh makes auth-js emit SIGNED_OUT, and the
   * check itself decides how the session ends (silently or with 'Sessão Expirada'). Kept apart from
   * endingRef so that a 401 arriving meanwhile still ends the session.
   */
  const refreshingRef = useRef(false);
  /** Which session was already warned of its expiry (survives reloads: once per session, spec §4). */
  const [warnedSessions] = useState(() => createWarnedSessionStore(tabSessionStorage()));

  const clearLocalState = useCallback(() => {
    clearStoredAuth();
    queryClient.removeQueries({ queryKey: authKeys.all });
    queryClient.clear();
    // What screens kept in this browser between visits (the catalogue): the next person here starts from the database.
    // Loaded on demand: the sign-in page does not carry it.
    void import('@/lib/browser-cache').then((cache) => cache.clearBrowserCache()).catch(() => undefined);
    setSession(null);
    setPasswordRecovery(false);
  }, [queryClient]);

  const endSession = useCallback(
    async (reason: EndReason) => {
      if (endingRef.current) return;
      endingRef.current = true;
      try {
        if (reason === 'expired') {
          toast({ title: authMessages.sessionExpiredTitle, description: authMessages.sessionExpiredMessage, variant: 'destructive' });
        }
        if (reason === 'disabled') {
          toast({ title: authMessages.accountDisabledTitle, description: authMessages.loginAccountDisabled, variant: 'destructive' });
        }
        if (reason === 'logout') {
          const { error } = await signOutRequest();
          if (error) {
            toast({ title: authMessages.logoutErrorTitle, variant: 'destructive' });
            return;
          }
          toast({ title: authMessages.logoutDoneTitle, description: authMessages.logoutDoneMessage });
        } else {
          // Local only: the server session may already be gone, and this must not fail.
          await signOutLocally();
        }
        clearLocalState();
      } finally {
        endingRef.current = false;
      }
    },
    [clearLocalState],
  );

  // Follow supabase-js auth events. The callback must not await supabase calls (auth-js holds a lock).
  useEffect(() => {
    return onAuthStateChange((event, next) => {
      switch (event) {
        case 'INITIAL_SESSION':
          setSession(next);
          setInitialised(true);
          break;
        case 'SIGNED_IN':
          setSession(next);
          break;
        case 'PASSWORD_RECOVERY':
          setPasswordRecovery(true);
          setSession(next);
          break;
        case 'TOKEN_REFRESHED':
        case 'USER_UPDATED':
          setSession(next);
          break;
        case 'SIGNED_OUT':
          // Not caused by us: auth-js dropped the session (e.g. its refresh failed) → silent logout.
          if (!endingRef.current && !refreshingRef.current) setTimeout(() => void endSession('silent'), 0);
          break;
        default:
          break;
      }
    });
  }, [endSession]);

  const hasSession = session !== null;
  const accessToken = session?.access_token ?? null;

  // Any 401 from the Data API or a function while signed in ends the session (spec §4), one answered for this
  // session's token before this listener was set included (a reload's first reads: src/lib/auth-storage.ts).
  useEffect(() => {
    if (accessToken === null) return undefined;
    return onUnauthorized(() => void endSession('expired'), accessToken);
  }, [accessToken, endSession]);

  // Was the account disabled or deleted since its token was issued? One question to Auth at a time.
  const checkingRef = useRef(false);
  const verifyAccount = useCallback(() => {
    if (checkingRef.current || endingRef.current) return;
    checkingRef.current = true;
    void isAccountDisabled()
      .then((disabled) => {
        if (disabled) void endSession('disabled');
      })
      .catch(() => undefined)
      .finally(() => {
        checkingRef.current = false;
      });
  }, [endSession]);

  // A refusal from the database or a function may mean the account was disabled: ask Auth. So does
  // coming back to the tab.
  useEffect(() => {
    if (!hasSession) return undefined;
    const onVisible = () => {
      if (document.visibilityState === 'visible') verifyAccount();
    };
    document.addEventListener('visibilitychange', onVisible);
    const unsubscribe = onForbidden(() => verifyAccount());
    return () => {
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [hasSession, verifyAccount]);

  // The 60 s session check and the once-per-session expiry warning. supabase-js's check for a refresh that
  // never reached Auth (offline, gateway 5xx: AuthRetryableFetchError) comes with the client, loaded since
  // there is a session; the check starts once it is here.
  useEffect(() => {
    if (!hasSession) return undefined;
    let monitor: SessionMonitor | undefined;
    let stopped = false;
    void loadTransientErrorCheck().then((isTransientError) => {
      if (stopped) return;
      monitor = new SessionMonitor({
        now: () => Date.now(),
        getSession: async () => {
          const { data, error } = await getSession();
          if (error) throw error;
          if (!data.session) return null;
          return { expiresAt: data.session.expires_at ?? 0, key: sessionKeyOf(data.session) };
        },
        refresh: async () => {
          refreshingRef.current = true;
          try {
            const { data, error } = await refreshSession();
            if (error) throw error;
            return data.session?.expires_at ?? 0;
          } finally {
            refreshingRef.current = false;
          }
        },
        isSilentLogoutError,
        isTransientError,
        warned: warnedSessions,
        onWarning: (minutes) =>
          toast({ title: authMessages.sessionExpiringTitle, description: expiryWarningMessage(minutes), duration: SESSION_WARNING_DURATION_MS }),
        onExpired: () => void endSession('expired'),
        onSilentLogout: () => void endSession('silent'),
      });
      monitor.start();
    });
    return () => {
      stopped = true;
      monitor?.stop();
    };
  }, [hasSession, endSession, warnedSessions]);

  const authUser = session?.user ?? null;
  const userQuery = useSessionUserQuery(authUser);

  const signOut = useCallback(() => endSession('logout'), [endSession]);

  const reauthenticate = useCallback(
    async (password: string) => {
      const email = session?.user.email;
      if (!email) throw new Error('Auth session missing!');
      // Spec §4: re-verifying the password neither reloads nor navigates. The SIGNED_IN it causes only
      // replaces the session: same user, so the cached session user stays and no route changes.
      const { error } = await verifyPassword(email, password);
      if (error) throw error;
    },
    [session],
  );

  const retry = useCallback(() => void userQuery.refetch(), [userQuery]);

  let status: AuthStatus;
  if (!initialised) status = 'loading';
  else if (!session) status = 'signed-out';
  else if (userQuery.data) status = 'signed-in';
  else if (userQuery.isError) status = 'error';
  else status = 'loading';

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user: status === 'signed-in' ? (userQuery.data ?? null) : null,
      isPasswordRecovery,
      signOut,
      reauthenticate,
      retry,
      verifyAccount,
    }),
    [status, userQuery.data, isPasswordRecovery, signOut, reauthenticate, retry, verifyAccount],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
