/** Shapes of the shipment-signature RPCs (the database contract of issue 15) as this screen reads them. */

export type ShipmentStatus = 'SOLICITADO' | 'PENDENTE' | 'ENTREGUE';

/** The two lists of /assinatura-remessas: PENDENTE (awaiting the receiver's signature) and ENTREGUE (signed). */
export type SignatureTab = 'pendentes' | 'assinadas';

/** 'ENVIADAS': leaving one of the caller's units; 'RECEBIDAS': arriving at one of them. */
export type ShipmentDirection = 'ENVIADAS' | 'RECEBIDAS';

/** Filters of both lists, as the URL holds them. */
export interface SignatureListFilters {
  search: string;
  unitId: string | null;
  direction: ShipmentDirection | null;
}

/** One row of list_shipments. */
export interface SignatureShipmentRow {
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
  /** Lines with any difference reported by the receiver. */
  discrepancy_count: number;
  /** The active link's expiry, or null when the shipment has no usable link. */
  link_expires_at: string | null;
}

export interface SignatureShipmentPage {
  total: number;
  rows: SignatureShipmentRow[];
}

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

/** One line the receiver reported a difference on (sign_shipment's p_lines, as stored). */
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
  history: { from_status: ShipmentStatus | null; to_status: ShipmentStatus; changed_at: string; changed_by_name: string | null }[];
  link: { expires_at: string; created_at: string } | null;
  signature: { signer_name: string; signer_document_masked: string; signed_at: string; discrepancies: ShipmentDiscrepancy[] } | null;
}

/** create_signature_link: the token is returned once and never again. */
export interface CreatedSignatureLink {
  token: string;
  expires_at: string;
}

/** get_shipment_evidence (ENTREGUE shipments only). */
export interface ShipmentEvidence {
  shipment: Omit<ShipmentDetail, 'items' | 'history'>;
  items: ShipmentItem[];
  signature: {
    signer_name: string;
    signer_document_masked: string;
    signed_at: string;
    ip_address: string | null;
    user_agent: string | null;
    content_hash: string;
    acceptance_text: string;
    signature_png: string;
    discrepancies: ShipmentDiscrepancy[];
  };
  verification: { current_hash: string; valid: boolean };
}

export interface SignatureSettings {
  signature_link_hours: number;
}

export interface SignatureUnitOption {
  id: string;
  name: string;
}
