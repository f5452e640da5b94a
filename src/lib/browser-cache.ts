/**
 * Large, rarely changing reads kept in the browser between visits (IndexedDB through idb-keyval), for screens that
 * can tell from the database whether their copy is still current (the catalogue: get_catalogue_version). Never a
 * source of truth: a caller shows a copy only after the database confirms its version, and every failure (no
 * IndexedDB in a private window, a full disk, a blocked database) reads as "nothing kept" and never reaches the user.
 * Signing out clears it all (the auth provider calls clearBrowserCache).
 */
import { clear, createStore, delMany, get, set, type UseStore } from 'idb-keyval';
import { whenIdle } from '@/lib/idle';

const DATABASE = 'farmacia-cache';
const STORE = 'entries';

let store: UseStore | null = null;

function cacheStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore(DATABASE, STORE);
  return store;
}

/** Reads started ahead of their reader (prereadBrowserCache), each handed to the first readBrowserCache of its key. */
const prereads = new Map<string, Promise<unknown>>();

/**
 * Starts reading `key` now, for a reader that will ask for it shortly (a reload's first screen, while the app's code and
 * supabase-js load): that reader's readBrowserCache gets this read instead of starting its own.
 */
export function prereadBrowserCache(key: string): void {
  if (!prereads.has(key)) prereads.set(key, readKept(key));
}

/** The value kept under `key`, or undefined when there is none or the browser cannot say. */
export function readBrowserCache<T>(key: string): Promise<T | undefined> {
  const early = prereads.get(key);
  if (early) {
    prereads.delete(key);
    return early as Promise<T | undefined>;
  }
  return readKept<T>(key);
}

async function readKept<T>(key: string): Promise<T | undefined> {
  const current = cacheStore();
  if (!current) return undefined;
  try {
    return await get<T>(key, current);
  } catch {
    return undefined;
  }
}

/**
 * Keeps what `produce` returns under `key` (nothing when it returns undefined), produced and stored once the browser is
 * idle: packing and storing copy the value on the main thread (tens of milliseconds for the catalogue), which must not
 * delay the frame that shows the same data. Resolves once stored, or once it could not be (never rejects).
 */
export function writeBrowserCache(key: string, produce: () => unknown): Promise<void> {
  const current = cacheStore();
  if (!current) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const write = () => {
      try {
        const value = produce();
        if (value === undefined) {
          resolve();
          return;
        }
        set(key, value, current).then(resolve, () => resolve());
      } catch {
        resolve();
      }
    };
    whenIdle(write, 2000, 0);
  });
}

/** Forgets what is kept under `keys` (never rejects). */
export async function forgetBrowserCache(keys: string[]): Promise<void> {
  const current = cacheStore();
  if (!current) return;
  try {
    await delMany(keys, current);
  } catch {
    // Left behind, it is only space: nothing reads those keys.
  }
}

/** Forgets everything kept (sign-out, so the next person at this computer starts from the database). */
export async function clearBrowserCache(): Promise<void> {
  prereads.clear();
  const current = cacheStore();
  if (!current) return;
  try {
    await clear(current);
  } catch {
    // Nothing kept can be read again without its version being confirmed, and the keys are per user.
  }
}
