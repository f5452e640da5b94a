/** The shapes of the two public RPCs of the signature page (ship-contract: get_shipment_for_signature, sign_shipment). */

export interface SignatureShipmentItem {
  id: string;
  product_name: string;
  quantity: number;
  lot: string | null;
  /** yyyy-MM-dd */
  expiry_date: string | null;
}

/** What get_shipment_for_signature returns for a valid link: this one shipment and nothing else. */
export interface SignatureShipment {
  number: number;
  origin_name: string;
  destination_name: string;
  dispatched_at: string | null;
  notes: string | null;
  expires_at: string;
  content_hash: string;
  acceptance_text: string;
  items: SignatureShipmentItem[];
}

/** One line with a difference, as sign_shipment takes it. */
export interface SignatureLine {
  item_id: string;
  short_quantity: number;
  damaged_quantity: number;
  short_dated_quantity: number;
  note: string | null;
}

export interface SignShipmentArgs {
  p_token: string;
  p_signer_name: string;
  p_signer_document: string;
  p_signature_png: string;
  p_lines: SignatureLine[];
  /** This browser's device id (src/lib/device-id.ts), when it has one. */
  p_device_id?: string;
}

/** sign_shipment's receipt; `already_signed` when a retry found the first attempt had gone through. */
export interface SignatureReceipt {
  number: number;
  signed_at: string;
  signer_name: string;
  signer_document_masked: string;
  content_hash: string;
  discrepancy_count: number;
  already_signed: boolean;
}
