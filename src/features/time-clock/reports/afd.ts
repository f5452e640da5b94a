/**
 * The AFD (Arquivo Fonte de Dados) of a unit's punches for a period, in the REP-P layout of Portaria 671
 * (docs/time-clock-legal-files.md gives every field and what was verified):
 *
 *   1 header (302) · 2 employer identification (331) · 5 one per employee (118) · 7 one per punch, in NSR order (137)
 *   · 9 trailer (64) · then, where a certified file carries its signature line, the notice line (100).
 *
 * ISO-8859-1 bytes, CR LF after every line, alphanumeric fields left-aligned and padded with spaces, numeric fields
 * right-aligned with zeros, absent optional fields blank. Records 1, 2 and 5 end with their CRC-16/KERMIT; record 7
 * ends with a SHA-256 chained to the previous record 7's.
 *
 * This is the chain's internal time control, not a certified REP-P: the official file is delivered with a detached
 * CAdES signature (.p7s) made with an ICP-Brasil certificate, which the chain does not have here. So no .p7s is
 * produced, and the line where the signature reference would go says so instead (LEGAL_FILE_NOTICE_LINE).
 */
import { crc16KermitHex } from '@/features/time-clock/reports/crc16';
import type { AfdData } from '@/features/time-clock/reports/legal-files';
import { LEGAL_FILE_NOTICE_LINE, joinRecords, latin1Bytes, legalDateTime, sha256Hex, toLatin1Text } from '@/features/time-clock/reports/legal-text';

/** The length of each record type, CR LF excluded ('A' is the final notice/signature line). */
export const AFD_RECORD_LENGTHS = { '1': 302, '2': 331, '5': 118, '7': 137, '9': 64, A: 100 } as const;

/** Layout version of the AFD (record 1, field 11). */
export const AFD_LAYOUT_VERSION = '003';

/** Record 7, field 6: where the mark was collected ('02' = browser: punches come from authorized computers' browsers). */
export const AFD_COLLECTOR_BROWSER = '02';

/** Record 1, field 7 and the file name: the REP-P's INPI registration number. The chain has none, so zeros. */
export const AFD_NO_INPI_NUMBER = '0'.repeat(17);

/** Record 7's part that the hash covers: fields 1 to 7 (positions 1–73). */
const RECORD7_HASHED_LENGTH = 73;

/** A numeric field: digits right-aligned with zeros. */
function num(value: string | number, width: number): string {
  const digits = String(value);
  if (!/^\d+$/.test(digits) || digits.length > width) throw new RangeError(`Campo numérico inválido para ${width} posições: ${digits}`);
  return digits.padStart(width, '0');
}

/** An alphanumeric field: ISO-8859-1 text left-aligned, padded with spaces, cut at the width. */
function alpha(value: string, width: number): string {
  return toLatin1Text(value).trim().slice(0, width).padEnd(width, ' ');
}

/** An optional numeric field: blank when absent. */
function optionalNum(value: string | null, width: number): string {
  return value ? num(value, width) : ' '.repeat(width);
}

function withCrc(record: string): string {
  return record + crc16KermitHex(record);
}

function check(record: string, type: keyof typeof AFD_RECORD_LENGTHS): string {
  if (record.length !== AFD_RECORD_LENGTHS[type]) {
    throw new Error(`Registro tipo ${type} com ${record.length} posições (esperado ${AFD_RECORD_LENGTHS[type]})`);
  }
  return record;
}

export interface BuiltLegalFile {
  fileName: string;
  /** The file as ISO-8859-1 bytes (what is downloaded). */
  bytes: Uint8Array;
  /** The same file as text (every character is ISO-8859-1). */
  text: string;
}

/** 'AFD' + INPI number + employer CNPJ + 'REP_P' (the layout's naming rule), '.txt'. */
export function afdFileName(cnpj: string): string {
  return `AFD${AFD_NO_INPI_NUMBER}${cnpj}REP_P.txt`;
}

/** Record 7 without its hash, then the hash over fields 1–7 followed by the previous record 7's hash (none for the first). */
export async function record7Hash(fields: string, previousHash: string): Promise<string> {
  return sha256Hex(latin1Bytes(fields.slice(0, RECORD7_HASHED_LENGTH) + previousHash));
}

export async function buildAfd(data: AfdData): Promise<BuiltLegalFile> {
  const { unit } = data;
  const generated = legalDateTime(data.generated_at);
  const lines: string[] = [];

  lines.push(
    check(
      withCrc(
        '000000000' +
          '1' +
          '1' + // employer identified by CNPJ
          num(unit.cnpj, 14) +
          ' '.repeat(14) + // CNO or CAEPF: none
          alpha(unit.legal_name, 150) +
          AFD_NO_INPI_NUMBER +
          data.from +
          data.to +
          generated +
          AFD_LAYOUT_VERSION +
          '1' + // the program's developer identified by CNPJ: the chain itself
          num(unit.cnpj, 14) +
          ' '.repeat(30), // REP-C model: not applicable
      ),
      '1',
    ),
  );

  // Records 2 and 5 describe the register's set-up, not events of its sequence: our NSR numbers punches only
  // (pontos.nsr per unit), so they carry NSR 0 and stay before every punch.
  lines.push(
    check(
      withCrc(
        '000000000' +
          '2' +
          generated +
          optionalNum(data.responsible_cpf, 14) +
          '1' +
          num(unit.cnpj, 14) +
          ' '.repeat(14) +
          alpha(unit.legal_name, 150) +
          alpha(unit.address ?? unit.unit_name, 100),
      ),
      '2',
    ),
  );

  for (const employee of data.employees) {
    lines.push(
      check(
        withCrc(
          '000000000' +
            '5' +
            legalDateTime(employee.recorded_at) +
            'I' + // inclusion
            num(employee.cpf, 12) +
            alpha(employee.full_name, 52) +
            ' '.repeat(4) + // other identification data: none
            optionalNum(data.responsible_cpf, 11),
        ),
        '5',
      ),
    );
  }

  let previousHash = '';
  let lastNsr = 0;
  for (const punch of data.punches) {
    if (punch.nsr <= lastNsr) throw new Error(`As marcações devem vir em ordem de NSR (${punch.nsr} depois de ${lastNsr})`);
    lastNsr = punch.nsr;
    const at = legalDateTime(punch.punched_at);
    const fields = num(punch.nsr, 9) + '7' + at + num(punch.cpf, 12) + at + AFD_COLLECTOR_BROWSER + '0'; // '0': online
    const hash = await record7Hash(fields, previousHash);
    lines.push(check(fields + hash, '7'));
    previousHash = hash;
  }

  lines.push(
    check(
      '999999999' +
        num(1, 9) + // type 2
        num(0, 9) + // type 3 (REP-C and REP-A only)
        num(0, 9) + // type 4: the server's clock is never adjusted by hand
        num(data.employees.length, 9) +
        num(0, 9) + // type 6
        num(data.punches.length, 9) +
        '9',
      '9',
    ),
  );
  lines.push(check(LEGAL_FILE_NOTICE_LINE.padEnd(AFD_RECORD_LENGTHS.A, ' '), 'A'));

  const text = joinRecords(lines);
  return { fileName: afdFileName(unit.cnpj), bytes: latin1Bytes(text), text };
}

export interface AfdCheck {
  /** Problems found, in Portuguese; empty when the file is sound. */
  problems: string[];
  /** Counts per record type found in the file. */
  counts: Record<string, number>;
  /** NSRs of the records 7, in file order. */
  nsrs: number[];
}

/**
 * Reads an AFD back and checks it: line endings, each record's length, the CRC of records 1–5, the record 7 hash chain
 * recomputed from the file, NSR order and the trailer's counts. Used by the tests and by anyone who receives a file.
 */
export async function verifyAfd(text: string): Promise<AfdCheck> {
  const problems: string[] = [];
  const counts: Record<string, number> = {};
  const nsrs: number[] = [];
  if (!text.endsWith('\r\n')) problems.push('O arquivo não termina em CR LF');
  const lines = text.split('\r\n');
  lines.pop();
  let previousHash = '';
  let previousNsr = -1;
  for (const [index, line] of lines.entries()) {
    const isLast = index === lines.length - 1;
    const type = isLast ? 'A' : line.startsWith('999999999') ? line.slice(63, 64) : line.slice(9, 10);
    counts[type] = (counts[type] ?? 0) + 1;
    const expected = AFD_RECORD_LENGTHS[type as keyof typeof AFD_RECORD_LENGTHS];
    if (line.includes('\n') || line.includes('\r')) problems.push(`Linha ${index + 1}: quebra de linha solta`);
    if (expected === undefined) {
      problems.push(`Linha ${index + 1}: tipo de registro desconhecido '${type}'`);
      continue;
    }
    if (line.length !== expected) problems.push(`Linha ${index + 1}: tipo ${type} com ${line.length} posições (esperado ${expected})`);
    if (type === 'A' || type === '9') continue;
    const nsr = Number(line.slice(0, 9));
    if (nsr < previousNsr) problems.push(`Linha ${index + 1}: NSR ${nsr} fora de ordem`);
    previousNsr = nsr;
    if (type === '7') {
      nsrs.push(nsr);
      const hash = line.slice(73);
      const recomputed = await record7Hash(line, previousHash);
      if (hash !== recomputed) problems.push(`Linha ${index + 1}: hash do registro 7 (NSR ${nsr}) não confere`);
      previousHash = hash;
    } else {
      const body = line.slice(0, -4);
      if (crc16KermitHex(body) !== line.slice(-4)) problems.push(`Linha ${index + 1}: CRC do registro tipo ${type} não confere`);
    }
  }
  const trailer = lines.find((line) => line.startsWith('999999999') && line.length === AFD_RECORD_LENGTHS['9']);
  if (!trailer) problems.push('Sem registro 9 (trailer)');
  else {
    for (const [position, type] of ['2', '3', '4', '5', '6', '7'].entries()) {
      const declared = Number(trailer.slice(9 + position * 9, 18 + position * 9));
      if (declared !== (counts[type] ?? 0)) problems.push(`Trailer: ${declared} registros tipo ${type}, o arquivo tem ${counts[type] ?? 0}`);
    }
  }
  if (lines[0]?.slice(9, 10) !== '1') problems.push('A primeira linha não é o registro 1 (cabeçalho)');
  return { problems, counts, nsrs };
}
