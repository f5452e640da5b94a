/** Shapes of the shipment-signature RPCs (the database contract of issue 15) as this screen reads them. */

import type { ShipmentDetail, ShipmentDirection, ShipmentDiscrepancy, ShipmentItem, ShipmentPage, ShipmentRow } from '@/types/shipments';

export type { ShipmentDetail, ShipmentDirection, ShipmentDiscrepancy, ShipmentItem, ShipmentStatus } from '@/types/shipments';
/** One row of list_shipments, and a page of them. */
export type SignatureShipmentRow = ShipmentRow;
export type SignatureShipmentPage = ShipmentPage;

/** The two lists of /assinatura-remessas: PENDENTE (awaiting the receiver's signature) and ENTREGUE (signed). */
export type SignatureTab = 'pendentes' | 'assinadas';

/** Filters of both lists, as the URL holds them. */
export interface SignatureListFilters {
  search: string;
  unitId: string | null;
  direction: ShipmentDirection | null;
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
    /** The address the gateway saw (evidence). */
    ip_address: string | null;
    /** Earlier X-Forwarded-For entries: declared by the client, unverified. */
    declared_ips: string | null;
    user_agent: string | null;
    content_hash: string;
    acceptance_text: string;
    signature_png: string;
    discrepancies: ShipmentDiscrepancy[];
    signed_on_sender_device: boolean;
    signed_from_sender_address: boolean;
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
