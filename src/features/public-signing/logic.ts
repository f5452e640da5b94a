/**
 * The signature page's pure rules: the link's token, the discrepancy lines and their payload, the signer's checks.
 * Dates are formatted by src/lib/plain-dates.ts (Intl, not date-fns: the page has a 120 KB gzipped budget).
 */
import { formatCount, formatSaoPauloDateTime } from '@/lib/plain-dates';
import { isValidCpf } from '@/lib/br-documents';
import { FIELD_ERRORS } from '@/features/public-signing/messages';
import { normalizeToken } from '@/features/public-signing/link';
import type { SignatureLine, SignatureShipmentItem, SignShipmentArgs } from '@/features/public-signing/types';

export { isSigningPath, isTokenShape, normalizeToken, SIGNING_PATH_PREFIX, tokenFromPath } from '@/features/public-signing/link';

export const NOTE_MAX_LENGTH = 300;
export const NAME_MIN_LENGTH = 3;
/** sign_shipment refuses a larger data URL. */
export const SIGNATURE_PNG_MAX_LENGTH = 300_000;

/** REM-000042 */
export function shipmentLabel(number: number): string {
  return `REM-${String(number).padStart(6, '0')}`;
}

/** The first 16 hex characters of the content hash, as shown to the signer ('Código de verificação'). */
export function verificationCode(hash: string): string {
  return `${hash.slice(0, 16)}…`;
}

/** '1 item com divergência', '3 itens com divergência', 'Nenhuma divergência'. */
export function discrepancyCountLabel(count: number): string {
  if (count <= 0) return 'Nenhuma divergência';
  return formatCount(count, 'item com divergência', 'itens com divergência');
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** An instant's day (dd/MM/yyyy), time (HH:mm), '25 de novembro' and year in São Paulo (formatSaoPauloDateTime's parts). */
function saoPauloMoment(date: Date): { day: string; time: string; dayMonth: string; year: string } {
  const text = formatSaoPauloDateTime(date);
  return { day: text.slice(0, 10), time: text.slice(11, 16), dayMonth: `${Number(text.slice(0, 2))} de ${MONTHS[Number(text.slice(3, 5)) - 1] ?? ''}`, year: text.slice(6, 10) };
}

/**
 * When a receipt was signed, as the reload's heading says it after 'Já assinado por <nome>' (São Paulo time):
 * 'às 14:32' today, 'ontem às 14:32', 'em 25 de novembro às 14:32' this year, 'em 30 de dezembro de 2025 às 09:05'.
 */
export function signedWhenText(signedAt: string, now: Date = new Date()): string {
  const date = new Date(signedAt);
  if (Number.isNaN(date.getTime())) return '';
  const signed = saoPauloMoment(date);
  const today = saoPauloMoment(now);
  if (signed.day === today.day) return `às ${signed.time}`;
  if (signed.day === saoPauloMoment(new Date(now.getTime() - 86_400_000)).day) return `ontem às ${signed.time}`;
  return `em ${signed.dayMonth}${signed.year === today.year ? '' : ` de ${signed.year}`} às ${signed.time}`;
}

/** 'Já assinado por Maria Souza às 14:32': the heading of a receipt this browser kept, shown again on reload. */
export function alreadySignedHeading(signerName: string, signedAt: string, now: Date = new Date()): string {
  return `Já assinado por ${signerName} ${signedWhenText(signedAt, now)}`.trim();
}

// ---------------------------------------------------------------------------
// Discrepancies, one draft per shipment line (what the inputs hold, as typed).

export interface LineDraft {
  /** 'Registrar divergência' is ticked: only then is the line sent. */
  open: boolean;
  short: string;
  damaged: string;
  shortDated: string;
  note: string;
}

export const EMPTY_LINE_DRAFT: LineDraft = { open: false, short: '', damaged: '', shortDated: '', note: '' };

/** A typed quantity: '' is 0, digits are their integer, anything else (negative, decimal, letters) is null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Whether an open line reports anything: a quantity above zero or an observation. */
export function lineHasDifference(draft: LineDraft): boolean {
  const quantities = [draft.short, draft.damaged, draft.shortDated].map(parseQuantity);
  return quantities.some((quantity) => quantity !== null && quantity > 0) || draft.note.trim() !== '';
}

/**
 * The error shown under a line, or undefined. Quantities must be whole numbers ≥ 0 whose sum does not pass what was
 * sent; the observation has at most 300 characters. `submitted`: an open line reporting nothing is an error too
 * (only once the signer tried to sign, not while typing).
 */
export function lineError(draft: LineDraft, quantity: number, submitted: boolean): string | undefined {
  if (!draft.open) return undefined;
  const quantities = [draft.short, draft.damaged, draft.shortDated].map(parseQuantity);
  if (quantities.some((value) => value === null)) return FIELD_ERRORS.quantityFormat;
  const sum = quantities.reduce<number>((total, value) => total + (value ?? 0), 0);
  if (sum > quantity) return FIELD_ERRORS.quantitySum(sum, quantity);
  if (draft.note.trim().length > NOTE_MAX_LENGTH) return FIELD_ERRORS.noteLength;
  if (submitted && !lineHasDifference(draft)) return FIELD_ERRORS.lineEmpty;
  return undefined;
}

/** The p_lines of sign_shipment: only ticked lines that report a difference, in the shipment's order. */
export function buildLines(items: readonly SignatureShipmentItem[], drafts: Readonly<Record<string, LineDraft>>): SignatureLine[] {
  const lines: SignatureLine[] = [];
  for (const item of items) {
    const draft = drafts[item.id];
    if (!draft?.open || !lineHasDifference(draft)) continue;
    const note = draft.note.trim();
    lines.push({
      item_id: item.id,
      short_quantity: parseQuantity(draft.short) ?? 0,
      damaged_quantity: parseQuantity(draft.damaged) ?? 0,
      short_dated_quantity: parseQuantity(draft.shortDated) ?? 0,
      note: note === '' ? null : note,
    });
  }
  return lines;
}

// ---------------------------------------------------------------------------
// The signer.

export interface SignerDraft {
  name: string;
  cpf: string;
  signatureEmpty: boolean;
  accepted: boolean;
}

export type SignerField = 'name' | 'cpf' | 'signature' | 'accepted';

/** The signer's field errors (the same checks sign_shipment makes, plus the acceptance checkbox). */
export function signerErrors(draft: SignerDraft): Partial<Record<SignerField, string>> {
  const errors: Partial<Record<SignerField, string>> = {};
  const name = draft.name.trim();
  if (name === '') errors.name = FIELD_ERRORS.nameRequired;
  else if (name.length < NAME_MIN_LENGTH) errors.name = FIELD_ERRORS.nameShort;
  if (draft.cpf.trim() === '') errors.cpf = FIELD_ERRORS.cpfRequired;
  else if (!isValidCpf(draft.cpf)) errors.cpf = FIELD_ERRORS.cpfInvalid;
  if (draft.signatureEmpty) errors.signature = FIELD_ERRORS.signatureEmpty;
  if (!draft.accepted) errors.accepted = FIELD_ERRORS.acceptanceRequired;
  return errors;
}

/**
 * The arguments of sign_shipment (the name with single spaces, the CPF as 11 digits), with this browser's device id
 * when it has one (the staff app's, on a sender's computer: the database compares it with the sender's and flags the
 * signature; a receiver's phone has none and sends none).
 */
export function buildSignArgs(
  token: string,
  signer: Pick<SignerDraft, 'name' | 'cpf'>,
  signaturePng: string,
  lines: SignatureLine[],
  deviceId: string | null = null,
): SignShipmentArgs {
  return {
    p_token: normalizeToken(token),
    p_signer_name: signer.name.trim().replace(/\s+/g, ' '),
    p_signer_document: signer.cpf.replace(/\D/g, ''),
    p_signature_png: signaturePng,
    p_lines: lines,
    ...(deviceId ? { p_device_id: deviceId } : {}),
  };
}
