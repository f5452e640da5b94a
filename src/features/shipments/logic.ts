/**
 * Pure rules of the shipment rows: the REM-000042 number, what a row offers, its counts as people
 * read them, and the caller's units. Statuses (status.ts), URLs (url-params.ts), item lines
 * (lines.ts) and the catalogue search (product-search.ts) have their own modules. The database
 * decides every write again; these only read and present.
 */
import { paths } from '@/config/paths';
import { formatCount, formatNumber, plural } from '@/lib/dates';
import type { ShipmentRow, ShipmentViewer, UnitOption } from '@/features/shipments/types';

/** 42 → 'REM-000042' (six digits, more when the number needs them). */
export function formatShipmentNumber(value: number | string): string {
  return `REM-${String(value).padStart(6, '0')}`;
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
  return formatCount(count, 'divergência', 'divergências');
}

/** '1 item · 12 unidades', '3 itens · 1.250 unidades' */
export function itemsSummary(itemCount: number, totalQuantity: number): string {
  return `${formatCount(itemCount, 'item', 'itens')} · ${formatCount(totalQuantity, 'unidade', 'unidades')}`;
}

/** /assinatura-remessas?remessa=<id> */
export function signaturePagePath(shipmentId: string): string {
  return `${paths.shipmentSignatures}?remessa=${encodeURIComponent(shipmentId)}`;
}

/** 'Faltaram 2 · 1 avariada · 3 com validade curta' for a line the receiver reported. */
export function discrepancySummary(line: { short_quantity: number; damaged_quantity: number; short_dated_quantity: number }): string {
  const parts: string[] = [];
  if (line.short_quantity > 0) parts.push(`${plural(line.short_quantity, 'Faltou', 'Faltaram')} ${formatNumber(line.short_quantity)}`);
  if (line.damaged_quantity > 0) parts.push(formatCount(line.damaged_quantity, 'avariada', 'avariadas'));
  if (line.short_dated_quantity > 0) parts.push(`${formatNumber(line.short_dated_quantity)} com validade curta`);
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
