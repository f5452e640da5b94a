/**
 * What a file really is, read from its first bytes (its "magic number"), never from its name or
 * the type the browser or the sender declared: an HTML page renamed foto.png is not a PNG.
 * Pure; the caller reads the head of the file (see `readFileHead`).
 */

/** The types an attachment may have, by their signatures. */
export type SignedFileType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp';

/** How many leading bytes `detectFileType` needs. */
export const FILE_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] as const; // %PDF-
const JPEG = [0xff, 0xd8, 0xff] as const;
const RIFF = [0x52, 0x49, 0x46, 0x46] as const; // RIFF
const WEBP = [0x57, 0x45, 0x42, 0x50] as const; // WEBP (bytes 8–11, after the RIFF size)

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** The type the bytes are (PDF, PNG, JPEG or WEBP), or null when they are none of them. */
export function detectFileType(head: Uint8Array): SignedFileType | null {
  if (startsWith(head, PDF)) return 'application/pdf';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  return null;
}

export const FILE_CONTENT_MESSAGE = 'O conteúdo do arquivo não é de um PDF, JPG, PNG ou WEBP (o nome ou o tipo informado não bastam).';

/** The first bytes of a File or Blob (fewer when it is shorter). */
export async function readFileHead(file: Blob, length = FILE_SIGNATURE_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}

/**
 * The type a file is stored as: the one its first bytes prove, whatever its name or the browser
 * say; an Error carrying FILE_CONTENT_MESSAGE for anything that is not a PDF, PNG, JPEG or WEBP.
 */
export async function provenFileType(file: Blob): Promise<SignedFileType> {
  const detected = detectFileType(await readFileHead(file));
  if (detected === null) throw new Error(FILE_CONTENT_MESSAGE);
  return detected;
}
