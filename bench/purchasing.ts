/**
 * `npm run bench:purchasing`: times the purchasing comparison screen's calls against the
 * budgets of the purchasing issue, on a backend it starts itself on `supabase/` (demo seed).
 *
 * Fixture (inserted with SQL as the superuser): 10 suppliers, and RUNS batches in quotation
 * of 500 shortages each, every batch with 10 submitted quotes pricing all 500 items.
 * Measured through supabase-js signed in as the demo buyer (compras@farmacia.local):
 *   1. loading the comparison view: rpc get_batch_comparison (target < 1000 ms);
 *   2. confirming winners for all 500 items: rpc select_winning_quotes_native, one fresh
 *      batch per run (target < 300 ms).
 * Prints the median of the runs vs the target with PASS/FAIL; exit code 1 on any FAIL.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { REPO_ROOT, startBackend } from '../tests/utils/backend.ts';

const ITEMS = 500;
const SUPPLIERS = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const COMPARISON_TARGET_MS = 1000;
const WINNERS_TARGET_MS = 300;

// Node 20 has no global WebSocket: realtime-js needs `ws` even when unused.
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

interface Offer {
  quote_id: string;
  unit_price: number | null;
}
interface Comparison {
  items: { shortage_id: string; offers: Offer[] }[];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Creates `batches` quoted batches and returns their ids. */
async function seedFixture(dbUrl: string, batches: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `insert into public.suppliers (name)
       select 'Distribuidora Bench ' || g from generate_series(1, $1::int) g
       on conflict (name) do nothing`,
      [SUPPLIERS - 2],
    );
    const ids: string[] = [];
    for (let b = 0; b < batches; b++) {
      const result = await db.query<{ id: string }>(
        `with unit as (select id from public.store_units where name = 'Unidade Centro'),
              creator as (select id from auth.users where email = 'balconista@farmacia.local'),
              batch as (
                insert into public.quote_batches (unit_id, name, status, sent_at)
                select unit.id, 'Lote Bench ' || $1::int, 'EM_COTACAO', now() from unit returning id
              ),
              products as (
                insert into public.products (name)
                select 'Produto Bench ' || $1::int || '-' || lpad(g::text, 3, '0') from generate_series(1, $2::int) g
                returning id
              )
         insert into public.shortages (product_id, unit_id, requested_quantity, status, created_by, batch_id)
         select p.id, unit.id, 1 + (abs(hashtext(p.id::text)) % 50), 'EM_COTACAO', creator.id, batch.id
         from products p, unit, creator, batch
         returning batch_id as id`,
        [b, ITEMS],
      );
      const batchId = result.rows[0]?.id;
      if (!batchId) throw new Error('fixture batch not created');
      await db.query(
        `insert into public.quotes (batch_id, supplier_id, status)
         select $1, s.id, 'ENVIADA' from (select id from public.suppliers order by name limit $2) s`,
        [batchId, SUPPLIERS],
      );
      await db.query(
        `insert into public.quote_items (quote_id, shortage_id, unit_price, minimum_quantity, has_bonus, bonus_quantity)
         select q.id, s.id, round((1 + random() * 99)::numeric, 4),
                case when random() < 0.2 then 10 end, random() < 0.1, 1
         from public.quotes q join public.shortages s on s.batch_id = q.batch_id
         where q.batch_id = $1`,
        [batchId],
      );
      ids.push(batchId);
    }
    await db.query('analyze public.shortages, public.quotes, public.quote_items, public.quote_batches');
    return ids;
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  console.log(`Starting a backend on supabase/ (${RUNS} runs, ${ITEMS} items × ${SUPPLIERS} quotes)...`);
  const backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'supabase'), timeoutMs: 240_000 });
  let failed = false;
  try {
    const batchIds = await seedFixture(backend.dbUrl, RUNS);
    const client = createClient(backend.apiUrl, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as Transport },
    });
    const signIn = await client.auth.signInWithPassword({ email: 'compras@farmacia.local', password: 'Farmacia@2026' });
    if (signIn.error) throw new Error(`sign-in failed: ${signIn.error.message}`);

    const comparisonTimes: number[] = [];
    const winnerTimes: number[] = [];
    // One warm-up call (first plan of the function), not counted.
    await client.rpc('get_batch_comparison', { p_batch_id: batchIds[0] });
    for (const batchId of batchIds) {
      const start = performance.now();
      const { data, error } = await client.rpc('get_batch_comparison', { p_batch_id: batchId });
      comparisonTimes.push(performance.now() - start);
      if (error) throw new Error(`get_batch_comparison: ${error.message}`);
      const comparison = data as Comparison;
      if (comparison.items.length !== ITEMS || comparison.items.some((i) => i.offers.length !== SUPPLIERS)) {
        throw new Error('comparison does not hold every item × quote');
      }
      // The screen's default choice: the cheapest offer of each item.
      const pairs = comparison.items.map((item) => {
        const best = item.offers.reduce((a, b) => ((b.unit_price ?? Infinity) < (a.unit_price ?? Infinity) ? b : a));
        return { shortage_id: item.shortage_id, quote_id: best.quote_id };
      });
      const t0 = performance.now();
      const winners = await client.rpc('select_winning_quotes_native', { p_batch_id: batchId, p_quote_items: pairs });
      winnerTimes.push(performance.now() - t0);
      if (winners.error || (winners.data as { success: boolean }).success !== true) {
        throw new Error(`select_winning_quotes_native: ${winners.error?.message ?? JSON.stringify(winners.data)}`);
      }
    }

    const rows = [
      ['get_batch_comparison (500 items × 10 quotes)', median(comparisonTimes), COMPARISON_TARGET_MS],
      ['select_winning_quotes_native (500 winners)', median(winnerTimes), WINNERS_TARGET_MS],
    ] as const;
    console.log('');
    console.log('measure                                          median      target   verdict');
    for (const [name, value, target] of rows) {
      const ok = value < target;
      if (!ok) failed = true;
      console.log(`${name.padEnd(48)} ${value.toFixed(1).padStart(7)} ms  < ${String(target).padStart(4)} ms   ${ok ? 'PASS' : 'FAIL'}`);
    }
    console.log(`\nruns: comparison ${comparisonTimes.map((t) => t.toFixed(0)).join(', ')} ms; winners ${winnerTimes.map((t) => t.toFixed(0)).join(', ')} ms`);
    await client.auth.signOut();
  } finally {
    await backend.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
