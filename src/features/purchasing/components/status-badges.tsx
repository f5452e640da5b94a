import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import {
  BATCH_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  QUOTE_STATUS_LABELS,
  type BatchStatus,
  type OrderStatus,
  type QuoteStatus,
} from '@/features/purchasing/types';

const BATCH_TONES: Record<BatchStatus, string> = {
  ABERTO: 'bg-secondary text-secondary-foreground',
  EM_COTACAO: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  COTACAO_FINALIZADA: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  PEDIDO_ENVIADO: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
};

const QUOTE_TONES: Record<QuoteStatus, string> = {
  EM_ANDAMENTO: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  ENVIADA: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  VENCEDORA: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  PERDEDORA: 'bg-secondary text-muted-foreground',
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return <Badge className={cn('border-transparent', BATCH_TONES[status])}>{BATCH_STATUS_LABELS[status]}</Badge>;
}

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge className={cn('border-transparent', QUOTE_TONES[status])}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={status === 'RECEBIDO' ? 'default' : 'outline'}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
