import { Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCurrency, formatDateTime, formatDay } from '@/lib/dates';
import { usePurchaseReportOrder, type PurchaseOrderDetail } from '@/features/analytics/api/get-purchase-report-order';
import { AnalysisTable } from '@/features/analytics/components/shared/analysis-table';
import { formatMoney } from '@/features/analytics/components/shared/format';
import { lineColumns, lineTotals, orderNumber, STATUS_LABEL } from '@/features/analytics/purchase-report/columns';
import { purchaseReportMessages as m } from '@/features/analytics/purchase-report/messages';
import { analyticsErrorMessage } from '@/features/analytics/messages';

/** The URL param of the opened order (a drill-down can be shared by link). */
export const ORDER_PARAM = 'pedido';

/**
 * Printing shows only the purchase order: a copy rendered straight under <body> (outside the dialog,
 * so no transform or scroll box clips it) is the only thing on paper (as /compras prints it).
 */
const PRINT_CSS = `.po-print-root { display: none; }
@media print {
  body > *:not(.po-print-root) { display: none !important; }
  .po-print-root { display: block !important; }
  .po-print-root .purchase-order-print { max-width: none; padding: 0; }
  @page { size: A4; margin: 1.5cm; }
}`;

interface OrderSheetProps {
  /** The order of ?pedido (null: closed). */
  orderId: string | null;
  /** ?pedido held something that is not an order id. */
  invalid: boolean;
  onClose: () => void;
  renderPrintable: (order: PurchaseOrderDetail) => ReactNode;
}

/** The drill-down: an order's lines (ordered, received, price, savings) and 'Imprimir pedido'. */
export function OrderSheet({ orderId, invalid, onClose, renderPrintable }: OrderSheetProps) {
  const order = usePurchaseReportOrder(orderId);
  const [printing, setPrinting] = useState(false);
  const detail = order.data ?? null;
  const open = orderId !== null || invalid;

  return (
    <Sheet open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-5xl">
        <SheetHeader>
          <SheetTitle>{detail ? `Pedido ${orderNumber(detail.order_id)}: ${detail.supplier_name}` : 'Pedido'}</SheetTitle>
          <SheetDescription>{detail ? `${detail.batch_name} · criado em ${formatDateTime(detail.created_at)}` : 'Linhas do pedido de compra.'}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-4 px-4 pb-6">
          {invalid || (order.isSuccess && detail === null) ? (
            <p role="alert" className="text-sm text-destructive">
              {m.orderNotFound}
            </p>
          ) : order.isError ? (
            <LoadError message={m.orderLoadError} detail={analyticsErrorMessage(order.error)} onRetry={() => void order.refetch()} />
          ) : !detail ? (
            <Skeleton className="h-64" aria-label="Carregando pedido…" />
          ) : (
            <>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <Fact label="Status" value={STATUS_LABEL[detail.status]} />
                <Fact label="Entrega prometida" value={formatDay(detail.promised_date, 'a combinar')} />
                <Fact label="Entrega atual" value={formatDay(detail.delivery_date, 'a combinar')} />
                <Fact label="Recebido em" value={detail.received_at ? formatDateTime(detail.received_at) : 'não recebido'} />
                <Fact label="Valor total" value={formatCurrency(detail.total_amount)} />
                <Fact label="Economia vs. média" value={formatMoney(lineTotals(detail.lines).savings_vs_avg as number | null)} />
              </dl>
              <div className="flex justify-end">
                <Button type="button" onClick={() => setPrinting(true)}>
                  <Printer aria-hidden="true" /> Imprimir pedido
                </Button>
              </div>
              <AnalysisTable
                title="Linhas do pedido"
                columns={lineColumns}
                rows={detail.lines}
                rowKey={(line) => line.line_id}
                totals={lineTotals(detail.lines)}
                exportAs={{
                  title: `Pedido ${orderNumber(detail.order_id)}`,
                  details: [
                    { label: 'Fornecedor', value: detail.supplier_name },
                    { label: 'Lote', value: detail.batch_name },
                    { label: 'Criado em', value: formatDateTime(detail.created_at) },
                  ],
                  fileName: `pedido-${detail.order_id.slice(0, 8)}`,
                }}
              />
              <Dialog open={printing} onOpenChange={setPrinting}>
                <DialogContent className="max-h-[90vh] overflow-auto sm:max-w-4xl">
                  <style>{PRINT_CSS}</style>
                  <DialogHeader>
                    <DialogTitle>Pedido de compra</DialogTitle>
                    <DialogDescription>Confira e imprima o pedido.</DialogDescription>
                  </DialogHeader>
                  {renderPrintable(detail)}
                  {printing ? createPortal(<div className="po-print-root">{renderPrintable(detail)}</div>, document.body) : null}
                  <DialogFooter>
                    <Button type="button" variant="outline" onClick={() => setPrinting(false)}>
                      Voltar
                    </Button>
                    <Button type="button" onClick={() => window.print()}>
                      <Printer aria-hidden="true" /> Imprimir
                    </Button>
                  </DialogFooter>
                </DialogContent>
              </Dialog>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
