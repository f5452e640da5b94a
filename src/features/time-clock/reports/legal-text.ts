/**
 * What the AFD and the AEJ have in common (Portaria 671, layouts of the AFD and the AEJ): ISO-8859-1 text, one
 * record per line ending CR LF, dates 'AAAA-MM-dd' and date-times 'AAAA-MM-ddThh:mm:00ZZZZZ' in the place's time
 * (São Paulo here), seconds always '00'.
 */
import { formatSaoPauloDateTime } from '@/lib/dates';

/**
 * The notice both files carry on their last line (where a certified file carries its signature line) and the
 * screen repeats: this is the chain's internal time control, not a certified REP-P, and the detached signature
 * (CAdES .p7s with an ICP-Brasil certificate, Portaria 671 art. 87/88) is not produced because the chain has no
 * such certificate here. ASCII only, so it reads the same in any encoding.
 */
export const LEGAL_FILE_NOTICE_LINE = 'CONTROLE INTERNO DE JORNADA DA REDE - NAO E UM REP-P CERTIFICADO - SEM ASSINATURA ICP-BRASIL';

/** The same notice as the screen shows it. */
export const LEGAL_FILE_NOTICE =
  'Controle interno de jornada da rede — não é um REP-P certificado; a assinatura digital (ICP-Brasil) do arquivo oficial não é gerada';

/**
 * A text made writable in ISO-8859-1: characters outside it lose their accent when they have one ('ŝ' → 's'),
 * dashes and quotes become their ASCII forms, anything else becomes '?'. Line breaks and the AEJ's '|' (which
 * would split a field) become spaces.
 */
export function toLatin1Text(value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (char === '\r' || char === '\n' || char === '\t' || char === '|') out += ' ';
    else if (code < 0x20) continue;
    else if (code <= 0xff) out += char;
    else if (/[\u2010-\u2015\u2212]/.test(char)) out += '-';
    else if (/[\u2018\u2019]/.test(char)) out += "'";
    else if (/[\u201c\u201d]/.test(char)) out += '"';
    else {
      const stripped = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += stripped.length > 0 && [...stripped].every((c) => (c.codePointAt(0) ?? 0x100) <= 0xff) ? stripped : '?';
    }
  }
  return out;
}

/** The bytes of a text already reduced to ISO-8859-1 (one byte per character). */
export function latin1Bytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    bytes[index] = code <= 0xff ? code : 0x3f;
  }
  return bytes;
}

/** Lines joined the way both files end every record: CR LF, the last one too. */
export function joinRecords(lines: readonly string[]): string {
  return lines.map((line) => `${line}\r\n`).join('');
}

/** An instant as the files write it: '2026-11-26T08:02:00-0300' (São Paulo wall clock and offset, seconds '00'). */
export function legalDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const wall = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(formatSaoPauloDateTime(date));
  if (!wall) throw new RangeError(`Data e hora inválida: ${String(value)}`);
  const [, day, month, year, hour, minute] = wall;
  // The offset is the São Paulo wall clock read as UTC minus the instant (both to the minute): -180 → '-0300'.
  const wallAsUtc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  const offset = Math.round((wallAsUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
  const abs = Math.abs(offset);
  const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `${year}-${month}-${day}T${hour}:${minute}:00${zone}`;
}

/** 'HH:MM[:SS]' → 'hhmm' (the AEJ's hour fields). */
export function legalHour(time: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  if (!match) throw new RangeError(`Hora inválida: ${time}`);
  return `${match[1]}${match[2]}`;
}

/** Hex of a SHA-256 (lower case) of bytes, with Web Crypto (the browser's and Node's). */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Este navegador não calcula SHA-256 (Web Crypto indisponível)');
  const digest = await subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
