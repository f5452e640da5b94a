/** Pure rules of /documentos: labels, badges, the URL's filters, file checks and the receipts export. */
import { daysBetween, formatNumber, formatPercent, isIsoDay } from '@/lib/dates';
import { detectFileType, type SignedFileType } from '@/lib/file-signature';
import { DOCUMENT_FILE_MAX_BYTES, type DocumentCategory, type DocumentDemand, type DocumentReceipts, type DocumentSummary } from '@/features/documents/schemas';

export const CATEGORY_LABELS: Record<DocumentCategory, string> = {
  COMUNICADO: 'Comunicado',
  PROCEDIMENTO: 'Procedimento (POP)',
  PRECO: 'Alteração de preço',
  RECALL: 'Recolhimento (recall)',
  REGULATORIO: 'Norma regulatória',
};

export const DEMAND_LABELS: Record<DocumentDemand, string> = {
  NENHUMA: 'Sem exigência',
  LEITURA: 'Leitura obrigatória',
  ACAO: 'Ação obrigatória por unidade',
};

// --- The URL -------------------------------------------------------------------------------------

export type DocumentFilter = 'TODOS' | 'PENDENTES' | 'GERENCIAR';
export const DOCUMENT_PAGE_SIZE = 20;
export const SEARCH_MAX = 100;

const FILTER_PARAM: Record<DocumentFilter, string | null> = { TODOS: null, PENDENTES: 'pendentes', GERENCIAR: 'gerenciar' };

export interface DocumentListParams {
  search: string;
  filter: DocumentFilter;
  /** Zero-based. */
  page: number;
}

/** ?busca=…&filtro=pendentes|gerenciar&pagina=2 → the list's filters (anything unknown reads as the default). */
export function listParamsFromSearch(params: URLSearchParams, canManage: boolean): DocumentListParams {
  const filterText = params.get('filtro');
  const filter: DocumentFilter = filterText === 'pendentes' ? 'PENDENTES' : filterText === 'gerenciar' && canManage ? 'GERENCIAR' : 'TODOS';
  const pageNumber = Number(params.get('pagina'));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0;
  return { search: (params.get('busca') ?? '').slice(0, SEARCH_MAX), filter, page };
}

/** The list's filters written into the current parameters (the open document and others are kept). */
export function withListParams(params: URLSearchParams, next: DocumentListParams): URLSearchParams {
  const result = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? result.set(key, value) : result.delete(key));
  set('busca', next.search.trim() || null);
  set('filtro', FILTER_PARAM[next.filter]);
  set('pagina', next.page > 0 ? String(next.page + 1) : null);
  return result;
}

/** The path of the pending list (the home card and the clock link here). */
export const PENDING_DOCUMENTS_SEARCH = '?filtro=pendentes';

// --- Badges --------------------------------------------------------------------------------------

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** 2026-12-03 → '3 de dezembro' (the year only when it is not `today`'s). */
export function formatDayMonth(day: string, today: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const base = `${date} de ${MONTHS[month - 1]}`;
  return year === Number(today.slice(0, 4)) ? base : `${base} de ${year}`;
}

export type DueTone = 'overdue' | 'soon' | 'later' | 'done';

/**
 * The due badge of a document with a demand: 'Atrasado' (the database says overdue and the demand
 * is still pending for the reader), 'Vence hoje', 'Vence amanhã', 'Vence em 3 de dezembro'; null
 * without a demand or a due date.
 */
export function dueBadge(document: Pick<DocumentSummary, 'demand' | 'due_date' | 'overdue' | 'my'>, today: string): { text: string; tone: DueTone } | null {
  if (document.demand === 'NENHUMA' || !document.due_date || !isIsoDay(document.due_date)) return null;
  const pending = document.my.pending;
  if (pending && (document.overdue || document.due_date < today)) return { text: 'Atrasado', tone: 'overdue' };
  const days = daysBetween(today, document.due_date);
  const text =
    days < 0 ? `Prazo: ${formatDayMonth(document.due_date, today)}` : days === 0 ? 'Vence hoje' : days === 1 ? 'Vence amanhã' : `Vence em ${formatDayMonth(document.due_date, today)}`;
  if (!pending) return { text, tone: 'done' };
  return { text, tone: days <= 2 ? 'soon' : 'later' };
}

/** The first characters of the content hash, as shown beside a recorded acknowledgement. */
export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}

/** 0.5 → '50 %' (whole percentages; 0 of 0 is 0 %). */
export function percent(part: number, whole: number): string {
  return formatPercent(whole === 0 ? 0 : Math.round((part / whole) * 100) / 100);
}

/** 12 → '12', 12.5 → '12,5' (up to three decimals, pt-BR). */
export function formatQuantity(value: number): string {
  return formatNumber(value, { maximumFractionDigits: 3 });
}

// --- Files ---------------------------------------------------------------------------------------

/** The file name kept readable in a storage path: no folders, accents or characters a path refuses. */
export function safeStorageName(name: string): string {
  const base = name.replace(/[/\\]+/g, '-').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = base
    .replace(/[^A-Za-z0-9._()-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '');
  return (cleaned || 'arquivo').slice(-120);
}

export type FileProblem = 'too_large' | 'content';

/** Why a file may not be attached (size first, then its first bytes), or its proven type. */
export function checkFile(size: number, head: Uint8Array): { ok: true; type: SignedFileType } | { ok: false; problem: FileProblem } {
  if (size > DOCUMENT_FILE_MAX_BYTES) return { ok: false, problem: 'too_large' };
  const type = detectFileType(head);
  return type ? { ok: true, type } : { ok: false, problem: 'content' };
}

/** 'acoes' photos and publisher files: `<document>/acoes/<unit>/<uuid>-<name>` and `<document>/<uuid>-<name>`. */
export function documentFilePath(documentId: string, fileName: string, uuid: string): string {
  return `${documentId}/${uuid}-${safeStorageName(fileName)}`;
}
export function actionPhotoPath(documentId: string, unitId: string, fileName: string, uuid: string): string {
  return `${documentId}/acoes/${unitId}/${uuid}-${safeStorageName(fileName)}`;
}

/** 1536 → '1,5 KB' */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, { maximumFractionDigits: 1 })} KB`;
  return `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
}

// --- Receipts export -----------------------------------------------------------------------------

export const RECEIPT_COLUMNS = ['Pessoa', 'Unidade', 'Função', 'Lido em', 'Ciente em', 'Versão confirmada', 'Situação'] as const;

/** One row per person of the audience, with what they did (the 'Exportar CSV' of the receipts panel). */
export function receiptRows(receipts: DocumentReceipts, roleLabel: (role: string) => string, formatAt: (at: string) => string): string[][] {
  return receipts.people.map((person) => [
    person.name,
    person.unit_name ?? 'Sem unidade',
    roleLabel(person.role),
    person.read_at ? formatAt(person.read_at) : '',
    person.acknowledged_at ? formatAt(person.acknowledged_at) : '',
    person.acknowledged_version === null ? '' : String(person.acknowledged_version),
    person.pending ? 'Pendente' : 'Em dia',
  ]);
}
