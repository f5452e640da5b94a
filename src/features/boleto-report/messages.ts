/** The Portuguese messages of /relatorio-boletos (the feature owns them). */
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, isAuthenticationError } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const boletoReportMessages = {
  subtitle: 'Contas a pagar: o que vence, o que está em atraso e o que foi pago no período (horário de Brasília).',
  loadError: 'Erro ao carregar o relatório de boletos',
  empty: 'Nenhum boleto pendente ou pago no período',
  emptyHint: 'Altere a unidade, o fornecedor ou o período de pagamentos para ver outros boletos.',
  updating: 'Atualizando…',
  optionsError: 'Não foi possível carregar as opções de filtro.',
  exportError: 'Erro ao exportar a planilha',
  periodOrder: 'A data inicial deve ser anterior ou igual à final.',
  periodTooLong: 'O período de pagamentos deve ter no máximo 10 anos.',
  periodFix: 'Corrija o período de pagamentos para ver o relatório.',
  noPermission: 'Você não tem permissão para ver o relatório de boletos.',
  sessionExpired: 'Sua sessão expirou. Faça login novamente.',
  noPendingInWindow: 'Nenhum boleto pendente com vencimento nesta janela.',
} as const;

/** The database's own Portuguese refusal ("Sem permissão para o relatório de boletos"…), or a generic message. */
export function boletoReportErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const own = databaseOwnMessage(error);
  if (own) return own;
  if (isAuthenticationError(error)) return boletoReportMessages.sessionExpired;
  if (codeOf(error) === '42501') return boletoReportMessages.noPermission;
  return GENERIC_ERROR_MESSAGE;
}
