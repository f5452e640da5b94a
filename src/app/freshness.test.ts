import { MutationObserver, type MutationKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { queryKeyRoots } from '@/lib/query-keys';
import { CROSS_FEATURE_REFRESHES, refreshAfterMutation } from '@/app/freshness';
import { authMutations } from '@/features/auth/api/keys';
import { importKeys, importMutations } from '@/features/imports/api/keys';
import { purchasingKeys, purchasingMutations } from '@/features/purchasing/api/keys';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';
import { EMPTY_SHORTAGE_FILTERS } from '@/features/shortages/types';

/** A query client as the app builds it, with fresh (not stale) data under each key. */
function clientWith(keys: readonly QueryKey[]) {
  const client = createQueryClient(refreshAfterMutation);
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

async function run(client: ReturnType<typeof clientWith>, mutationKey: MutationKey, fails = false) {
  const observer = new MutationObserver(client, {
    mutationKey,
    mutationFn: async () => {
      if (fails) throw new Error('recusado');
      return true;
    },
  });
  await observer.mutate().catch(() => undefined);
}

const invalidated = (client: ReturnType<typeof clientWith>, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

const shortageList = shortageKeys.list(EMPTY_SHORTAGE_FILTERS);
const productList = [...queryKeyRoots.products, 'list'] as const;

describe('cross-feature freshness (src/app/freshness.ts)', () => {
  it('deleting a batch refreshes the shortages list at once, and nothing unrelated', async () => {
    const client = clientWith([shortageList, productList, importKeys.runs()]);
    await run(client, purchasingMutations.deleteBatch);
    expect(invalidated(client, shortageList)).toBe(true);
    expect(invalidated(client, productList)).toBe(false);
    expect(invalidated(client, importKeys.runs())).toBe(false);
  });

  it('also after a refused write: the server may have changed meanwhile', async () => {
    const client = clientWith([shortageList]);
    await run(client, purchasingMutations.removeBatchItem, true);
    expect(invalidated(client, shortageList)).toBe(true);
  });

  it("a shortage write refreshes the buyers' pending queue; an import refreshes shortages and the catalogue, not every cache", async () => {
    const client = clientWith([purchasingKeys.pendingShortages(), purchasingKeys.batchList(), shortageList, productList]);
    await run(client, shortageMutations.create);
    expect(invalidated(client, purchasingKeys.pendingShortages())).toBe(true);
    expect(invalidated(client, purchasingKeys.batchList())).toBe(false);

    const afterImport = clientWith([shortageList, productList, purchasingKeys.batchList()]);
    await run(afterImport, importMutations.importRows);
    expect(invalidated(afterImport, shortageList)).toBe(true);
    expect(invalidated(afterImport, productList)).toBe(true);
    expect(invalidated(afterImport, purchasingKeys.batchList())).toBe(false);
  });

  it('changing unit refreshes every unit-scoped list', async () => {
    const client = clientWith([shortageList, purchasingKeys.batchList(), importKeys.runs(), productList]);
    await run(client, authMutations.updateUnit);
    expect([shortageList, purchasingKeys.batchList(), importKeys.runs()].map((key) => invalidated(client, key))).toEqual([true, true, true]);
    expect(invalidated(client, productList)).toBe(false);
  });

  it('every registered write names a reason and at least one list', () => {
    for (const entry of CROSS_FEATURE_REFRESHES) {
      expect(entry.why.length).toBeGreaterThan(0);
      expect(entry.refreshes.length).toBeGreaterThan(0);
    }
  });
});
