import { zodResolver } from '@hookform/resolvers/zod';
import { PackageCheck, Printer, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatNumber, toAppDateString } from '@/lib/dates';
import { useOrders } from '@/features/purchasing/order-context';
import { formatDay } from '@/features/purchasing/logic';
import { generateOrdersFormSchema } from '@/features/purchasing/schemas';
import { PurchaseOrderDocument } from '@/features/purchasing/components/purchase-order-document';
import { OrderStatusBadge } from '@/features/purchasing/components/status-badges';
import type { BatchStatus, Order } from '@/features/purchasing/types';

/**
 * Printing shows only the purchase order: a copy rendered straight under <body> (outside the dialog, so no
 * transform or scroll box clips it) is the only thing displayed on paper.
 */
const PRINT_CSS = `.po-print-root { display: none; }
@media print {
  body > *:not(.po-print-root) { display: none !important; }
  .po-print-root { display: block !important; }
  .po-print-root .purchase-order-print { max-width: none; padding: 0; }
  @page { size: A4; margin: 1.5cm; }
}`;

export function OrdersPanel({ batchStatus }: { batchStatus: BatchStatus }) {
  const { orders, isLoading, isError, setOrderStatus } = useOrders();
  const [printing, setPrinting] = useState<Order | null>(null);

  if (isLoading) return <Skeleton className="h-48" aria-hidden="true" />;
  if (isError)
    return (
      <p role="alert" className="p-4 text-destructive">
        Erro ao carregar dados
      </p>
    );

  return (
    <div className="flex flex-col gap-4">
      {orders.length === 0 && batchStatus === 'COTACAO_FINALIZADA' ? (
        <GenerateOrdersForm />
      ) : null}
      {orders.length === 0 ? (
        <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">Nenhum pedido gerado para este lote.</p>
      ) : (
        <div className="rounded-xl border bg-card shadow-sm">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Fornecedor</TableHead>
                <TableHead className="text-right">Itens</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead>Entrega</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell className="font-medium">{order.supplierName}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(order.items.length)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCurrency(order.totalAmount)}</TableCell>
                  <TableCell>{formatDay(order.deliveryDate)}</TableCell>
                  <TableCell>
                    <OrderStatusBadge status={order.status} />
                  </TableCell>
                  <TableCell className="flex justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setPrinting(order)} aria-label={`Ver pedido de ${order.supplierName}`}>
                      <Printer aria-hidden="true" /> Pedido
                    </Button>
                    {order.status === 'SOLICITADO' ? (
                      <Button variant="secondary" size="sm" onClick={() => void setOrderStatus(order.id, 'RECEBIDO')} aria-label={`Marcar pedido de ${order.supplierName} como recebido`}>
                        <PackageCheck aria-hidden="true" /> Recebido
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Dialog open={printing !== null} onOpenChange={(open) => !open && setPrinting(null)}>
        <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-4xl">
          <style>{PRINT_CSS}</style>
          <DialogHeader>
            <DialogTitle>Pedido de compra</DialogTitle>
            <DialogDescription>Confira e imprima o pedido para enviar ao fornecedor.</DialogDescription>
          </DialogHeader>
          {printing ? <PurchaseOrderDocument order={printing} /> : null}
          {printing
            ? createPortal(
                <div className="po-print-root">
                  <PurchaseOrderDocument order={printing} />
                </div>,
                document.body,
              )
            : null}
          <DialogFooter>
            <Button onClick={() => window.print()}>
              <Printer aria-hidden="true" /> Imprimir
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The delivery date (optional) and the button that turns the winners into one order per supplier. */
function GenerateOrdersForm() {
  const { isGenerating, generateOrders } = useOrders();
  const form = useForm({ resolver: zodResolver(generateOrdersFormSchema), defaultValues: { deliveryDate: '' } });
  const error = form.formState.errors.deliveryDate?.message;
  const submit = form.handleSubmit(({ deliveryDate }) => generateOrders(deliveryDate || null));

  return (
    <form className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4 shadow-sm" onSubmit={(event) => void submit(event)} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="delivery-date">Data de entrega</Label>
        <Input
          id="delivery-date"
          type="date"
          min={toAppDateString(new Date())}
          className="w-48"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'delivery-date-error' : undefined}
          {...form.register('deliveryDate')}
        />
      </div>
      <Button type="submit" disabled={isGenerating}>
        <ShoppingCart aria-hidden="true" /> Gerar pedidos
      </Button>
      {error ? (
        <p id="delivery-date-error" className="basis-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <p className="basis-full text-sm text-muted-foreground">Um pedido é gerado para cada fornecedor vencedor, com as quantidades solicitadas e os preços cotados.</p>
    </form>
  );
}
