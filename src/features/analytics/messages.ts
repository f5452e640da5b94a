/** The Portuguese messages shared by the analysis screens (/analise-cotacoes, /analise-faltas, /analise-dias-compras, /relatorio-compras). */
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, isAuthenticationError } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const analyticsMessages = {
  noData: 'sem dados',
  loadError: 'Erro ao carregar a análise',
  optionsError: 'Não foi possível carregar as opções de filtro.',
  exportError: 'Erro ao exportar a planilha',
  loadAllError: 'Não foi possível carregar todas as linhas. Tente novamente.',
  /** On paper, under a table whose other lines were never loaded. */
  printedFirstLines: (shown: string, total: string) =>
    `Impressas as ${shown} primeiras linhas de ${total}: use 'Mostrar todas' antes de imprimir para incluir todas.`,
  updating: 'Atualizando…',
  loading: 'Carregando análise…',
  noPermission: 'Você não tem permissão para ver esta análise',
  sessionExpired: 'Sua sessão expirou. Faça login novamente.',
  emptyHint: 'Amplie o período ou remova filtros.',
  // Notices under the filters when the URL held something unusable (the screen shows the default instead).
  invalidPeriod: 'Período inválido na URL: mostrando os últimos 90 dias',
  invalidUnit: 'Unidade inválida na URL: mostrando todas as unidades',
  invalidSupplier: 'Fornecedor inválido na URL: mostrando todos os fornecedores',
  invalidCategory: 'Categoria inválida na URL: mostrando todas as categorias',
  invalidProduct: 'Produto inválido na URL: mostrando todos os produtos',
  unknownUnit: 'A unidade da URL não existe ou não está disponível: mostrando todas as unidades',
  unknownSupplier: 'O fornecedor da URL não existe ou não está disponível: mostrando todos os fornecedores',
  unknownCategory: 'A categoria da URL não existe: mostrando todas as categorias',
  unknownProduct: 'O produto da URL não existe: mostrando todos os produtos',
  // The period fields.
  periodIncomplete: 'Informe as duas datas do período.',
  periodOrder: 'A data inicial deve ser anterior ou igual à final.',
  periodTooLong: 'Período longo demais: escolha até 3 anos.',
} as const;

/** The database's own Portuguese refusal (permission, period, cost of money…), or a generic message. */
export function analyticsErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const own = databaseOwnMessage(error);
  if (own) return own;
  if (isAuthenticationError(error)) return analyticsMessages.sessionExpired;
  if (codeOf(error) === '42501') return analyticsMessages.noPermission;
  return GENERIC_ERROR_MESSAGE;
}
