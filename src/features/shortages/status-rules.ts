/**
 * What the database lets a user change on a shortage by hand (security reviews S1/P1 and
 * 2026-11-24): batch membership and the purchasing statuses belong to the purchasing RPCs, so the
 * list only offers the transitions the database accepts.
 */
import { SHORTAGE_STATUSES, type Shortage, type ShortageStatus } from '@/features/shortages/types';

/** Statuses only the purchasing cycle sets (LOTE_CRIADO … PEDIDO_ENVIADO). */
export const PURCHASING_STATUSES: readonly ShortageStatus[] = ['LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO'];

export const BATCHED_SHORTAGE_MESSAGE = 'Esta falta está em um lote de cotação e não pode ser alterada.';

type StatusSubject = Pick<Shortage, 'status' | 'batch_id'>;

/** Why the quantity of a shortage that is no longer open cannot be edited (the database's own words). */
export const CLOSED_SHORTAGE_MESSAGE = 'Apenas faltas pendentes podem ter produto ou quantidade alterados';

/**
 * The statuses the status select offers for a shortage, the current one included, in list order.
 * The database (migration 20261121900000_access_hardening.sql (section "guard shortage and batch lifecycles")) moves a shortage along the purchasing flow only through
 * the batch and order RPCs; the one direct step is an ordered item that arrives
 * (PEDIDO_ENVIADO → ENTREGUE). The same for every user, administrators included.
 */
export function allowedStatuses(shortage: StatusSubject): ShortageStatus[] {
  const allowed = new Set<ShortageStatus>([shortage.status]);
  if (shortage.status === 'PEDIDO_ENVIADO') allowed.add('ENTREGUE');
  return SHORTAGE_STATUSES.filter((status) => allowed.has(status));
}

/**
 * Whether the requested quantity may still be edited by hand: only while the shortage is open
 * (PENDENTE, outside any batch). Inside a batch the buyer changes quantities through the batch.
 */
export function canEditProductAndQuantity(shortage: StatusSubject): boolean {
  return shortage.status === 'PENDENTE' && shortage.batch_id === null;
}

/** The hint shown on a frozen quantity field. */
export function frozenQuantityMessage(shortage: StatusSubject): string {
  return shortage.batch_id !== null ? BATCHED_SHORTAGE_MESSAGE : CLOSED_SHORTAGE_MESSAGE;
}
