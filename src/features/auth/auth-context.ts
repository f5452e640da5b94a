import { createContext, useContext } from 'react';
import type { SessionUser } from '@/features/auth/types';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in' | 'error';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** True while the user follows a password-recovery link (PASSWORD_RECOVERY event). */
  isPasswordRecovery: boolean;
  /** Signs out with the spec's toasts ('Logout realizado' / 'Erro ao fazer logout'). */
  signOut: () => Promise<void>;
  /** Re-verifies the password of the signed-in user without reloading the session user or navigating. */
  reauthenticate: (password: string) => Promise<void>;
  /** Tries loading the session user again after an error. */
  retry: () => void;
  /**
   * Asks Auth whether the signed-in account was disabled or deleted meanwhile, and if so ends the session
   * with 'Sua conta está desativada…'. Called at each navigation; cheap (one GET /user, never two at once).
   */
  verifyAccount: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider.');
  return value;
}
