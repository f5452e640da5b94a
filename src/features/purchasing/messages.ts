/** The purchasing feature's Portuguese messages and database-error mapping (spec §5, §8). */
import { codeOf, databaseErrorMessage, detailsOf, messageOf } from '@/lib/errors';
import { formatCount } from '@/lib/dates';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const purchasingMessages = {
  batchesLoadError: 'Erro ao carregar dados',
  batchLoadError: 'Erro ao carregar lote',
  batchCreated: 'Lote criado',
  batchCreateError: 'Erro ao criar lote',
  batchCreateFallback: 'Falha ao criar lote de cotação',
  batchCreateNoneAssigned: 'Não foi possível criar o lote',
  batchSent: 'Lote enviado para cotação',
  batchSendError: 'Erro ao enviar lote para cotação',
  batchSendEmpty: 'Não foram encontrados itens neste lote. Adicione itens antes de enviar para cotação.',
  batchSendAuth: 'Erro de autenticação. Por favor, faça login novamente.',
  batchDeleted: 'Lote excluído',
  batchDeletedDetail: 'O lote foi excluído com sucesso junto com todas as cotações associadas.',
  batchDeleteError: 'Erro ao excluir lote',
  batchDeleteFallback: 'Falha ao excluir o lote.',
  /** Spec §8 keeps these two in English. */
  batchUpdateError: 'Error updating batch',
  batchUpdateFallback: 'Failed to the update the batch.',
  batchItemRemoveRefused: 'Item não pode ser removido',
  batchItemRemoveRefusedDetail: 'Este item está em uma cotação ativa e não pode ser removido do lote.',
  batchItemRemoved: 'Item removido',
  batchItemRemoveError: 'Erro ao remover item',
  batchItemRemoveFallback: 'Falha ao remover o item do lote.',
  batchItemsAdded: 'Itens adicionados',
  batchItemsAddFailed: 'Falha ao adicionar itens',
  batchItemsAddError: 'Erro ao adicionar itens',
  batchItemsAddFallback: 'Falha ao adicionar itens ao lote.',
  quoteAuthError: 'Erro de autenticação',
  quoteAuthErrorDetail: 'Você precisa estar autenticado para criar cotações.',
  quoteCreateError: 'Erro ao criar cotação',
  quoteCreated: 'Cotação criada',
  quoteCreatedDetail: 'A cotação foi criada com sucesso.',
  quoteDuplicate: 'Você já possui uma cotação para este lote',
  quoteBatchEmpty: 'Lote não possui itens para cotação',
  quoteDeleted: 'Cotação excluída',
  quoteDeleteError: 'Erro ao excluir cotação',
  quoteDeleteNotInProgress: 'Apenas cotações em andamento podem ser excluídas',
  quoteNotFound: 'Cotação não encontrada',
  ordersGenerated: 'Pedidos gerados',
  ordersGenerateFallback: 'Falha ao gerar os pedidos.',
  orderReceived: 'Pedido recebido',
  orderReceivedDetail: 'Todas as unidades confirmaram a entrega.',
  orderAwaitingUnits: 'Recebimento registrado',
  /** Success says what happened (spec §8's generic 'Registro … com sucesso'; README deviations). */
  quoteSent: 'Cotação enviada ao comprador',
  winnersConfirmed: 'Vencedores confirmados',
  batchRenamed: (name: string) => `Lote renomeado para “${name}”`,
  /** An order's delivery date before the supplier states one. */
  deliveryToBeAgreed: 'A combinar',
  quotesLoadError: 'Erro ao carregar cotações',
  /** Why a quote item could not be saved (the database refused it: the row is no longer editable). */
  quoteBatchRemoved: 'O lote desta cotação foi excluído pelo comprador. Os preços desta cotação não podem mais ser salvos.',
  quoteRemoved: 'Esta cotação foi excluída. Volte às cotações e abra o lote novamente.',
  quoteAlreadySent: 'Esta cotação já foi enviada ao comprador e não pode mais ser alterada.',
  quoteAlreadyDecided: 'Os vencedores deste lote já foram escolhidos: a cotação não pode mais ser alterada.',
  quoteBatchClosed: 'Este lote não está mais recebendo cotações.',
  quoteEditForbidden: 'Você não tem permissão para alterar esta cotação.',
  quoteInvalidItems: 'A cotação não foi enviada: corrija os campos destacados antes de enviar.',
  quoteLeaveUnsaved: 'Ainda há alterações não salvas nesta cotação. Aguarde o salvamento antes de sair.',
  /** Issue 28: the quote's payment term, the buyer's cost of money, the counted receipt. */
  paymentTermLabel: 'Prazo de pagamento (dias)',
  paymentTermDescription: 'Prazo para pagar a cotação inteira. Deixe em branco se não houver; 0 = à vista.',
  paymentTermRange: 'O prazo de pagamento deve estar entre 0 e 360 dias',
  monthlyRateLabel: 'Custo do dinheiro (% ao mês)',
  monthlyRateDescription: 'Usado para trazer o prazo de pagamento a valor presente no custo efetivo.',
  effectiveCostExplained:
    'Custo efetivo: quanto custa cada unidade necessária depois de contar a bonificação, o excesso imposto pela quantidade mínima e o prazo de pagamento.',
  receiveDialogTitle: 'Registrar recebimento',
  receivedQuantityLabel: 'Quantidade recebida',
  receivedQuantityRange: 'Informe um número inteiro entre 0 e 10 vezes a quantidade pedida.',
};

/** 'a 30 dias', 'à vista', 'prazo não informado': a quote's payment term in a grid header. */
export function paymentTermText(days: number | null): string {
  if (days === null) return 'Prazo não informado';
  if (days === 0) return 'À vista';
  return `A ${formatCount(days, 'dia', 'dias')}`;
}

/** The note of an item whose cheapest price is not its cheapest purchase. */
export function effectiveDiffersMessage(count: number): string {
  return `Em ${formatCount(count, 'item', 'itens')}, a ordem pelo custo efetivo difere da ordem pelo preço: confira antes de confirmar os vencedores.`;
}

export function ordersGeneratedDetail(count: number): string {
  return `${formatCount(count, 'pedido de compra gerado', 'pedidos de compra gerados')}.`;
}
export function orderAwaitingUnitsDetail(units: readonly string[]): string {
  return `Aguardando a confirmação de entrega de: ${units.join(', ')}. Cada unidade confirma os seus itens ao marcá-los como Entregue.`;
}
/** 'Enviar' refused while typed values are not in the database yet. */
export function quoteUnsavedMessage(count: number): string {
  return `A cotação não foi enviada: ${formatCount(count, 'item ainda não foi salvo', 'itens ainda não foram salvos')}. Aguarde o salvamento (ou a volta da conexão) e envie novamente.`;
}

/**
 * Details for purchasing writes: the RPCs raise the spec's Portuguese texts (P0001, PT404), which are shown as they are;
 * the one-quote-per-supplier constraint maps to its message; anything else falls back to the screen's own text.
 */
export function purchasingErrorMessage(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === '23505' && (message === purchasingMessages.quoteDuplicate || `${message} ${detailsOf(error)}`.includes('quotes_batch_supplier_key'))) return purchasingMessages.quoteDuplicate;
  // P0001: refusals; PT4xx: refusals answered with that HTTP status (PT404 'Lote não encontrado'); P0002: older not-found.
  // 22023: the issue 28 RPCs' range refusals (payment term, cost of money, counted quantity), in Portuguese.
  if ((code === 'P0001' || code === 'P0002' || code === '22023' || /^PT4\d\d$/.test(code ?? '')) && message) return message;
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST303' || code === '23505' || code === '23503') return databaseErrorMessage(error);
  if (code === '23514' || code === '22P02' || code === '23502') return 'Verifique os dados informados.';
  return fallback;
}

/** The reason shown under a purchasing list or page that failed to load. */
export function purchasingLoadErrorDetail(error: unknown): string {
  return purchasingErrorMessage(error, 'Tente novamente em instantes.');
}

/**
 * The HINT of a purchasing RPC refusal (P0001), which carries the spec's toast title where the RPC knows it, e.g.
 * remove_shortage_from_batch's 'Item não pode ser removido'. PostgREST's own hints (English, other codes) are ignored.
 */
export function purchasingErrorHint(error: unknown): string | null {
  if (codeOf(error) !== 'P0001' || !error || typeof error !== 'object' || !('hint' in error)) return null;
  const hint = typeof error.hint === 'string' ? error.hint.trim() : '';
  return hint === '' ? null : hint;
}

