import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { emptyShipmentForm, shipmentFormSchema, SHIPMENT_FORM_MESSAGES, type ShipmentFormValues } from '@/features/shipments/schemas';

const TODAY = '2026-11-25';
const CENTRO = '11111111-1111-4111-8111-111111111111';
const NORTE = '22222222-2222-4222-8222-222222222222';
const SUL = '33333333-3333-4333-8333-333333333333';
const PRODUCT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const line = (patch: Partial<ShipmentFormValues['items'][number]> = {}): ShipmentFormValues['items'][number] => ({
  key: 'k1',
  productId: PRODUCT,
  productName: 'Dipirona 500 mg',
  barcode: '7891234567895',
  quantity: '10',
  lot: '',
  expiryDate: '',
  ...patch,
});

const valid: ShipmentFormValues = { originUnitId: CENTRO, destinationUnitId: NORTE, notes: '', items: [line()] };

function messages(values: unknown, scope: readonly string[] | null = [CENTRO]): Record<string, string> {
  const result = z.safeParse(shipmentFormSchema({ today: TODAY, scope }), values);
  const out: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('shipmentFormSchema', () => {
  it('accepts a shipment from my unit with one line', () => {
    expect(messages(valid)).toEqual({});
  });

  it('asks for both units and at least one line', () => {
    expect(messages(emptyShipmentForm())).toEqual({
      originUnitId: SHIPMENT_FORM_MESSAGES.origin,
      destinationUnitId: SHIPMENT_FORM_MESSAGES.destination,
      items: 'Inclua ao menos um item',
    });
  });

  it('refuses the same unit as origin and destination', () => {
    expect(messages({ ...valid, destinationUnitId: CENTRO })).toEqual({ destinationUnitId: 'A origem e o destino devem ser unidades diferentes' });
  });

  it('refuses a shipment that neither leaves nor reaches my units, unless I am an administrator', () => {
    expect(messages({ ...valid, originUnitId: SUL, destinationUnitId: NORTE })).toEqual({
      originUnitId: 'Você só pode criar remessas que saiam da sua unidade ou cheguem a ela',
    });
    // A request FROM another unit TO mine ("Transferir de outra unidade") is fine.
    expect(messages({ ...valid, originUnitId: SUL, destinationUnitId: CENTRO })).toEqual({});
    expect(messages({ ...valid, originUnitId: SUL, destinationUnitId: NORTE }, null)).toEqual({});
  });

  it('words the quantity problems', () => {
    expect(messages({ ...valid, items: [line({ quantity: '' })] })).toEqual({ 'items.0.quantity': 'Informe a quantidade.' });
    expect(messages({ ...valid, items: [line({ quantity: '2,5' })] })).toEqual({ 'items.0.quantity': 'A quantidade deve ser um número inteiro.' });
    expect(messages({ ...valid, items: [line({ quantity: '0' })] })).toEqual({ 'items.0.quantity': 'Quantidade deve ser maior que zero' });
    expect(messages({ ...valid, items: [line({ quantity: '-3' })] })).toEqual({ 'items.0.quantity': 'Quantidade deve ser maior que zero' });
    expect(messages({ ...valid, items: [line({ quantity: '100001' })] })).toEqual({ 'items.0.quantity': 'Quantidade deve ser no máximo 100.000' });
    expect(messages({ ...valid, items: [line({ quantity: '100.000' })] })).toEqual({});
    expect(messages({ ...valid, items: [line({ quantity: '2.5' })] })).toEqual({ 'items.0.quantity': 'A quantidade deve ser um número inteiro.' });
  });

  it('limits the lot to 40 characters and the notes to 1000', () => {
    expect(messages({ ...valid, items: [line({ lot: 'L'.repeat(41) })] })).toEqual({ 'items.0.lot': 'Lote deve ter no máximo 40 caracteres' });
    expect(messages({ ...valid, items: [line({ lot: 'L'.repeat(40) })] })).toEqual({});
    expect(messages({ ...valid, notes: 'x'.repeat(1001) })).toEqual({ notes: 'Observações devem ter no máximo 1000 caracteres' });
  });

  it('refuses a validity in the past, accepts today and later', () => {
    expect(messages({ ...valid, items: [line({ expiryDate: '2026-11-24' })] })).toEqual({ 'items.0.expiryDate': 'Validade vencida' });
    expect(messages({ ...valid, items: [line({ expiryDate: '2026-02-30' })] })).toEqual({ 'items.0.expiryDate': 'Data inválida.' });
    expect(messages({ ...valid, items: [line({ expiryDate: TODAY })] })).toEqual({});
    expect(messages({ ...valid, items: [line({ expiryDate: '2027-05-31' })] })).toEqual({});
  });

  it('refuses the same product and lot twice (any case), naming the product and lot', () => {
    const twice = { ...valid, items: [line({ lot: 'a12' }), line({ key: 'k2', lot: ' A12 ', quantity: '3' })] };
    expect(messages(twice)).toEqual({
      'items.1.lot': 'Produto repetido: Dipirona 500 mg (lote A12). Junte as quantidades em uma linha ou informe lotes diferentes.',
    });
    expect(messages({ ...valid, items: [line({ lot: 'A12' }), line({ key: 'k2', lot: 'B07' })] })).toEqual({});
  });
});

describe('shipmentFormSchema, all problems at once', () => {
  it('reports the units and the lines together, not one after the other', () => {
    expect(messages({ ...valid, destinationUnitId: CENTRO, items: [line({ quantity: '', expiryDate: '2020-01-01' })] })).toEqual({
      destinationUnitId: 'A origem e o destino devem ser unidades diferentes',
      'items.0.quantity': 'Informe a quantidade.',
      'items.0.expiryDate': 'Validade vencida',
    });
  });
  it('does not crash on a malformed value', () => {
    expect(messages({ originUnitId: CENTRO, destinationUnitId: NORTE, notes: '', items: 'x' })).toHaveProperty('items');
  });
});
