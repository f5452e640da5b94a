/**
 * Pure rules of the boleto entry (no React, no I/O): what the code field says while the user types,
 * amounts typed the Brazilian way, attachment names and checks, supplier search and the texts of
 * the warnings shown before saving.
 */
import { formatCurrency, formatDay, formatNumber } from '@/lib/dates';
import { foldText } from '@/lib/text';
import { bankLabel } from '@/features/boletos/banks';
import { expectedCodeLength, onlyDigits, parseBoletoCode, type BoletoCodeField, type DecodedBoleto } from '@/features/boletos/code';
import { boletoCodeMessages } from '@/features/boletos/messages';

// ---------------------------------------------------------------------------------------------
// The code field

export type CodeStatus =
  | { state: 'empty' }
  /** Fewer digits than a complete code (or between lengths): how many are missing, no error yet. */
  | { state: 'typing'; digits: number; message: string }
  | { state: 'invalid'; digits: number; field: BoletoCodeField; message: string }
  | { state: 'valid'; digits: number; value: DecodedBoleto };

/**
 * The code field's state. No error while the user is still typing: below 44 digits, at 45 or 46 (on
 * the way to a 47- or 48-digit linha) and at 47 digits starting with 8 (an arrecadação linha has 48)
 * the answer is how many digits are missing ('Faltam 3 dígitos para um boleto bancário (47)'); a
 * non-digit, a complete length with a wrong check digit or more than 48 digits is an error at once.
 */
export function codeStatus(input: string, today?: string): CodeStatus {
  const result = parseBoletoCode(input, today);
  const digits = onlyDigits(input);
  if (result.ok) return { state: 'valid', digits: digits.length, value: result.value };
  if (result.defect === 'empty') return { state: 'empty' };
  if (result.defect !== 'notDigits' && isIncompleteLength(digits)) {
    return { state: 'typing', digits: digits.length, message: boletoCodeMessages.length(digits.length, expectedCodeLength(digits)) };
  }
  return { state: 'invalid', digits: digits.length, field: result.field, message: result.message };
}

function isIncompleteLength(digits: string): boolean {
  const n = digits.length;
  return n < 44 || n === 45 || n === 46 || (n === 47 && digits.startsWith('8'));
}

/**
 * The one message the form gives for a code that cannot be saved (null: a valid code): what the
 * field already says, so saving never adds a second, different one.
 */
export function codeProblem(input: string): string | null {
  const status = codeStatus(input);
  if (status.state === 'valid') return null;
  return status.state === 'empty' ? boletoCodeMessages.empty : status.message;
}

export const CODE_KIND_LABELS = {
  BANCARIO: 'Boleto bancário',
  ARRECADACAO: 'Conta de consumo ou tributo',
} as const;

/** FEBRABAN arrecadação segments (second digit of the code). */
const SEGMENT_LABELS: Readonly<Record<number, string>> = {
  1: 'Prefeituras',
  2: 'Saneamento',
  3: 'Energia elétrica e gás',
  4: 'Telecomunicações',
  5: 'Órgãos governamentais',
  6: 'Carnês e assemelhados',
  7: 'Multas de trânsito',
  9: 'Uso exclusivo do banco',
};

/** 'Energia elétrica e gás', or 'Segmento 8' for a segment without a name. */
export function segmentLabel(segment: number): string {
  return SEGMENT_LABELS[segment] ?? `Segmento ${segment}`;
}

/** Who issues the code as the summary shows it: the bank label or the arrecadação segment. */
export function issuerLabel(value: DecodedBoleto): string {
  if (value.bankCode !== null) return bankLabel(value.bankCode);
  return value.segment !== null ? segmentLabel(value.segment) : '—';
}

// ---------------------------------------------------------------------------------------------
// Amounts

export const AMOUNT_MAX = 99_999_999.99;

/**
 * An amount typed the Brazilian way ('1.234,56', 'R$ 12,5', '1234.56', '1.234'): reais rounded to
 * cents. '' → null; anything else (letters, three decimals, misplaced dots) → NaN.
 */
export function parseAmountInput(text: string): number | null {
  const cleaned = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (cleaned === '') return null;
  let normalized: string;
  if (cleaned.includes(',')) {
    if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d{0,2})?$/.test(cleaned)) return Number.NaN;
    normalized = cleaned.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+(\.\d{1,2})?$/.test(cleaned)) {
    normalized = cleaned;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(cleaned)) {
    normalized = cleaned.replace(/\./g, '');
  } else {
    return Number.NaN;
  }
  if (normalized.endsWith('.')) normalized = normalized.slice(0, -1);
  const value = Number(normalized);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : Number.NaN;
}

/** 1234.5 → '1.234,50' (what the amount field shows, without 'R$'). */
export function formatAmountInput(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

// ---------------------------------------------------------------------------------------------
// Attachments

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** What the file input accepts (the bucket refuses any other type). */
export const ATTACHMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp';

export interface AttachmentLike {
  name: string;
  size: number;
  type: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The MIME type the upload declares: the browser's, or the extension's when the browser gives none. */
export function attachmentContentType(file: AttachmentLike): string | null {
  if (ATTACHMENT_TYPES[file.type]) return file.type;
  if (file.type === '' || file.type === 'application/octet-stream') return EXTENSION_TYPES[extensionOf(file.name)] ?? null;
  return null;
}

export const ATTACHMENT_TYPE_MESSAGE = 'O anexo deve ser um arquivo PDF, JPG, PNG ou WEBP.';
export const ATTACHMENT_SIZE_MESSAGE = 'O anexo deve ter no máximo 10 MB.';
export const ATTACHMENT_EMPTY_MESSAGE = 'O arquivo do anexo está vazio.';

/** Why a file cannot be attached, or null when it can. */
export function attachmentProblem(file: AttachmentLike): string | null {
  if (attachmentContentType(file) === null) return ATTACHMENT_TYPE_MESSAGE;
  if (file.size === 0) return ATTACHMENT_EMPTY_MESSAGE;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_SIZE_MESSAGE;
  return null;
}

const NAME_MAX = 100;

/**
 * A storage-safe object name that stays readable: no folders (path separators become '-'), accents folded ('Nota Fiscal Março.pdf' → 'Nota Fiscal Marco.pdf'), characters
 * outside letters, digits, space and . _ - ( ) + , replaced by '_', at most 100 characters, and the
 * extension of its type. An empty result becomes 'anexo.<ext>'.
 */
export function safeFileName(originalName: string, contentType: string | null): string {
  // Browsers give a bare name; a separator in it is text ('Boleto 11/2026.pdf'), never a folder.
  const base = originalName.replace(/[/\\]+/g, '-');
  const folded = base.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const ownExtension = extensionOf(folded);
  const ownType = EXTENSION_TYPES[ownExtension];
  // A known extension is written again (lower case) after cleaning; any other stays in the stem.
  let stem = ownType ? folded.slice(0, folded.length - ownExtension.length - 1) : folded;
  const typeExtension = contentType ? ATTACHMENT_TYPES[contentType] : undefined;
  const extension = typeExtension ? (ownType === contentType ? ownExtension : typeExtension) : ownType ? ownExtension : '';
  stem = stem
    .replace(/[^A-Za-z0-9 ._()+,-]/g, '_')
    .replace(/_+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s._-]+|[\s._-]+$/g, '');
  const room = NAME_MAX - (extension ? extension.length + 1 : 0);
  stem = stem.slice(0, room).trimEnd();
  if (stem === '') stem = 'anexo';
  return extension ? `${stem}.${extension}` : stem;
}

/** 'NF 7802.pdf' + '20261125-143005' → 'NF 7802-20261125-143005.pdf' (a second file with the same name). */
export function withNameSuffix(name: string, suffix: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}-${suffix}${name.slice(dot)}` : `${name}-${suffix}`;
}

/** '1,5 MB', '320 KB' */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// ---------------------------------------------------------------------------------------------
// Suppliers

export interface SupplierOption {
  id: string;
  name: string;
  cnpj: string | null;
}

/** '12345678000195' or '12.345.678/0001-95' → '12.345.678/0001-95'; anything else as it is. */
export function formatCnpj(cnpj: string | null): string {
  if (!cnpj) return '';
  const d = cnpj.replace(/\D/g, '');
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : cnpj;
}

/**
 * Suppliers whose name contains every word of the query (accents and case ignored) or whose CNPJ
 * contains its digits; names starting with the query first, then by name; at most `limit`.
 */
export function filterSuppliers(suppliers: readonly SupplierOption[], query: string, limit = 50): SupplierOption[] {
  const folded = foldText(query.trim());
  if (folded === '') return suppliers.slice(0, limit);
  const words = folded.split(/\s+/);
  const digits = query.replace(/\D/g, '');
  const matches: { supplier: SupplierOption; starts: boolean }[] = [];
  for (const supplier of suppliers) {
    const name = foldText(supplier.name);
    const byName = words.every((word) => name.includes(word));
    const byCnpj = digits.length >= 2 && digits.length === query.replace(/[\s./-]/g, '').length && (supplier.cnpj ?? '').replace(/\D/g, '').includes(digits);
    if (byName || byCnpj) matches.push({ supplier, starts: name.startsWith(folded) });
  }
  matches.sort((a, b) => Number(b.starts) - Number(a.starts) || a.supplier.name.localeCompare(b.supplier.name, 'pt-BR'));
  return matches.slice(0, limit).map((match) => match.supplier);
}

// ---------------------------------------------------------------------------------------------
// Warnings before saving (check_boleto_warnings)

type WarningStatus = 'PENDENTE' | 'PAGO' | 'CANCELADO';

export interface SameCodeBoleto {
  /** Null when the boleto is in a unit the caller does not work in. */
  id: string | null;
  unit_name: string;
  status: WarningStatus;
  due_date: string;
  amount: number;
  /** PAGO: when and how much (the paste-time warning names them). */
  paid_at?: string | null;
  paid_amount?: number | null;
}

export interface SameSupplierBoleto {
  id: string;
  unit_name: string;
  status: WarningStatus;
  due_date: string;
  amount: number;
  document_number: string | null;
}

export interface BoletoWarnings {
  same_code: SameCodeBoleto[];
  same_supplier_amount_due: SameSupplierBoleto[];
  bank_code: string | null;
  supplier_banks: string[];
  bank_differs: boolean;
}

export interface WarningItem {
  kind: 'same_code' | 'same_supplier_amount_due' | 'bank_differs';
  /** 'fraud' for the bank divergence (shown in red), 'duplicate' otherwise. */
  severity: 'duplicate' | 'fraud';
  text: string;
}

const STATUS_WORDS: Readonly<Record<WarningStatus, string>> = { PENDENTE: 'pendente', PAGO: 'pago', CANCELADO: 'cancelado' };

/** 'na Unidade Norte', but 'na unidade Centro' for a unit whose name does not say "Unidade". */
function inUnit(unitName: string): string {
  return /^unidade\b/i.test(unitName.trim()) ? `na ${unitName.trim()}` : `na unidade ${unitName.trim()}`;
}

/** 'NF 7802' for '7802', and 'NF 7802' unchanged. */
function documentLabel(documentNumber: string): string {
  const text = documentNumber.trim();
  return /^(nf|nota|doc|dup|fat)/i.test(text) ? text : `NF ${text}`;
}

/**
 * A boleto with the same code, in one sentence: 'Este código já foi lançado: já pago em 01/10/2026,
 * Unidade Centro, R$ 10,00.' for a paid one, its unit, status and due date otherwise.
 */
export function sameCodeText(other: SameCodeBoleto, today: string): string {
  if (other.status === 'PAGO' && other.paid_at) {
    return `Este código já foi lançado: já pago em ${formatDay(other.paid_at)}, ${other.unit_name.trim()}, ${formatCurrency(other.paid_amount ?? other.amount)}.`;
  }
  const due = `${other.due_date < today ? 'venceu' : 'vence'} em ${formatDay(other.due_date)}`;
  return `Este código já foi lançado ${inUnit(other.unit_name)} (${STATUS_WORDS[other.status]}, ${due}, ${formatCurrency(other.amount)}).`;
}

/** True when there is anything to confirm before saving. */
export function hasWarnings(warnings: BoletoWarnings): boolean {
  return warnings.same_code.length > 0 || warnings.same_supplier_amount_due.length > 0 || warnings.bank_differs;
}

/**
 * The warnings in Portuguese, one sentence each: same code anywhere in the chain, same supplier
 * with the same amount and due date in the unit, and a bank this supplier never used.
 */
export function warningItems(warnings: BoletoWarnings, context: { supplierName: string | null; today: string }): WarningItem[] {
  const items: WarningItem[] = [];
  for (const other of warnings.same_code) items.push({ kind: 'same_code', severity: 'duplicate', text: sameCodeText(other, context.today) });
  for (const other of warnings.same_supplier_amount_due) {
    const details = [other.document_number ? documentLabel(other.document_number) : null, other.status === 'PAGO' ? 'já pago' : null].filter(Boolean);
    const who = context.supplierName ? `de ${context.supplierName} ` : 'deste fornecedor ';
    items.push({
      kind: 'same_supplier_amount_due',
      severity: 'duplicate',
      text:
        `Já existe boleto ${who}com o mesmo valor (${formatCurrency(other.amount)}) e vencimento (${formatDay(other.due_date)}) nesta unidade` +
        (details.length > 0 ? ` (${details.join(', ')}).` : '.'),
    });
  }
  if (warnings.bank_differs && warnings.bank_code) {
    const usual = warnings.supplier_banks.map(bankLabel).join(', ');
    items.push({
      kind: 'bank_differs',
      severity: 'fraud',
      text:
        `Possível boleto falso: o banco deste boleto (${bankLabel(warnings.bank_code)}) é diferente do histórico deste fornecedor (${usual}). ` +
        'Confirme os dados com o fornecedor por um canal conhecido antes de pagar.',
    });
  }
  return items;
}
