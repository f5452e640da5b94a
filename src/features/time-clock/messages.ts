/** The Portuguese messages of the time clock (spec §8 LGPD message included). */
import { databaseOwnMessage, GENERIC_ERROR_MESSAGE, messageOf } from '@/lib/errors';

export const NO_ACTIVE_TERM = 'Nenhuma versão ativa do termo LGPD encontrada';
export const COMPUTER_NOT_AUTHORIZED = 'Este computador não está autorizado para registrar ponto.';
export const PUNCH_ERROR = 'Ponto não registrado';
export const PUNCH_OFFLINE = 'Sem conexão com o servidor: o ponto NÃO foi registrado. Verifique a internet e tente de novo.';
export const CONSENT_ERROR = 'Não foi possível registrar sua decisão sobre o termo';
export const COMPUTERS_LOAD_ERROR = 'Erro ao carregar os computadores autorizados';
/** A punch at a unit the employee is not assigned to: stored (Portaria 671 never refuses a mark) and flagged. */
export const OUTSIDE_UNIT = 'Fora da unidade';
export const OUTSIDE_UNIT_NOTE = 'Marcação feita em computador de uma unidade à qual o trabalhador não está vinculado: ela vale, e o gestor a confere.';
export const NO_PUNCH_ACCESS = 'Seu perfil não tem acesso ao ponto eletrônico. Fale com o administrador do sistema.';

/** A refusal of the database (its own Portuguese messages) or a network failure, as the clock says it. */
export function timeClockErrorMessage(error: unknown): string {
  if (error instanceof TypeError || /failed to fetch|fetch failed|networkerror|load failed/i.test(messageOf(error))) return PUNCH_OFFLINE;
  return databaseOwnMessage(error) ?? GENERIC_ERROR_MESSAGE;
}
