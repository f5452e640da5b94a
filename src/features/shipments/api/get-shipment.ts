import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { shipmentKeys } from '@/features/shipments/api/keys';
import { shipmentStatusOf } from '@/features/shipments/status';
import type { ShipmentDetail, ShipmentDiscrepancy } from '@/features/shipments/types';

type Raw = Record<string, unknown>;

const toNumber = (value: unknown) => (value === null || value === undefined || value === '' ? 0 : Number(value));
const toText = (value: unknown) => (typeof value === 'string' ? value : null);

function toDiscrepancies(value: unknown): ShipmentDiscrepancy[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is Raw => entry !== null && typeof entry === 'object')
    .map((entry) => ({
      item_id: String(entry.item_id ?? ''),
      product_name: toText(entry.product_name) ?? 'Produto removido',
      quantity: toNumber(entry.quantity),
      short_quantity: toNumber(entry.short_quantity),
      damaged_quantity: toNumber(entry.damaged_quantity),
      short_dated_quantity: toNumber(entry.short_dated_quantity),
      note: toText(entry.note),
    }));
}

/** A shipment with its items, status history, active link and signature (get_shipment; 42501 when unseen). */
export async function getShipment(id: string, signal?: AbortSignal): Promise<ShipmentDetail> {
  let call = supabase.rpc('get_shipment', { p_id: id });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  // jsonb: its shape is the contract's (types.ts); numbers, statuses and nested lists are read defensively.
  const raw = data as unknown as Raw & Omit<ShipmentDetail, 'status' | 'number' | 'items' | 'history' | 'signature'>;
  const items = Array.isArray(raw.items) ? (raw.items as Raw[]) : [];
  const history = Array.isArray(raw.history) ? (raw.history as Raw[]) : [];
  const signature = raw.signature && typeof raw.signature === 'object' ? (raw.signature as Raw) : null;
  return {
    ...raw,
    number: Number(raw.number),
    status: shipmentStatusOf(raw.status),
    can_edit: raw.can_edit === true,
    can_dispatch: raw.can_dispatch === true,
    can_link: raw.can_link === true,
    items: items
      .map((item) => ({
        id: String(item.id),
        product_id: String(item.product_id),
        product_name: toText(item.product_name) ?? 'Produto removido',
        barcode: toText(item.barcode),
        quantity: toNumber(item.quantity),
        lot: toText(item.lot),
        expiry_date: toText(item.expiry_date),
        position: toNumber(item.position),
      }))
      .sort((a, b) => a.position - b.position),
    history: history
      .map((entry) => ({
        from_status: entry.from_status === null || entry.from_status === undefined ? null : shipmentStatusOf(entry.from_status),
        to_status: shipmentStatusOf(entry.to_status),
        changed_at: String(entry.changed_at),
        changed_by_name: toText(entry.changed_by_name),
      }))
      .sort((a, b) => a.changed_at.localeCompare(b.changed_at)),
    link: raw.link && typeof raw.link === 'object' ? (raw.link as ShipmentDetail['link']) : null,
    signature: signature
      ? {
          signer_name: String(signature.signer_name ?? ''),
          signer_document_masked: toText(signature.signer_document_masked) ?? '***',
          signed_at: String(signature.signed_at ?? ''),
          discrepancies: toDiscrepancies(signature.discrepancies),
          signed_on_sender_device: signature.signed_on_sender_device === true,
          signed_from_sender_address: signature.signed_from_sender_address === true,
        }
      : null,
  };
}

export function shipmentQueryOptions(id: string) {
  return queryOptions({ queryKey: shipmentKeys.detail(id), queryFn: ({ signal }) => getShipment(id, signal) });
}

export function useShipment(id: string | null) {
  return useQuery({ ...shipmentQueryOptions(id ?? ''), enabled: id !== null && id !== '' });
}
