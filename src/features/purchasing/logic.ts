/** Pure rules of the purchasing screens: typed prices, winner suggestion, totals, summaries. */
import { formatDay, formatNumber } from '@/lib/dates';
import { foldText } from '@/lib/text';
import type { Comparison, ComparisonCell, ComparisonQuote, QuoteItemValues, QuoteStatus, WinnerSelection } from '@/features/purchasing/types';

/**
 * Parses a price typed the Brazilian way: '12,50', 'R$ 1.234,56', '12.5', '1234'. Returns null for an empty text
 * and NaN for anything that is not a non-negative amount with at most 4 decimals.
 */
export function parseBrl(text: string): number | null {
  const cleaned = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (cleaned === '') return null;
  let normalized: string;
  if (cleaned.includes(',')) {
    // Comma is the decimal separator; dots are thousands separators.
    if (!/^\d{1,3}(\.\d{3})*(,\d*)?$|^\d+(,\d*)?$/.test(cleaned)) return Number.NaN;
    normalized = cleaned.replace(/\./g, '').replace(',', '.');
  } else {
    // Only dots: one dot followed by 1-4 digits is a decimal point; groups of 3 are thousands.
    if (/^\d+\.\d{1,2}$/.test(cleaned) || /^\d+$/.test(cleaned)) normalized = cleaned;
    else if (/^\d{1,3}(\.\d{3})+$/.test(cleaned)) normalized = cleaned.replace(/\./g, '');
    else if (/^\d+\.\d{1,4}$/.test(cleaned)) normalized = cleaned;
    else return Number.NaN;
  }
  if (normalized.endsWith('.')) normalized = normalized.slice(0, -1);
  const decimals = normalized.split('.')[1] ?? '';
  if (decimals.length > 4) return Number.NaN;
  const value = Number(normalized);
  return Number.isFinite(value) && value >= 0 ? value : Number.NaN;
}

/** A price as the representative edits it: '12,5' → '12,50' (no currency symbol, no thousands dots). */
export function formatPriceInput(value: number | null): string {
  if (value === null) return '';
  const fixed = value.toFixed(Math.max(2, Math.min(4, (String(value).split('.')[1] ?? '').length)));
  return fixed.replace('.', ',');
}

/** Parses a whole non-negative quantity; '' → null, invalid → NaN. */
export function parseQuantity(text: string): number | null {
  const cleaned = text.trim().replace(/\./g, '');
  if (cleaned === '') return null;
  if (!/^\d+$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

export function cellKey(shortageId: string, quoteId: string): string {
  return `${shortageId}:${quoteId}`;
}

/**
 * Quotes whose prices are offers: submitted (ENVIADA) or already decided (VENCEDORA / PERDEDORA). A quote still
 * EM_ANDAMENTO is the representative's draft: it is neither compared, highlighted nor selectable, exactly as
 * get_batch_comparison (best_unit_price, is_best) and select_winning_quotes_native (ENVIADA only) treat it.
 */
const OFFER_STATUSES: readonly QuoteStatus[] = ['ENVIADA', 'VENCEDORA', 'PERDEDORA'];

export function isOffer(quote: Pick<ComparisonQuote, 'status'>): boolean {
  return OFFER_STATUSES.includes(quote.status);
}

function pricedCells(comparison: Comparison, shortageId: string): ComparisonCell[] {
  const cells: ComparisonCell[] = [];
  for (const quote of comparison.quotes) {
    if (!isOffer(quote)) continue;
    const cell = comparison.cells[cellKey(shortageId, quote.quoteId)];
    if (cell && cell.unitPrice !== null) cells.push(cell);
  }
  return cells;
}

/**
 * The winner pre-selected per item: the winners already stored if the batch was closed, otherwise the lowest offered
 * price (ties broken by the lower minimum quantity, then by the order of the quote columns). Items without an offer
 * (unpriced, or priced only in drafts) have none.
 */
export function suggestWinners(comparison: Comparison): WinnerSelection {
  const selection: WinnerSelection = {};
  const stored = Object.values(comparison.cells).filter((cell) => cell.isWinner);
  if (stored.length > 0) {
    for (const cell of stored) selection[cell.shortageId] = cell.quoteId;
    return selection;
  }
  for (const item of comparison.items) {
    let winner: ComparisonCell | undefined;
    for (const cell of pricedCells(comparison, item.shortageId)) {
      if (!winner) {
        winner = cell;
        continue;
      }
      const price = cell.unitPrice as number;
      const best = winner.unitPrice as number;
      if (price < best || (price === best && (cell.minimumQuantity ?? 0) < (winner.minimumQuantity ?? 0))) winner = cell;
    }
    if (winner) selection[item.shortageId] = winner.quoteId;
  }
  return selection;
}

/** Money to round like the database: numeric(14,2) of quantity × unit price. */
export function lineTotal(quantity: number, unitPrice: number): number {
  return Math.round(quantity * unitPrice * 100) / 100;
}

export interface SupplierTotal {
  quoteId: string;
  items: number;
  total: number;
}

/** Per supplier column: how many items the current selection awards it and their value (quantity × price). */
export function supplierTotals(comparison: Comparison, selection: WinnerSelection): Map<string, SupplierTotal> {
  const totals = new Map<string, SupplierTotal>();
  for (const quote of comparison.quotes) totals.set(quote.quoteId, { quoteId: quote.quoteId, items: 0, total: 0 });
  for (const item of comparison.items) {
    const quoteId = selection[item.shortageId];
    if (!quoteId) continue;
    const cell = comparison.cells[cellKey(item.shortageId, quoteId)];
    const entry = totals.get(quoteId);
    if (!cell || cell.unitPrice === null || !entry) continue;
    entry.items += 1;
    entry.total = Math.round((entry.total + lineTotal(item.requestedQuantity, cell.unitPrice)) * 100) / 100;
  }
  return totals;
}

/** The grand total of a selection. */
export function selectionTotal(comparison: Comparison, selection: WinnerSelection): number {
  let total = 0;
  for (const entry of supplierTotals(comparison, selection).values()) total += entry.total;
  return Math.round(total * 100) / 100;
}

/** The payload of select_winning_quotes_native: one {shortage_id, quote_id} per chosen item. */
export function selectionToPairs(selection: WinnerSelection): { shortage_id: string; quote_id: string }[] {
  return Object.entries(selection).map(([shortageId, quoteId]) => ({ shortage_id: shortageId, quote_id: quoteId }));
}

/** Toggles an item's winner: clicking the chosen cell again leaves the item without a winner. */
export function toggleWinner(selection: WinnerSelection, shortageId: string, quoteId: string): WinnerSelection {
  const next = { ...selection };
  if (next[shortageId] === quoteId) delete next[shortageId];
  else next[shortageId] = quoteId;
  return next;
}

/** The distinct per-item reasons of an add_shortages_to_batch / create_quote_batch refusal, in order of appearance. */
export function distinctReasons(errors: readonly { message: string }[]): string[] {
  return [...new Set(errors.map((error) => error.message.trim()).filter((message) => message !== ''))];
}

/**
 * Spec §5 "Adding shortages to a batch": the toast for an add_shortages_to_batch result, with the distinct reasons
 * of the items that were skipped (e.g. 'Item já está em outro lote') after the spec's sentences.
 */
export function addItemsSummary(result: { added: number; total: number; errors?: readonly { message: string }[] }): {
  title: string;
  description: string;
  variant?: 'destructive';
} {
  const reasons = distinctReasons(result.errors ?? []);
  const why = reasons.length > 0 ? ` ${reasons.length === 1 ? 'Motivo' : 'Motivos'}: ${reasons.join('; ')}.` : '';
  if (result.added === 0)
    return { title: 'Falha ao adicionar itens', description: `Nenhum item pôde ser adicionado ao lote.${why}`, variant: 'destructive' };
  const base = `${result.added} de ${result.total} itens foram adicionados ao lote com sucesso.`;
  return {
    title: 'Itens adicionados',
    description: result.added < result.total ? `${base} Alguns itens não puderam ser adicionados.${why}` : base,
  };
}

/** Items won ÷ items quoted (priced), 0–1; null when the supplier priced nothing. */
export function itemWinRate(itemsWon: number, itemsQuoted: number): number | null {
  return itemsQuoted > 0 ? itemsWon / itemsQuoted : null;
}

/** Case- and accent-insensitive match of a search text against product name or barcode. */
export function matchesText(search: string, ...values: (string | null)[]): boolean {
  const needle = foldText(search.trim());
  if (!needle) return true;
  return values.some((value) => value !== null && foldText(value).includes(needle));
}

/** What the representative types for one item (text fields keep what was typed). */
export interface QuoteItemDraft {
  unitPrice: string;
  minimumQuantity: string;
  wantsSubstitute: boolean;
  substituteProductName: string;
  substituteManufacturer: string;
  hasBonus: boolean;
  bonusProductName: string;
  bonusManufacturer: string;
  bonusExpiryDate: string;
  bonusQuantity: string;
}

export type QuoteItemDraftErrors = Partial<Record<'unitPrice' | 'minimumQuantity' | 'bonusQuantity' | 'bonusExpiryDate', string>>;

export function draftFromValues(values: QuoteItemValues): QuoteItemDraft {
  return {
    unitPrice: formatPriceInput(values.unitPrice),
    minimumQuantity: values.minimumQuantity === null ? '' : String(values.minimumQuantity),
    wantsSubstitute: values.wantsSubstitute,
    substituteProductName: values.substituteProductName ?? '',
    substituteManufacturer: values.substituteManufacturer ?? '',
    hasBonus: values.hasBonus,
    bonusProductName: values.bonusProductName ?? '',
    bonusManufacturer: values.bonusManufacturer ?? '',
    bonusExpiryDate: values.bonusExpiryDate ?? '',
    bonusQuantity: String(values.bonusQuantity),
  };
}

/** Validates a draft: the values to save, or the Portuguese message per invalid field. */
export function valuesFromDraft(draft: QuoteItemDraft): { values: QuoteItemValues; errors: null } | { values: null; errors: QuoteItemDraftErrors } {
  const errors: QuoteItemDraftErrors = {};
  const unitPrice = parseBrl(draft.unitPrice);
  if (unitPrice !== null && Number.isNaN(unitPrice)) errors.unitPrice = 'Preço inválido. Use, por exemplo, 12,50.';
  else if (unitPrice !== null && unitPrice >= 1e8) errors.unitPrice = 'Preço muito alto.';
  const minimumQuantity = parseQuantity(draft.minimumQuantity);
  if (minimumQuantity !== null && Number.isNaN(minimumQuantity)) errors.minimumQuantity = 'Use um número inteiro.';
  let bonusQuantity = 1;
  if (draft.hasBonus) {
    const parsed = parseQuantity(draft.bonusQuantity);
    if (parsed === null || Number.isNaN(parsed) || parsed <= 0) errors.bonusQuantity = 'A quantidade da bonificação deve ser maior que zero.';
    else bonusQuantity = parsed;
    if (draft.bonusExpiryDate && !/^\d{4}-\d{2}-\d{2}$/.test(draft.bonusExpiryDate)) errors.bonusExpiryDate = 'Data de validade inválida.';
  }
  if (Object.keys(errors).length > 0) return { values: null, errors };
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    errors: null,
    values: {
      unitPrice,
      minimumQuantity,
      wantsSubstitute: draft.wantsSubstitute,
      substituteProductName: draft.wantsSubstitute ? text(draft.substituteProductName) : null,
      substituteManufacturer: draft.wantsSubstitute ? text(draft.substituteManufacturer) : null,
      hasBonus: draft.hasBonus,
      bonusProductName: draft.hasBonus ? text(draft.bonusProductName) : null,
      bonusManufacturer: draft.hasBonus ? text(draft.bonusManufacturer) : null,
      // Spec §5: an empty bonus expiry date is stored as null.
      bonusExpiryDate: draft.hasBonus ? text(draft.bonusExpiryDate) : null,
      bonusQuantity,
    },
  };
}

/** A winning line whose need is below the supplier's minimum quantity: the buyer raises it or keeps it before ordering. */
export interface BelowMinimumLine {
  shortageId: string;
  productName: string;
  unitName: string | null;
  supplierName: string;
  requestedQuantity: number;
  minimumQuantity: number;
  unitPrice: number;
  /** The product actually bought when the winning offer is a substitute. */
  substituteProductName: string | null;
}

/** The winning lines of a batch below their supplier's minimum (private.lines_below_minimum in the database), by product. */
export function linesBelowMinimum(comparison: Comparison): BelowMinimumLine[] {
  const suppliers = new Map(comparison.quotes.map((quote) => [quote.quoteId, quote.supplierName]));
  const lines: BelowMinimumLine[] = [];
  for (const item of comparison.items) {
    for (const quote of comparison.quotes) {
      const cell = comparison.cells[cellKey(item.shortageId, quote.quoteId)];
      if (!cell?.isWinner || cell.unitPrice === null || cell.minimumQuantity === null) continue;
      if (cell.minimumQuantity <= item.requestedQuantity) continue;
      lines.push({
        shortageId: item.shortageId,
        productName: item.productName,
        unitName: item.unitName,
        supplierName: suppliers.get(quote.quoteId) ?? '—',
        requestedQuantity: item.requestedQuantity,
        minimumQuantity: cell.minimumQuantity,
        unitPrice: cell.unitPrice,
        substituteProductName: cell.wantsSubstitute ? cell.substituteProductName?.trim() || null : null,
      });
    }
  }
  return lines;
}

/** The product actually bought on an order line: the substitute that won, or the product asked for. */
export function boughtProduct(item: { productName: string; substituteProductName: string | null; substituteManufacturer: string | null }): string {
  if (!item.substituteProductName) return item.productName;
  return item.substituteManufacturer ? `${item.substituteProductName} (${item.substituteManufacturer})` : item.substituteProductName;
}

/** An order line's bonus: '+ 2 un. de bonificação (Mesmo produto, Fabricante) · validade 10/08/2027'. */
export function bonusText(item: { bonusQuantity: number; bonusProductName: string | null; bonusManufacturer: string | null; bonusExpiryDate: string | null }): string {
  const product = [item.bonusProductName, item.bonusManufacturer].filter(Boolean).join(', ');
  return `+ ${formatNumber(item.bonusQuantity)} un. de bonificação${product ? ` (${product})` : ''}${item.bonusExpiryDate ? ` · validade ${formatDay(item.bonusExpiryDate)}` : ''}`;
}
