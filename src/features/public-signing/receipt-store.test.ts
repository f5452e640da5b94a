import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keysToForget,
  parseStoredEntry,
  recalledReceipt,
  RECEIPT_KEY_PREFIX,
  RECEIPTS_KEPT,
  receiptKey,
  rememberReceipt,
} from '@/features/public-signing/receipt-store';
import type { SignatureReceipt } from '@/features/public-signing/types';

const TOKEN = 'ab'.repeat(32);
const OTHER = 'cd'.repeat(32);
const RECEIPT: SignatureReceipt = {
  number: 42,
  signed_at: '2026-11-26T17:32:00Z',
  signer_name: 'Maria Souza',
  signer_document_masked: '***.982.247-**',
  content_hash: 'f'.repeat(64),
  discrepancy_count: 1,
  already_signed: true,
};

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the receipt kept by the browser that signed', () => {
  it('is keyed by a SHA-256 of the token, never by the token itself', async () => {
    const key = await receiptKey(TOKEN);
    expect(key).toMatch(new RegExp(`^${RECEIPT_KEY_PREFIX.replaceAll('.', '\\.')}[0-9a-f]{64}$`));
    expect(key).not.toContain(TOKEN);
    // The same link however it was typed; another link, another key.
    expect(await receiptKey(TOKEN.toUpperCase())).toBe(key);
    expect(await receiptKey(OTHER)).not.toBe(key);
    await rememberReceipt(TOKEN, RECEIPT);
    expect(Object.keys(window.localStorage).join() + Object.values(window.localStorage).join()).not.toContain(TOKEN);
  });

  it('comes back for the same link only, without the retry flag', async () => {
    await rememberReceipt(TOKEN, RECEIPT);
    const { already_signed: _flag, ...kept } = RECEIPT;
    expect(await recalledReceipt(TOKEN)).toEqual(kept);
    expect(await recalledReceipt(OTHER)).toBeNull();
  });

  it('is not kept, and not found, without Web Crypto (plain http on a network address)', async () => {
    vi.stubGlobal('crypto', {});
    await rememberReceipt(TOKEN, RECEIPT);
    expect(window.localStorage.length).toBe(0);
    expect(await recalledReceipt(TOKEN)).toBeNull();
  });

  it('ignores a stored value that is not a receipt', async () => {
    window.localStorage.setItem((await receiptKey(TOKEN))!, '{"saved_at":"2026-11-26T00:00:00Z","receipt":{"number":"42"}}');
    expect(await recalledReceipt(TOKEN)).toBeNull();
    expect(parseStoredEntry('not json')).toBeNull();
    expect(parseStoredEntry(null)).toBeNull();
  });

  it(`keeps the newest ${RECEIPTS_KEPT} receipts`, async () => {
    const tokens = Array.from({ length: RECEIPTS_KEPT + 2 }, (_, index) => index.toString(16).padStart(64, '0'));
    for (const [index, token] of tokens.entries()) await rememberReceipt(token, RECEIPT, new Date(Date.UTC(2026, 10, 1 + index)));
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith(RECEIPT_KEY_PREFIX))).toHaveLength(RECEIPTS_KEPT);
    expect(await recalledReceipt(tokens[0]!)).toBeNull();
    expect(await recalledReceipt(tokens[1]!)).toBeNull();
    expect(await recalledReceipt(tokens[2]!)).not.toBeNull();
    expect(await recalledReceipt(tokens.at(-1)!)).not.toBeNull();
  });

  it('forgets the oldest and unreadable entries first', () => {
    const entries = [
      { key: 'c', savedAt: '2026-11-03' },
      { key: 'a', savedAt: '2026-11-01' },
      { key: 'x', savedAt: null },
      { key: 'b', savedAt: '2026-11-02' },
    ];
    expect(keysToForget(entries, 2)).toEqual(['x', 'a']);
    expect(keysToForget(entries, 10)).toEqual([]);
  });
});
