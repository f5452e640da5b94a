/**
 * Portuguese messages of the account screens (sign-up, password recovery and change), apart from messages.ts on
 * purpose: messages.ts is loaded by the login page (150 KB gzipped target), and nothing here is needed there.
 */
import { GENERIC_ERROR_MESSAGE, codeOf, messageOf } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';
import { authMessages } from '@/features/auth/messages';

export const accountMessages = {
  /** The user's own unit, changed on the home page. */
  unitUpdatedTitle: 'Unidade atualizada',
  unitUpdateErrorTitle: 'Erro ao atualizar unidade',
  /** The toasts of the account forms' mutation hooks. */
  signUpDoneTitle: 'Conta criada',
  signUpDoneMessage: 'Seu cadastro foi realizado com sucesso.',
  signUpErrorTitle: 'Erro ao criar conta',
  resetEmailErrorTitle: 'Erro ao enviar email',
  passwordResetDoneTitle: 'Senha redefinida',
  passwordResetDoneMessage: 'Sua nova senha foi salva.',
  passwordResetErrorTitle: 'Erro ao redefinir senha',
  passwordChangedTitle: 'Senha alterada',
  passwordChangedMessage: 'Sua senha foi alterada com sucesso.',
  passwordChangeErrorTitle: 'Erro ao alterar senha',
};

export function unitUpdatedMessage(unitName: string | null): string {
  return `Você está agora associado à ${unitName ?? 'nenhuma unidade'}`;
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
      return authMessages.loginRateLimited;
    case 'email_address_invalid':
    case 'validation_failed':
      return 'Verifique os dados informados.';
    case 'signup_disabled':
      return 'O cadastro de novos usuários está desativado.';
    case 'session_not_found':
    case 'bad_jwt':
      return 'Sua sessão expirou. Faça login novamente.';
    default:
      if (message.includes('Invalid login')) return authMessages.loginInvalidCredentials;
      return message || GENERIC_ERROR_MESSAGE;
  }
}

