/**
 * What the URLs of the shipment screens say: the list's filters and page on /remessas (shared and
 * read back, in Portuguese parameter names) and the prefill of /nova-remessa (the transfer action on
 * /lancamento). Anything unreadable falls back to the default.
 */
import { paths } from '@/config/paths';
import { isValidDay } from '@/lib/dates';
import { parseQuantity, QUANTITY_MAX } from '@/features/shipments/lines';
import { STATUS_LABELS } from '@/features/shipments/status';
import type { ShipmentDirection, ShipmentListFilters, ShipmentPrefill, ShipmentStatus } from '@/features/shipments/types';
import { uuidOrNull } from '@/lib/utils';

/** Rows per page of the list (list_shipments' p_limit). */
export const SHIPMENT_PAGE_SIZE = 25;
/** The search box's limit (numbers, unit and product names, lots, notes). */
export const SHIPMENT_SEARCH_MAX = 100;

// ---------------------------------------------------------------------------
// The list's filters ⇄ URL

export const EMPTY_SHIPMENT_FILTERS: ShipmentListFilters = { direction: null, unitId: null, status: null, from: null, to: null, search: '' };

/** The URL's search-param names (Portuguese: people share and read these links). */
export const LIST_PARAMS = {
  direction: 'direcao',
  unit: 'unidade',
  status: 'status',
  from: 'de',
  to: 'ate',
  search: 'busca',
  page: 'pagina',
} as const;

export const DIRECTION_OPTIONS: readonly { value: ShipmentDirection | null; param: string; label: string }[] = [
  { value: null, param: 'todas', label: 'Todas' },
  { value: 'ENVIADAS', param: 'enviadas', label: 'Enviadas' },
  { value: 'RECEBIDAS', param: 'recebidas', label: 'Recebidas' },
];

export const STATUS_OPTIONS: readonly { value: ShipmentStatus | null; param: string; label: string }[] = [
  { value: null, param: 'todos', label: 'Todos' },
  { value: 'SOLICITADO', param: 'solicitado', label: STATUS_LABELS.SOLICITADO },
  { value: 'PENDENTE', param: 'pendente', label: STATUS_LABELS.PENDENTE },
  { value: 'ENTREGUE', param: 'entregue', label: STATUS_LABELS.ENTREGUE },
];

/** The filters and the (0-based) page a URL describes; anything unreadable falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): { filters: ShipmentListFilters; page: number } {
  const direction = DIRECTION_OPTIONS.find((option) => option.param === params.get(LIST_PARAMS.direction));
  const status = STATUS_OPTIONS.find((option) => option.param === params.get(LIST_PARAMS.status));
  const unit = params.get(LIST_PARAMS.unit);
  let from = isValidDay(params.get(LIST_PARAMS.from)) ? params.get(LIST_PARAMS.from) : null;
  let to = isValidDay(params.get(LIST_PARAMS.to)) ? params.get(LIST_PARAMS.to) : null;
  // A reversed period is read the way it was meant.
  if (from && to && from > to) [from, to] = [to, from];
  const pageNumber = Number(params.get(LIST_PARAMS.page));
  return {
    filters: {
      direction: direction?.value ?? null,
      unitId: uuidOrNull(unit),
      status: status?.value ?? null,
      from,
      to,
      search: (params.get(LIST_PARAMS.search) ?? '').slice(0, SHIPMENT_SEARCH_MAX),
    },
    page: Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber - 1 : 0,
  };
}

/** The URL of the filters and page: only what differs from the default is written. */
export function searchParamsFromFilters(filters: ShipmentListFilters, page = 0): URLSearchParams {
  const params = new URLSearchParams();
  const direction = DIRECTION_OPTIONS.find((option) => option.value === filters.direction);
  if (filters.direction && direction) params.set(LIST_PARAMS.direction, direction.param);
  if (filters.unitId) params.set(LIST_PARAMS.unit, filters.unitId);
  const status = STATUS_OPTIONS.find((option) => option.value === filters.status);
  if (filters.status && status) params.set(LIST_PARAMS.status, status.param);
  if (filters.from) params.set(LIST_PARAMS.from, filters.from);
  if (filters.to) params.set(LIST_PARAMS.to, filters.to);
  const search = filters.search.trim();
  if (search) params.set(LIST_PARAMS.search, search.slice(0, SHIPMENT_SEARCH_MAX));
  if (page > 0) params.set(LIST_PARAMS.page, String(page + 1));
  return params;
}

export function hasActiveFilters(filters: ShipmentListFilters): boolean {
  return (
    filters.direction !== null ||
    filters.unitId !== null ||
    filters.status !== null ||
    filters.from !== null ||
    filters.to !== null ||
    filters.search.trim() !== ''
  );
}

// ---------------------------------------------------------------------------
// Prefill of /nova-remessa (the transfer action on /lancamento)

export const PREFILL_PARAMS = { origin: 'origem', destination: 'destino', product: 'produto', quantity: 'quantidade' } as const;

export function prefillFromSearchParams(params: URLSearchParams): ShipmentPrefill {
  const uuid = (name: string) => {
    const value = params.get(name);
    return uuidOrNull(value);
  };
  return {
    originUnitId: uuid(PREFILL_PARAMS.origin),
    destinationUnitId: uuid(PREFILL_PARAMS.destination),
    productId: uuid(PREFILL_PARAMS.product),
    quantity: parseQuantity(params.get(PREFILL_PARAMS.quantity)),
  };
}

/** /nova-remessa?origem=…&destino=…&produto=…&quantidade=… (only what is known). */
export function newShipmentPath(prefill: Partial<ShipmentPrefill> = {}): string {
  const params = new URLSearchParams();
  if (prefill.originUnitId) params.set(PREFILL_PARAMS.origin, prefill.originUnitId);
  if (prefill.destinationUnitId) params.set(PREFILL_PARAMS.destination, prefill.destinationUnitId);
  if (prefill.productId) params.set(PREFILL_PARAMS.product, prefill.productId);
  if (prefill.quantity && prefill.quantity > 0) params.set(PREFILL_PARAMS.quantity, String(Math.min(Math.round(prefill.quantity), QUANTITY_MAX)));
  const query = params.toString();
  return query ? `${paths.newShipment}?${query}` : paths.newShipment;
}
