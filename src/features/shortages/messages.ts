/** Portuguese texts of the shortage screen built from data (React-free, unit-tested). */
import { formatDateTime, formatNumber } from '@/lib/dates';
import { STATUS_LABELS, type ShortageStatus } from '@/features/shortages/types';

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
