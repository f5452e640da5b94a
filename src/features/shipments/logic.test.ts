import { describe, expect, it } from 'vitest';
import {
  addProductLine,
  availableActions,
  canTransition,
  cleanScannedCode,
  discrepancyLabel,
  discrepancySummary,
  duplicateLines,
  EMPTY_SHIPMENT_FILTERS,
  filtersFromSearchParams,
  foldText,
  formatDay,
  formatShipmentNumber,
  hasActiveFilters,
  historyLabel,
  isEditable,
  isValidDay,
  itemsPayload,
  itemsSummary,
  mergeDuplicateLines,
  nameSearchPatterns,
  newShipmentPath,
  nextStatus,
  parseQuantity,
  prefillFromSearchParams,
  rankProducts,
  searchParamsFromFilters,
  shipmentStatusOf,
  shipmentViewer,
  signaturePagePath,
  STATUS_LABELS,
  type ItemLine,
} from '@/features/shipments/logic';
import type { ShipmentListFilters } from '@/features/shipments/types';

const CENTRO = '11111111-1111-4111-8111-111111111111';
const NORTE = '22222222-2222-4222-8222-222222222222';
const PRODUCT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER_PRODUCT = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

describe('formatShipmentNumber', () => {
  it('pads to six digits after REM-', () => {
    expect(formatShipmentNumber(42)).toBe('REM-000042');
    expect(formatShipmentNumber('7')).toBe('REM-000007');
    expect(formatShipmentNumber(123456)).toBe('REM-123456');
    expect(formatShipmentNumber(1234567)).toBe('REM-1234567');
  });
});

describe('statuses', () => {
  it('labels them in Portuguese', () => {
    expect(STATUS_LABELS).toEqual({ SOLICITADO: 'Solicitado', PENDENTE: 'Pendente', ENTREGUE: 'Entregue' });
  });
  it('allows only SOLICITADO → PENDENTE → ENTREGUE', () => {
    expect(nextStatus('SOLICITADO')).toBe('PENDENTE');
    expect(nextStatus('PENDENTE')).toBe('ENTREGUE');
    expect(nextStatus('ENTREGUE')).toBeNull();
    expect(canTransition('SOLICITADO', 'PENDENTE')).toBe(true);
    expect(canTransition('PENDENTE', 'ENTREGUE')).toBe(true);
    expect(canTransition('SOLICITADO', 'ENTREGUE')).toBe(false);
    expect(canTransition('PENDENTE', 'SOLICITADO')).toBe(false);
    expect(canTransition('ENTREGUE', 'PENDENTE')).toBe(false);
  });
  it('edits only requested shipments and refuses unknown statuses', () => {
    expect(isEditable('SOLICITADO')).toBe(true);
    expect(isEditable('PENDENTE')).toBe(false);
    expect(isEditable('ENTREGUE')).toBe(false);
    expect(shipmentStatusOf('PENDENTE')).toBe('PENDENTE');
    expect(() => shipmentStatusOf('CANCELADO')).toThrow();
  });
  it('reads the history', () => {
    expect(historyLabel(null, 'SOLICITADO')).toBe('Remessa solicitada');
    expect(historyLabel('SOLICITADO', 'PENDENTE')).toBe('Remessa despachada');
    expect(historyLabel('PENDENTE', 'ENTREGUE')).toBe('Recebimento assinado');
  });
});

describe('filters ⇄ URL', () => {
  const filters: ShipmentListFilters = { direction: 'RECEBIDAS', unitId: NORTE, status: 'PENDENTE', from: '2026-11-01', to: '2026-11-30', search: 'dipirona' };

  it('round-trips every filter and the page in Portuguese parameters', () => {
    const params = searchParamsFromFilters(filters, 2);
    expect(params.toString()).toBe(`direcao=recebidas&unidade=${NORTE}&status=pendente&de=2026-11-01&ate=2026-11-30&busca=dipirona&pagina=3`);
    expect(filtersFromSearchParams(params)).toEqual({ filters, page: 2 });
  });
  it('writes nothing for the defaults', () => {
    expect(searchParamsFromFilters(EMPTY_SHIPMENT_FILTERS, 0).toString()).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual({ filters: EMPTY_SHIPMENT_FILTERS, page: 0 });
  });
  it('ignores what it cannot read and swaps a reversed period', () => {
    const read = filtersFromSearchParams(new URLSearchParams('direcao=outra&unidade=centro&status=cancelado&de=2026-11-30&ate=2026-11-01&pagina=-1'));
    expect(read).toEqual({ filters: { ...EMPTY_SHIPMENT_FILTERS, from: '2026-11-01', to: '2026-11-30' }, page: 0 });
    expect(filtersFromSearchParams(new URLSearchParams('de=2026-02-30&pagina=abc'))).toEqual({ filters: EMPTY_SHIPMENT_FILTERS, page: 0 });
  });
  it('knows when anything is filtered', () => {
    expect(hasActiveFilters(EMPTY_SHIPMENT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_SHIPMENT_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_SHIPMENT_FILTERS, direction: 'ENVIADAS' })).toBe(true);
  });
  it('validates days', () => {
    expect(isValidDay('2028-02-29')).toBe(true);
    expect(isValidDay('2026-02-29')).toBe(false);
    expect(isValidDay('1999-12-31')).toBe(false);
    expect(isValidDay('25/11/2026')).toBe(false);
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
    expect(itemsSummary(3, 1250, (value) => value.toLocaleString('pt-BR'))).toBe('3 itens · 1.250 unidades');
  });
});

describe('prefill of /nova-remessa', () => {
  it('reads origin, destination, product and quantity', () => {
    const params = new URLSearchParams(`origem=${CENTRO}&destino=${NORTE}&produto=${PRODUCT}&quantidade=12`);
    expect(prefillFromSearchParams(params)).toEqual({ originUnitId: CENTRO, destinationUnitId: NORTE, productId: PRODUCT, quantity: 12 });
  });
  it('drops what is not an id or a whole quantity within limits', () => {
    expect(prefillFromSearchParams(new URLSearchParams('origem=x&produto=1&quantidade=0'))).toEqual({ originUnitId: null, destinationUnitId: null, productId: null, quantity: null });
    expect(prefillFromSearchParams(new URLSearchParams('quantidade=2.5')).quantity).toBeNull();
    expect(prefillFromSearchParams(new URLSearchParams('quantidade=100001')).quantity).toBeNull();
  });
  it('builds the link the transfer action follows', () => {
    expect(newShipmentPath({ originUnitId: NORTE, destinationUnitId: CENTRO, productId: PRODUCT, quantity: 8 })).toBe(
      `/nova-remessa?origem=${NORTE}&destino=${CENTRO}&produto=${PRODUCT}&quantidade=8`,
    );
    expect(newShipmentPath()).toBe('/nova-remessa');
  });
  it('parses quantities', () => {
    expect(parseQuantity(' 15 ')).toBe(15);
    expect(parseQuantity('1.000')).toBe(1000);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
  });
});

describe('item lines', () => {
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

describe('catalogue search', () => {
  it('folds accents and case', () => {
    expect(foldText('Ácido Acetilsalicílico')).toBe('acido acetilsalicilico');
  });
  it('builds one accent-insensitive pattern per word, escaping regular-expression characters', () => {
    const [first, second] = nameSearchPatterns('  Ácido 100+ ');
    expect(first).toBe('[aáàâãäAÁÀÂÃÄ][cçCÇ]d[oóòôõöOÓÒÔÕÖ]'.replace('d', '[iíìîïIÍÌÎÏ]d'));
    expect(second).toBe('100\\+');
    const pattern = new RegExp(first ?? '', 'i');
    expect(pattern.test('ÁCIDO ASCÓRBICO')).toBe(true);
    expect(pattern.test('acido')).toBe(true);
    expect(pattern.test('ácida')).toBe(false);
  });
  it('ranks names starting with the term first, in Portuguese order', () => {
    const names = ['Zinco Quelato', 'Hidratante Facial Ácido Hialurônico', 'Ácido Fólico 5mg', 'Ácido Acetilsalicílico 100mg'].map((name) => ({ name }));
    expect(rankProducts(names, 'acido').map((product) => product.name)).toEqual([
      'Ácido Acetilsalicílico 100mg',
      'Ácido Fólico 5mg',
      'Hidratante Facial Ácido Hialurônico',
      'Zinco Quelato',
    ]);
  });
  it('cleans scanned codes', () => {
    expect(cleanScannedCode(' 789 1234567895\n')).toBe('7891234567895');
  });
});

describe('presenting days and discrepancies', () => {
  it('formats a date column without shifting the day', () => {
    expect(formatDay('2027-05-31')).toBe('31/05/2027');
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
