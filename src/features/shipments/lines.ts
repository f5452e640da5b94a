/**
 * The item lines of the shipment form: adding a product (a second scan adds to the quantity), finding
 * and merging repeated product + lot, the quantities as typed and what save_shipment receives.
 */
import type { ProductOption } from '@/features/shipments/types';

/** The database's limits on a line. */
export const QUANTITY_MAX = 100_000;
export const LOT_MAX = 40;
export const NOTES_MAX = 1000;

/** A whole number from 1 to 100.000 typed as text, or null. */
export function parseQuantity(text: string | null | undefined): number | null {
  const value = parseWholeNumber(text);
  return value !== null && value >= 1 && value <= QUANTITY_MAX ? value : null;
}

/** '15', '-3' or '1.000' (thousands with dots) as a whole number; null for anything else ('2,5', '2.5', ''). */
export function parseWholeNumber(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (/^-?\d+$/.test(trimmed)) return Number(trimmed);
  if (/^\d{1,3}(\.\d{3})+$/.test(trimmed)) return Number(trimmed.replace(/\./g, ''));
  return null;
}

/** A line of the form, as typed (the quantity is text until saved). */
export interface ItemLine {
  /** Stable identity of the line in the form (not saved). */
  key: string;
  productId: string;
  productName: string;
  barcode: string | null;
  quantity: string;
  lot: string;
  expiryDate: string;
}

/** The same product and lot (trimmed, any case) is one line. */
export function lineIdentity(line: Pick<ItemLine, 'productId' | 'lot'>): string {
  return `${line.productId}|${line.lot.trim().toUpperCase()}`;
}

/**
 * Adds a product: a line of the same product without a lot gets the quantity added (a scanner
 * reading the same box twice); otherwise a new line is appended. Returns the line's index.
 */
export function addProductLine(
  lines: readonly ItemLine[],
  product: ProductOption,
  quantity: number,
  newKey: string,
): { lines: ItemLine[]; index: number; merged: boolean } {
  const index = lines.findIndex((line) => line.productId === product.id && line.lot.trim() === '' && line.expiryDate === '');
  const existing = lines[index];
  if (existing) {
    const current = parseQuantity(existing.quantity) ?? 0;
    const next = [...lines];
    next[index] = { ...existing, quantity: String(Math.min(current + quantity, QUANTITY_MAX)) };
    return { lines: next, index, merged: true };
  }
  const line: ItemLine = { key: newKey, productId: product.id, productName: product.name, barcode: product.barcode, quantity: String(quantity), lot: '', expiryDate: '' };
  return { lines: [...lines, line], index: lines.length, merged: false };
}

/** For each line repeating an earlier line's product and lot, the index of that earlier line. */
export function duplicateLines(lines: readonly Pick<ItemLine, 'productId' | 'lot'>[]): Map<number, number> {
  const first = new Map<string, number>();
  const duplicates = new Map<number, number>();
  lines.forEach((line, index) => {
    const identity = lineIdentity(line);
    const earlier = first.get(identity);
    if (earlier === undefined) first.set(identity, index);
    else duplicates.set(index, earlier);
  });
  return duplicates;
}

/**
 * Joins lines of the same product and lot into the first one (quantities added, capped at the
 * maximum; the first line's validity kept, else the next one's).
 */
export function mergeDuplicateLines(lines: readonly ItemLine[]): ItemLine[] {
  const result: ItemLine[] = [];
  const byIdentity = new Map<string, number>();
  for (const line of lines) {
    const identity = lineIdentity(line);
    const at = byIdentity.get(identity);
    const target = at === undefined ? undefined : result[at];
    if (at === undefined || !target) {
      byIdentity.set(identity, result.length);
      result.push({ ...line });
      continue;
    }
    const sum = (parseQuantity(target.quantity) ?? 0) + (parseQuantity(line.quantity) ?? 0);
    result[at] = { ...target, quantity: String(Math.min(sum, QUANTITY_MAX)), expiryDate: target.expiryDate || line.expiryDate };
  }
  return result;
}

/** 'Produto repetido: Dipirona 500 mg (lote A12)' / '(sem lote)', as the database words it. */
export function duplicateLineMessage(line: Pick<ItemLine, 'productName' | 'lot'>): string {
  const lot = line.lot.trim();
  return `Produto repetido: ${line.productName} (${lot ? `lote ${lot}` : 'sem lote'}). Junte as quantidades em uma linha ou informe lotes diferentes.`;
}

/** What save_shipment receives for the lines (blank lot and validity as null). */
export function itemsPayload(lines: readonly ItemLine[]): { product_id: string; quantity: number; lot: string | null; expiry_date: string | null }[] {
  return lines.map((line) => ({
    product_id: line.productId,
    quantity: parseQuantity(line.quantity) ?? 0,
    lot: line.lot.trim() || null,
    expiry_date: line.expiryDate || null,
  }));
}
