import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { PurchaseOrderDetail } from '@/features/analytics/api/get-purchase-report-order';
import { PurchaseReportPage } from '@/features/analytics/purchase-report/purchase-report-page';
import { PurchaseOrderDocument } from '@/features/purchasing/components/purchase-order-document';
import type { Order } from '@/features/purchasing/types';

/** The report's order as purchasing's printable order reads it (the same document /compras prints). */
function toPurchasingOrder(detail: PurchaseOrderDetail): Order {
  return {
    id: detail.order_id,
    batchId: detail.batch_id,
    batchName: detail.batch_name,
    unitName: detail.batch_unit_name,
    supplierId: detail.supplier_id,
    supplierName: detail.supplier_name,
    status: detail.status,
    deliveryDate: detail.delivery_date,
    totalAmount: detail.total_amount,
    createdAt: detail.created_at,
    receivedAt: detail.received_at,
    items: detail.lines.map((line) => ({
      id: line.line_id,
      orderId: detail.order_id,
      shortageId: line.shortage_id,
      productName: line.product_name,
      barcode: line.barcode,
      unitName: line.unit_name,
      unitId: line.unit_id,
      quantity: line.quantity,
      requestedQuantity: line.requested_quantity,
      minimumQuantity: line.minimum_quantity,
      raisedToMinimum: line.raised_to_minimum,
      substituteProductName: line.substitute_product_name,
      substituteManufacturer: line.substitute_manufacturer,
      bonusQuantity: line.bonus_quantity,
      bonusProductName: line.bonus_product_name,
      bonusManufacturer: line.bonus_manufacturer,
      bonusExpiryDate: line.bonus_expiry_date,
      unitPrice: line.unit_price,
      totalPrice: line.total_price,
      receivedAt: line.received_at,
      receivedByName: line.received_by_name,
      receiptRequestedAt: line.receipt_requested_at,
      receivedQuantity: line.received_quantity,
    })),
  };
}

/**
 * /relatorio-compras (ADMIN, ADMIN_COMPRAS and ANALISTA with VIEW_REPORTS and MANAGE_ORDERS; the database refuses
 * anyone else). Filters in the URL (de, ate, unidade, fornecedor, categoria) and the opened order in ?pedido.
 */
export default function PurchaseReportRoute() {
  const title = titleForPath(paths.purchaseReport);
  useDocumentTitle(title);
  return <PurchaseReportPage title={title} renderPrintable={(detail) => <PurchaseOrderDocument order={toPurchasingOrder(detail)} />} />;
}
