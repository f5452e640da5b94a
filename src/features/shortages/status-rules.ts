/**
 * What the database lets a user change on a shortage by hand (security review S1/P1, migrations
 * 20261121900000 and 20261121910000): batch membership and the purchasing statuses belong to the
 * purchasing RPCs, so the list only offers the transitions the database accepts.
 */
import { SHORTAGE_STATUSES, type Shortage, type ShortageStatus } from '@/features/shortages/types';

/** Statuses only the purchasing cycle sets (LOTE_CRIADO … PEDIDO_ENVIADO). */
export const PURCHASING_STATUSES: readonly ShortageStatus[] = ['LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO'];

export const BATCHED_SHORTAGE_MESSAGE = 'Esta falta está em um lote de cotação e não pode ser alterada.';

type StatusSubject = Pick<Shortage, 'status' | 'batch_id'>;

/**
 * The statuses the status select offers for a shortage, the current one included, in list order:
 * without a batch, PENDENTE ↔ ENTREGUE; in a batch, only PEDIDO_ENVIADO → ENTREGUE (an order arrived).
 * The same for every user: not even buyers set purchasing statuses by hand.
 */
export function allowedStatuses(shortage: StatusSubject): ShortageStatus[] {
  const allowed = new Set<ShortageStatus>([shortage.status]);
  if (shortage.batch_id === null) {
    allowed.add('PENDENTE');
    allowed.add('ENTREGUE');
  } else if (shortage.status === 'PEDIDO_ENVIADO') {
    allowed.add('ENTREGUE');
  }
  return SHORTAGE_STATUSES.filter((status) => allowed.has(status));
}

/** Whether the user may change the requested quantity (and product): not once it is in a batch, unless a buyer. */
export function canEditBatchedFields(shortage: Pick<Shortage, 'batch_id'>, isBuyer: boolean): boolean {
  return isBuyer || shortage.batch_id === null;
}
