/** The Portuguese messages of the time clock (spec §8 LGPD message included). */
import { databaseOwnMessage, GENERIC_ERROR_MESSAGE } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const NO_ACTIVE_TERM = 'Nenhuma versão ativa do termo LGPD encontrada';
export const COMPUTER_NOT_AUTHORIZED = 'Este computador não está autorizado para registrar ponto.';
export const PUNCH_ERROR = 'Ponto não registrado';
/** The shared connection message, and what it means here: the mark was not taken (the employee must punch again). */
export const PUNCH_OFFLINE = `${NETWORK_ERROR_MESSAGE} O ponto NÃO foi registrado.`;
export const CONSENT_ERROR = 'Não foi possível registrar sua decisão sobre o termo';
export const COMPUTERS_LOAD_ERROR = 'Erro ao carregar os computadores autorizados';
/** A punch at a unit the employee is not assigned to: stored (Portaria 671 never refuses a mark) and flagged. */
export const OUTSIDE_UNIT = 'Fora da unidade';
export const OUTSIDE_UNIT_NOTE = 'Marcação feita em computador de uma unidade à qual o trabalhador não está vinculado: ela vale, e o gestor a confere.';
export const NO_PUNCH_ACCESS = 'Seu perfil não tem acesso ao ponto eletrônico. Fale com o administrador do sistema.';

/** A refusal of the database (its own Portuguese messages) or a network failure, as the clock says it. */
export function timeClockErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return PUNCH_OFFLINE;
  return databaseOwnMessage(error) ?? GENERIC_ERROR_MESSAGE;
}
