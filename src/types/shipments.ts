/**
 * The jsonb payloads of the remessa RPCs (supabase/migrations/20261125500000_shipments.sql and
 * 20261126140000_shipments_hardening.sql), which database.types.ts can only type as Json: their types
 * and the zod schemas the api/ files parse them with. /remessas and /assinatura-remessas both read
 * them; they live here, beside the generated types, because features never import each other.
 * The schemas accept exactly what the functions build: numbers as JSON numbers, absent values as null.
 */
import * as z from 'zod/mini';

export type ShipmentStatus = 'SOLICITADO' | 'PENDENTE' | 'ENTREGUE';

/** 'ENVIADAS': leaving one of the caller's units; 'RECEBIDAS': arriving at one of them. */
export type ShipmentDirection = 'ENVIADAS' | 'RECEBIDAS';

/** A row of list_shipments. */
export interface ShipmentRow {
  id: string;
  number: number;
  origin_unit_id: string;
  origin_name: string;
  destination_unit_id: string;
  destination_name: string;
  status: ShipmentStatus;
  notes: string | null;
  item_count: number;
  total_quantity: number;
  created_at: string;
  created_by_name: string | null;
  dispatched_at: string | null;
  delivered_at: string | null;
  signer_name: string | null;
  /** Lines the receiver reported with any difference (short, damaged, short-dated). */
  discrepancy_count: number;
  /** Signed in the browser or from the address that dispatched it or made its link (flagged by the database). */
  signed_at_sender: boolean;
  /** The active signature link's expiry, or null when the shipment has no usable link. */
  link_expires_at: string | null;
}

/** list_shipments */
export interface ShipmentPage {
  total: number;
  rows: ShipmentRow[];
}

/** A line of get_shipment / get_shipment_evidence. */
export interface ShipmentItem {
  id: string;
  product_id: string;
  product_name: string;
  barcode: string | null;
  quantity: number;
  lot: string | null;
  /** yyyy-MM-dd */
  expiry_date: string | null;
  position: number;
}

export interface ShipmentHistoryEntry {
  from_status: ShipmentStatus | null;
  to_status: ShipmentStatus;
  changed_at: string;
  /** Null for the receiver's signature on the public page (nobody signed in). */
  changed_by_name: string | null;
}

/** A line the receiver reported a difference on (sign_shipment's p_lines as stored, with name and sent quantity). */
export interface ShipmentDiscrepancy {
  item_id: string;
  product_name: string;
  quantity: number;
  short_quantity: number;
  damaged_quantity: number;
  short_dated_quantity: number;
  note: string | null;
}

/** get_shipment */
export interface ShipmentDetail {
  id: string;
  number: number;
  origin_unit_id: string;
  origin_name: string;
  destination_unit_id: string;
  destination_name: string;
  status: ShipmentStatus;
  notes: string | null;
  created_at: string;
  created_by_name: string | null;
  dispatched_at: string | null;
  dispatched_by_name: string | null;
  delivered_at: string | null;
  can_edit: boolean;
  can_dispatch: boolean;
  can_link: boolean;
  items: ShipmentItem[];
  history: ShipmentHistoryEntry[];
  link: { expires_at: string; created_at: string } | null;
  signature: {
    signer_name: string;
    signer_document_masked: string;
    signed_at: string;
    discrepancies: ShipmentDiscrepancy[];
    /** Signed in the browser (device id) that dispatched the shipment or made one of its links. */
    signed_on_sender_device: boolean;
    /** Signed from the evidence address that dispatched the shipment or made one of its links. */
    signed_from_sender_address: boolean;
  } | null;
}

// ---------------------------------------------------------------------------
// The schemas (each checked against its type above: a drift fails the typecheck)

const text = z.string();
const optionalText = z.nullable(z.string());

export const shipmentStatusSchema: z.ZodMiniType<ShipmentStatus> = z.enum(['SOLICITADO', 'PENDENTE', 'ENTREGUE']);

export const shipmentRowSchema: z.ZodMiniType<ShipmentRow> = z.object({
  id: text,
  number: z.number(),
  origin_unit_id: text,
  origin_name: text,
  destination_unit_id: text,
  destination_name: text,
  status: shipmentStatusSchema,
  notes: optionalText,
  item_count: z.number(),
  total_quantity: z.number(),
  created_at: text,
  created_by_name: optionalText,
  dispatched_at: optionalText,
  delivered_at: optionalText,
  signer_name: optionalText,
  discrepancy_count: z.number(),
  signed_at_sender: z.boolean(),
  link_expires_at: optionalText,
});

/** list_shipments */
export const shipmentPageSchema: z.ZodMiniType<ShipmentPage> = z.object({ total: z.number(), rows: z.array(shipmentRowSchema) });

export const shipmentItemSchema: z.ZodMiniType<ShipmentItem> = z.object({
  id: text,
  product_id: text,
  product_name: text,
  barcode: optionalText,
  quantity: z.number(),
  lot: optionalText,
  expiry_date: optionalText,
  position: z.number(),
});

const historyEntrySchema: z.ZodMiniType<ShipmentHistoryEntry> = z.object({
  from_status: z.nullable(shipmentStatusSchema),
  to_status: shipmentStatusSchema,
  changed_at: text,
  changed_by_name: optionalText,
});

export const shipmentDiscrepancySchema: z.ZodMiniType<ShipmentDiscrepancy> = z.object({
  item_id: text,
  product_name: text,
  quantity: z.number(),
  short_quantity: z.number(),
  damaged_quantity: z.number(),
  short_dated_quantity: z.number(),
  note: optionalText,
});

/** get_shipment without its items and history (what get_shipment_evidence repeats as `shipment`). */
export const shipmentSummarySchema = z.object({
  id: text,
  number: z.number(),
  origin_unit_id: text,
  origin_name: text,
  destination_unit_id: text,
  destination_name: text,
  status: shipmentStatusSchema,
  notes: optionalText,
  created_at: text,
  created_by_name: optionalText,
  dispatched_at: optionalText,
  dispatched_by_name: optionalText,
  delivered_at: optionalText,
  can_edit: z.boolean(),
  can_dispatch: z.boolean(),
  can_link: z.boolean(),
  link: z.nullable(z.object({ expires_at: text, created_at: text })),
  signature: z.nullable(
    z.object({
      signer_name: text,
      signer_document_masked: text,
      signed_at: text,
      discrepancies: z.array(shipmentDiscrepancySchema),
      signed_on_sender_device: z.boolean(),
      signed_from_sender_address: z.boolean(),
    }),
  ),
});

/** get_shipment */
export const shipmentDetailSchema: z.ZodMiniType<ShipmentDetail> = z.extend(shipmentSummarySchema, {
  items: z.array(shipmentItemSchema),
  history: z.array(historyEntrySchema),
});
