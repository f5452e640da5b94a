import { Logo } from '@/components/ui/logo';
import { formatCurrency, formatDateTime, formatDay, formatNumber } from '@/lib/dates';
import { bonusText, boughtProduct } from '@/features/purchasing/logic';
import { purchasingMessages } from '@/features/purchasing/messages';
import type { Order } from '@/features/purchasing/types';

/**
 * The purchase order as printed: company/unit header, supplier, items, grand total, delivery date. Each line names
 * the product actually bought (the substitute that won, with the product it replaces), the bonus units and the
 * supplier's minimum quantity, so what the supplier reads is what was awarded.
 */
export function PurchaseOrderDocument({ order }: { order: Order }) {
  return (
    <article className="purchase-order-print mx-auto flex w-full max-w-3xl flex-col gap-6 bg-white p-8 text-black" aria-label={`Pedido de compra ${order.supplierName}`}>
      <header className="flex items-start justify-between gap-6 border-b pb-4">
        <div className="grid gap-1">
          <Logo />
          <p className="text-sm">{order.unitName ?? 'Rede de farmácias'}</p>
        </div>
        <div className="text-right">
          <h2 className="text-xl font-semibold">Pedido de compra</h2>
          <p className="text-sm">Nº {order.id.slice(0, 8).toUpperCase()}</p>
          <p className="text-sm">Emitido em {formatDateTime(order.createdAt)}</p>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="font-medium">Fornecedor</dt>
          <dd>{order.supplierName}</dd>
        </div>
        <div>
          <dt className="font-medium">Lote</dt>
          <dd>{order.batchName}</dd>
        </div>
        <div>
          <dt className="font-medium">Data de entrega</dt>
          <dd>{formatDay(order.deliveryDate, purchasingMessages.deliveryToBeAgreed)}</dd>
        </div>
        <div>
          <dt className="font-medium">Status</dt>
          <dd>{order.status === 'RECEBIDO' ? 'Recebido' : 'Solicitado'}</dd>
        </div>
      </dl>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b-2 border-black text-left">
            <th className="py-2">Produto</th>
            <th className="py-2">Unidade</th>
            <th className="py-2 text-right">Quantidade</th>
            <th className="py-2 text-right">Mínimo</th>
            <th className="py-2 text-right">Preço unitário</th>
            <th className="py-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-b border-neutral-300">
              <td className="py-1.5">
                <span className="font-medium">{boughtProduct(item)}</span>
                {item.substituteProductName ? (
                  <span className="block text-xs text-neutral-700">
                    Substituto de: {item.productName}
                    {item.barcode ? ` (${item.barcode})` : ''}
                  </span>
                ) : item.barcode ? (
                  <span className="block text-xs text-neutral-600">{item.barcode}</span>
                ) : null}
                {item.bonusQuantity > 0 ? <span className="block text-xs text-neutral-700">{bonusText(item)}</span> : null}
              </td>
              <td className="py-1.5">{item.unitName ?? '—'}</td>
              <td className="py-1.5 text-right tabular-nums">
                {formatNumber(item.quantity)}
                {item.raisedToMinimum ? (
                  <span className="block text-xs text-neutral-700">elevada ao mínimo (solicitado {formatNumber(item.requestedQuantity)})</span>
                ) : item.minimumQuantity !== null && item.quantity < item.minimumQuantity ? (
                  <span className="block text-xs text-neutral-700">abaixo do mínimo</span>
                ) : null}
              </td>
              <td className="py-1.5 text-right tabular-nums">{item.minimumQuantity !== null ? formatNumber(item.minimumQuantity) : '—'}</td>
              <td className="py-1.5 text-right tabular-nums">{formatCurrency(item.unitPrice)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatCurrency(item.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={5} className="pt-3 text-right">
              Total geral
            </th>
            <td className="pt-3 text-right text-base font-semibold tabular-nums">{formatCurrency(order.totalAmount)}</td>
          </tr>
        </tfoot>
      </table>
      <footer className="mt-8 grid grid-cols-2 gap-8 pt-8 text-center text-xs">
        <p className="border-t border-black pt-1">Comprador</p>
        <p className="border-t border-black pt-1">Fornecedor</p>
      </footer>
    </article>
  );
}

