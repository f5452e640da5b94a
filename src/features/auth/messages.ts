/**
 * The auth feature's Portuguese messages the login page and the signed-in shell need (spec §5 "Login", §4 session,
 * §8). The account screens' own messages are in account-messages.ts, which the login page does not load.
 */
import { GENERIC_ERROR_MESSAGE, codeOf, messageOf } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';
import { plural } from '@/lib/utils';

export const authMessages = {
  loginErrorTitle: 'Erro ao fazer login',
  loginInvalidCredentials: 'Email ou senha incorretos. Por favor, verifique suas credenciais.',
  loginRateLimited: 'Muitas tentativas de login. Por favor, tente novamente mais tarde.',
  /** A disabled account (an administrator banned it on /usuarios). */
  loginAccountDisabled: 'Sua conta está desativada. Procure o administrador do sistema.',
  loginTimeoutTitle: 'Tempo esgotado',
  loginTimeoutMessage: 'O login está demorando muito. Por favor, tente novamente.',
  accountDisabledTitle: 'Conta desativada',
  sessionExpiredTitle: 'Sessão Expirada',
  sessionExpiredMessage: 'Sua sessão expirou. Faça login novamente.',
  sessionExpiringTitle: 'Sessão Expirando',
  logoutDoneTitle: 'Logout realizado',
  logoutDoneMessage: 'Você foi desconectado com sucesso.',
  logoutErrorTitle: 'Erro ao fazer logout',
};

/** Thrown when sign-in exceeds its time limit (15 s). */
export class TimeoutError extends Error {
  constructor(message = authMessages.loginTimeoutMessage) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** The toast for a failed sign-in: title and Portuguese description (spec §5 "Login"). */
export function loginErrorToast(error: unknown): { title: string; description: string } {
  if (error instanceof TimeoutError) return { title: authMessages.loginTimeoutTitle, description: authMessages.loginTimeoutMessage };
  return { title: authMessages.loginErrorTitle, description: loginErrorMessage(error) };
}

/** Spec §5: 'Invalid login' → wrong credentials; 'rate limit' → too many attempts; else the error's own text. */
export function loginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const message = messageOf(error);
  const code = codeOf(error);
  if (message.includes('Invalid login') || code === 'invalid_credentials') return authMessages.loginInvalidCredentials;
  if (message.toLowerCase().includes('rate limit') || code === 'over_request_rate_limit') return authMessages.loginRateLimited;
  // deviation: spec §5 shows any other error's own text; GoTrue's is English ('User is banned').
  if (code === 'user_banned') return authMessages.loginAccountDisabled;
  return message || GENERIC_ERROR_MESSAGE;
}

/** The session-expiry warning's text (spec §4; its 'minuto(s)' written for the number). */
export function expiryWarningMessage(minutes: number): string {
  return `Sua sessão expirará em ${minutes} ${plural(minutes, 'minuto', 'minutos')}. Salve seu trabalho.`;
}

/** Auth's answer for a token whose account was disabled (banned) or deleted after it was issued. */
export function isAccountDisabledError(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'user_banned' || code === 'user_not_found';
}

/** Refresh failures after which the session is gone for good: log out silently (spec §4). */
const SILENT_LOGOUT_MARKERS = ['refresh_token_not_found', 'invalid refresh token', 'auth session missing'];

export function isSilentLogoutError(error: unknown): boolean {
  const text = `${codeOf(error) ?? ''} ${messageOf(error)}`.toLowerCase();
  return SILENT_LOGOUT_MARKERS.some((marker) => text.includes(marker));
}
