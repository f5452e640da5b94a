import { zodResolver } from '@hookform/resolvers/zod';
import { PackageCheck, Printer, ShoppingCart } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useRequestIds } from '@/hooks/use-request-id';
import { formatCurrency, formatDateTime, formatDay, formatNumber, toAppDateString } from '@/lib/dates';
import { useBatchComparison } from '@/features/purchasing/api/get-batch-comparison';
import { useGenerateOrders } from '@/features/purchasing/api/generate-orders';
import { useMyWorkUnits } from '@/features/purchasing/api/get-my-work-units';
import { useReceiveOrder } from '@/features/purchasing/api/receive-order';
import { useOrders } from '@/features/purchasing/order-context';
import { boughtProduct, linesBelowMinimum, parseQuantity } from '@/features/purchasing/logic';
import { purchasingLoadErrorDetail, purchasingMessages } from '@/features/purchasing/messages';
import {
  generateOrdersFormSchema,
  receiveOrderFormSchema,
  type GenerateOrdersFormValues,
  type ReceiveOrderFormValues,
} from '@/features/purchasing/schemas';
import { PurchaseOrderDocument } from '@/features/purchasing/components/purchase-order-document';
import { OrderStatusBadge } from '@/features/purchasing/components/status-badges';
import type { BatchStatus, Order, OrderItem } from '@/features/purchasing/types';

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
  const { batchId, orders, isLoading, isError, error, refetch } = useOrders();
  const [printing, setPrinting] = useState<Order | null>(null);
  const [receiving, setReceiving] = useState<Order | null>(null);

  if (isLoading) return <Skeleton className="h-48" aria-hidden="true" />;
  if (isError) return <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(error)} onRetry={refetch} />;

  return (
    <div className="flex flex-col gap-4">
      {orders.length === 0 && batchStatus === 'COTACAO_FINALIZADA' && batchId ? (
        <GenerateOrdersForm batchId={batchId} />
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
                  <TableCell>{formatDay(order.deliveryDate, purchasingMessages.deliveryToBeAgreed)}</TableCell>
                  <TableCell>
                    <OrderStatusBadge status={order.status} />
                    <AwaitingUnits order={order} />
                  </TableCell>
                  <TableCell className="flex justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setPrinting(order)} aria-label={`Ver pedido de ${order.supplierName}`}>
                      <Printer aria-hidden="true" /> Pedido
                    </Button>
                    {order.status === 'SOLICITADO' ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setReceiving(order)}
                        aria-label={`Marcar pedido de ${order.supplierName} como recebido`}
                      >
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
      {receiving ? <ReceiveOrderDialog key={receiving.id} order={receiving} onClose={() => setReceiving(null)} /> : null}
      <Dialog open={printing !== null} onOpenChange={(open) => !open && setPrinting(null)}>
        <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-4xl">
          <style>{PRINT_CSS}</style>
          <DialogHeader>
            <DialogTitle>Pedido de compra</DialogTitle>
            <DialogDescription>Confira e imprima o pedido para enviar ao fornecedor.</DialogDescription>
          </DialogHeader>
          {printing ? <PurchaseOrderDocument order={printing} /> : null}
          {printing ? <OrderReceipts order={orders.find((order) => order.id === printing.id) ?? printing} /> : null}
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

/**
 * 'Recebido' (issue 28): the buyer counts what arrived for the lines of the units the buyer works in ('Quantidade
 * recebida', the quantity ordered by default); the other units' lines are listed as left to them (each confirms its
 * own on 'Entregue').
 */
function ReceiveOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const myUnits = useMyWorkUnits();
  const pending = order.items.filter((item) => item.receivedAt === null);
  const units = myUnits.data ?? [];
  const mine = pending.filter((item) => item.unitId !== null && units.includes(item.unitId));
  const others = pending.filter((item) => !mine.includes(item));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{purchasingMessages.receiveDialogTitle}</DialogTitle>
          <DialogDescription>
            Pedido de {order.supplierName}. Informe quanto chegou de cada item das suas unidades; as demais unidades confirmam os seus itens ao marcá-los como
            Entregue.
          </DialogDescription>
        </DialogHeader>
        {myUnits.isLoading ? <Skeleton className="h-24" aria-hidden="true" /> : null}
        {myUnits.isError ? (
          <LoadError message={purchasingMessages.batchesLoadError} detail={purchasingLoadErrorDetail(myUnits.error)} onRetry={() => void myUnits.refetch()} />
        ) : null}
        {myUnits.isSuccess ? <ReceiveLinesForm order={order} lines={mine} others={others} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The counted quantities of the buyer's lines (mounted once the buyer's units are known, with their defaults). */
function ReceiveLinesForm({ order, lines, others, onClose }: { order: Order; lines: OrderItem[]; others: OrderItem[]; onClose: () => void }) {
  const receive = useReceiveOrder();
  const form = useForm<ReceiveOrderFormValues>({
    resolver: zodResolver(receiveOrderFormSchema),
    defaultValues: { lines: lines.map((item) => ({ lineId: item.id, ordered: item.quantity, quantity: String(item.quantity) })) },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'lines' });
  const byId = new Map(lines.map((item) => [item.id, item]));
  const submit = form.handleSubmit((values) => {
    const received = values.lines.map((line) => ({ lineId: line.lineId, receivedQuantity: parseQuantity(line.quantity) ?? 0 }));
    // Closing the dialog rides on the promise: the refreshed orders may re-render the panel before a per-call onSuccess.
    void receive.mutateAsync({ orderId: order.id, received }).then(onClose, () => undefined);
  });

  return (
    <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
      {fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum item deste pedido é de uma unidade em que você trabalha: as unidades confirmam a entrega.</p>
      ) : null}
      {fields.map((field, index) => {
        const item = byId.get(field.lineId);
        return (
          <Field
            key={field.id}
            label={
              <span>
                {purchasingMessages.receivedQuantityLabel} · {item ? boughtProduct(item) : '—'}{' '}
                <span className="font-normal text-muted-foreground">
                  ({item?.unitName ?? '—'}, pedido {formatNumber(field.ordered)})
                </span>
              </span>
            }
            error={form.formState.errors.lines?.[index]?.quantity?.message}
          >
            <Input inputMode="numeric" className="w-32" {...form.register(`lines.${index}.quantity`)} />
          </Field>
        );
      })}
      {others.length > 0 ? (
        <section aria-label="Itens de outras unidades" className="grid gap-1 text-sm">
          <h3 className="font-medium">Confirmados pelas unidades</h3>
          <ul className="grid gap-1 text-muted-foreground">
            {others.map((item) => (
              <li key={item.id}>
                {boughtProduct(item)} · {item.unitName ?? '—'} · {formatNumber(item.quantity)} un.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" disabled={receive.isPending}>
          <PackageCheck aria-hidden="true" /> Confirmar recebimento
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Units asked to confirm their delivery and that have not yet done so. */
function awaitingUnits(order: Order): string[] {
  const units = order.items.filter((item) => item.receiptRequestedAt && !item.receivedAt).map((item) => item.unitName ?? '—');
  return [...new Set(units)].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

function AwaitingUnits({ order }: { order: Order }) {
  const units = order.status === 'SOLICITADO' ? awaitingUnits(order) : [];
  if (units.length === 0) return null;
  return <p className="mt-1 text-xs text-muted-foreground">Aguardando confirmação: {units.join(', ')}</p>;
}

/** Per line, who confirmed its delivery (the receiving unit), or what it still waits for. Shown on screen, not printed. */
function OrderReceipts({ order }: { order: Order }) {
  return (
    <section aria-label="Recebimento por unidade" className="grid gap-2 text-sm">
      <h3 className="font-medium">Recebimento por unidade</h3>
      <ul className="grid gap-1">
        {order.items.map((item) => (
          <li key={item.id} className="flex flex-wrap justify-between gap-2 border-b py-1">
            <span>
              {boughtProduct(item)} · {item.unitName ?? '—'}
            </span>
            <span className="text-muted-foreground">
              {item.receivedAt
                ? `Entregue${item.receivedQuantity === null ? '' : ` · ${formatNumber(item.receivedQuantity)} de ${formatNumber(item.quantity)} un. recebidas`} · confirmado por ${item.receivedByName ?? '—'} em ${formatDateTime(item.receivedAt)}`
                : item.receiptRequestedAt
                  ? `Aguardando confirmação da unidade (solicitada em ${formatDateTime(item.receiptRequestedAt)})`
                  : 'Aguardando entrega'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The delivery date (optional) and the button that turns the winners into one order per supplier. Winning lines whose
 * need is below the supplier's minimum are listed first, each with the buyer's choice: raise it to the minimum or keep
 * the need. One request id per intent: a double click or a retry is applied once by the database.
 */
function GenerateOrdersForm({ batchId }: { batchId: string }) {
  const generate = useGenerateOrders();
  const comparison = useBatchComparison(batchId);
  const below = useMemo(() => (comparison.data ? linesBelowMinimum(comparison.data) : []), [comparison.data]);
  const requests = useRequestIds();
  const form = useForm<GenerateOrdersFormValues>({ resolver: zodResolver(generateOrdersFormSchema), defaultValues: { deliveryDate: '', minimumChoices: [] } });
  const { reset, getValues } = form;
  useEffect(() => {
    reset({ deliveryDate: getValues('deliveryDate'), minimumChoices: below.map((line) => ({ shortageId: line.shortageId, choice: '' })) });
  }, [below, reset, getValues]);
  const error = form.formState.errors.deliveryDate?.message;
  const choiceErrors = form.formState.errors.minimumChoices;
  const submit = form.handleSubmit(({ deliveryDate, minimumChoices }) => {
    const raiseToMinimum = (minimumChoices ?? []).filter((line) => line.choice === 'raise').map((line) => line.shortageId);
    const input = { batchId, deliveryDate: deliveryDate || null, raiseToMinimum };
    // The same inputs keep their request id until applied (a retry after a lost answer is applied once); changed inputs get a new one.
    generate.mutate({ ...input, requestId: requests.idFor(JSON.stringify(input)) }, { onSuccess: requests.done });
  });
  const ready = comparison.isSuccess;

  return (
    <form className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4 shadow-sm" onSubmit={(event) => void submit(event)} noValidate>
      {below.length > 0 ? (
        <fieldset className="grid basis-full gap-3 rounded-md border border-amber-400 p-3">
          <legend className="px-1 text-sm font-medium">Itens abaixo da quantidade mínima do fornecedor</legend>
          <p className="text-sm text-muted-foreground">
            Escolha, para cada item, se o pedido sobe para a quantidade mínima do fornecedor ou mantém a quantidade solicitada.
          </p>
          {below.map((line, index) => {
            const labelId = `minimum-${line.shortageId}`;
            const lineError = choiceErrors?.[index]?.choice?.message;
            const extra = line.minimumQuantity - line.requestedQuantity;
            return (
              <div key={line.shortageId} role="radiogroup" aria-labelledby={labelId} aria-invalid={lineError ? true : undefined} className="grid gap-1.5 text-sm">
                <p id={labelId}>
                  <span className="font-medium">{line.substituteProductName ?? line.productName}</span>
                  {line.substituteProductName ? ` (substituto de ${line.productName})` : ''} · {line.unitName ?? '—'} · {line.supplierName}: solicitado{' '}
                  {formatNumber(line.requestedQuantity)}, mínimo {formatNumber(line.minimumQuantity)}
                </p>
                <div className="flex flex-wrap gap-4">
                  <label className="flex items-center gap-2">
                    <input type="radio" value="raise" {...form.register(`minimumChoices.${index}.choice`)} />
                    Elevar para {formatNumber(line.minimumQuantity)} (+{formatNumber(extra)} un., +{formatCurrency(extra * line.unitPrice)})
                  </label>
                  <label className="flex items-center gap-2">
                    <input type="radio" value="keep" {...form.register(`minimumChoices.${index}.choice`)} />
                    Manter {formatNumber(line.requestedQuantity)}
                  </label>
                </div>
                {lineError ? <p className="text-destructive">{lineError}</p> : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
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
      <Button type="submit" disabled={generate.isPending || !ready}>
        <ShoppingCart aria-hidden="true" /> Gerar pedidos
      </Button>
      {error ? (
        <p id="delivery-date-error" className="basis-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {comparison.isError ? (
        <p role="alert" className="basis-full text-sm text-destructive">
          Não foi possível conferir as quantidades mínimas dos itens vencedores. Recarregue a página e tente novamente.
        </p>
      ) : null}
      <p className="basis-full text-sm text-muted-foreground">
        Um pedido é gerado para cada fornecedor vencedor, com as quantidades solicitadas, os preços cotados, os substitutos e as bonificações ofertados.
      </p>
    </form>
  );
}
