/**
 * CRC-16/KERMIT (also called CRC-16/CCITT-TRUE): the check the AFD of a REP-A or REP-P writes on its records of
 * types 1 to 5 (Portaria 671, AFD layout, rule 8: "123456789" gives 0x2189, written as the 4 hex characters '2189').
 * Parameters: polynomial 0x1021 reflected (0x8408), initial value 0, input and output reflected, no final xor.
 */

/** The CRC of bytes (an ISO-8859-1 record is one byte per character). */
export function crc16Kermit(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
    }
  }
  return crc & 0xffff;
}

/** The CRC of a text whose characters are all ISO-8859-1 (code points up to 255), as 4 upper-case hex digits. */
export function crc16KermitHex(text: string): string {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0xff) throw new RangeError(`Caractere fora do ISO-8859-1 na posição ${index + 1}`);
    bytes[index] = code;
  }
  return crc16Kermit(bytes).toString(16).toUpperCase().padStart(4, '0');
}
