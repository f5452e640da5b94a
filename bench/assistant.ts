/**
 * AI assistant benchmark (issue 29): `npm run bench:assistant`.
 *
 * Starts its own backend on `supabase/` (migrations and demo seed), loads the large seed (50,000 products and
 * 100,000 shortages, scripts/seed-large.ts), signs in as the administrator and asks the ai-chat edge function the
 * common questions through supabase-js's `functions.invoke`, as the panel does: one question of each tool, plus one
 * the assistant cannot map. Each is asked BENCH_RUNS times (default 10) after one warm-up round; the first call of
 * all, which starts the function's Deno worker, is printed apart (a cold start). The rate limit (20 questions a
 * minute) counts the log's rows: the bench empties its user's log before each call, outside the timing.
 *
 * Target (issue 29, "Performance"): a built-in answer within 1 s (p95) for the common questions. Exit code 1 when
 * missed.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import { REPO_ROOT, startBackend } from '../tests/utils/backend.ts';
import { listMs, median, percentile, verdict } from './browser.ts';
import { recordAtMost } from './results.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TARGET_MS = 1000;
const QUESTIONS = [
  'quais lotes estão aguardando cotação?',
  'quem ainda não respondeu?',
  'qual a melhor oferta em custo efetivo?',
  'onde paguei mais caro que da última vez?',
  'quem ganhou mais nos últimos 90 dias?',
  'quais itens ficaram sem cotação?',
  'quais bonificações foram oferecidas?',
  'histórico de preço da dipirona',
  'qual a previsão do tempo?',
];

const backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'supabase'), timeoutMs: 240_000 });
let failed = false;
try {
  console.log('bench:assistant — loading the large seed...');
  const seed = spawnSync('npx', ['tsx', 'scripts/seed-large.ts'], { cwd: REPO_ROOT, env: { ...process.env, DB_URL: backend.dbUrl }, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error('seed-large failed');

  const client = createClient(backend.apiUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket of its own (realtime-js needs one even unused).
    realtime: { transport: ws as never },
  });
  const signedIn = await client.auth.signInWithPassword({ email: 'admin@farmacia.local', password: 'Farmacia@2026' });
  if (signedIn.error) throw signedIn.error;
  const userId = signedIn.data.user.id;
  const db = new pg.Client({ connectionString: backend.dbUrl });
  await db.connect();

  const ask = async (message: string): Promise<number> => {
    await db.query('delete from public.ai_chat_log where user_id = $1', [userId]);
    const started = performance.now();
    const { data, error } = await client.functions.invoke('ai-chat', { body: { message, context: 'compras' } });
    const ms = performance.now() - started;
    if (error || typeof (data as { response?: unknown })?.response !== 'string') {
      throw new Error(`ai-chat failed for "${message}": ${error?.message ?? JSON.stringify(data)}`);
    }
    return ms;
  };

  const cold = await ask(QUESTIONS[0]!);
  console.log(`\nFirst call (starts the function's worker): ${cold.toFixed(0)} ms`);
  for (const question of QUESTIONS) await ask(question);

  const all: number[] = [];
  console.log(`\nai-chat through functions.invoke as ADMIN, ${RUNS} runs each after a warm-up (target p95 ≤ ${TARGET_MS} ms):`);
  for (const question of QUESTIONS) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await ask(question));
    all.push(...times);
    const p95 = percentile(times, 95);
    console.log(
      `  ${question.padEnd(44)} p50 ${median(times).toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  ${verdict(p95, TARGET_MS + 0.0001)}  (${listMs(times)})`,
    );
    recordAtMost(`ai-chat p95, question "${question}"`, p95, TARGET_MS, 'ms');
  }
  const overall = percentile(all, 95);
  if (verdict(overall, TARGET_MS + 0.0001) === 'FAIL') failed = true;
  console.log(`\n  every question: p50 ${median(all).toFixed(0)} ms, p95 ${overall.toFixed(0)} ms (target ≤ ${TARGET_MS} ms: ${verdict(overall, TARGET_MS + 0.0001)})`);
  recordAtMost(`ai-chat p95, all ${QUESTIONS.length} questions together`, overall, TARGET_MS, 'ms');
  await db.end();
} finally {
  await backend.stop();
}
process.exit(failed ? 1 : 0);
