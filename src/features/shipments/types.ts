/** What /remessas, /nova-remessa and /editar-remessa/:id show and edit (the database contract of issue 15). */

export const SHIPMENT_STATUSES = ['SOLICITADO', 'PENDENTE', 'ENTREGUE'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Sent from or received by the caller's units; null lists both. */
export type ShipmentDirection = 'ENVIADAS' | 'RECEBIDAS';

/** A unit as the screens name it. */
export interface UnitOption {
  id: string;
  name: string;
}

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
  /** The active signature link's expiry, or null. */
  link_expires_at: string | null;
}

export interface ShipmentPage {
  total: number;
  rows: ShipmentRow[];
}

/** The list's filters, all applied by list_shipments. */
export interface ShipmentListFilters {
  direction: ShipmentDirection | null;
  unitId: string | null;
  status: ShipmentStatus | null;
  /** yyyy-MM-dd (São Paulo creation day), inclusive. */
  from: string | null;
  to: string | null;
  search: string;
}

export interface ShipmentItem {
  id: string;
  product_id: string;
  product_name: string;
  barcode: string | null;
  quantity: number;
  lot: string | null;
  expiry_date: string | null;
  position: number;
}

export interface ShipmentHistoryEntry {
  from_status: ShipmentStatus | null;
  to_status: ShipmentStatus;
  changed_at: string;
  changed_by_name: string | null;
}

/** One line the receiver reported with a difference when signing. */
export interface ShipmentDiscrepancy {
  item_id: string | null;
  product_name: string | null;
  quantity: number | null;
  short_quantity: number;
  damaged_quantity: number;
  short_dated_quantity: number;
  note: string | null;
}

/** get_shipment: the shipment with its items, history, active link and signature. */
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
    signer_document_masked: string | null;
    signed_at: string;
    discrepancies: ShipmentDiscrepancy[];
  } | null;
}

/** A catalogue product offered to the items (name search or scanned barcode). */
export interface ProductOption {
  id: string;
  name: string;
  barcode: string | null;
}

/** What /nova-remessa?origem=…&destino=…&produto=…&quantidade=… fills in. */
export interface ShipmentPrefill {
  originUnitId: string | null;
  destinationUnitId: string | null;
  productId: string | null;
  quantity: number | null;
}

/** The signed-in user as these screens need it (composed by the route; the database decides again). */
export interface ShipmentViewer {
  isAdmin: boolean;
  /** Current unit + assigned units (every unit for an administrator). */
  units: readonly UnitOption[];
  currentUnitId: string | null;
}
