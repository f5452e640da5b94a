/**
 * SHA-256 over bytes, synchronous. The AFD hashes every record 7 in a chain, one after the other: a unit's month is
 * thousands of small records, and Web Crypto's digest (a promise per call, handed to another thread) costs far more per
 * record than the hashing itself, so the hashing is @noble/hashes' audited synchronous implementation.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/** The SHA-256 of bytes as 64 lower-case hex digits. */
export function sha256HexSync(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}
