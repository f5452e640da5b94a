/** Purchasing cycle (spec §3, §4): batches (lotes), quotes (cotações), comparison, purchase orders (pedidos). */

export const BATCH_STATUSES = ['ABERTO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = {
  ABERTO: 'Aberto',
  EM_COTACAO: 'Em cotação',
  COTACAO_FINALIZADA: 'Cotação finalizada',
  PEDIDO_ENVIADO: 'Pedido enviado',
};

export const QUOTE_STATUSES = ['EM_ANDAMENTO', 'ENVIADA', 'VENCEDORA', 'PERDEDORA'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  EM_ANDAMENTO: 'Em andamento',
  ENVIADA: 'Enviada',
  VENCEDORA: 'Vencedora',
  PERDEDORA: 'Perdedora',
};

export const ORDER_STATUSES = ['SOLICITADO', 'RECEBIDO'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  SOLICITADO: 'Solicitado',
  RECEBIDO: 'Recebido',
};

/** Spec §3 "Quote": the creator's name, or this fallback. */
export const UNKNOWN_CREATOR = 'Usuário não identificado';

/** A shortage as it appears inside a batch or in the list of pending ones. */
export interface BatchShortage {
  id: string;
  productId: string;
  productName: string;
  barcode: string | null;
  unitId: string;
  unitName: string;
  requestedQuantity: number;
  availableQuantity: number;
  status: string;
  createdAt: string;
  batchId: string | null;
}

/** A quote batch (spec §3 "Quote batch"). */
export interface Batch {
  id: string;
  name: string;
  status: BatchStatus;
  unitId: string | null;
  unitName: string | null;
  createdAt: string;
  closedAt: string | null;
  sentAt: string | null;
  itemCount: number;
}

export interface BatchDetail extends Batch {
  shortages: BatchShortage[];
}

/** One item of a quote (spec §3 "Quote item") with its shortage's product. */
export interface QuoteItem {
  id: string;
  quoteId: string;
  shortageId: string;
  productName: string;
  barcode: string | null;
  unitName: string | null;
  requestedQuantity: number;
  unitPrice: number | null;
  minimumQuantity: number | null;
  isWinner: boolean;
  wantsSubstitute: boolean;
  substituteProductName: string | null;
  substituteManufacturer: string | null;
  hasBonus: boolean;
  bonusProductName: string | null;
  bonusManufacturer: string | null;
  bonusExpiryDate: string | null;
  bonusQuantity: number;
}

/** A quote (spec §3 "Quote"). */
export interface Quote {
  id: string;
  batchId: string;
  batchName: string;
  batchStatus: BatchStatus;
  supplierId: string;
  supplierName: string;
  status: QuoteStatus;
  createdAt: string;
  updatedAt: string | null;
  createdByName: string;
  /** The supplier's payment term for the whole quote, in days (0 = à vista; null = not stated). */
  paymentTermDays: number | null;
  items: QuoteItem[];
}

/** The editable fields of a quote item (what the representative types). */
export interface QuoteItemValues {
  unitPrice: number | null;
  minimumQuantity: number | null;
  wantsSubstitute: boolean;
  substituteProductName: string | null;
  substituteManufacturer: string | null;
  hasBonus: boolean;
  bonusProductName: string | null;
  bonusManufacturer: string | null;
  bonusExpiryDate: string | null;
  bonusQuantity: number;
}

/** Comparison view: one supplier's answer for one item. */
export interface ComparisonCell {
  quoteId: string;
  shortageId: string;
  unitPrice: number | null;
  minimumQuantity: number | null;
  isWinner: boolean;
  wantsSubstitute: boolean;
  substituteProductName: string | null;
  substituteManufacturer: string | null;
  hasBonus: boolean;
  bonusProductName: string | null;
  bonusManufacturer: string | null;
  bonusExpiryDate: string | null;
  bonusQuantity: number;
  /**
   * get_batch_comparison's effective unit cost (bonus units, the excess a minimum forces, the payment term at the
   * buyer's cost of money); null without price. Its one-line explanation is written when drawn (effective-cost.ts).
   */
  effectiveUnitCost: number | null;
  /** 1 = best among the priced offers of submitted quotes for the item; null for drafts and blanks. */
  priceRank: number | null;
  effectiveRank: number | null;
}

export interface ComparisonQuote {
  quoteId: string;
  supplierId: string;
  supplierName: string;
  status: QuoteStatus;
  pricedItems: number;
  paymentTermDays: number | null;
}

export interface ComparisonItem {
  shortageId: string;
  productName: string;
  barcode: string | null;
  unitName: string | null;
  requestedQuantity: number;
  /** get_batch_comparison's best_unit_price: the lowest price among submitted quotes (drafts excluded); null when none. */
  bestPrice: number | null;
  /** True when the offers' ranking by effective cost differs from their ranking by price. */
  effectiveDiffers: boolean;
}

export interface Comparison {
  batchId: string;
  batchName: string;
  batchStatus: BatchStatus;
  closedAt: string | null;
  /**
   * get_batch_comparison's checksum of the figures an award is decided on; select_winning_quotes_native refuses a
   * confirmation sent with an older one.
   */
  version: string;
  /**
   * get_batch_comparison's checksum of everything this document is made of, at its cost of money: sent back when the
   * comparison is read again, it gets a short 'unchanged' answer while nothing changed.
   */
  checksum: string;
  /** The monthly cost of money the effective costs were computed with (0.02 = 2 % a month). */
  monthlyRate: number;
  items: ComparisonItem[];
  quotes: ComparisonQuote[];
  /** cells[`${shortageId}:${quoteId}`] */
  cells: Record<string, ComparisonCell>;
}

/** The chosen winner per item: shortageId → quoteId. */
export type WinnerSelection = Record<string, string>;

export interface OrderItem {
  id: string;
  orderId: string;
  shortageId: string;
  /** The product asked for (the shortage's). */
  productName: string;
  barcode: string | null;
  unitName: string | null;
  /** The receiving unit (the shortage's). */
  unitId: string | null;
  /** What is ordered: the need, or the supplier's minimum when the buyer chose to raise it. */
  quantity: number;
  /** The shortage's need when the order was generated. */
  requestedQuantity: number;
  /** The supplier's minimum quantity (null: none). */
  minimumQuantity: number | null;
  raisedToMinimum: boolean;
  /** The product actually bought when a substitute won (null: the product asked for). */
  substituteProductName: string | null;
  substituteManufacturer: string | null;
  /** Bonus units (bonificação) the supplier gives with the line; 0 when none. */
  bonusQuantity: number;
  bonusProductName: string | null;
  bonusManufacturer: string | null;
  bonusExpiryDate: string | null;
  unitPrice: number;
  totalPrice: number;
  /** When the receiving unit confirmed the delivery, and who. */
  receivedAt: string | null;
  receivedByName: string | null;
  /** When the buyer marked the order received and asked this line's unit to confirm. */
  receiptRequestedAt: string | null;
  /** Units counted on arrival (null until received). */
  receivedQuantity: number | null;
}

/** A persisted purchase order (spec §3 "Order"; here stored in the database). */
export interface Order {
  id: string;
  batchId: string;
  batchName: string;
  unitName: string | null;
  supplierId: string;
  supplierName: string;
  status: OrderStatus;
  deliveryDate: string | null;
  totalAmount: number;
  createdAt: string;
  /** When the last line's unit confirmed its delivery (the order became RECEBIDO). */
  receivedAt: string | null;
  items: OrderItem[];
}

/** What receive_purchase_order answers: the order's status and what happened to its lines. */
export interface OrderReceipt {
  status: OrderStatus;
  confirmed: number;
  requested: number;
  /** Units that still have to confirm their delivery. */
  awaitingUnits: string[];
}

export interface WinningItem {
  supplierName: string | null;
  productName: string;
  barcode: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
  batchName: string;
  date: string;
  /** The unit price of the product's previous purchase (purchasing readers only; null when none). */
  lastPrice: number | null;
  /** (last price − unit price) × quantity; null without a last price. */
  savingsVsLast: number | null;
}

export interface SupplierWinRate {
  supplierId: string;
  supplierName: string;
  quotesSent: number;
  quotesWon: number;
  /** Won ÷ (won + lost), 0–1; null before any result. */
  winRate: number | null;
  /** Items priced in submitted or decided quotes. */
  itemsQuoted: number;
  itemsWon: number;
  /** Items won ÷ items quoted, 0–1; null when nothing was priced. */
  itemWinRate: number | null;
  valueWon: number;
  /** Batches the supplier was invited to, and those it answered (a sent quote); grain: lote. */
  invitedBatches: number;
  respondedBatches: number;
  /** Answered ÷ invited, 0–1; null without invitations. */
  responseRate: number | null;
  /** Average hours from the batch's sending to the quote's submission; null without answers. */
  avgResponseHours: number | null;
  /** Average rank of its priced lines by price among each item's offers (1 = best); null when nothing was priced. */
  avgRank: number | null;
}

export interface RepresentativeDashboard {
  /** True for ADMIN's aggregate of every supplier ('Todos os fornecedores'). */
  allSuppliers: boolean;
  supplierName: string | null;
  awaitingCount: number;
  awaitingBatches: { batchId: string; batchName: string; sentAt: string | null; itemCount: number }[];
  inProgressCount: number;
  quotesInProgress: {
    quoteId: string;
    batchId: string;
    batchName: string;
    supplierName: string;
    pricedItems: number;
    totalItems: number;
    updatedAt: string | null;
  }[];
  sentCount: number;
  wonCount: number;
  lostCount: number;
  /** 0–1; null before any result. */
  winRate: number | null;
  /** Batches the supplier (or, for every supplier, each supplier) was invited to; grain: lote. */
  invitedCount: number;
  /** Answered ÷ invited, 0–1; null without invitations. */
  responseRate: number | null;
  /** Average hours from the batch's sending to the quote's submission; null without answers. */
  avgResponseHours: number | null;
  itemsWon: number;
  valueWon: number;
  recentResults: {
    quoteId: string;
    batchId: string;
    batchName: string;
    supplierName: string;
    status: QuoteStatus;
    closedAt: string | null;
    itemsWon: number;
    valueWon: number;
  }[];
}

export interface Supplier {
  id: string;
  name: string;
}
