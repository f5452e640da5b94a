/** Pure rules of /assinatura-remessas (tested in logic.test.ts). */
import { formatCount, formatDateTime, formatNumber } from '@/lib/dates';
import type { ShipmentDirection, ShipmentDiscrepancy, ShipmentStatus, SignatureListFilters, SignatureTab } from '@/features/shipment-signatures/types';
import { uuidOrNull } from '@/lib/utils';

export const SIGNATURE_PAGE_SIZE = 20;
export const SIGNATURE_SEARCH_MAX = 100;
export const LINK_HOURS_MIN = 1;
export const LINK_HOURS_MAX = 720;

/** The list_shipments status each tab lists. */
export const TAB_STATUS: Record<SignatureTab, ShipmentStatus> = { pendentes: 'PENDENTE', assinadas: 'ENTREGUE' };

export const STATUS_LABELS: Record<ShipmentStatus, string> = { SOLICITADO: 'Solicitado', PENDENTE: 'Pendente', ENTREGUE: 'Entregue' };

export const DIRECTION_OPTIONS: readonly { value: ShipmentDirection; label: string }[] = [
  { value: 'ENVIADAS', label: 'Enviadas (saindo da unidade)' },
  { value: 'RECEBIDAS', label: 'Recebidas (chegando à unidade)' },
];

export const EMPTY_FILTERS: SignatureListFilters = { search: '', unitId: null, direction: null };

/** REM-000042 */
export function shipmentNumber(number: number): string {
  return `REM-${String(Math.trunc(number)).padStart(6, '0')}`;
}

/** The public signing page of a token: `${origin}/assinar/<token>`. */
export function signatureLinkUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/assinar/${encodeURIComponent(token)}`;
}

/** 'Válido até 28/11/2026 14:05' */
export function linkValidUntilText(expiresAt: string): string {
  return `Válido até ${formatDateTime(expiresAt)}`;
}

/** 'Link ativo até 28/11/2026 14:05' */
export function activeLinkText(expiresAt: string): string {
  return `Link ativo até ${formatDateTime(expiresAt)}`;
}

/** A link the database reported whose expiry has not passed (the database decides again on use). */
export function isLinkActive(expiresAt: string | null | undefined, now: Date): expiresAt is string {
  if (!expiresAt) return false;
  const time = new Date(expiresAt).getTime();
  return Number.isFinite(time) && time > now.getTime();
}

/**
 * Whether the token held on screen is still the shipment's active link: the same expiry instant
 * (another user may have revoked it or generated a newer one meanwhile).
 */
export function isSameLink(heldExpiresAt: string, activeExpiresAt: string | null): boolean {
  if (!activeExpiresAt) return false;
  const held = new Date(heldExpiresAt).getTime();
  return Number.isFinite(held) && held === new Date(activeExpiresAt).getTime();
}

/** '72 horas (3 dias)', '1 hora', '36 horas (1 dia e 12 horas)' */
export function describeLinkHours(hours: number): string {
  const base = formatCount(hours, 'hora', 'horas');
  if (hours < 24) return base;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const dayText = formatCount(days, 'dia', 'dias');
  return `${base} (${rest === 0 ? dayText : `${dayText} e ${formatCount(rest, 'hora', 'horas')}`})`;
}

/** '1 item · 12 un.' */
export function itemsSummary(itemCount: number, totalQuantity: number): string {
  return `${formatCount(itemCount, 'item', 'itens')} · ${formatNumber(totalQuantity)} un.`;
}

// --- Differences the receiver reported ------------------------------------------------------------

export function hasDiscrepancy(line: Pick<ShipmentDiscrepancy, 'short_quantity' | 'damaged_quantity' | 'short_dated_quantity' | 'note'>): boolean {
  return line.short_quantity > 0 || line.damaged_quantity > 0 || line.short_dated_quantity > 0 || (line.note ?? '').trim() !== '';
}

/** One line's differences as the receipt words them: ['Falta: 2', 'Avaria: 1', 'Validade curta: 3', 'Observação: …']. */
export function discrepancyParts(line: Pick<ShipmentDiscrepancy, 'short_quantity' | 'damaged_quantity' | 'short_dated_quantity' | 'note'>): string[] {
  const parts: string[] = [];
  if (line.short_quantity > 0) parts.push(`Falta: ${formatNumber(line.short_quantity)}`);
  if (line.damaged_quantity > 0) parts.push(`Avaria: ${formatNumber(line.damaged_quantity)}`);
  if (line.short_dated_quantity > 0) parts.push(`Validade curta: ${formatNumber(line.short_dated_quantity)}`);
  const note = (line.note ?? '').trim();
  if (note) parts.push(`Observação: ${note}`);
  return parts;
}

/** The reported lines by item id (lines without any difference are left out). */
export function discrepanciesByItem(lines: readonly ShipmentDiscrepancy[]): Map<string, ShipmentDiscrepancy> {
  return new Map(lines.filter(hasDiscrepancy).map((line) => [line.item_id, line]));
}

export interface DiscrepancyTotals {
  lines: number;
  short: number;
  damaged: number;
  shortDated: number;
}

export function discrepancyTotals(lines: readonly ShipmentDiscrepancy[]): DiscrepancyTotals {
  return lines.filter(hasDiscrepancy).reduce<DiscrepancyTotals>(
    (totals, line) => ({
      lines: totals.lines + 1,
      short: totals.short + line.short_quantity,
      damaged: totals.damaged + line.damaged_quantity,
      shortDated: totals.shortDated + line.short_dated_quantity,
    }),
    { lines: 0, short: 0, damaged: 0, shortDated: 0 },
  );
}

/** 'Sem divergências' | '1 item com divergência' | '3 itens com divergência' */
export function discrepancyCountLabel(count: number): string {
  if (count <= 0) return 'Sem divergências';
  return formatCount(count, 'item com divergência', 'itens com divergência');
}

/**
 * The receipt's one-sentence summary: 'Recebida sem divergências.' or
 * '2 itens com divergência: 3 un. em falta, 1 un. com avaria, 2 un. com validade curta.'
 */
export function discrepancySummary(lines: readonly ShipmentDiscrepancy[]): string {
  const totals = discrepancyTotals(lines);
  if (totals.lines === 0) return 'Recebida sem divergências.';
  const parts = [
    totals.short > 0 ? `${formatNumber(totals.short)} un. em falta` : null,
    totals.damaged > 0 ? `${formatNumber(totals.damaged)} un. com avaria` : null,
    totals.shortDated > 0 ? `${formatNumber(totals.shortDated)} un. com validade curta` : null,
  ].filter((part): part is string => part !== null);
  const head = discrepancyCountLabel(totals.lines);
  return parts.length > 0 ? `${head}: ${parts.join(', ')}.` : `${head} (apenas observações).`;
}

// --- Evidence ------------------------------------------------------------------------------------

/**
 * A CPF as the receipt shows it: the API already masks it ('***.456.789-**'); 11 bare digits (never
 * expected) are masked the same way, so a full CPF is never printed.
 */
export function maskCpf(value: string | null | undefined): string {
  if (!value) return '—';
  if (value.includes('*')) return value;
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 ? `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**` : '***.***.***-**';
}

/**
 * What the receipt says about a flagged signature, or null when it was made elsewhere: which of the browser and the
 * address matched the ones that dispatched the shipment or made its link.
 */
export function signedAtSenderDetail(flags: { signed_on_sender_device: boolean; signed_from_sender_address: boolean }): string | null {
  const { signed_on_sender_device: device, signed_from_sender_address: address } = flags;
  if (!device && !address) return null;
  const what = device && address ? 'no mesmo navegador e a partir do mesmo endereço IP usados' : device ? 'no mesmo navegador usado' : 'a partir do mesmo endereço IP usado';
  return `A assinatura foi feita ${what} para despachar a remessa ou gerar o link de assinatura. Ela foi aceita (quem recebe pode estar no mesmo balcão), mas confirme o recebimento com a unidade de destino.`;
}

/** Only a PNG data URL is drawn as the signature (never a remote address). */
export function isSignaturePng(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^data:image\/png;base64,[A-Za-z0-9+/=\s]+$/.test(value);
}

// --- URL ----------------------------------------------------------------------------------------

const PARAMS = { tab: 'aba', search: 'busca', unit: 'unidade', direction: 'direcao', page: 'pagina', shipment: 'remessa' } as const;
export interface SignatureView {
  tab: SignatureTab;
  filters: SignatureListFilters;
  /** 0-based */
  page: number;
  /** ?remessa=<id>: the shipment whose panel is open. */
  shipmentId: string | null;
}

/** Reads ?aba=assinadas&busca=…&unidade=…&direcao=recebidas&pagina=2&remessa=<id>; anything malformed reads as the default. */
export function viewFromSearchParams(params: URLSearchParams): SignatureView {
  const directionParam = (params.get(PARAMS.direction) ?? '').toUpperCase();
  const pageNumber = Number(params.get(PARAMS.page));
  return {
    tab: params.get(PARAMS.tab) === 'assinadas' ? 'assinadas' : 'pendentes',
    filters: {
      search: (params.get(PARAMS.search) ?? '').slice(0, SIGNATURE_SEARCH_MAX),
      unitId: uuidOrNull(params.get(PARAMS.unit)),
      direction: directionParam === 'ENVIADAS' || directionParam === 'RECEBIDAS' ? directionParam : null,
    },
    page: Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber - 1 : 0,
    shipmentId: uuidOrNull(params.get(PARAMS.shipment)),
  };
}

/** The URL of a view: only what differs from the default is written. */
export function searchParamsFromView(view: SignatureView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'pendentes') params.set(PARAMS.tab, view.tab);
  const search = view.filters.search.trim();
  if (search) params.set(PARAMS.search, search.slice(0, SIGNATURE_SEARCH_MAX));
  if (view.filters.unitId) params.set(PARAMS.unit, view.filters.unitId);
  if (view.filters.direction) params.set(PARAMS.direction, view.filters.direction.toLowerCase());
  if (view.page > 0) params.set(PARAMS.page, String(view.page + 1));
  if (view.shipmentId) params.set(PARAMS.shipment, view.shipmentId);
  return params;
}

export function hasActiveFilters(filters: SignatureListFilters): boolean {
  return filters.search.trim() !== '' || filters.unitId !== null || filters.direction !== null;
}
