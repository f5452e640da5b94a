/**
 * The receipt kept by the browser that signed: after signing, a reload of /assinar/:token shows it again
 * ('Já assinado por …') instead of the invalid-link message the used link now gets from the server. Only
 * this browser has it (localStorage); any other browser still gets the one invalid-link message, and the
 * server is never asked anything new. The key is a SHA-256 of the token, not the token: what the storage
 * holds cannot be turned back into the link. Without Web Crypto (a page served over plain http on a
 * network address) or without storage (blocked, private mode), nothing is kept and nothing is shown:
 * the page behaves as before.
 */
import { normalizeToken } from '@/features/public-signing/link';
import type { SignatureReceipt } from '@/features/public-signing/types';

/** What is kept: the receipt as the page showed it, without the retry's flag. */
export type StoredReceipt = Omit<SignatureReceipt, 'already_signed'>;

interface StoredEntry {
  saved_at: string;
  receipt: StoredReceipt;
}

export const RECEIPT_KEY_PREFIX = 'farmacia.recibo-assinatura.';
/** A phone signing for many shipments keeps the latest receipts only. */
export const RECEIPTS_KEPT = 20;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The storage key of a token's receipt: the prefix and the SHA-256 (hex) of the token, never the token. Null without Web Crypto. */
export async function receiptKey(token: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(`recibo-assinatura:${normalizeToken(token)}`));
    return RECEIPT_KEY_PREFIX + Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/** A stored value read back, or null when it is not a receipt (an older format, a value edited by hand). */
export function parseStoredEntry(text: string | null): StoredEntry | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { saved_at: savedAt, receipt } = value as Record<string, unknown>;
  if (typeof savedAt !== 'string' || !receipt || typeof receipt !== 'object') return null;
  const r = receipt as Record<string, unknown>;
  const ok =
    typeof r.number === 'number' &&
    typeof r.signed_at === 'string' &&
    typeof r.signer_name === 'string' &&
    typeof r.signer_document_masked === 'string' &&
    typeof r.content_hash === 'string' &&
    typeof r.discrepancy_count === 'number';
  if (!ok) return null;
  return {
    saved_at: savedAt,
    receipt: {
      number: r.number as number,
      signed_at: r.signed_at as string,
      signer_name: r.signer_name as string,
      signer_document_masked: r.signer_document_masked as string,
      content_hash: r.content_hash as string,
      discrepancy_count: r.discrepancy_count as number,
    },
  };
}

/** The stored keys beyond the newest `keep`, oldest first (unreadable entries go first). */
export function keysToForget(entries: readonly { key: string; savedAt: string | null }[], keep: number): string[] {
  const sorted = [...entries].sort((a, b) => (a.savedAt ?? '').localeCompare(b.savedAt ?? ''));
  return sorted.slice(0, Math.max(0, sorted.length - keep)).map((entry) => entry.key);
}

/** Keeps the receipt just shown for `token` (best effort: a failure only means no receipt on reload). */
export async function rememberReceipt(token: string, receipt: SignatureReceipt, now: Date = new Date()): Promise<void> {
  const store = storage();
  const key = await receiptKey(token);
  if (!store || !key) return;
  const { already_signed: _alreadySigned, ...kept } = receipt;
  try {
    store.setItem(key, JSON.stringify({ saved_at: now.toISOString(), receipt: kept } satisfies StoredEntry));
    const entries: { key: string; savedAt: string | null }[] = [];
    for (let index = 0; index < store.length; index++) {
      const name = store.key(index);
      if (name?.startsWith(RECEIPT_KEY_PREFIX)) entries.push({ key: name, savedAt: parseStoredEntry(store.getItem(name))?.saved_at ?? null });
    }
    for (const name of keysToForget(entries, RECEIPTS_KEPT)) store.removeItem(name);
  } catch {
    // Storage full or blocked: nothing kept.
  }
}

/** The receipt this browser kept for `token`, or null. */
export async function recalledReceipt(token: string): Promise<StoredReceipt | null> {
  const store = storage();
  const key = await receiptKey(token);
  if (!store || !key) return null;
  try {
    return parseStoredEntry(store.getItem(key))?.receipt ?? null;
  } catch {
    return null;
  }
}
