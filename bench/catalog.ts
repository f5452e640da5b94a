/**
 * Catalogue benchmark (npm run bench:catalog): starts a fresh backend, loads the large seed (50,000 products),
 * then times (1) loading every product in pages of 1000 with the group join, through supabase-js, with the
 * screen's own loader, and (2) one search keystroke over the loaded list with the screen's own filter.
 * Targets: load < 2 s, keystroke < 50 ms.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { loadAllProducts } from '../src/features/products/load-products.ts';
import { buildSearchIndex, filterSearchIndex } from '../src/features/products/search.ts';
import type { Database } from '../src/types/database.types.ts';
import { REPO_ROOT, startBackend } from '../tests/utils/backend.ts';

// Node 20 has no global WebSocket: realtime-js needs `ws` even when unused.
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

const LOAD_TARGET_MS = 2000;
const KEYSTROKE_TARGET_MS = 50;

function verdict(ms: number, target: number): string {
  return ms < target ? 'PASS' : 'FAIL';
}

const backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'supabase') });
let failed = false;
try {
  const seed = spawnSync('npx', ['tsx', 'scripts/seed-large.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DB_URL: backend.dbUrl },
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('seed:large failed');

  const client = createClient<Database>(backend.apiUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as Transport },
  });
  const { error } = await client.auth.signInWithPassword({ email: 'balconista@farmacia.local', password: 'Farmacia@2026' });
  if (error) throw error;

  await loadAllProducts(client); // warm-up (schema cache, plans)
  const loadTimes: number[] = [];
  let count = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const products = await loadAllProducts(client);
    loadTimes.push(performance.now() - started);
    count = products.length;
  }
  const products = await loadAllProducts(client);
  const index = buildSearchIndex(products);
  const keystrokes = ['d', 'di', 'dip', 'dipi', 'dipir', 'dipiro', 'dipirona', 'dipirona 5', 'dipirona 500', '7899', '78990001'];
  const keyTimes = keystrokes.map((query) => {
    const started = performance.now();
    filterSearchIndex(index, query);
    return performance.now() - started;
  });

  const load = Math.min(...loadTimes);
  const keyWorst = Math.max(...keyTimes);
  console.log(`\nproducts loaded: ${count}`);
  console.log(`load all products (pages of 1000, with groups): best ${load.toFixed(0)} ms of ${loadTimes.map((t) => t.toFixed(0)).join(', ')} — target < ${LOAD_TARGET_MS} ms: ${verdict(load, LOAD_TARGET_MS)}`);
  console.log(`search keystroke over ${count} products: worst ${keyWorst.toFixed(2)} ms — target < ${KEYSTROKE_TARGET_MS} ms: ${verdict(keyWorst, KEYSTROKE_TARGET_MS)}`);
  failed = count < 50_000 || load >= LOAD_TARGET_MS || keyWorst >= KEYSTROKE_TARGET_MS;
} finally {
  await backend.stop();
}
process.exit(failed ? 1 : 0);
