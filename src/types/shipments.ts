/**
 * The jsonb payloads of the remessa RPCs (supabase/migrations/20261125500000_shipments.sql), which
 * database.types.ts can only type as Json. /remessas and /assinatura-remessas both read them; they
 * live here, beside the generated types, because features never import each other.
 */

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
