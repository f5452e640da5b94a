import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBrowserCache, forgetBrowserCache, prereadBrowserCache, readBrowserCache, writeBrowserCache } from '@/lib/browser-cache';

afterEach(async () => {
  vi.restoreAllMocks();
  await clearBrowserCache();
});

describe('browser cache', () => {
  it('keeps a structured value between reads, under its key only', async () => {
    const value = { version: 7, products: [{ id: 'a', name: 'Dipirona', barcode: null }], haystacks: ['dipirona'] };
    await writeBrowserCache('catalogue:v1:user-1', () => value);
    expect(await readBrowserCache('catalogue:v1:user-1')).toEqual(value);
    expect(await readBrowserCache('catalogue:v1:user-2')).toBeUndefined();
  });

  it('keeps nothing when there is nothing to keep (produce answers undefined)', async () => {
    await writeBrowserCache('k', () => ({ a: 1 }));
    await writeBrowserCache('k', () => undefined);
    expect(await readBrowserCache('k')).toEqual({ a: 1 });
    await writeBrowserCache('k4', () => undefined);
    expect(await readBrowserCache('k4')).toBeUndefined();
  });

  it('forgets the keys it is told to, and only those', async () => {
    await writeBrowserCache('catalogue:v2:user-1', () => ({ rows: '[]' }));
    await writeBrowserCache('catalogue:v3:user-1', () => ({ count: 0 }));
    await forgetBrowserCache(['catalogue:v1:user-1', 'catalogue:v2:user-1']);
    expect(await readBrowserCache('catalogue:v2:user-1')).toBeUndefined();
    expect(await readBrowserCache('catalogue:v3:user-1')).toEqual({ count: 0 });
  });

  it('forgets everything on clear (sign-out)', async () => {
    await writeBrowserCache('catalogue:v1:user-1', () => ({ version: 1 }));
    await writeBrowserCache('other', () => 'x');
    await clearBrowserCache();
    expect(await readBrowserCache('catalogue:v1:user-1')).toBeUndefined();
    expect(await readBrowserCache('other')).toBeUndefined();
  });

  it('reads a broken database as nothing kept, and a failed write as done', async () => {
    const failing = vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'InvalidStateError');
    });
    await writeBrowserCache('k', () => ({ a: 1 }));
    expect(await readBrowserCache('k')).toBeUndefined();
    failing.mockRestore();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(writeBrowserCache('k2', () => ({ a: 2 }))).resolves.toBeUndefined();
    await expect(
      writeBrowserCache('k3', () => {
        throw new Error('cannot pack');
      }),
    ).resolves.toBeUndefined();
    vi.restoreAllMocks();
    expect(await readBrowserCache('k2')).toBeUndefined();
  });
});

describe('prereadBrowserCache', () => {
  it('hands a read started early to the first reader of its key, and reads afresh after it', async () => {
    await writeBrowserCache('early', () => 'first');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    prereadBrowserCache('early');
    prereadBrowserCache('early'); // once per key
    expect(get).toHaveBeenCalledTimes(0); // the database opens asynchronously
    await writeBrowserCache('early', () => 'second');
    expect(await readBrowserCache('early')).toBe('first');
    expect(get).toHaveBeenCalledTimes(1);
    expect(await readBrowserCache('early')).toBe('second');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('drops reads started early on clear (sign-out)', async () => {
    await writeBrowserCache('early', () => 'kept');
    prereadBrowserCache('early');
    await clearBrowserCache();
    expect(await readBrowserCache('early')).toBeUndefined();
  });
});
