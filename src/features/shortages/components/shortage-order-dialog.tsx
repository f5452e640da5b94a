import { PackageCheck, Truck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatDay, formatNumber } from '@/lib/dates';
import { useShortageOrder, type ShortageOrderRow } from '@/features/shortages/api/get-shortage-order';
import { useUpdateShortageStatus } from '@/features/shortages/api/update-shortage-status';
import { shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import type { ShortageStatus } from '@/features/shortages/types';

export interface ShortageOrderTarget {
  id: string;
  product_name: string;
  status: ShortageStatus;
}

function receiptText(order: ShortageOrderRow): string {
  if (order.received_at) return `Entregue · confirmado por ${order.received_by_name ?? '—'} em ${formatDateTime(order.received_at)}`;
  if (order.receipt_requested_at)
    return `O comprador marcou o pedido como recebido em ${formatDateTime(order.receipt_requested_at)}: confirme a entrega nesta unidade quando conferir a mercadoria.`;
  return 'Aguardando a entrega do fornecedor.';
}

/**
 * 'Pedido' on an ordered shortage (/lancamento): what the clerk follows — the supplier, the product actually bought
 * (the substitute that won, if any), quantity, supplier minimum and bonus, the delivery date and the receipt. While
 * the item is on its way the clerk confirms the delivery here (the unit's 'Entregue'), which the order records.
 */
export function ShortageOrderButton({ shortage }: { shortage: ShortageOrderTarget }) {
  const [open, setOpen] = useState(false);
  const order = useShortageOrder(shortage.id, open);
  const updateStatus = useUpdateShortageStatus();
  const data = order.data ?? null;
  const awaitingConfirmation = shortage.status === 'PEDIDO_ENVIADO' && data !== null && data.received_at === null;

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Pedido de ${shortage.product_name}`}
        title={shortage.status === 'PEDIDO_ENVIADO' ? 'Pedido de compra' : 'Pedido de compra (entregue)'}
        onClick={() => setOpen(true)}
      >
        <Truck aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Pedido de compra</DialogTitle>
            <DialogDescription>{shortage.product_name}</DialogDescription>
          </DialogHeader>
          {order.isLoading ? <Skeleton className="h-40" aria-hidden="true" /> : null}
          {order.isError ? (
            <LoadError message={shortageMessages.shortageOrderLoadError} detail={shortageErrorMessage(order.error)} onRetry={() => void order.refetch()} />
          ) : null}
          {order.isSuccess && data === null ? <p className="text-sm text-muted-foreground">Esta falta não tem pedido de compra.</p> : null}
          {data ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-medium">Fornecedor</dt>
              <dd>{data.supplier_name}</dd>
              <dt className="font-medium">Produto comprado</dt>
              <dd>
                {data.substitute_product_name ? (
                  <>
                    <span className="font-medium">
                      {data.substitute_product_name}
                      {data.substitute_manufacturer ? ` (${data.substitute_manufacturer})` : ''}
                    </span>
                    <span className="block text-xs text-muted-foreground">Substituto de: {data.product_name}</span>
                  </>
                ) : (
                  data.product_name
                )}
              </dd>
              <dt className="font-medium">Quantidade</dt>
              <dd>
                {formatNumber(data.quantity)}
                {data.raised_to_minimum ? ` (elevada ao mínimo do fornecedor; solicitado ${formatNumber(data.requested_quantity)})` : ''}
                {data.minimum_quantity ? <span className="block text-xs text-muted-foreground">Mínimo do fornecedor: {formatNumber(data.minimum_quantity)}</span> : null}
              </dd>
              {data.bonus_quantity > 0 ? (
                <>
                  <dt className="font-medium">Bonificação</dt>
                  <dd>
                    {formatNumber(data.bonus_quantity)} un.
                    {data.bonus_product_name ? ` de ${data.bonus_product_name}` : ''}
                    {data.bonus_manufacturer ? ` (${data.bonus_manufacturer})` : ''}
                    {data.bonus_expiry_date ? ` · validade ${formatDay(data.bonus_expiry_date)}` : ''}
                  </dd>
                </>
              ) : null}
              <dt className="font-medium">Entrega prevista</dt>
              <dd>{formatDay(data.delivery_date, shortageMessages.deliveryToBeAgreed)}</dd>
              <dt className="font-medium">Pedido</dt>
              <dd>{data.order_status === 'RECEBIDO' ? 'Recebido' : 'Solicitado'}</dd>
              <dt className="font-medium">Recebimento</dt>
              <dd>{receiptText(data)}</dd>
            </dl>
          ) : null}
          <DialogFooter>
            {awaitingConfirmation ? (
              <Button
                disabled={updateStatus.isPending}
                onClick={() =>
                  updateStatus.mutate(
                    { id: shortage.id, status: 'ENTREGUE' },
                    { onSuccess: () => void order.refetch() },
                  )
                }
              >
                <PackageCheck aria-hidden="true" /> Confirmar entrega
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => setOpen(false)}>
              Fechar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
