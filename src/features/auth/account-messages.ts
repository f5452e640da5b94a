/**
 * Portuguese messages of the account screens (sign-up, password recovery and change), apart from messages.ts on
 * purpose: messages.ts is loaded by the login page (200 KB gzipped budget), and nothing here is needed there.
 */
import { GENERIC_ERROR_MESSAGE, codeOf, messageOf } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';
import { LOGIN_INVALID_CREDENTIALS, LOGIN_RATE_LIMITED } from '@/features/auth/messages';

/** The user's own unit, changed on the home page. */
export const UNIT_UPDATED_TITLE = 'Unidade atualizada';
export function unitUpdatedMessage(unitName: string | null): string {
  return `Você está agora associado à ${unitName ?? 'nenhuma unidade'}`;
}
export const UNIT_UPDATE_ERROR_TITLE = 'Erro ao atualizar unidade';

/** The toasts of the account forms' mutation hooks. */
export const SIGN_UP_DONE_TITLE = 'Conta criada';
export const SIGN_UP_DONE_MESSAGE = 'Seu cadastro foi realizado com sucesso.';
export const SIGN_UP_ERROR_TITLE = 'Erro ao criar conta';
export const RESET_EMAIL_ERROR_TITLE = 'Erro ao enviar email';
export const PASSWORD_RESET_DONE_TITLE = 'Senha redefinida';
export const PASSWORD_RESET_DONE_MESSAGE = 'Sua nova senha foi salva.';
export const PASSWORD_RESET_ERROR_TITLE = 'Erro ao redefinir senha';
export const PASSWORD_CHANGED_TITLE = 'Senha alterada';
export const PASSWORD_CHANGED_MESSAGE = 'Sua senha foi alterada com sucesso.';
export const PASSWORD_CHANGE_ERROR_TITLE = 'Erro ao alterar senha';

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

