/**
 * Purchasing analyses benchmark (issue 28): `npm run bench:analytics`.
 *
 * Starts its own backend on `supabase/` (migrations and demo seed, which already holds six months of history:
 * supabase/seeds/21_purchasing_history.sql) and generates in SQL, as the superuser, two years of purchasing on top:
 * BENCH_BATCHES (default 2,000) closed batches over the three units, 8 shortages each (400 products of their own in
 * the catalogue's categories, recurring), 8 invited suppliers of which 2 to 7 answer with payment terms, minimums,
 * bonuses and missing prices, awards to the lowest effective cost, one order per winning supplier with a promised
 * date, receipts late or short now and then, and the last two weeks' orders still pending.
 *
 * Then, for each analysis, two measures:
 *   1. the RPC alone over HTTP (as the screen calls it, with a signed-in user's token), as ADMIN and as ANALISTA,
 *      for the whole history, the last 12 months and the last 90 days — RUNS calls each; an RPC that is not in
 *      this database yet is reported as 'not available';
 *   2. in Chromium (Debian's, through Playwright; bench/browser.ts), signed in as ADMIN and as ANALISTA, on each route
 *      (/analise-cotacoes, /analise-faltas, /analise-dias-compras, /relatorio-compras):
 *        - first load: a full navigation, from navigation start until the page's root `[data-analysis]` reads
 *          `aria-busy="false"` with its data rendered (a table or a chart inside it) and that frame is painted; then
 *          until what the 1366×768 screen shows is there: every chart card in view drawn from that data (no
 *          `[data-chart-pending]` placeholder, no `[data-chart-stale]` chart, its SVG in place), the verdict's
 *          figure; then until every chart of the page is drawn (ChartCard draws them one at a time, top first);
 *        - filter change: a click on 'Últimos 12 meses', then on 'Últimos 90 dias', each from the click until the
 *          root has been busy and reads `aria-busy="false"` again, and that frame is painted, then until the charts
 *          in view are drawn from the new data (the verdict's figure), then every chart.
 *      Skipped (with a note) while the screens are not built (no src/features/analytics/components/shared/analysis-page.tsx),
 *      or with BENCH_BROWSER=0.
 * Targets (issue 28, "Performance"): first load ≤ 1 s and filter change ≤ 500 ms in the browser (p50 and p95 printed,
 * the verdict on p95); each RPC ≤ 500 ms is printed as a guide. Exit code 1 when a browser target is missed.
 * Ratios that hold on any machine (issue 30, item 6), printed and recorded (informational: the exit code stays on the
 * browser targets): per route and user, the screen's first load p50 as a multiple of the p50 of its main RPC alone over
 * HTTP for the screen's default period (the last 90 days) and the same user; target ≤ 1.5×.
 *
 *   BENCH_RUNS=5 BENCH_BATCHES=2000 npm run bench:analytics
 *   BENCH_BROWSER=0 npm run bench:analytics        # generator and RPC timings only
 *   BENCH_ROUTES=/analise-cotacoes npm run bench:analytics   # that screen only in Chromium
 *   BENCH_BROWSER=0 BENCH_KEEP=1 npm run bench:analytics   # then keeps the backend up (DB URL printed) for EXPLAIN
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { REPO_ROOT, startBackend, type StartedBackend } from '../tests/utils/backend.ts';
import { accessTokenFor } from '../tests/utils/jwt.ts';
import { afterNextPaint, listMs, median, percentile, signIn, verdict, waitForPageValue, withBrowserBench } from './browser.ts';
import { ratioLine, recordAtMost } from './results.ts';

const BATCHES = Number(process.env.BENCH_BATCHES ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DEBUG = Boolean(process.env.BENCH_DEBUG);
const BROWSER = process.env.BENCH_BROWSER !== '0';
/** BENCH_ROUTES=/analise-cotacoes,/relatorio-compras: only those screens in Chromium (every one by default). */
const ROUTES = process.env.BENCH_ROUTES?.split(',').map((route) => route.trim()).filter(Boolean);
const LOAD_TARGET_MS = 1000;
const FILTER_TARGET_MS = 500;
const RPC_GUIDE_MS = 500;
/** A screen's first load ÷ the RPC it waits for (issue 30, item 6). */
const SCREEN_RATIO_TARGET = 1.5;
/** The period of a screen's first load (DEFAULT_PERIOD_DAYS of use-analysis-params.ts): the RPC rows' label for it. */
const DEFAULT_PERIOD_LABEL = '90 days';
const USERS = [
  { key: 'ADMIN', email: 'admin@farmacia.local' },
  { key: 'ANALISTA', email: 'analista@farmacia.local' },
] as const;

/** The four analyses: route, RPC and the arguments of its screen's default load (period given separately). */
const ANALYSES = [
  // The screens ask for the first lines of their long lists (p_list_limit) and load the rest on demand.
  { route: '/analise-cotacoes', rpc: 'get_quote_analysis', args: { p_monthly_rate: 0.02, p_list_limit: 25 } },
  { route: '/analise-faltas', rpc: 'get_shortage_analysis', args: { p_recurrence_days: 30 } },
  { route: '/analise-dias-compras', rpc: 'get_purchase_days_analysis', args: {} },
  { route: '/relatorio-compras', rpc: 'get_purchase_report', args: { p_list_limit: 50 } },
] as const;

/** Secondary RPCs of the same screens (export, filter options) and the purchasing reports they extend. */
const SECONDARY = [
  { rpc: 'get_analysis_filter_options', args: {}, period: false },
  { rpc: 'get_quote_matrix', args: { p_monthly_rate: 0.02 }, period: true },
  { rpc: 'get_supplier_win_rates', args: {}, period: true },
  { rpc: 'get_winning_items', args: {}, period: true },
] as const;

// ---------------------------------------------------------------------------------------------------------------
// The generated history

/**
 * Two years of closed purchasing cycles, set-based (one statement per table). Deterministic for a given BATCHES:
 * every choice is a hash of the batch, item and supplier numbers. Returns the counts it produced.
 */
async function generateHistory(dbUrl: string): Promise<Record<string, number>> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(`insert into public.suppliers (name)
                    select 'Distribuidora Análise ' || g from generate_series(1, 4) g on conflict (name) do nothing`);
    await db.query(`
      create temporary table b_products on commit drop as
      select g as n, gen_random_uuid() as id from generate_series(1, 400) g`);
    await db.query(`insert into public.products (id, name) select id, 'Produto Análise ' || lpad(n::text, 3, '0') from b_products`);
    await db.query(`
      insert into public.product_categories (product_id, category_id)
      select p.id, c.ids[1 + p.n % cardinality(c.ids)]
      from b_products p cross join (select array_agg(id order by name) as ids from public.categories) c`);
    // Suppliers: the seeded four and the bench's four, each with an answer rate, a price factor, a term and a lead time.
    await db.query(`
      create temporary table b_suppliers on commit drop as
      select row_number() over (order by name)::int as n, id from public.suppliers
      where name in ('Distribuidora Alfa', 'Distribuidora Beta', 'Distribuidora Gama', 'Distribuidora Delta')
         or name like 'Distribuidora Análise %'`);
    // Batches: one every 730 / BATCHES days back from three weeks ago, rotating over the units.
    await db.query(
      `create temporary table b_batches on commit drop as
       select g, gen_random_uuid() as id, u.ids[1 + g % 3] as unit_id, t.created_at,
              t.created_at + interval '3 hours' as sent_at, t.created_at + interval '3 days' + (g % 5) * interval '2 hours' as closed_at
       from generate_series(1, $1::int) g
       cross join (select array_agg(id order by name) as ids from public.store_units
                   where name in ('Unidade Centro', 'Unidade Norte', 'Unidade Sul')) u
       cross join lateral (select now() - interval '21 days' - (($1::int - g) * (730.0 / $1::int)) * interval '1 day' as created_at) t`,
      [BATCHES],
    );
    await db.query(`
      insert into public.quote_batches (id, unit_id, name, status, created_by, created_at, updated_at, sent_at, closed_at)
      select b.id, b.unit_id, 'Lote Análise ' || b.g, 'PEDIDO_ENVIADO', (select id from auth.users where email = 'compras@farmacia.local'),
             b.created_at, b.closed_at, b.sent_at, b.closed_at
      from b_batches b`);
    // Shortages: 8 per batch; the last two weeks' batches have pending orders (PEDIDO_ENVIADO), the rest ENTREGUE.
    await db.query(`
      create temporary table b_shortages on commit drop as
      select gen_random_uuid() as id, b.g, b.id as batch_id, b.unit_id, b.created_at, b.closed_at, i,
             p.id as product_id, 1 + (b.g * 13 + i * 31 + (b.g % 3) * 7) % 400 as pn,
             5 + abs(hashtext('q' || b.g || '-' || i)) % 60 as requested,
             b.created_at > now() - interval '35 days' as pending
      from b_batches b cross join generate_series(1, 8) i
      join b_products p on p.n = 1 + (b.g * 13 + i * 31 + (b.g % 3) * 7) % 400`);
    await db.query(`
      insert into public.shortages (id, product_id, unit_id, requested_quantity, available_quantity, status, created_by, group_id,
                                    batch_id, batched_at, created_at, updated_at)
      select s.id, s.product_id, s.unit_id, s.requested, abs(hashtext('a' || s.g || '-' || s.i)) % 4,
             case when s.pending then 'PEDIDO_ENVIADO' else 'ENTREGUE' end,
             (select id from auth.users where email = case s.g % 3 when 0 then 'farmaceutico@farmacia.local'
                                                                      when 1 then 'balconista@farmacia.local' else 'balconista2@farmacia.local' end),
             (select pc.category_id from public.product_categories pc where pc.product_id = s.product_id limit 1),
             s.batch_id, s.created_at + interval '30 minutes',
             s.created_at - (1 + abs(hashtext('h' || s.g || '-' || s.i)) % 120) * interval '1 hour', s.closed_at
      from b_shortages s`);
    await db.query(`
      insert into public.quote_batch_invitations (batch_id, supplier_id, invited_at)
      select b.id, sp.id, b.sent_at from b_batches b cross join b_suppliers sp on conflict do nothing`);
    // Quotes: supplier n answers with probability 95 % − 8 % × (n − 1); the first always when nobody else would.
    await db.query(`
      create temporary table b_quotes on commit drop as
      select gen_random_uuid() as id, b.g, b.id as batch_id, b.sent_at, b.closed_at, sp.n, sp.id as supplier_id,
             (array[0, 28, 30, 45, 60, null])[1 + (b.g + sp.n) % 6] as term
      from b_batches b cross join b_suppliers sp
      where abs(hashtext('answer' || b.g || '-' || sp.n)) % 100 < 95 - 8 * (sp.n - 1) or sp.n = 1`);
    await db.query(`
      insert into public.quotes (id, batch_id, supplier_id, status, created_at, updated_at, submitted_at, payment_term_days)
      select q.id, q.batch_id, q.supplier_id, 'ENVIADA', q.sent_at + interval '1 hour', q.closed_at,
             q.sent_at + (2 + abs(hashtext('resp' || q.g || '-' || q.n)) % 60) * interval '1 hour', q.term
      from b_quotes q`);
    await db.query(`
      insert into public.quote_items (quote_id, shortage_id, unit_price, minimum_quantity, has_bonus, bonus_quantity)
      select q.id, s.id,
             case when q.n > 1 and x.h % 100 < 10 then null
                  else round((5 + s.pn % 60) * (0.92 + q.n * 0.015) * (1 + ((x.h % 15) - 7) / 100.0), 2) end,
             case when x.h % 7 = 0 then 24 end,
             x.h % 9 = 0, 1 + x.h % 4
      from b_quotes q join b_shortages s on s.batch_id = q.batch_id
      cross join lateral (select abs(hashtext('item' || q.g || '-' || q.n || '-' || s.i)) as h) x`);
    // The award: the lowest effective cost at 2 % a month per item.
    await db.query(`
      update public.quote_items qi set is_winner = true
      from (
        select distinct on (qi2.shortage_id) qi2.id
        from public.quote_items qi2 join b_quotes q on q.id = qi2.quote_id join b_shortages s on s.id = qi2.shortage_id
        where qi2.unit_price is not null
        order by qi2.shortage_id,
                 private.effective_unit_cost(qi2.unit_price, s.requested, qi2.minimum_quantity,
                                             case when qi2.has_bonus then qi2.bonus_quantity else 0 end, q.term, 0.02),
                 qi2.unit_price, q.n
      ) w where qi.id = w.id`);
    await db.query(`
      update public.quotes q
      set status = case when w.won then 'VENCEDORA' else 'PERDEDORA' end, selected = w.won, updated_at = bq.closed_at
      from b_quotes bq
      cross join lateral (select exists (select 1 from public.quote_items qi where qi.quote_id = bq.id and qi.is_winner) as won) w
      where q.id = bq.id`);
    // Orders: one per batch and winning supplier, sent two hours after the award, promised 2 to 6 days later.
    await db.query(`
      create temporary table b_orders on commit drop as
      select gen_random_uuid() as id, q.g, q.n, q.batch_id, q.supplier_id, q.id as quote_id,
             q.closed_at + interval '2 hours' as created_at,
             ((q.closed_at + interval '2 hours') at time zone 'America/Sao_Paulo')::date + 2 + q.n % 5 as promised,
             case when abs(hashtext('late' || q.g || '-' || q.n)) % 100 < 20 then 1 + abs(hashtext('d' || q.g || '-' || q.n)) % 5
                  else -(abs(hashtext('d' || q.g || '-' || q.n)) % 2) end as delay,
             bool_or(s.pending) as pending
      from b_quotes q join public.quote_items qi on qi.quote_id = q.id and qi.is_winner join b_shortages s on s.id = qi.shortage_id
      group by q.id, q.g, q.n, q.batch_id, q.supplier_id, q.closed_at`);
    await db.query(`
      insert into public.purchase_orders (id, batch_id, supplier_id, status, delivery_date, created_by, created_at, updated_at, received_at)
      select o.id, o.batch_id, o.supplier_id, case when o.pending then 'SOLICITADO' else 'RECEBIDO' end, o.promised,
             (select id from auth.users where email = 'compras@farmacia.local'), o.created_at, o.created_at,
             case when not o.pending then ((o.promised + o.delay)::timestamp + interval '11 hours') at time zone 'America/Sao_Paulo' end
      from b_orders o`);
    await db.query(`
      insert into public.purchase_order_items (order_id, shortage_id, quantity, unit_price, quote_item_id, requested_quantity, minimum_quantity,
                                               raised_to_minimum, bonus_quantity, received_at, received_by_name, received_quantity)
      select o.id, s.id, greatest(s.requested, coalesce(qi.minimum_quantity, 0)), qi.unit_price, qi.id, s.requested, qi.minimum_quantity,
             coalesce(qi.minimum_quantity, 0) > s.requested, case when qi.has_bonus then qi.bonus_quantity else 0 end,
             po.received_at, case when po.received_at is not null then 'Recebimento da unidade' end,
             case when po.received_at is null then null
                  when abs(hashtext('short' || s.id)) % 100 < 10 then greatest(1, greatest(s.requested, coalesce(qi.minimum_quantity, 0)) * 7 / 10)
                  else greatest(s.requested, coalesce(qi.minimum_quantity, 0)) end
      from b_orders o join public.purchase_orders po on po.id = o.id
      join public.quote_items qi on qi.quote_id = o.quote_id and qi.is_winner
      join b_shortages s on s.id = qi.shortage_id`);
    // A third of the late deliveries were announced: delivery_date moved, promised_date keeps the original.
    await db.query(`
      update public.purchase_orders po set delivery_date = o.promised + o.delay
      from b_orders o where po.id = o.id and o.delay > 0 and o.g % 3 = 0`);
    const counts = await db.query<Record<string, string>>(`
      select (select count(*) from b_batches) as batches, (select count(*) from b_shortages) as shortages,
             (select count(*) from b_quotes) as quotes,
             (select count(*) from public.quote_items qi join b_quotes q on q.id = qi.quote_id) as quote_items,
             (select count(*) from b_orders) as orders,
             (select count(*) from public.purchase_order_items oi join b_orders o on o.id = oi.order_id) as order_lines,
             (select count(*) from b_orders where pending) as pending_orders`);
    await db.query('commit');
    await db.query('analyze');
    return Object.fromEntries(Object.entries(counts.rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The RPCs alone

function isoDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The periods the screens ask for: everything (both null), the presets 'Últimos 12 meses' and 'Últimos 90 dias'. */
function periods(): { label: string; args: { p_from: string | null; p_to: string | null } }[] {
  const today = new Date();
  const back = (days: number) => isoDay(new Date(today.getTime() - days * 86_400_000));
  return [
    { label: 'everything', args: { p_from: null, p_to: null } },
    { label: '12 months', args: { p_from: back(365), p_to: isoDay(today) } },
    { label: '90 days', args: { p_from: back(89), p_to: isoDay(today) } },
  ];
}

interface RpcRow {
  label: string;
  user: string;
  rpc: string;
  /** The period's label ('everything', '12 months', '90 days'; '—' for an RPC without one). */
  period: string;
  times: number[];
  note: string;
}

async function existingRpcs(dbUrl: string, names: readonly string[]): Promise<Set<string>> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ proname: string }>(
      `select distinct p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = any($1)`,
      [names],
    );
    return new Set(rows.map((r) => r.proname));
  } finally {
    await db.end();
  }
}

async function measureRpcs(backend: StartedBackend): Promise<{ rows: RpcRow[]; missing: string[] }> {
  const names = [...ANALYSES.map((a) => a.rpc), ...SECONDARY.map((s) => s.rpc)];
  const present = await existingRpcs(backend.dbUrl, names);
  const db = new pg.Client({ connectionString: backend.dbUrl });
  await db.connect();
  const ids = new Map<string, string>();
  try {
    for (const user of USERS) ids.set(user.key, (await db.query<{ id: string }>('select id from auth.users where email = $1', [user.email])).rows[0]!.id);
  } finally {
    await db.end();
  }
  const call = async (name: string, body: Record<string, unknown>, token: string) => {
    const t0 = performance.now();
    const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { ms: performance.now() - t0, status: response.status, bytes: text.length, text };
  };
  const rows: RpcRow[] = [];
  const calls = [
    ...ANALYSES.map((a) => ({ rpc: a.rpc, args: a.args as Record<string, unknown>, period: true })),
    ...SECONDARY.map((s) => ({ rpc: s.rpc, args: s.args as Record<string, unknown>, period: s.period })),
  ];
  for (const user of USERS) {
    const token = accessTokenFor(ids.get(user.key)!, backend.jwtSecret);
    for (const { rpc, args, period } of calls) {
      if (!present.has(rpc)) continue;
      for (const p of period ? periods() : [{ label: '—', args: {} }]) {
        const body = { ...args, ...p.args };
        const warm = await call(rpc, body, token);
        if (warm.status !== 200) {
          rows.push({
            label: `${user.key.padEnd(8)} ${rpc} (${p.label})`,
            user: user.key,
            rpc,
            period: p.label,
            times: [],
            note: `HTTP ${warm.status}: ${warm.text.slice(0, 120)}`,
          });
          continue;
        }
        const times: number[] = [];
        let bytes = warm.bytes;
        for (let run = 0; run < RUNS; run++) {
          const result = await call(rpc, body, token);
          if (result.status !== 200) throw new Error(`${rpc} as ${user.key}: HTTP ${result.status} ${result.text.slice(0, 200)}`);
          times.push(result.ms);
          bytes = result.bytes;
        }
        rows.push({ label: `${user.key.padEnd(8)} ${rpc} (${p.label})`, user: user.key, rpc, period: p.label, times, note: `${(bytes / 1024).toFixed(0)} KB` });
      }
    }
  }
  return { rows, missing: names.filter((n) => !present.has(n)) };
}

function printRpcRows(rows: readonly RpcRow[], missing: readonly string[]): void {
  console.log(`\nThe analysis RPCs alone over HTTP (${RUNS} runs each after one warm-up; guide ≤ ${RPC_GUIDE_MS} ms on p95)`);
  for (const row of rows) {
    if (row.times.length === 0) {
      console.log(`  ${row.label.padEnd(62)} ${row.note}`);
      continue;
    }
    const p95 = percentile(row.times, 95);
    recordAtMost(`${row.user} ${row.rpc} (${row.period}) over HTTP (p95; a guide)`, p95, RPC_GUIDE_MS, 'ms');
    console.log(
      `  ${row.label.padEnd(62)} p50 ${median(row.times).toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  ` +
        `${verdict(p95, RPC_GUIDE_MS + 0.0001)}  (${row.note}; ${listMs(row.times)})`,
    );
  }
  for (const name of missing) console.log(`  ${name.padEnd(71)} not available (not in this branch's migrations)`);
}

// ---------------------------------------------------------------------------------------------------------------
// The screens in Chromium

const SCREENS_BUILT = existsSync(path.join(REPO_ROOT, 'src/features/analytics/components/shared/analysis-page.tsx'));

/** The root is settled: not busy, with a table or a chart (or its empty state) rendered inside. */
const SETTLED = `((root) => root !== null && root.getAttribute('aria-busy') === 'false'
  && root.querySelector('table, .recharts-wrapper, [data-empty-state]') !== null)(document.querySelector('[data-analysis]'))`;

/** The root's chart cards (ChartCard): those holding a chart, its placeholder or a chart behind the data. */
const CHART_CARDS = `[...root.querySelectorAll('section')].filter((card) => card.querySelector('[data-chart-pending], [data-testid="analysis-chart"]') !== null)`;

/**
 * A card's chart is drawn from the current data: no placeholder, not behind the data (data-chart-stale), and its box
 * holds its SVG (recharts measures its box after layout and draws in a later frame).
 */
const CARD_DRAWN = `((card) => !card.hasAttribute('data-chart-stale') && card.querySelector('[data-chart-pending]') === null
  && [...card.querySelectorAll('[data-testid="analysis-chart"]')].every((chart) => chart.querySelector('svg.recharts-surface') !== null))`;

/** A card the 1366×768 screen shows without scrolling. */
const IN_VIEW = `((card) => { const box = card.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; })`;

/** What the user sees is there: settled, and every chart on the screen drawn (the verdict's figure). */
const IN_VIEW_DRAWN = `((root) => (${SETTLED}) && ${CHART_CARDS}.filter(${IN_VIEW}).every(${CARD_DRAWN}))(document.querySelector('[data-analysis]'))`;

/** Settled, and every chart of the page drawn, those below the fold too. */
const COMPLETE = `((root) => (${SETTLED}) && ${CHART_CARDS}.every(${CARD_DRAWN}))(document.querySelector('[data-analysis]'))`;

/**
 * Installed in every document: records, each after the next paint, when the analysis root first settles
 * (window.__settled), when the charts on the screen are drawn (__inView), and when every chart is (__complete).
 */
const WATCH_FIRST_LOAD = `(() => {
  let settled = false;
  let inView = false;
  const check = () => {
    if (!settled && (${SETTLED})) {
      settled = true;
      ${afterNextPaint('window.__settled = { at: performance.now() };')};
    }
    if (settled && !inView && (${IN_VIEW_DRAWN})) {
      inView = true;
      ${afterNextPaint('window.__inView = { at: performance.now() };')};
    }
    if (!inView || !(${COMPLETE})) return false;
    ${afterNextPaint('window.__complete = { at: performance.now() };')};
    return true;
  };
  new MutationObserver((_, observer) => { if (check()) observer.disconnect(); })
    .observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy', 'data-chart-stale'] });
})()`;

/**
 * Arms window[`name`]: on the next click on the button reading `buttonText`, resolves with the ms from that click
 * until the root has been busy and is settled again, and that frame is painted. If the root never turns busy
 * (an answer already cached), it resolves with the first frame where the root, rendered from the new URL query
 * (its data-search), is settled, with `cached: true` (earlier runs waited a fixed 1.5 s for that case and printed
 * 1.5 s as the time).
 */
function armFilterClick(name: string, buttonText: string): string {
  return `(() => {
    window.${name} = undefined;
    const before = location.search;
    const onClick = (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || button.textContent.trim() !== ${JSON.stringify(buttonText)}) return;
      document.removeEventListener('click', onClick, true);
      const started = event.timeStamp;
      let sawBusy = false;
      let finished = false;
      // The figures shown (ms), then the charts on the screen redrawn from them (inView), then every chart (complete).
      const finish = (cached) => { if (finished) return; finished = true; observer.disconnect();
        ${afterNextPaint(`const ms = performance.now() - started;
          let inView;
          const whenComplete = () => {
            if (inView === undefined && (${IN_VIEW_DRAWN})) inView = performance.now() - started;
            if (inView !== undefined && (${COMPLETE})) { ${afterNextPaint(`window.${name} = { ms, inView, complete: performance.now() - started, cached };`)}; }
            else requestAnimationFrame(whenComplete); };
          whenComplete();`)}; };
      const check = () => {
        const root = document.querySelector('[data-analysis]');
        if (root && root.getAttribute('aria-busy') === 'true') sawBusy = true;
        if (sawBusy && (${SETTLED})) finish(false);
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
      // An answer already cached (fresh for 30 s) renders with the URL change and never turns the root busy. The
      // router changes the URL before the screen reading it commits (a transition), so the root says which query it
      // was rendered from (data-search): settled on the URL's own query is the change shown.
      const watchCached = () => {
        if (finished || sawBusy) return;
        const root = document.querySelector('[data-analysis]');
        if (location.search !== before && root && root.getAttribute('data-search') === location.search && (${SETTLED})) {
          finish(true);
          return;
        }
        requestAnimationFrame(watchCached);
      };
      requestAnimationFrame(watchCached);
      check();
    };
    document.addEventListener('click', onClick, true);
  })()`;
}

interface ScreenFigures {
  route: string;
  user: string;
  /** Until the first figures (cards and tables) show. */
  loads: number[];
  /** Until the charts on the screen are drawn too: what the user sees (the verdict's figure). */
  loadsInView: number[];
  /** Until every chart of the page is drawn, those below the fold too. */
  loadsComplete: number[];
  filters: number[];
  filtersInView: number[];
  filtersComplete: number[];
  cached: number;
}

async function measureScreen(page: Page, route: string, user: string): Promise<ScreenFigures> {
  const figures: ScreenFigures = { route, user, loads: [], loadsInView: [], loadsComplete: [], filters: [], filtersInView: [], filtersComplete: [], cached: 0 };
  for (let run = 0; run <= RUNS; run++) {
    await page.goto(route);
    const settled = await waitForPageValue<{ at: number }>(page, '__settled', `${route} settled as ${user}`, 60_000);
    const inView = await waitForPageValue<{ at: number }>(page, '__inView', `${route} charts on the screen drawn as ${user}`, 60_000);
    const complete = await waitForPageValue<{ at: number }>(page, '__complete', `${route} charts drawn as ${user}`, 60_000);
    for (const preset of ['Últimos 12 meses', 'Últimos 90 dias']) {
      await page.evaluate(armFilterClick('__filtered', preset));
      await page.getByRole('button', { name: preset, exact: true }).click();
      const filtered = await waitForPageValue<{ ms: number; inView: number; complete: number; cached: boolean }>(page, '__filtered', `${route} after '${preset}' as ${user}`, 60_000);
      if (DEBUG) {
        console.log(`  ${user} ${route} run ${run}: '${preset}' ${filtered.ms.toFixed(0)} ms, on screen ${filtered.inView.toFixed(0)} ms, every chart ${filtered.complete.toFixed(0)} ms${filtered.cached ? ' (cached)' : ''}`);
      }
      if (run === 0) continue;
      figures.filters.push(filtered.ms);
      figures.filtersInView.push(filtered.inView);
      figures.filtersComplete.push(filtered.complete);
      if (filtered.cached) figures.cached += 1;
    }
    if (DEBUG) console.log(`  ${user} ${route} run ${run}: first load ${settled.at.toFixed(0)} ms, on screen ${inView.at.toFixed(0)} ms, every chart ${complete.at.toFixed(0)} ms`);
    if (run === 0) continue; // warms the browser cache and the backend
    figures.loads.push(settled.at);
    figures.loadsInView.push(inView.at);
    figures.loadsComplete.push(complete.at);
  }
  return figures;
}

function printScreens(all: readonly ScreenFigures[]): boolean {
  let failed = false;
  console.log(
    `\nThe screens in Chromium at 1366×768 (${RUNS} runs each after one warm-up). Each figure until what the screen shows is there:` +
      `\nthe figures and every chart in view drawn; the verdict on its p95. In brackets, p50s: until the first figures (cards and` +
      `\ntables) show, and until every chart of the page is drawn, those below the fold too (charts are drawn one at a time, top first).`,
  );
  for (const f of all) {
    const loadP95 = percentile(f.loadsInView, 95);
    const filterP95 = percentile(f.filtersInView, 95);
    const loadVerdict = verdict(loadP95, LOAD_TARGET_MS + 0.0001);
    const filterVerdict = verdict(filterP95, FILTER_TARGET_MS + 0.0001);
    if (loadVerdict === 'FAIL' || filterVerdict === 'FAIL') failed = true;
    recordAtMost(`${f.user} ${f.route}: first load until the screen is drawn (p95)`, loadP95, LOAD_TARGET_MS, 'ms');
    recordAtMost(`${f.user} ${f.route}: filter change until the screen is drawn (p95)`, filterP95, FILTER_TARGET_MS, 'ms');
    const brackets = (first: number[], every: number[]) => `[figures ${median(first).toFixed(0)}, every chart ${median(every).toFixed(0)}]`;
    console.log(
      `  ${f.user.padEnd(8)} ${f.route.padEnd(22)} first load p50 ${median(f.loadsInView).toFixed(0).padStart(5)} ms  p95 ${loadP95.toFixed(0).padStart(5)} ms  ` +
        `${brackets(f.loads, f.loadsComplete)} (target ≤ ${LOAD_TARGET_MS} ms: ${loadVerdict})   filter change p50 ${median(f.filtersInView).toFixed(0).padStart(4)} ms  ` +
        `p95 ${filterP95.toFixed(0).padStart(4)} ms  ${brackets(f.filters, f.filtersComplete)} (target ≤ ${FILTER_TARGET_MS} ms: ${filterVerdict})` +
        (f.cached ? `  [${f.cached} of ${f.filters.length} filter changes answered from the cache]` : ''),
    );
  }
  return failed;
}

/**
 * Prints and records, per route and user, the screen's first load p50 ÷ the p50 of its main RPC over HTTP for the
 * screen's default period and the same user.
 */
function printRatios(all: readonly ScreenFigures[], rpcRows: readonly RpcRow[]): void {
  console.log(`\nRatios (issue 30: hold on any machine): a screen's first load p50 ÷ its RPC's p50 over HTTP (${DEFAULT_PERIOD_LABEL}, same user)`);
  for (const f of all) {
    const rpc = ANALYSES.find((analysis) => analysis.route === f.route)?.rpc ?? '?';
    const rpcTimes = rpcRows.find((row) => row.user === f.user && row.rpc === rpc && row.period === DEFAULT_PERIOD_LABEL)?.times ?? [];
    const screen = median(f.loadsInView);
    const database = rpcTimes.length > 0 ? median(rpcTimes) : NaN;
    const figure = `${f.user} ${f.route} first load ÷ ${rpc} (${DEFAULT_PERIOD_LABEL}) over HTTP`;
    console.log(`  ${ratioLine(figure, screen, database, SCREEN_RATIO_TARGET, 'p50s')}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** The RPC rows measured in prepare(), for the ratios. */
let rpcRows: RpcRow[] = [];

async function prepare(backend: StartedBackend): Promise<void> {
  console.log(`Generating ${BATCHES.toLocaleString('pt-BR')} closed batches over two years...`);
  const started = performance.now();
  const counts = await generateHistory(backend.dbUrl);
  console.log(
    `  ${Object.entries(counts)
      .map(([k, v]) => `${v.toLocaleString('pt-BR')} ${k.replace('_', ' ')}`)
      .join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const { rows, missing } = await measureRpcs(backend);
  rpcRows = rows;
  printRpcRows(rows, missing);
}

console.log(`bench:analytics — ${BATCHES} generated batches, ${RUNS} runs per measure`);
let failed = false;
if (BROWSER && SCREENS_BUILT) {
  failed = await withBrowserBench('analytics', prepare, async ({ newContext }) => {
    const all: ScreenFigures[] = [];
    for (const user of USERS) {
      const context = await newContext();
      await context.addInitScript(WATCH_FIRST_LOAD);
      const page = await context.newPage();
      await signIn(page, user.email);
      for (const analysis of ANALYSES) {
        if (ROUTES && !ROUTES.includes(analysis.route)) continue;
        all.push(await measureScreen(page, analysis.route, user.key));
      }
      await context.close();
    }
    const missed = printScreens(all);
    printRatios(all, rpcRows);
    return missed;
  });
} else {
  const backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'supabase'), timeoutMs: 240_000 });
  try {
    await prepare(backend);
    if (process.env.BENCH_KEEP) {
      console.log(`\nBENCH_KEEP: the backend stays up for EXPLAIN until Ctrl+C — API ${backend.apiUrl} anon key ${backend.anonKey} — DB URL ${backend.dbUrl}`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    }
  } finally {
    await backend.stop();
  }
  console.log(
    `\nThe screens in Chromium: not measured (${BROWSER ? 'the analysis screens are not built in this branch: no src/features/analytics/components/shared/analysis-page.tsx' : 'BENCH_BROWSER=0'}).`,
  );
}
process.exit(failed ? 1 : 0);
