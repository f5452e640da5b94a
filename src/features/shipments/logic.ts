/**
 * Pure rules of the shipment screens: the REM-000042 number, filters ⇄ URL, statuses and the moves
 * between them, what a row offers, the item lines (adding, merging, duplicates) and the prefill of
 * /nova-remessa. The database decides every write again; these only read and present.
 */
import { paths } from '@/config/paths';
import type {
  ProductOption,
  ShipmentDirection,
  ShipmentListFilters,
  ShipmentPrefill,
  ShipmentRow,
  ShipmentStatus,
  ShipmentViewer,
  UnitOption,
} from '@/features/shipments/types';
import { SHIPMENT_STATUSES } from '@/features/shipments/types';

/** Rows per page of the list (list_shipments' p_limit). */
export const SHIPMENT_PAGE_SIZE = 25;
/** The search box's limit (numbers, unit and product names, lots, notes). */
export const SHIPMENT_SEARCH_MAX = 100;
/** The database's limits on a line. */
export const QUANTITY_MAX = 100_000;
export const LOT_MAX = 40;
export const NOTES_MAX = 1000;

// ---------------------------------------------------------------------------
// The number

/** 42 → 'REM-000042' (six digits, more when the number needs them). */
export function formatShipmentNumber(value: number | string): string {
  return `REM-${String(value).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------
// Statuses

export const STATUS_LABELS: Record<ShipmentStatus, string> = {
  SOLICITADO: 'Solicitado',
  PENDENTE: 'Pendente',
  ENTREGUE: 'Entregue',
};

/** What each status means to store staff (badges' titles, the details sheet). */
export const STATUS_DESCRIPTIONS: Record<ShipmentStatus, string> = {
  SOLICITADO: 'Criada e ainda editável; aguarda o despacho pela unidade de origem.',
  PENDENTE: 'Despachada: a caminho, aguardando a assinatura de quem recebe.',
  ENTREGUE: 'Recebida e assinada pelo destino.',
};

/** The one move out of each status (spec §4): SOLICITADO → PENDENTE → ENTREGUE. */
const NEXT_STATUS: Record<ShipmentStatus, ShipmentStatus | null> = {
  SOLICITADO: 'PENDENTE',
  PENDENTE: 'ENTREGUE',
  ENTREGUE: null,
};

export function nextStatus(status: ShipmentStatus): ShipmentStatus | null {
  return NEXT_STATUS[status];
}

export function canTransition(from: ShipmentStatus, to: ShipmentStatus): boolean {
  return NEXT_STATUS[from] === to;
}

/** Only a requested shipment is edited or deleted. */
export function isEditable(status: ShipmentStatus): boolean {
  return status === 'SOLICITADO';
}

export function shipmentStatusOf(value: unknown): ShipmentStatus {
  if (typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value)) return value as ShipmentStatus;
  throw new Error(`Unexpected shipment status ${String(value)}`);
}

/** A history row as people read it. */
export function historyLabel(fromStatus: ShipmentStatus | null, toStatus: ShipmentStatus): string {
  if (fromStatus === null) return 'Remessa solicitada';
  if (toStatus === 'PENDENTE') return 'Remessa despachada';
  if (toStatus === 'ENTREGUE') return 'Recebimento assinado';
  return `${STATUS_LABELS[fromStatus]} → ${STATUS_LABELS[toStatus]}`;
}

// ---------------------------------------------------------------------------
// Filters ⇄ URL

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A real calendar day written yyyy-MM-dd (2026-02-30 is not), between 2000 and 2100. */
export function isValidDay(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && value >= '2000-01-01' && value <= '2100-12-31';
}

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
      unitId: isUuid(unit) ? unit.toLowerCase() : null,
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
// Rows

/** True when the caller works at the shipment's origin (the only side that dispatches), or is ADMIN. */
export function isOriginSide(row: Pick<ShipmentRow, 'origin_unit_id'>, viewer: Pick<ShipmentViewer, 'isAdmin' | 'units'>): boolean {
  return viewer.isAdmin || viewer.units.some((unit) => unit.id === row.origin_unit_id);
}

export type ShipmentAction = 'details' | 'edit' | 'dispatch' | 'signature' | 'delete';

/**
 * What a row offers, in menu order: a requested shipment is edited, dispatched (by its origin) or
 * deleted; a dispatched or delivered one leads to its signature. Details always.
 */
export function availableActions(row: Pick<ShipmentRow, 'status' | 'origin_unit_id'>, viewer: Pick<ShipmentViewer, 'isAdmin' | 'units'>): ShipmentAction[] {
  if (row.status === 'SOLICITADO') return ['details', 'edit', ...(isOriginSide(row, viewer) ? (['dispatch'] as const) : []), 'delete'];
  return ['details', 'signature'];
}

/** '1 divergência', '2 divergências' (null without any). */
export function discrepancyLabel(count: number): string | null {
  if (!count || count <= 0) return null;
  return count === 1 ? '1 divergência' : `${count} divergências`;
}

/** '1 item · 12 unidades' */
export function itemsSummary(itemCount: number, totalQuantity: number, formatNumber: (value: number) => string = String): string {
  const items = itemCount === 1 ? '1 item' : `${formatNumber(itemCount)} itens`;
  const units = totalQuantity === 1 ? '1 unidade' : `${formatNumber(totalQuantity)} unidades`;
  return `${items} · ${units}`;
}

/** /assinatura-remessas?remessa=<id> */
export function signaturePagePath(shipmentId: string): string {
  return `${paths.shipmentSignatures}?remessa=${encodeURIComponent(shipmentId)}`;
}

// ---------------------------------------------------------------------------
// Prefill of /nova-remessa (the transfer action on /lancamento)

export const PREFILL_PARAMS = { origin: 'origem', destination: 'destino', product: 'produto', quantity: 'quantidade' } as const;

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

export function prefillFromSearchParams(params: URLSearchParams): ShipmentPrefill {
  const uuid = (name: string) => {
    const value = params.get(name);
    return isUuid(value) ? value.toLowerCase() : null;
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

// ---------------------------------------------------------------------------
// Item lines

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

// ---------------------------------------------------------------------------
// Catalogue search

/** Scanned or typed barcode: the digits only (scanners may add spaces or a trailing newline). */
export function cleanScannedCode(text: string): string {
  return text.replace(/\s+/g, '');
}

const ACCENT_CLASSES: Record<string, string> = {
  a: 'aáàâãäAÁÀÂÃÄ',
  e: 'eéèêëEÉÈÊË',
  i: 'iíìîïIÍÌÎÏ',
  o: 'oóòôõöOÓÒÔÕÖ',
  u: 'uúùûüUÚÙÛÜ',
  c: 'cçCÇ',
  n: 'nñNÑ',
};

/** Lowercase without diacritics ('Ácido' → 'acido'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * The search's results as people expect them: names starting with the typed text first, then the
 * rest, each by name in Portuguese order (the database sorts 'Ácido' after 'Zinco').
 */
export function rankProducts<T extends { name: string }>(products: readonly T[], term: string): T[] {
  const folded = foldText(term.trim());
  const starts = (product: T) => (folded !== '' && foldText(product.name).startsWith(folded) ? 0 : 1);
  return [...products].sort((a, b) => starts(a) - starts(b) || a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
}

/**
 * One case- and accent-insensitive regular expression per word of a name search, for PostgREST's
 * `imatch` (PostgreSQL `~*`): 'acido' → '[aáàâãä…]c[iíìîï…]d[oóòôõö…]'. Every word must match,
 * in any order. Regular-expression characters the user types are matched literally.
 */
export function nameSearchPatterns(term: string): string[] {
  return foldText(term)
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 6)
    .map((word) =>
      [...word]
        .map((char) => {
          const accents = ACCENT_CLASSES[char];
          if (accents) return `[${accents}]`;
          return /[\\^$.|?*+()[\]{}]/.test(char) ? `\\${char}` : char;
        })
        .join(''),
    );
}

/** A date column (yyyy-MM-dd) as dd/MM/yyyy, without any time-zone shift. */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

/** 'Faltaram 2 · 1 avariada · 3 com validade curta' for a line the receiver reported. */
export function discrepancySummary(line: { short_quantity: number; damaged_quantity: number; short_dated_quantity: number }): string {
  const parts: string[] = [];
  if (line.short_quantity > 0) parts.push(line.short_quantity === 1 ? 'Faltou 1' : `Faltaram ${line.short_quantity}`);
  if (line.damaged_quantity > 0) parts.push(line.damaged_quantity === 1 ? '1 avariada' : `${line.damaged_quantity} avariadas`);
  if (line.short_dated_quantity > 0) parts.push(`${line.short_dated_quantity} com validade curta`);
  return parts.length > 0 ? parts.join(' · ') : 'Observação do recebedor';
}

// ---------------------------------------------------------------------------
// The viewer

/**
 * The caller's units as these screens use them (filters, who dispatches, the form's scope): every
 * unit for an administrator; otherwise the current unit and the assigned ones, by name, once each.
 */
export function shipmentViewer(input: {
  isAdmin: boolean;
  currentUnit: UnitOption | null;
  assignedUnits: readonly UnitOption[];
  allUnits: readonly UnitOption[];
}): ShipmentViewer {
  const byId = new Map<string, UnitOption>();
  const source = input.isAdmin ? input.allUnits : [...(input.currentUnit ? [input.currentUnit] : []), ...input.assignedUnits];
  for (const unit of source) if (!byId.has(unit.id)) byId.set(unit.id, { id: unit.id, name: unit.name });
  return {
    isAdmin: input.isAdmin,
    units: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    currentUnitId: input.currentUnit?.id ?? null,
  };
}
