/**
 * The shipment statuses: their Portuguese names, the one move out of each (SOLICITADO → PENDENTE →
 * ENTREGUE) and the history as people read it. The database decides every move again.
 */
import type { ShipmentStatus } from '@/features/shipments/types';

export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  SOLICITADO: 'Solicitado',
  PENDENTE: 'Pendente',
  ENTREGUE: 'Entregue',
};

/** What each status means to store staff (badges' titles, the details sheet). */
export const STATUS_DESCRIPTIONS: Record<ShipmentStatus, string> = {
  SOLICITADO: 'Criada e ainda editável; aguarda o despacho pela unidade de origem.',
  PENDENTE: 'Despachada: a caminho, aguardando a assinatura de quem recebe.',
  ENTREGUE: 'Recebida e assinada pelo destino.',
};

/** Only a requested shipment is edited or deleted. */
export function isEditable(status: ShipmentStatus): boolean {
  return status === 'SOLICITADO';
}

/** A history row as people read it. */
export function historyLabel(fromStatus: ShipmentStatus | null, toStatus: ShipmentStatus): string {
  if (fromStatus === null) return 'Remessa solicitada';
  if (toStatus === 'PENDENTE') return 'Remessa despachada';
  if (toStatus === 'ENTREGUE') return 'Recebimento assinado';
  return `${STATUS_LABELS[fromStatus]} → ${STATUS_LABELS[toStatus]}`;
}
