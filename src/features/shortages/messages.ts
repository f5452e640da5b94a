/** Portuguese texts of the shortage screen built from data (React-free, unit-tested). */
import { formatDateTime, formatNumber } from '@/lib/dates';
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
    `${formatNumber(existing.requested_quantity)} unidade(s), registrada em ${formatDateTime(existing.created_at)}. ` +
    'Deseja registrar outra mesmo assim ou editar a existente?'
  );
}

// ---------------------------------------------------------------------------
// Titles and database-error mapping of the shortage screens (spec §5, §8).

export const SHORTAGES_LOAD_ERROR = 'Erro ao carregar faltas';
export const SHORTAGE_CREATE_ERROR = 'Erro ao registrar falta';
export const SHORTAGE_CREATED_DETAIL = 'A falta foi registrada.';
export const SHORTAGE_ORDER_LOAD_ERROR = 'Não foi possível carregar o pedido desta falta.';
export const SHORTAGE_STATUS_ERROR = 'Erro ao atualizar status';
export const SHORTAGE_UPDATED = 'Falta atualizada';
export const SHORTAGE_UPDATE_ERROR = 'Erro ao atualizar falta';
export const SHORTAGE_DELETE_REFUSED = 'Operação não permitida';
export const SHORTAGE_DELETED = 'Falta excluída';
export const SHORTAGE_DELETE_ERROR = 'Erro ao excluir falta';
export const SHORTAGE_DELETE_FK_DETAIL = 'A falta está vinculada a cotações ou pedidos.';
export const BULK_DELETE_NONE = 'Nenhuma falta foi excluída';
export const BULK_DELETE_ERROR = 'Erro na operação';

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
    title: SHORTAGE_DELETE_REFUSED,
    description: reasons.length > 0 ? `Esta falta não pode ser excluída: ${reasons.join(', ')}.` : 'Esta falta não pode ser excluída.',
  };
}

/** '{n} falta(s) excluída(s)' plus the count of those not deleted (spec §8 "Bulk delete"). */
export function bulkDeleteSummary(deleted: number, notDeleted: number): { title: string; description?: string } {
  if (deleted === 0) return { title: BULK_DELETE_NONE, description: notDeleted > 0 ? `${notDeleted} falta(s) não puderam ser excluída(s).` : undefined };
  return notDeleted > 0
    ? { title: `${deleted} falta(s) excluída(s)`, description: `${notDeleted} falta(s) não puderam ser excluída(s).` }
    : { title: `${deleted} falta(s) excluída(s)` };
}

/** Details for shortage writes and import RPC failures (their messages are Portuguese from the database). */
export function shortageErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  const code = codeOf(error);
  const message = messageOf(error);
  if (code === '23503' && message.includes('lote')) return message;
  if (code === '23503') return SHORTAGE_DELETE_FK_DETAIL;
  // The database raises its checks in Portuguese (private.validate_shortage_fields); these two cover a bare
  // check-constraint text, should one still arrive.
  if (code === '23514' && message.includes('requested_quantity')) return 'A quantidade solicitada deve ser maior que zero.';
  if (code === '23514' && message.includes('available_quantity')) return 'A quantidade disponível não pode ser negativa.';
  return databaseOwnMessage(error) ?? databaseErrorMessage(error);
}


/** The groups (categories) offered in the shortage form could not be loaded. */
export const CATEGORIES_LOAD_ERROR = 'Erro ao carregar grupos';
