/** Portuguese texts of the shortage screen built from data (React-free, unit-tested). */
import { formatCount, formatDateTime } from '@/lib/dates';
import { codeOf, databaseErrorMessage, databaseOwnMessage, messageOf } from '@/lib/errors';
import { STATUS_LABELS, type ShortageStatus } from '@/features/shortages/types';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/network';

interface ExistingShortage {
  requested_quantity: number;
  created_at: string;
  status: ShortageStatus;
  batch_id: string | null;
}

/** What the 'Falta já registrada' dialog says about the newest open (not yet delivered) shortage of the product. */
export function duplicateMessage(existing: ExistingShortage): string {
  const where = existing.batch_id ? ' (já está em um lote de compras)' : '';
  return (
    `Já existe uma falta deste produto nesta unidade ainda não entregue: status ${STATUS_LABELS[existing.status]}${where}, ` +
    `${formatCount(existing.requested_quantity, 'unidade', 'unidades')}, registrada em ${formatDateTime(existing.created_at)}. ` +
    'Deseja registrar outra mesmo assim ou editar a existente?'
  );
}

// ---------------------------------------------------------------------------
// Titles and database-error mapping of the shortage screens (spec §5, §8).

export const shortageMessages = {
  /** An order's delivery date not set yet. */
  deliveryToBeAgreed: 'A combinar',
  shortagesLoadError: 'Erro ao carregar faltas',
  shortageCreateError: 'Erro ao registrar falta',
  /** Success says what happened (spec §8's generic 'Registro criado com sucesso'; README deviations). */
  shortageCreated: 'Falta registrada',
  shortageOrderLoadError: 'Não foi possível carregar o pedido desta falta.',
  shortageStatusError: 'Erro ao atualizar status',
  shortageUpdated: 'Falta atualizada',
  shortageUpdateError: 'Erro ao atualizar falta',
  shortageDeleteRefused: 'Operação não permitida',
  shortageDeleted: 'Falta excluída',
  shortageDeleteError: 'Erro ao excluir falta',
  shortageDeleteFkDetail: 'A falta está vinculada a cotações ou pedidos.',
  bulkDeleteNone: 'Nenhuma falta foi excluída',
  bulkDeleteError: 'Erro na operação',
  /** The groups (categories) offered in the shortage form could not be loaded. */
  categoriesLoadError: 'Erro ao carregar grupos',
};

/** Reasons a shortage cannot be deleted (get_shortage_dependencies), in Portuguese. */
export function shortageDependencyReasons(deps: { has_order_items: boolean; has_quote_items: boolean; in_batch: boolean }): string[] {
  const reasons: string[] = [];
  if (deps.has_order_items) reasons.push('possui itens de pedido');
  if (deps.has_quote_items) reasons.push('possui itens de cotação');
  if (deps.in_batch) reasons.push('pertence a um lote');
  return reasons;
}

/** 'Operação não permitida' with the reasons the shortage cannot be deleted (spec §5, §8). */
export function shortageDeleteRefusedToast(reasons: readonly string[]): { title: string; description: string } {
  return {
    title: shortageMessages.shortageDeleteRefused,
    description: reasons.length > 0 ? `Esta falta não pode ser excluída: ${reasons.join(', ')}.` : 'Esta falta não pode ser excluída.',
  };
}

/**
 * Spec §8 "Bulk delete": '{n} falta(s) excluída(s)' plus the count of those not deleted, written for the number
 * ('1 falta excluída', '3 faltas excluídas'; README deviations).
 */
export function bulkDeleteSummary(deleted: number, notDeleted: number): { title: string; description?: string } {
  const kept = notDeleted > 0 ? `${formatCount(notDeleted, 'falta não pôde ser excluída', 'faltas não puderam ser excluídas')}.` : undefined;
  if (deleted === 0) return { title: shortageMessages.bulkDeleteNone, description: kept };
  return { title: formatCount(deleted, 'falta excluída', 'faltas excluídas'), ...(kept ? { description: kept } : {}) };
}

/** Details for shortage writes and import RPC failures (their messages are Portuguese from the database). */
export function shortageErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === '23503' && message.includes('lote')) return message;
  if (code === '23503') return shortageMessages.shortageDeleteFkDetail;
  // The database raises its checks in Portuguese (private.validate_shortage_fields); these two cover a bare
  // check-constraint text, should one still arrive.
  if (code === '23514' && message.includes('requested_quantity')) return 'A quantidade solicitada deve ser maior que zero.';
  if (code === '23514' && message.includes('available_quantity')) return 'A quantidade disponível não pode ser negativa.';
  return databaseOwnMessage(error) ?? databaseErrorMessage(error);
}

