import { describe, expect, it } from 'vitest';
import { shipmentDetailSchema, shipmentPageSchema } from '@/types/shipments';

const row = {
  id: 'a1',
  number: 42,
  origin_unit_id: 'u1',
  origin_name: 'Unidade Centro',
  destination_unit_id: 'u2',
  destination_name: 'Unidade Norte',
  status: 'PENDENTE',
  notes: null,
  item_count: 2,
  total_quantity: 15,
  created_at: '2026-11-25T13:00:00.123+00:00',
  created_by_name: null,
  dispatched_at: '2026-11-25T14:00:00+00:00',
  delivered_at: null,
  signer_name: null,
  discrepancy_count: 0,
  signed_at_sender: false,
  link_expires_at: null,
};

const detail = {
  ...row,
  dispatched_by_name: 'Ana',
  can_edit: false,
  can_dispatch: false,
  can_link: true,
  items: [{ id: 'i1', product_id: 'p1', product_name: 'Dipirona 500 mg', barcode: null, quantity: 10, lot: null, expiry_date: '2027-05-31', position: 0 }],
  history: [
    { from_status: null, to_status: 'SOLICITADO', changed_at: '2026-11-25T13:00:00+00:00', changed_by_name: 'Ana' },
    { from_status: 'SOLICITADO', to_status: 'PENDENTE', changed_at: '2026-11-25T14:00:00+00:00', changed_by_name: null },
  ],
  link: null,
  signature: null,
};

describe('the remessa payload schemas', () => {
  it('read list_shipments as the function builds it (nulls where nothing is known)', () => {
    const { item_count: _count, ...listed } = row;
    expect(shipmentPageSchema.parse({ total: 1, rows: [row] })).toEqual({ total: 1, rows: [row] });
    expect(shipmentPageSchema.parse({ total: 0, rows: [] })).toEqual({ total: 0, rows: [] });
    expect(shipmentPageSchema.safeParse({ total: 1, rows: [listed] }).success).toBe(false);
  });
  it('read get_shipment with its items, history, link and signature', () => {
    const { item_count: _count, total_quantity: _total, discrepancy_count: _discrepancies, signer_name: _signer, signed_at_sender: _sender, link_expires_at: _link, ...fields } = detail;
    const signed = {
      ...fields,
      status: 'ENTREGUE',
      link: { expires_at: '2026-11-28T14:00:00+00:00', created_at: '2026-11-25T14:00:00+00:00' },
      signature: {
        signer_name: 'Joana',
        signer_document_masked: '***.444.777-**',
        signed_at: '2026-11-25T15:00:00+00:00',
        discrepancies: [{ item_id: 'i1', product_name: 'Dipirona 500 mg', quantity: 10, short_quantity: 2, damaged_quantity: 0, short_dated_quantity: 0, note: null }],
        signed_on_sender_device: false,
        signed_from_sender_address: true,
      },
    };
    expect(shipmentDetailSchema.parse(signed)).toEqual(signed);
  });
  it('refuse a drift from the contract: an unknown status, a number as text', () => {
    expect(shipmentPageSchema.safeParse({ total: 1, rows: [{ ...row, status: 'CANCELADO' }] }).success).toBe(false);
    expect(shipmentPageSchema.safeParse({ total: '1', rows: [row] }).success).toBe(false);
  });
});
