/** Row schemas shared by the purchasing reads, and their mapping to the screen types. */
import * as z from 'zod/mini';
import {
  BATCH_STATUSES,
  ORDER_STATUSES,
  QUOTE_STATUSES,
  UNKNOWN_CREATOR,
  type Batch,
  type BatchShortage,
  type Order,
  type Quote,
  type QuoteItem,
} from '@/features/purchasing/types';

/** numeric columns may arrive as JSON numbers or strings. */
export const numeric = z.pipe(z.union([z.number(), z.string()]), z.transform((value) => Number(value)));
export const nullableNumeric = z.pipe(
  z.nullable(z.union([z.number(), z.string()])),
  z.transform((value) => (value === null ? null : Number(value))),
);
const named = z.nullable(z.object({ name: z.string() }));

export const batchStatus = z.enum(BATCH_STATUSES);
export const quoteStatus = z.enum(QUOTE_STATUSES);
export const orderStatus = z.enum(ORDER_STATUSES);

export const SHORTAGE_SELECT =
  'id, product_id, unit_id, requested_quantity, available_quantity, status, created_at, batch_id, products(name, barcode), store_units(name)';

export const shortageRow = z.object({
  id: z.string(),
  product_id: z.string(),
  unit_id: z.string(),
  requested_quantity: z.number(),
  available_quantity: z.number(),
  status: z.string(),
  created_at: z.string(),
  batch_id: z.nullable(z.string()),
  products: z.nullable(z.object({ name: z.string(), barcode: z.nullable(z.string()) })),
  store_units: named,
});

export function toBatchShortage(row: z.infer<typeof shortageRow>): BatchShortage {
  return {
    id: row.id,
    productId: row.product_id,
    productName: row.products?.name ?? 'Produto não encontrado',
    barcode: row.products?.barcode ?? null,
    unitId: row.unit_id,
    unitName: row.store_units?.name ?? '—',
    requestedQuantity: row.requested_quantity,
    availableQuantity: row.available_quantity,
    status: row.status,
    createdAt: row.created_at,
    batchId: row.batch_id,
  };
}

export const BATCH_SELECT = 'id, name, status, unit_id, created_at, closed_at, sent_at, store_units(name)';

export const batchRow = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  status: batchStatus,
  unit_id: z.nullable(z.string()),
  created_at: z.string(),
  closed_at: z.nullable(z.string()),
  sent_at: z.nullable(z.string()),
  store_units: named,
});

export function toBatch(row: z.infer<typeof batchRow>, itemCount: number): Batch {
  return {
    id: row.id,
    name: row.name ?? `Lote ${row.id.slice(0, 6)}`,
    status: row.status,
    unitId: row.unit_id,
    unitName: row.store_units?.name ?? null,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    sentAt: row.sent_at,
    itemCount,
  };
}

export const QUOTE_ITEM_SELECT =
  'id, quote_id, shortage_id, unit_price, minimum_quantity, is_winner, wants_substitute, substitute_product_name, substitute_manufacturer, has_bonus, bonus_product_name, bonus_manufacturer, bonus_expiry_date, bonus_quantity, shortages(requested_quantity, products(name, barcode), store_units(name))';

export const quoteItemRow = z.object({
  id: z.string(),
  quote_id: z.string(),
  shortage_id: z.string(),
  unit_price: nullableNumeric,
  minimum_quantity: z.nullable(z.number()),
  is_winner: z.boolean(),
  wants_substitute: z.boolean(),
  substitute_product_name: z.nullable(z.string()),
  substitute_manufacturer: z.nullable(z.string()),
  has_bonus: z.boolean(),
  bonus_product_name: z.nullable(z.string()),
  bonus_manufacturer: z.nullable(z.string()),
  bonus_expiry_date: z.nullable(z.string()),
  bonus_quantity: z.number(),
  shortages: z.nullable(
    z.object({
      requested_quantity: z.number(),
      products: z.nullable(z.object({ name: z.string(), barcode: z.nullable(z.string()) })),
      store_units: named,
    }),
  ),
});

export function toQuoteItem(row: z.infer<typeof quoteItemRow>): QuoteItem {
  return {
    id: row.id,
    quoteId: row.quote_id,
    shortageId: row.shortage_id,
    productName: row.shortages?.products?.name ?? 'Produto não encontrado',
    barcode: row.shortages?.products?.barcode ?? null,
    unitName: row.shortages?.store_units?.name ?? null,
    requestedQuantity: row.shortages?.requested_quantity ?? 0,
    unitPrice: row.unit_price,
    minimumQuantity: row.minimum_quantity,
    isWinner: row.is_winner,
    wantsSubstitute: row.wants_substitute,
    substituteProductName: row.substitute_product_name,
    substituteManufacturer: row.substitute_manufacturer,
    hasBonus: row.has_bonus,
    bonusProductName: row.bonus_product_name,
    bonusManufacturer: row.bonus_manufacturer,
    bonusExpiryDate: row.bonus_expiry_date,
    bonusQuantity: row.bonus_quantity,
  };
}

export const QUOTE_SELECT = `id, batch_id, supplier_id, status, created_at, updated_at, created_by, suppliers(name), quote_batches(name, status), quote_items(${QUOTE_ITEM_SELECT})`;

export const quoteRow = z.object({
  id: z.string(),
  batch_id: z.string(),
  supplier_id: z.string(),
  status: quoteStatus,
  created_at: z.string(),
  updated_at: z.nullable(z.string()),
  created_by: z.nullable(z.string()),
  suppliers: named,
  quote_batches: z.nullable(z.object({ name: z.nullable(z.string()), status: batchStatus })),
  quote_items: z.array(quoteItemRow),
});

export function toQuote(row: z.infer<typeof quoteRow>, creatorNames: ReadonlyMap<string, string>): Quote {
  const items = row.quote_items.map(toQuoteItem).sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR'));
  return {
    id: row.id,
    batchId: row.batch_id,
    batchName: row.quote_batches?.name ?? `Lote ${row.batch_id.slice(0, 6)}`,
    batchStatus: row.quote_batches?.status ?? 'EM_COTACAO',
    supplierId: row.supplier_id,
    supplierName: row.suppliers?.name ?? '—',
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdByName: (row.created_by && creatorNames.get(row.created_by)) || UNKNOWN_CREATOR,
    items,
  };
}

export const ORDER_SELECT =
  'id, batch_id, supplier_id, status, delivery_date, total_amount, created_at, suppliers(name), quote_batches(name, store_units(name)), purchase_order_items(id, order_id, shortage_id, quantity, unit_price, total_price, shortages(products(name, barcode), store_units(name)))';

export const orderRow = z.object({
  id: z.string(),
  batch_id: z.string(),
  supplier_id: z.string(),
  status: orderStatus,
  delivery_date: z.nullable(z.string()),
  total_amount: numeric,
  created_at: z.string(),
  suppliers: named,
  quote_batches: z.nullable(z.object({ name: z.nullable(z.string()), store_units: named })),
  purchase_order_items: z.array(
    z.object({
      id: z.string(),
      order_id: z.string(),
      shortage_id: z.string(),
      quantity: z.number(),
      unit_price: numeric,
      total_price: numeric,
      shortages: z.nullable(
        z.object({ products: z.nullable(z.object({ name: z.string(), barcode: z.nullable(z.string()) })), store_units: named }),
      ),
    }),
  ),
});

export function toOrder(row: z.infer<typeof orderRow>): Order {
  return {
    id: row.id,
    batchId: row.batch_id,
    batchName: row.quote_batches?.name ?? `Lote ${row.batch_id.slice(0, 6)}`,
    unitName: row.quote_batches?.store_units?.name ?? null,
    supplierId: row.supplier_id,
    supplierName: row.suppliers?.name ?? '—',
    status: row.status,
    deliveryDate: row.delivery_date,
    totalAmount: row.total_amount,
    createdAt: row.created_at,
    items: row.purchase_order_items
      .map((item) => ({
        id: item.id,
        orderId: item.order_id,
        shortageId: item.shortage_id,
        productName: item.shortages?.products?.name ?? 'Produto não encontrado',
        barcode: item.shortages?.products?.barcode ?? null,
        unitName: item.shortages?.store_units?.name ?? null,
        quantity: item.quantity,
        unitPrice: item.unit_price,
        totalPrice: item.total_price,
      }))
      .sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR')),
  };
}
