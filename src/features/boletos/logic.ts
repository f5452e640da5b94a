/**
 * Pure rules of the /boletos list: filters ⇄ URL, situation badges, selection totals, history
 * labels and the list's small forms (payment, reasons). The database decides the situation, the
 * rows and every refusal; these only read and present them.
 */
import { addDays, daysBetween, formatCount, formatCurrency, formatDay, formatShortDay, isValidDay, MIN_DAY, toAppDateString } from '@/lib/dates';
import type { BoletoAlert, BoletoListFilters, BoletoRow, BoletoSituation, BoletoStatus, BoletoTwin } from '@/features/boletos/types';
import { uuidOrNull } from '@/lib/utils';

/** Rows per page of the list (list_boletos' p_limit). */
export const BOLETO_PAGE_SIZE = 50;

/** list_boletos refuses a longer search text. */
export const BOLETO_SEARCH_MAX = 100;

export type BoletoSituationFilter = BoletoListFilters['situation'];
export type BoletoSort = BoletoListFilters['sort'];

/** The list opens on what is still to be paid, oldest due date first (overdue at the top). */
export const DEFAULT_BOLETO_FILTERS: BoletoListFilters = {
  unitId: null,
  supplierId: null,
  situation: 'PENDENTE',
  dueFrom: null,
  dueTo: null,
  search: '',
  sort: 'due_asc',
};

/** The situation choices, in the order the screen shows them; `param` is their URL spelling. */
export const SITUATION_FILTERS: readonly { value: BoletoSituationFilter; param: string; label: string }[] = [
  { value: null, param: 'todos', label: 'Todos' },
  { value: 'PENDENTE', param: 'pendentes', label: 'Pendentes' },
  { value: 'A_VENCER', param: 'a-vencer', label: 'A vencer' },
  { value: 'VENCE_HOJE', param: 'vence-hoje', label: 'Vence hoje' },
  { value: 'VENCIDO', param: 'vencidos', label: 'Vencidos' },
  { value: 'PAGO', param: 'pagos', label: 'Pagos' },
  { value: 'CANCELADO', param: 'cancelados', label: 'Cancelados' },
];

export const SORT_OPTIONS: readonly { value: BoletoSort; param: string; label: string }[] = [
  { value: 'due_asc', param: 'vencimento', label: 'Vencimento crescente' },
  { value: 'due_desc', param: 'vencimento-desc', label: 'Vencimento decrescente' },
  { value: 'amount_desc', param: 'maior-valor', label: 'Maior valor' },
  { value: 'created_desc', param: 'recentes', label: 'Mais recentes' },
];

/** The URL's search-param names (Portuguese: users share and read these links). */
export const LIST_PARAMS = {
  unit: 'unidade',
  supplier: 'fornecedor',
  situation: 'situacao',
  dueFrom: 'de',
  dueTo: 'ate',
  search: 'busca',
  sort: 'ordem',
  page: 'pagina',
} as const;

/** The filters and the (0-based) page a URL describes; anything unreadable falls back to the default. */
export function filtersFromSearchParams(params: URLSearchParams): { filters: BoletoListFilters; page: number } {
  const situationParam = params.get(LIST_PARAMS.situation);
  const situation = SITUATION_FILTERS.find((option) => option.param === situationParam);
  const sortParam = params.get(LIST_PARAMS.sort);
  const sort = SORT_OPTIONS.find((option) => option.param === sortParam);
  let dueFrom = isValidDay(params.get(LIST_PARAMS.dueFrom)) ? params.get(LIST_PARAMS.dueFrom) : null;
  let dueTo = isValidDay(params.get(LIST_PARAMS.dueTo)) ? params.get(LIST_PARAMS.dueTo) : null;
  // A reversed period is read the way it was meant.
  if (dueFrom && dueTo && dueFrom > dueTo) [dueFrom, dueTo] = [dueTo, dueFrom];
  const pageNumber = Number(params.get(LIST_PARAMS.page));
  return {
    filters: {
      unitId: uuidOrNull(params.get(LIST_PARAMS.unit)),
      supplierId: uuidOrNull(params.get(LIST_PARAMS.supplier)),
      situation: situation ? situation.value : DEFAULT_BOLETO_FILTERS.situation,
      dueFrom,
      dueTo,
      search: (params.get(LIST_PARAMS.search) ?? '').slice(0, BOLETO_SEARCH_MAX),
      sort: sort ? sort.value : DEFAULT_BOLETO_FILTERS.sort,
    },
    page: Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber - 1 : 0,
  };
}

/** The URL of the filters and page: only what differs from the default is written. */
export function searchParamsFromFilters(filters: BoletoListFilters, page = 0): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.unitId) params.set(LIST_PARAMS.unit, filters.unitId);
  if (filters.supplierId) params.set(LIST_PARAMS.supplier, filters.supplierId);
  if (filters.situation !== DEFAULT_BOLETO_FILTERS.situation) {
    params.set(LIST_PARAMS.situation, SITUATION_FILTERS.find((option) => option.value === filters.situation)?.param ?? 'todos');
  }
  if (filters.dueFrom) params.set(LIST_PARAMS.dueFrom, filters.dueFrom);
  if (filters.dueTo) params.set(LIST_PARAMS.dueTo, filters.dueTo);
  if (filters.search.trim()) params.set(LIST_PARAMS.search, filters.search.slice(0, BOLETO_SEARCH_MAX));
  if (filters.sort !== DEFAULT_BOLETO_FILTERS.sort) {
    params.set(LIST_PARAMS.sort, SORT_OPTIONS.find((option) => option.value === filters.sort)?.param ?? 'vencimento');
  }
  if (page > 0) params.set(LIST_PARAMS.page, String(page + 1));
  return params;
}

/** True when any filter other than the sort differs from the list's default. */
export function hasActiveFilters(filters: BoletoListFilters): boolean {
  return (
    filters.unitId !== null ||
    filters.supplierId !== null ||
    filters.situation !== DEFAULT_BOLETO_FILTERS.situation ||
    filters.dueFrom !== null ||
    filters.dueTo !== null ||
    filters.search.trim() !== ''
  );
}

// ---------------------------------------------------------------------------
// Money

/** Cents of an amount in reais (sums in cents never drift: 0,1 + 0,2 is 0,30). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

// ---------------------------------------------------------------------------
// Situation, alerts and history as people read them

export type BadgeTone = 'danger' | 'warning' | 'neutral' | 'success' | 'muted';

/** The badge beside the due date: how late, due today, still to come, paid (when) or cancelled. */
export function situationBadge(row: Pick<BoletoRow, 'situation' | 'due_date' | 'paid_at'>, today: string): { text: string; tone: BadgeTone } {
  switch (row.situation) {
    case 'VENCIDO': {
      const days = Math.max(1, daysBetween(row.due_date, today));
      return { text: `Vencido há ${formatCount(days, 'dia', 'dias')}`, tone: 'danger' };
    }
    case 'VENCE_HOJE':
      return { text: 'Vence hoje', tone: 'warning' };
    case 'A_VENCER':
      return { text: 'A vencer', tone: 'neutral' };
    case 'PAGO':
      return { text: row.paid_at ? `Pago em ${formatShortDay(row.paid_at)}` : 'Pago', tone: 'success' };
    case 'CANCELADO':
      return { text: 'Cancelado', tone: 'muted' };
  }
}

/** How many days a still-to-come boleto has left ('Vence amanhã', 'Vence em 5 dias'), for a hint. */
export function dueHint(row: Pick<BoletoRow, 'situation' | 'due_date'>, today: string): string | null {
  if (row.situation !== 'A_VENCER') return null;
  const days = daysBetween(today, row.due_date);
  return days === 1 ? 'Vence amanhã' : `Vence em ${formatCount(days, 'dia', 'dias')}`;
}

export const SITUATION_LABELS: Record<BoletoSituation, string> = {
  A_VENCER: 'A vencer',
  VENCE_HOJE: 'Vence hoje',
  VENCIDO: 'Vencido',
  PAGO: 'Pago',
  CANCELADO: 'Cancelado',
};

/** `label`: what the alert is; `short`: the badge's text where space is tight; `description`: why it matters. */
export const ALERT_LABELS: Record<BoletoAlert, { label: string; short: string; description: string }> = {
  CODIGO_DUPLICADO: {
    label: 'Código já lançado',
    short: 'Código já lançado',
    description: 'Este mesmo código de barras já foi lançado em outro boleto (desta ou de outra unidade). Confira antes de pagar.',
  },
  POSSIVEL_DUPLICADO: {
    label: 'Possível duplicidade',
    short: 'Possível duplicidade',
    description: 'Há outro boleto do mesmo fornecedor, com o mesmo valor e o mesmo vencimento, nesta unidade.',
  },
  BANCO_DIVERGENTE: {
    label: 'Banco diferente do histórico do fornecedor — possível fraude',
    short: 'Banco diferente — possível fraude',
    description: 'O banco deste boleto não é nenhum dos que o fornecedor já usou. Confirme com o fornecedor por um canal conhecido antes de pagar.',
  },
};

export type HistoryStatus = BoletoStatus | 'EXCLUIDO';

/** What a history row means: 'Lançado', 'Pago', 'Cancelado', 'Reaberto' or 'Excluído'. */
export function historyEventLabel(fromStatus: string | null, toStatus: string): string {
  if (toStatus === 'EXCLUIDO') return 'Excluído';
  if (toStatus === 'PAGO') return 'Pago';
  if (toStatus === 'CANCELADO') return 'Cancelado';
  if (toStatus === 'PENDENTE') return fromStatus === null ? 'Lançado' : 'Reaberto';
  return toStatus;
}

export const STATUS_LABELS: Record<HistoryStatus, string> = {
  PENDENTE: 'Pendente',
  PAGO: 'Pago',
  CANCELADO: 'Cancelado',
  EXCLUIDO: 'Excluído',
};

/** 'Pendente → Pago' (or the status alone for the first row). */
export function historyTransition(fromStatus: string | null, toStatus: string): string {
  const label = (status: string) => STATUS_LABELS[status as HistoryStatus] ?? status;
  return fromStatus ? `${label(fromStatus)} → ${label(toStatus)}` : label(toStatus);
}

// ---------------------------------------------------------------------------
// Row actions

export type BoletoAction = 'pay' | 'edit' | 'cancel' | 'reopen' | 'delete' | 'history' | 'attachments';

/**
 * What a row offers, in menu order: a pending boleto is paid, edited, cancelled or deleted; only
 * an administrator undoes a payment or a cancellation (the database refuses anyone else).
 */
export function availableActions(row: Pick<BoletoRow, 'status'>, isAdmin: boolean): BoletoAction[] {
  if (row.status === 'PENDENTE') return ['pay', 'edit', 'attachments', 'history', 'cancel', 'delete'];
  return [...(isAdmin ? (['reopen'] as const) : []), 'attachments', 'history'];
}

/** Who is paid, for accessible names ('Ações do boleto de Distribuidora Alfa, NF 8120'). */
export function rowName(row: Pick<BoletoRow, 'supplier_name' | 'beneficiary' | 'document_number'>): string {
  const payee = row.supplier_name ?? row.beneficiary ?? 'boleto';
  return row.document_number ? `${payee}, ${row.document_number}` : payee;
}

/** 'Desfazer pagamento' for a paid boleto, 'Reabrir' for a cancelled one. */
export function reopenLabel(status: BoletoStatus): string {
  return status === 'PAGO' ? 'Desfazer pagamento' : 'Reabrir';
}

// ---------------------------------------------------------------------------
// Selection

/** Only pending boletos can be paid, so only they can be selected. */
export function isSelectable(row: Pick<BoletoRow, 'status'>): boolean {
  return row.status === 'PENDENTE';
}

/** Count and total (in reais, summed in cents) of the selected boletos. */
export function selectionSummary(rows: readonly Pick<BoletoRow, 'amount'>[]): { count: number; total: number } {
  return { count: rows.length, total: rows.reduce((sum, row) => sum + toCents(row.amount), 0) / 100 };
}

/** The selection after a refetch: boletos no longer on the page or no longer pending drop out. */
export function pruneSelection(selected: ReadonlyMap<string, BoletoRow>, rows: readonly BoletoRow[]): Map<string, BoletoRow> {
  const next = new Map<string, BoletoRow>();
  for (const row of rows) if (selected.has(row.id) && isSelectable(row)) next.set(row.id, row);
  return next;
}

/** The header checkbox: all pending boletos of the page selected, some, or none. */
export function pageSelectionState(rows: readonly BoletoRow[], selected: ReadonlyMap<string, unknown>): boolean | 'indeterminate' {
  const selectable = rows.filter(isSelectable);
  const count = selectable.filter((row) => selected.has(row.id)).length;
  if (count === 0) return false;
  return count === selectable.length ? true : 'indeterminate';
}

// ---------------------------------------------------------------------------
// Payment dates (the payment form's rules; its schema is in schemas.ts)

/** Days back from which a payment date asks for a confirmation in the form. */
export const BACKDATED_PAYMENT_DAYS = 30;

/** The São Paulo day a boleto was entered ('YYYY-MM-DD'). */
export function entryDay(createdAt: string): string {
  return toAppDateString(new Date(createdAt));
}

/** The earliest payment date of a selection: each boleto's issue date, or its entry day when it has none. */
export function earliestPaymentDay(boletos: readonly Pick<BoletoRow, 'issue_date' | 'created_at'>[]): string {
  return boletos.reduce((latest, boleto) => {
    const first = boleto.issue_date ?? entryDay(boleto.created_at);
    return first > latest ? first : latest;
  }, MIN_DAY);
}

/** True when the date is more than BACKDATED_PAYMENT_DAYS before today (the form asks to confirm it). */
export function isBackdatedPayment(paidAt: string, today: string): boolean {
  return isValidDay(paidAt) && paidAt < addDays(today, -BACKDATED_PAYMENT_DAYS);
}

/** 'já pago em 10/03/2025, Unidade Centro, R$ 815,00' (as the database says it). */
export function twinDescription(twin: BoletoTwin): string {
  if (twin.status === 'PAGO' && twin.paid_at) {
    return `já pago em ${formatDay(twin.paid_at)}, ${twin.unit_name}, ${formatCurrency(Number(twin.paid_amount ?? twin.amount))}`;
  }
  return `pendente na ${twin.unit_name}, vence em ${formatDay(twin.due_date)}, ${formatCurrency(Number(twin.amount))}`;
}
