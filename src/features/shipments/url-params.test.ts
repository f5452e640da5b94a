import { describe, expect, it } from 'vitest';
import type { ShipmentListFilters } from '@/features/shipments/types';
import {
  EMPTY_SHIPMENT_FILTERS,
  filtersFromSearchParams,
  hasActiveFilters,
  newShipmentPath,
  prefillFromSearchParams,
  searchParamsFromFilters,
} from '@/features/shipments/url-params';

const CENTRO = '11111111-1111-4111-8111-111111111111';
const NORTE = '22222222-2222-4222-8222-222222222222';
const PRODUCT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

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
});
