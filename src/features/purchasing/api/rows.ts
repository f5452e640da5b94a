/**
 * The purchasing reads' rows, typed from the generated database types (supabase-js infers each
 * select's row from its literal string), and their mapping to the screen types. zod stays for the
 * RPC payloads (jsonb results) below, where the database gives no column types.
 */
import * as z from 'zod/mini';
import type { Tables } from '@/types/database.types';
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

export const batchStatus = z.enum(BATCH_STATUSES);

/** A status column (text with a check constraint) as the screen's union; an unknown one is a schema drift, refused. */
function statusOf<const T extends readonly string[]>(allowed: T, value: string): T[number] {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`Unexpected status ${value}`);
  return value as T[number];
}

type Named = Pick<Tables<'store_units'>, 'name'> | null;
type ProductRef = Pick<Tables<'products'>, 'name' | 'barcode'> | null;
export const quoteStatus = z.enum(QUOTE_STATUSES);
export const orderStatus = z.enum(ORDER_STATUSES);

export const SHORTAGE_SELECT =
  'id, product_id, unit_id, requested_quantity, available_quantity, status, created_at, batch_id, products(name, barcode), store_units(name)' as const;

export type ShortageRow = Pick<
  Tables<'shortages'>,
  'id' | 'product_id' | 'unit_id' | 'requested_quantity' | 'available_quantity' | 'status' | 'created_at' | 'batch_id'
> & { products: ProductRef; store_units: Named };

export function toBatchShortage(row: ShortageRow): BatchShortage {
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

export const BATCH_SELECT = 'id, name, status, unit_id, created_at, closed_at, sent_at, store_units(name)' as const;

export type BatchRow = Pick<Tables<'quote_batches'>, 'id' | 'name' | 'status' | 'unit_id' | 'created_at' | 'closed_at' | 'sent_at'> & {
  store_units: Named;
};

export function toBatch(row: BatchRow, itemCount: number): Batch {
  return {
    id: row.id,
    name: row.name ?? `Lote ${row.id.slice(0, 6)}`,
    status: statusOf(BATCH_STATUSES, row.status),
    unitId: row.unit_id,
    unitName: row.store_units?.name ?? null,
    createdAt: row.created_at,
    closedAt: row.closed_at,
    sentAt: row.sent_at,
    itemCount,
  };
}

export const QUOTE_ITEM_SELECT =
  'id, quote_id, shortage_id, unit_price, minimum_quantity, is_winner, wants_substitute, substitute_product_name, substitute_manufacturer, has_bonus, bonus_product_name, bonus_manufacturer, bonus_expiry_date, bonus_quantity, shortages(requested_quantity, products(name, barcode), store_units(name))' as const;

export type QuoteItemRow = Omit<Tables<'quote_items'>, 'updated_at'> & {
  shortages: (Pick<Tables<'shortages'>, 'requested_quantity'> & { products: ProductRef; store_units: Named }) | null;
};

export function toQuoteItem(row: QuoteItemRow): QuoteItem {
  return {
    id: row.id,
    quoteId: row.quote_id,
    shortageId: row.shortage_id,
    productName: row.shortages?.products?.name ?? 'Produto não encontrado',
    barcode: row.shortages?.products?.barcode ?? null,
    unitName: row.shortages?.store_units?.name ?? null,
    requestedQuantity: row.shortages?.requested_quantity ?? 0,
    unitPrice: row.unit_price === null ? null : Number(row.unit_price),
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

export const QUOTE_SELECT = `id, batch_id, supplier_id, status, created_at, updated_at, created_by, payment_term_days, suppliers(name), quote_batches(name, status), quote_items(${QUOTE_ITEM_SELECT})` as const;

export type QuoteRow = Pick<Tables<'quotes'>, 'id' | 'batch_id' | 'supplier_id' | 'status' | 'created_at' | 'updated_at' | 'created_by' | 'payment_term_days'> & {
  suppliers: Pick<Tables<'suppliers'>, 'name'> | null;
  quote_batches: Pick<Tables<'quote_batches'>, 'name' | 'status'> | null;
  quote_items: QuoteItemRow[];
};

export function toQuote(row: QuoteRow, creatorNames: ReadonlyMap<string, string>): Quote {
  const items = row.quote_items.map(toQuoteItem).sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR'));
  return {
    id: row.id,
    batchId: row.batch_id,
    batchName: row.quote_batches?.name ?? `Lote ${row.batch_id.slice(0, 6)}`,
    batchStatus: statusOf(BATCH_STATUSES, row.quote_batches?.status ?? 'EM_COTACAO'),
    supplierId: row.supplier_id,
    supplierName: row.suppliers?.name ?? '—',
    status: statusOf(QUOTE_STATUSES, row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdByName: (row.created_by && creatorNames.get(row.created_by)) || UNKNOWN_CREATOR,
    paymentTermDays: row.payment_term_days,
    items,
  };
}

export const ORDER_SELECT =
  'id, batch_id, supplier_id, status, delivery_date, total_amount, created_at, received_at, suppliers(name), quote_batches(name, store_units(name)), purchase_order_items(id, order_id, shortage_id, quantity, requested_quantity, minimum_quantity, raised_to_minimum, substitute_product_name, substitute_manufacturer, bonus_quantity, bonus_product_name, bonus_manufacturer, bonus_expiry_date, unit_price, total_price, received_at, received_by_name, receipt_requested_at, received_quantity, shortages(unit_id, products(name, barcode), store_units(name)))' as const;

type OrderItemColumns =
  | 'id' | 'order_id' | 'shortage_id' | 'quantity' | 'requested_quantity' | 'minimum_quantity' | 'raised_to_minimum'
  | 'substitute_product_name' | 'substitute_manufacturer' | 'bonus_quantity' | 'bonus_product_name' | 'bonus_manufacturer'
  | 'bonus_expiry_date' | 'unit_price' | 'total_price' | 'received_at' | 'received_by_name' | 'receipt_requested_at'
  | 'received_quantity';

export type OrderRow = Pick<
  Tables<'purchase_orders'>,
  'id' | 'batch_id' | 'supplier_id' | 'status' | 'delivery_date' | 'total_amount' | 'created_at' | 'received_at'
> & {
  suppliers: Pick<Tables<'suppliers'>, 'name'> | null;
  quote_batches: (Pick<Tables<'quote_batches'>, 'name'> & { store_units: Named }) | null;
  purchase_order_items: (Pick<Tables<'purchase_order_items'>, OrderItemColumns> & {
    shortages: { unit_id: string; products: ProductRef; store_units: Named } | null;
  })[];
};

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    batchId: row.batch_id,
    batchName: row.quote_batches?.name ?? `Lote ${row.batch_id.slice(0, 6)}`,
    unitName: row.quote_batches?.store_units?.name ?? null,
    supplierId: row.supplier_id,
    supplierName: row.suppliers?.name ?? '—',
    status: statusOf(ORDER_STATUSES, row.status),
    deliveryDate: row.delivery_date,
    totalAmount: Number(row.total_amount),
    createdAt: row.created_at,
    receivedAt: row.received_at,
    items: row.purchase_order_items
      .map((item) => ({
        id: item.id,
        orderId: item.order_id,
        shortageId: item.shortage_id,
        productName: item.shortages?.products?.name ?? 'Produto não encontrado',
        barcode: item.shortages?.products?.barcode ?? null,
        unitName: item.shortages?.store_units?.name ?? null,
        unitId: item.shortages?.unit_id ?? null,
        quantity: item.quantity,
        requestedQuantity: item.requested_quantity,
        minimumQuantity: item.minimum_quantity ? item.minimum_quantity : null,
        raisedToMinimum: item.raised_to_minimum,
        substituteProductName: item.substitute_product_name,
        substituteManufacturer: item.substitute_manufacturer,
        bonusQuantity: item.bonus_quantity,
        bonusProductName: item.bonus_product_name,
        bonusManufacturer: item.bonus_manufacturer,
        bonusExpiryDate: item.bonus_expiry_date,
        unitPrice: Number(item.unit_price),
        totalPrice: Number(item.total_price),
        receivedAt: item.received_at,
        receivedByName: item.received_by_name,
        receiptRequestedAt: item.receipt_requested_at,
        receivedQuantity: item.received_quantity,
      }))
      .sort((a, b) => a.productName.localeCompare(b.productName, 'pt-BR')),
  };
}
