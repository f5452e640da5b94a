/** The purchasing feature's Portuguese messages and database-error mapping (spec §5, §8). */
import { codeOf, databaseErrorMessage, detailsOf, messageOf } from '@/lib/errors';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const BATCHES_LOAD_ERROR = 'Erro ao carregar dados';
export const BATCH_LOAD_ERROR = 'Erro ao carregar lote';
export const BATCH_CREATED = 'Lote criado';
export const BATCH_CREATE_ERROR = 'Erro ao criar lote';
export const BATCH_CREATE_FALLBACK = 'Falha ao criar lote de cotação';
export const BATCH_CREATE_NONE_ASSIGNED = 'Não foi possível criar o lote';
export const BATCH_SENT = 'Lote enviado para cotação';
export const BATCH_SEND_ERROR = 'Erro ao enviar lote para cotação';
export const BATCH_SEND_EMPTY = 'Não foram encontrados itens neste lote. Adicione itens antes de enviar para cotação.';
export const BATCH_SEND_AUTH = 'Erro de autenticação. Por favor, faça login novamente.';
export const BATCH_DELETED = 'Lote excluído';
export const BATCH_DELETED_DETAIL = 'O lote foi excluído com sucesso junto com todas as cotações associadas.';
export const BATCH_DELETE_ERROR = 'Erro ao excluir lote';
export const BATCH_DELETE_FALLBACK = 'Falha ao excluir o lote.';
/** Spec §8 keeps these two in English. */
export const BATCH_UPDATE_ERROR = 'Error updating batch';
export const BATCH_UPDATE_FALLBACK = 'Failed to the update the batch.';

export const BATCH_ITEM_REMOVE_REFUSED = 'Item não pode ser removido';
export const BATCH_ITEM_REMOVE_REFUSED_DETAIL = 'Este item está em uma cotação ativa e não pode ser removido do lote.';
export const BATCH_ITEM_REMOVED = 'Item removido';
export const BATCH_ITEM_REMOVE_ERROR = 'Erro ao remover item';
export const BATCH_ITEM_REMOVE_FALLBACK = 'Falha ao remover o item do lote.';
export const BATCH_ITEMS_ADDED = 'Itens adicionados';
export const BATCH_ITEMS_ADD_FAILED = 'Falha ao adicionar itens';
export const BATCH_ITEMS_ADD_ERROR = 'Erro ao adicionar itens';
export const BATCH_ITEMS_ADD_FALLBACK = 'Falha ao adicionar itens ao lote.';

export const QUOTE_AUTH_ERROR = 'Erro de autenticação';
export const QUOTE_AUTH_ERROR_DETAIL = 'Você precisa estar autenticado para criar cotações.';
export const QUOTE_CREATE_ERROR = 'Erro ao criar cotação';
export const QUOTE_CREATED = 'Cotação criada';
export const QUOTE_CREATED_DETAIL = 'A cotação foi criada com sucesso.';
export const QUOTE_DUPLICATE = 'Você já possui uma cotação para este lote';
export const QUOTE_BATCH_EMPTY = 'Lote não possui itens para cotação';
export const QUOTE_DELETED = 'Cotação excluída';
export const QUOTE_DELETE_ERROR = 'Erro ao excluir cotação';
export const QUOTE_DELETE_NOT_IN_PROGRESS = 'Apenas cotações em andamento podem ser excluídas';
export const QUOTE_NOT_FOUND = 'Cotação não encontrada';
export const ORDERS_GENERATED = 'Pedidos gerados';
export function ordersGeneratedDetail(count: number): string {
  return `${count} pedido(s) de compra gerado(s).`;
}
export const ORDERS_GENERATE_FALLBACK = 'Falha ao gerar os pedidos.';
export const ORDER_RECEIVED = 'Pedido recebido';
export const ORDER_RECEIVED_DETAIL = 'Todas as unidades confirmaram a entrega.';
export const ORDER_AWAITING_UNITS = 'Recebimento registrado';
export function orderAwaitingUnitsDetail(units: readonly string[]): string {
  return `Aguardando a confirmação de entrega de: ${units.join(', ')}. Cada unidade confirma os seus itens ao marcá-los como Entregue.`;
}
export const QUOTE_SENT_DETAIL = 'Cotação enviada ao comprador.';
/** An order's delivery date before the supplier states one. */
export const DELIVERY_TO_BE_AGREED = 'A combinar';
export const QUOTES_LOAD_ERROR = 'Erro ao carregar cotações';

/** Why a quote item could not be saved (the database refused it: the row is no longer editable). */
export const QUOTE_BATCH_REMOVED = 'O lote desta cotação foi excluído pelo comprador. Os preços desta cotação não podem mais ser salvos.';
export const QUOTE_REMOVED = 'Esta cotação foi excluída. Volte às cotações e abra o lote novamente.';
export const QUOTE_ALREADY_SENT = 'Esta cotação já foi enviada ao comprador e não pode mais ser alterada.';
export const QUOTE_ALREADY_DECIDED = 'Os vencedores deste lote já foram escolhidos: a cotação não pode mais ser alterada.';
export const QUOTE_BATCH_CLOSED = 'Este lote não está mais recebendo cotações.';
export const QUOTE_EDIT_FORBIDDEN = 'Você não tem permissão para alterar esta cotação.';
/** 'Enviar' refused while typed values are not in the database yet. */
export function quoteUnsavedMessage(count: number): string {
  return `A cotação não foi enviada: ${count} item(ns) ainda não foram salvos. Aguarde o salvamento (ou a volta da conexão) e envie novamente.`;
}
export const QUOTE_INVALID_ITEMS = 'A cotação não foi enviada: corrija os campos destacados antes de enviar.';
export const QUOTE_LEAVE_UNSAVED = 'Ainda há alterações não salvas nesta cotação. Aguarde o salvamento antes de sair.';

/**
 * Details for purchasing writes: the RPCs raise the spec's Portuguese texts (P0001, PT404), which are shown as they are;
 * the one-quote-per-supplier constraint maps to its message; anything else falls back to the screen's own text.
 */
export function purchasingErrorMessage(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === '23505' && (message === QUOTE_DUPLICATE || `${message} ${detailsOf(error)}`.includes('quotes_batch_supplier_key'))) return QUOTE_DUPLICATE;
  // P0001: refusals; PT4xx: refusals answered with that HTTP status (PT404 'Lote não encontrado'); P0002: older not-found.
  if ((code === 'P0001' || code === 'P0002' || /^PT4\d\d$/.test(code ?? '')) && message) return message;
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

