/**
 * The generic error mapping every feature shares (spec §8): network, auth and permission codes
 * to Portuguese, the generic record messages, and small typed helpers to read an error. Each
 * feature keeps its own messages and its database-error mapping in its messages.ts.
 */

import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const GENERIC_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Por favor, tente novamente.';

/** The message of any thrown value (Error, PostgREST or auth error object, string). */
export function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return '';
}

/** The code of a PostgREST, PostgreSQL or auth error, if any. */
export function codeOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/** The message and details of an error together (where PostgreSQL names the violated constraint). */
export function constraintOf(error: unknown): string {
  const text = `${messageOf(error)} ${error && typeof error === 'object' && 'details' in error ? String(error.details) : ''}`;
  return text;
}

/** The details of a PostgREST error (where it names a constraint). */
export function detailsOf(error: unknown): string {
  return error && typeof error === 'object' && 'details' in error && typeof error.details === 'string' ? error.details : '';
}

/**
 * A database refusal's own Portuguese text (raised by our triggers and RPCs with these codes), or
 * undefined when the text is PostgreSQL's English ("violates", "null value", "permission denied"...).
 */
export function databaseOwnMessage(error: unknown, codes: readonly string[] = ['23502', '23514', '22023', 'P0001', '42501']): string | undefined {
  const code = codeOf(error);
  const message = messageOf(error);
  if (!code || !codes.includes(code) || !message) return undefined;
  return /violates|constraint|null value|permission denied|row-level security/i.test(message) ? undefined : message;
}

/** PostgREST / PostgreSQL error codes → Portuguese (spec §8 keeps the screen-specific titles in the features). */
export function databaseErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  switch (codeOf(error)) {
    case '42501':
      return 'Você não tem permissão para realizar esta operação.';
    case '23505':
      return 'Já existe um registro com estes dados.';
    case '23503':
      return 'Este registro está vinculado a outros registros.';
    case '23502':
    case '23514':
    case '22P02':
      return 'Verifique os dados informados.';
    case 'PGRST116':
      return 'Registro não encontrado.';
    case 'PGRST301':
    case 'PGRST303':
      return 'Sua sessão expirou. Faça login novamente.';
    default:
      return messageOf(error) || GENERIC_ERROR_MESSAGE;
  }
}

/** True for a missing or expired session (auth-js or PostgREST JWT errors). */
export function isAuthenticationError(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'PGRST301' || code === 'PGRST303' || code === 'session_not_found' || code === 'bad_jwt' || messageOf(error) === 'Auth session missing!';
}

// ---------------------------------------------------------------------------
// Spec §8 generic record messages.

export const RECORD_CREATED = 'Registro criado com sucesso';
export const RECORD_UPDATED = 'Registro atualizado com sucesso';
export const RECORD_DELETED = 'Registro excluído com sucesso';
export const RECORD_CREATE_ERROR = 'Erro ao criar registro';
export const RECORD_UPDATE_ERROR = 'Erro ao atualizar registro';
export const RECORD_DELETE_ERROR = 'Erro ao excluir registro';
