/** The auth feature's Portuguese messages (spec §5 "Login", §4 session, §8). */
import { GENERIC_ERROR_MESSAGE, codeOf, messageOf } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const LOGIN_ERROR_TITLE = 'Erro ao fazer login';
export const LOGIN_INVALID_CREDENTIALS = 'Email ou senha incorretos. Por favor, verifique suas credenciais.';
export const LOGIN_RATE_LIMITED = 'Muitas tentativas de login. Por favor, tente novamente mais tarde.';
/** A disabled account (an administrator banned it on /usuarios). */
export const LOGIN_ACCOUNT_DISABLED = 'Sua conta está desativada. Procure o administrador do sistema.';
export const LOGIN_TIMEOUT_TITLE = 'Tempo esgotado';
export const LOGIN_TIMEOUT_MESSAGE = 'O login está demorando muito. Por favor, tente novamente.';

/** Thrown when sign-in exceeds its time limit (15 s). */
export class TimeoutError extends Error {
  constructor(message = LOGIN_TIMEOUT_MESSAGE) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/** The toast for a failed sign-in: title and Portuguese description (spec §5 "Login"). */
export function loginErrorToast(error: unknown): { title: string; description: string } {
  if (error instanceof TimeoutError) return { title: LOGIN_TIMEOUT_TITLE, description: LOGIN_TIMEOUT_MESSAGE };
  return { title: LOGIN_ERROR_TITLE, description: loginErrorMessage(error) };
}

/** Spec §5: 'Invalid login' → wrong credentials; 'rate limit' → too many attempts; else the error's own text. */
export function loginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const message = messageOf(error);
  const code = codeOf(error);
  if (message.includes('Invalid login') || code === 'invalid_credentials') return LOGIN_INVALID_CREDENTIALS;
  if (message.toLowerCase().includes('rate limit') || code === 'over_request_rate_limit') return LOGIN_RATE_LIMITED;
  // deviation: spec §5 shows any other error's own text; GoTrue's is English ('User is banned').
  if (code === 'user_banned') return LOGIN_ACCOUNT_DISABLED;
  return message || GENERIC_ERROR_MESSAGE;
}

export const ACCOUNT_DISABLED_TITLE = 'Conta desativada';

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

const WEAK_PASSWORD_REASONS: Record<string, string> = {
  length: 'pelo menos 8 caracteres',
  characters: 'letras minúsculas, maiúsculas e números',
  pwned: 'uma senha que não apareça em vazamentos de dados conhecidos',
};

/**
 * GoTrue's 422 weak_password names its reasons (`length`, `characters`, `pwned`, in
 * AuthWeakPasswordError.reasons): 'A senha é fraca: use pelo menos 8 caracteres e letras
 * minúsculas, maiúsculas e números.'
 */
export function weakPasswordMessage(error: unknown): string {
  const reasons = (error as { reasons?: unknown }).reasons;
  const parts = (Array.isArray(reasons) ? reasons : [])
    .map((reason) => WEAK_PASSWORD_REASONS[String(reason)])
    .filter((part): part is string => Boolean(part));
  if (parts.length === 0) return 'A senha é fraca: use pelo menos 8 caracteres, com letras minúsculas, maiúsculas e números.';
  return `A senha é fraca: use ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`}.`;
}

/** Auth errors other than sign-in (sign-up, reset, password change), in Portuguese. */
export function authErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const code = codeOf(error);
  const message = messageOf(error);
  switch (code) {
    case 'user_already_exists':
    case 'email_exists':
      return 'Já existe uma conta com este email.';
    case 'weak_password':
      return weakPasswordMessage(error);
    case 'same_password':
      return 'A nova senha deve ser diferente da senha atual.';
    case 'over_email_send_rate_limit':
      return 'Muitos emails enviados. Aguarde um minuto e tente novamente.';
    case 'over_request_rate_limit':
      return LOGIN_RATE_LIMITED;
    case 'email_address_invalid':
    case 'validation_failed':
      return 'Verifique os dados informados.';
    case 'signup_disabled':
      return 'O cadastro de novos usuários está desativado.';
    case 'session_not_found':
    case 'bad_jwt':
      return 'Sua sessão expirou. Faça login novamente.';
    default:
      if (message.includes('Invalid login')) return LOGIN_INVALID_CREDENTIALS;
      return message || GENERIC_ERROR_MESSAGE;
  }
}

