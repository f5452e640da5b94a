import { describe, expect, it } from 'vitest';
import { availableActions, discrepancyLabel, discrepancySummary, formatShipmentNumber, itemsSummary, shipmentViewer, signaturePagePath } from '@/features/shipments/logic';

const CENTRO = '11111111-1111-4111-8111-111111111111';
const NORTE = '22222222-2222-4222-8222-222222222222';

describe('formatShipmentNumber', () => {
  it('pads to six digits after REM-', () => {
    expect(formatShipmentNumber(42)).toBe('REM-000042');
    expect(formatShipmentNumber('7')).toBe('REM-000007');
    expect(formatShipmentNumber(123456)).toBe('REM-123456');
    expect(formatShipmentNumber(1234567)).toBe('REM-1234567');
  });
});

describe('row actions', () => {
  const viewer = { isAdmin: false, units: [{ id: CENTRO, name: 'Unidade Centro' }] };
  it('a requested shipment leaving my unit is edited, dispatched or deleted', () => {
    expect(availableActions({ status: 'SOLICITADO', origin_unit_id: CENTRO }, viewer)).toEqual(['details', 'edit', 'dispatch', 'delete']);
  });
  it('only the origin dispatches: the receiver edits or deletes', () => {
    expect(availableActions({ status: 'SOLICITADO', origin_unit_id: NORTE }, viewer)).toEqual(['details', 'edit', 'delete']);
    expect(availableActions({ status: 'SOLICITADO', origin_unit_id: NORTE }, { isAdmin: true, units: [] })).toContain('dispatch');
  });
  it('a dispatched or delivered shipment leads to its signature', () => {
    expect(availableActions({ status: 'PENDENTE', origin_unit_id: CENTRO }, viewer)).toEqual(['details', 'signature']);
    expect(availableActions({ status: 'ENTREGUE', origin_unit_id: NORTE }, viewer)).toEqual(['details', 'signature']);
    expect(signaturePagePath('abc')).toBe('/assinatura-remessas?remessa=abc');
  });
  it('words counts', () => {
    expect(discrepancyLabel(0)).toBeNull();
    expect(discrepancyLabel(1)).toBe('1 divergência');
    expect(discrepancyLabel(2)).toBe('2 divergências');
    expect(itemsSummary(1, 1)).toBe('1 item · 1 unidade');
    expect(itemsSummary(3, 1250)).toBe('3 itens · 1.250 unidades');
    expect(itemsSummary(0, 0)).toBe('0 itens · 0 unidades');
    expect(discrepancyLabel(1200)).toBe('1.200 divergências');
  });
});

describe('discrepancySummary', () => {
  it('words what the receiver reported', () => {
    expect(discrepancySummary({ short_quantity: 2, damaged_quantity: 1, short_dated_quantity: 3 })).toBe('Faltaram 2 · 1 avariada · 3 com validade curta');
    expect(discrepancySummary({ short_quantity: 1, damaged_quantity: 0, short_dated_quantity: 0 })).toBe('Faltou 1');
    expect(discrepancySummary({ short_quantity: 0, damaged_quantity: 0, short_dated_quantity: 0 })).toBe('Observação do recebedor');
  });
});

describe('shipmentViewer', () => {
  const centro = { id: CENTRO, name: 'Unidade Centro' };
  const norte = { id: NORTE, name: 'Unidade Norte' };
  it('joins the current and the assigned units, once each, by name', () => {
    expect(shipmentViewer({ isAdmin: false, currentUnit: norte, assignedUnits: [norte, centro], allUnits: [] })).toEqual({
      isAdmin: false,
      units: [centro, norte],
      currentUnitId: NORTE,
    });
  });
  it('gives an administrator every unit', () => {
    expect(shipmentViewer({ isAdmin: true, currentUnit: null, assignedUnits: [], allUnits: [norte, centro] }).units).toEqual([centro, norte]);
  });
});
