/** Portuguese messages of the shipment screens (the feature owns them). */
import { codeOf, databaseOwnMessage, GENERIC_ERROR_MESSAGE, isAuthenticationError } from '@/lib/errors';
import { formatShipmentNumber } from '@/features/shipments/logic';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

export const shipmentMessages = {
  // List
  loadError: 'Erro ao carregar as remessas',
  empty: 'Nenhuma remessa encontrada com estes filtros',
  emptyNone: 'Nenhuma remessa ainda. Crie a primeira para enviar produtos a outra unidade.',
  clearFilters: 'Limpar filtros',
  detailsLoadError: 'Erro ao carregar a remessa',
  /** The database's flag of a signature made in the sender's browser or from its address. */
  signedAtSender: 'Assinado no mesmo dispositivo/endereço do remetente',
  // Writes
  saved: (number: number | null) => (number === null ? 'Remessa salva' : `Remessa ${formatShipmentNumber(number)} salva`),
  saveError: 'Erro ao salvar a remessa',
  dispatched: (number: number) => `Remessa ${formatShipmentNumber(number)} despachada`,
  dispatchError: 'Erro ao despachar a remessa',
  savedAndDispatched: (number: number | null) => (number === null ? 'Remessa salva e despachada' : `Remessa ${formatShipmentNumber(number)} salva e despachada`),
  savedNotDispatched: (number: number | null) =>
    number === null ? 'Remessa salva, mas não despachada' : `Remessa ${formatShipmentNumber(number)} salva, mas não despachada`,
  /** Beside the form, which now holds the saved draft: what happened and what is left to do. */
  notDispatchedDetail: (reason: string) => `As alterações foram salvas, mas a remessa não foi despachada: ${reason}`,
  deleted: (number: number) => `Remessa ${formatShipmentNumber(number)} excluída`,
  deleteError: 'Erro ao excluir a remessa',
  // Confirmations
  dispatchTitle: 'Despachar remessa',
  dispatchQuestion: (number: number, destination: string) =>
    `Despachar remessa ${formatShipmentNumber(number)} para ${destination}? Depois de despachada ela não pode mais ser alterada.`,
  saveAndDispatch: 'Salvar e despachar',
  saveAndDispatchQuestion: (number: number | null, destination: string) =>
    `Salvar e despachar ${number === null ? 'a remessa' : `a remessa ${formatShipmentNumber(number)}`} para ${destination}? Depois de despachada ela não pode mais ser alterada; em seguida você pode gerar o link de assinatura.`,
  deleteTitle: 'Excluir remessa',
  deleteQuestion: (number: number) => `Excluir a remessa ${formatShipmentNumber(number)}? Os itens dela também serão excluídos. Esta ação não pode ser desfeita.`,
  // Form
  readOnly: 'Esta remessa já foi despachada e não pode mais ser alterada.',
  notFound: 'Remessa não encontrada ou sem permissão',
  productNotFound: (ean: string) => `Produto não encontrado para o código ${ean}`,
  productLookupError: 'Erro ao buscar o produto. Tente novamente.',
  productPrefillMissing: 'O produto indicado no link não foi encontrado no catálogo.',
  unitsLoadError: 'Erro ao carregar as unidades',
  quantityIncreased: (name: string, quantity: string) => `${name}: quantidade somada (${quantity})`,
  unsavedTitle: 'Descartar alterações?',
  unsavedDescription: 'A remessa ainda não foi salva. Se sair agora, o que foi digitado será perdido.',
  // Transfer
  transferLabel: 'Transferir de outra unidade',
  transferTitle: 'Unidades sem falta recente deste produto',
  transferNone: 'Nenhuma outra unidade sem falta recente deste produto',
  transferError: 'Erro ao buscar unidades',
  offline: NETWORK_ERROR_MESSAGE,
} as const;

/**
 * A refusal as the user reads it: the database's own Portuguese message (save_shipment,
 * dispatch_shipment, delete_shipment…) as it came, a lost connection, an expired session, or
 * the generic message.
 */
export function shipmentErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return shipmentMessages.offline;
  const own = databaseOwnMessage(error);
  if (own) return own;
  if (isAuthenticationError(error)) return 'Sua sessão expirou. Faça login novamente.';
  if (codeOf(error) === '42501') return 'Você não tem permissão para realizar esta operação.';
  if (codeOf(error) === '23503') return 'Uma unidade ou um produto escolhido não existe mais. Atualize a página e escolha novamente.';
  return GENERIC_ERROR_MESSAGE;
}
