/**
 * The Correio's rules that need no server: what the URL says (folder, search, page, open thread),
 * which files may be attached (by content, not by name), how a reply is addressed, and how read
 * receipts read. Pure, with their tests.
 */
import { ROLE_LABELS, type Role } from '@/config/permissions';
import { detectFileType, FILE_SIGNATURE_BYTES } from '@/lib/file-signature';
import { formatDate, formatDateTime, formatNumber, formatTime, toAppDateString } from '@/lib/dates';
import { uuidOrNull } from '@/lib/utils';
import { MAIL_FOLDERS, SEARCH_MAX, type MailFolder, type MailMessage, type MailRecipientOption } from '@/features/mail/schemas';

// ---------------------------------------------------------------------------
// URL state: /correio?pasta=enviados&busca=nota&pagina=2&conversa=<thread id>

/** Threads per page (list_mail's p_limit). */
export const MAIL_PAGE_SIZE = 30;

export const MAIL_PARAMS = { folder: 'pasta', search: 'busca', page: 'pagina', thread: 'conversa', message: 'mensagem' } as const;

export const FOLDER_OPTIONS: readonly { value: MailFolder; param: string; label: string }[] = [
  { value: 'ENTRADA', param: 'entrada', label: 'Entrada' },
  { value: 'ENVIADOS', param: 'enviados', label: 'Enviados' },
  { value: 'ARQUIVO', param: 'arquivo', label: 'Arquivo' },
];

export interface MailView {
  folder: MailFolder;
  search: string;
  /** 0-based. */
  page: number;
  /** The open thread, or null for the list alone. */
  threadId: string | null;
  /** A message to open (from a notification: /correio?mensagem=<id>), resolved to its thread. */
  messageId: string | null;
}

/** What the URL asks for; anything unreadable falls back to the inbox's first page. */
export function mailViewFromParams(params: URLSearchParams): MailView {
  const folder = FOLDER_OPTIONS.find((option) => option.param === params.get(MAIL_PARAMS.folder))?.value ?? 'ENTRADA';
  const pageNumber = Number(params.get(MAIL_PARAMS.page));
  return {
    folder,
    search: (params.get(MAIL_PARAMS.search) ?? '').slice(0, SEARCH_MAX),
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber - 1 : 0,
    threadId: uuidOrNull(params.get(MAIL_PARAMS.thread)),
    messageId: uuidOrNull(params.get(MAIL_PARAMS.message)),
  };
}

/** The URL of a view (defaults left out: the inbox's first page is plain /correio). */
export function paramsFromMailView(view: MailView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.folder !== 'ENTRADA') params.set(MAIL_PARAMS.folder, FOLDER_OPTIONS.find((option) => option.value === view.folder)?.param ?? 'entrada');
  if (view.search.trim()) params.set(MAIL_PARAMS.search, view.search.trim());
  if (view.page > 0) params.set(MAIL_PARAMS.page, String(view.page + 1));
  if (view.threadId) params.set(MAIL_PARAMS.thread, view.threadId);
  if (view.messageId) params.set(MAIL_PARAMS.message, view.messageId);
  return params;
}

export function isMailFolder(value: string): value is MailFolder {
  return (MAIL_FOLDERS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------
// Attachments: pdf, images, xlsx and csv up to 10 MB, checked by content

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_MAX = 10;

export type MailAttachmentType =
  | 'application/pdf'
  | 'image/png'
  | 'image/jpeg'
  | 'image/webp'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'text/csv';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The extension each type is stored with. */
const TYPE_EXTENSIONS: Record<MailAttachmentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  [XLSX]: 'xlsx',
  'text/csv': 'csv',
};

export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.xlsx,.csv,application/pdf,image/jpeg,image/png,image/webp,text/csv';

/** How many bytes `mailAttachmentType` reads: the signature, and enough of a CSV to know it is text. */
export const ATTACHMENT_HEAD_BYTES = 4096;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const ZIP = [0x50, 0x4b, 0x03, 0x04] as const;

/** Plain text: no NUL byte and valid UTF-8 (a cut multi-byte character at the end of the head is fine). */
function isText(head: Uint8Array, complete: boolean): boolean {
  if (head.includes(0)) return false;
  // A head cut inside a UTF-8 sequence: drop up to 3 trailing bytes that start an unfinished sequence.
  let end = head.length;
  if (!complete) {
    for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
      const byte = head[end - back] ?? 0;
      if ((byte & 0xc0) === 0xc0) {
        end -= back;
        break;
      }
      if ((byte & 0x80) === 0) break;
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * The type a file is sent as, decided by its first bytes: PDF and images by their signature
 * (whatever the name says); a spreadsheet by its .xlsx name AND a zip container; a .csv by its
 * name AND text content. Null: not allowed (an HTML page named foto.png, a .exe named planilha.xlsx).
 * `complete`: the head is the whole file.
 */
export function mailAttachmentType(name: string, head: Uint8Array, complete: boolean): MailAttachmentType | null {
  const signed = detectFileType(head.subarray(0, FILE_SIGNATURE_BYTES));
  if (signed) return signed;
  const extension = extensionOf(name);
  if (extension === 'xlsx') return ZIP.every((byte, index) => head[index] === byte) ? XLSX : null;
  if (extension === 'csv') return head.length > 0 && isText(head, complete) ? 'text/csv' : null;
  return null;
}

/** A problem known from the file's size and count alone (before reading it), or null. */
export function attachmentSizeProblem(file: { size: number }, messages: { empty: string; tooLarge: string }): string | null {
  if (file.size === 0) return messages.empty;
  if (file.size > ATTACHMENT_MAX_BYTES) return messages.tooLarge;
  return null;
}

const NAME_MAX = 100;

/**
 * A storage-safe object name that stays readable: accents folded, path separators and characters
 * outside letters, digits, space and . _ - ( ) replaced, at most 100 characters, ending in the
 * extension of the type it is sent as ('Nota Março.PDF' → 'Nota Marco.pdf').
 */
export function safeFileName(originalName: string, type: MailAttachmentType): string {
  const extension = TYPE_EXTENSIONS[type];
  const folded = originalName.replace(/[/\\]+/g, '-').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const own = extensionOf(folded);
  const knownOwn = own === extension || (extension === 'jpg' && own === 'jpeg');
  let stem = knownOwn ? folded.slice(0, folded.length - own.length - 1) : folded;
  stem = stem
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .replace(/_+/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s._-]+|[\s._-]+$/g, '');
  stem = stem.slice(0, NAME_MAX - extension.length - 1).trim();
  return `${stem || 'anexo'}.${extension}`;
}

/** '1,5 MB', '320 KB' */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

// ---------------------------------------------------------------------------
// Replies and recipients

/** What the compose dialog starts with: empty for a new message; the recipients and 'Re: …' subject of a reply. */
export interface ComposeDraft {
  recipients: MailRecipientOption[];
  subject: string;
  /** The message answered (its thread continues), or null. */
  replyTo: string | null;
}

export const NEW_MESSAGE: ComposeDraft = { recipients: [], subject: '', replyTo: null };

export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[role as Role] ?? role;
}

/** A recipient chip's key (a user and a unit never collide). */
export function recipientKey(recipient: Pick<MailRecipientOption, 'kind' | 'id'>): string {
  return `${recipient.kind}:${recipient.id}`;
}

/**
 * Who a reply goes to. 'Responder': the sender of the message (or, replying to one's own message,
 * the people it was addressed to). 'Responder a todos': the sender and everything the message was
 * addressed to (people, units, roles), never oneself. A representative writes only to people.
 */
export function replyRecipients(message: MailMessage, myId: string, all: boolean, peopleOnly: boolean): MailRecipientOption[] {
  const chosen = new Map<string, MailRecipientOption>();
  const add = (option: MailRecipientOption) => {
    if (option.kind === 'user' && option.id === myId) return;
    if (peopleOnly && option.kind !== 'user') return;
    chosen.set(recipientKey(option), option);
  };
  const person = (id: string, name: string | null): MailRecipientOption => ({ kind: 'user', id, name: name ?? 'Usuário', detail: null });
  const addressed = () => {
    for (const user of message.addressed_to.users) add(person(user.id, user.name));
    for (const unit of message.addressed_to.units) add({ kind: 'unit', id: unit.id, name: unit.name, detail: null });
    for (const role of message.addressed_to.roles) add({ kind: 'role', id: role, name: roleLabel(role), detail: null });
  };
  if (message.mine) {
    addressed();
    // A message addressed only to units or roles, answered by a representative: its actual recipients.
    if (chosen.size === 0) for (const recipient of message.recipients) add(person(recipient.id, recipient.name));
  } else {
    add(person(message.sender.id, message.sender.name));
    if (all) addressed();
  }
  return [...chosen.values()];
}

/** 'Para: Bruno Balconista, Unidade Centro, Compradores' */
export function addressedToLine(message: Pick<MailMessage, 'addressed_to'>): string {
  const names = [
    ...message.addressed_to.users.map((user) => user.name ?? 'Usuário'),
    ...message.addressed_to.units.map((unit) => unit.name),
    ...message.addressed_to.roles.map((role) => roleLabel(role)),
  ];
  return names.join(', ');
}

// ---------------------------------------------------------------------------
// Dates and read receipts

/** A list date: the time for today's mail, the date and time otherwise. */
export function formatMailDate(iso: string, now: Date = new Date()): string {
  return toAppDateString(iso) === toAppDateString(now) ? formatTime(iso) : formatDateTime(iso);
}

/** 'Lida por Bruno Balconista às 14:05', 'Lida por Bruno Balconista em 25/11/2026 às 14:05', 'Não lida por Bruno Balconista'. */
export function readReceiptLine(recipient: { name: string | null; read_at: string | null }, now: Date = new Date()): string {
  const name = recipient.name ?? 'Usuário';
  if (!recipient.read_at) return `Não lida por ${name}`;
  return toAppDateString(recipient.read_at) === toAppDateString(now)
    ? `Lida por ${name} às ${formatTime(recipient.read_at)}`
    : `Lida por ${name} em ${formatDate(recipient.read_at)} às ${formatTime(recipient.read_at)}`;
}

/** Whether the caller has an unread copy of any message of the thread (opening it marks them read). */
export function hasUnreadFor(messages: readonly MailMessage[], myId: string): boolean {
  return messages.some((message) => message.recipients.some((recipient) => recipient.id === myId && recipient.read_at === null));
}
