import { describe, expect, it } from 'vitest';
import { addProductLine, duplicateLines, itemsPayload, mergeDuplicateLines, parseQuantity, type ItemLine } from '@/features/shipments/lines';

const PRODUCT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER_PRODUCT = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

describe('item lines', () => {
  it('parses quantities', () => {
    expect(parseQuantity(' 15 ')).toBe(15);
    expect(parseQuantity('1.000')).toBe(1000);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
  });
  const dipirona = { id: PRODUCT, name: 'Dipirona 500 mg', barcode: '7891234567895' };
  const line = (patch: Partial<ItemLine> = {}): ItemLine => ({
    key: 'k1',
    productId: PRODUCT,
    productName: 'Dipirona 500 mg',
    barcode: '7891234567895',
    quantity: '2',
    lot: '',
    expiryDate: '',
    ...patch,
  });

  it('appends a new product', () => {
    const result = addProductLine([], dipirona, 1, 'k1');
    expect(result).toEqual({ lines: [line({ quantity: '1' })], index: 0, merged: false });
  });
  it('adds the quantity to the same product without lot (a second scan)', () => {
    const result = addProductLine([line({ key: 'a', productId: OTHER_PRODUCT }), line({ key: 'b' })], dipirona, 1, 'k3');
    expect(result.merged).toBe(true);
    expect(result.index).toBe(1);
    expect(result.lines[1]?.quantity).toBe('3');
    expect(result.lines).toHaveLength(2);
  });
  it('keeps a line with a lot apart and caps the sum at 100.000', () => {
    expect(addProductLine([line({ lot: 'A1' })], dipirona, 1, 'k2').lines).toHaveLength(2);
    expect(addProductLine([line({ quantity: '99999' })], dipirona, 5, 'k2').lines[0]?.quantity).toBe('100000');
  });
  it('finds and merges repeated product + lot (any case, trimmed)', () => {
    const lines = [line({ key: 'a', lot: 'a1', expiryDate: '' }), line({ key: 'b', productId: OTHER_PRODUCT }), line({ key: 'c', lot: ' A1 ', quantity: '5', expiryDate: '2027-01-31' })];
    expect([...duplicateLines(lines)]).toEqual([[2, 0]]);
    expect(mergeDuplicateLines(lines)).toEqual([line({ key: 'a', lot: 'a1', quantity: '7', expiryDate: '2027-01-31' }), line({ key: 'b', productId: OTHER_PRODUCT })]);
  });
  it('sends blank lot and validity as null', () => {
    expect(itemsPayload([line({ quantity: '3', lot: ' L9 ', expiryDate: '2027-01-31' }), line({ key: 'b' })])).toEqual([
      { product_id: PRODUCT, quantity: 3, lot: 'L9', expiry_date: '2027-01-31' },
      { product_id: PRODUCT, quantity: 2, lot: null, expiry_date: null },
    ]);
  });
});
