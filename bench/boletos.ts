/**
 * `npm run bench:boletos`: boletos at a chain's scale, against issue 14's targets.
 *
 * Starts a fresh backend on `supabase/` (demo seed) and inserts, as the superuser, 100,000 boletos over 20 units and
 * 60 suppliers (60 % paid over the past year, 35 % pending due from 90 days ago to 90 days ahead, 5 % cancelled;
 * valid codes built by the database's own functions). Then:
 *   1. report: in Debian's Chromium, signed in as the demo administrator (all 20 units: the worst case), a full
 *      navigation to /relatorio-boletos, from navigation start until the report's summary, tables and chart data are
 *      on screen (`[data-testid="boleto-report"][data-state="ready"]`) and that frame is painted. One warm-up, RUNS
 *      measured. Target ≤ 700 ms on the median (issue 30, item 5; issue 14 set 1,000 ms).
 *   2. list: list_boletos pages (50 rows) over HTTP with the administrator's token, as the screen asks them, for the
 *      filters a clerk uses (none, unit + overdue, supplier + period, a text search, a code's digits, a far page).
 *      Target ≤ 200 ms on the p95 of each.
 *   3. decode: the browser parser (src/features/boletos/code.ts, bundled as the app bundles it) decoding 2,000
 *      different linhas and barcodes in the page, timed in batches of 50 (the page's clock is coarse). Target ≤ 1 ms
 *      per code on the p99 of the batches.
 * Prints figures and targets; exit code 1 on a miss.
 * Ratios that hold on any machine (issue 30, item 6), printed and recorded (informational: the exit code stays on the
 * absolute targets): the report's first load (median) as a multiple of get_boletos_report alone over HTTP with the
 * administrator's token (the one call the screen waits for: its 'ready' state depends on the report only; median of
 * 10 after a warm-up), target ≤ 1.5×; and that HTTP figure as a multiple of the same call as SQL on the embedded
 * Postgres (node-postgres on the backend's DB URL, each run in a transaction with `set local role authenticated` and
 * the token's claims in request.jwt.claims, the `select public.get_boletos_report()` alone timed in Node; one warm-up,
 * as many runs), target ≤ 1.3×.
 *
 *   BENCH_RUNS=5 BENCH_BOLETOS=100000 npm run bench:boletos
 */
import { build } from 'esbuild';
import pg from 'pg';
import { accessTokenFor } from '../tests/utils/jwt.ts';
import { afterNextPaint, listMs, median, percentile, signIn, verdict, waitForPageValue, withBrowserBench } from './browser.ts';
import { ratioLine, recordAtMost, timeSqlAsUser } from './results.ts';

const BOLETOS = Number(process.env.BENCH_BOLETOS ?? 100_000);
const UNITS = 20;
const SUPPLIERS = 60;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIST_RUNS = 30;
const DECODES = 2000;
// Issue 30, item 5 (issue 14's was 1,000 ms).
const REPORT_TARGET_MS = 700;
const LIST_TARGET_MS = 200;
const DECODE_TARGET_MS = 1;
const ADMIN = 'admin@farmacia.local';
/** Ratio targets (issue 30, item 6): the screen ÷ the RPC it waits for, and the RPC over HTTP ÷ its SQL. */
const SCREEN_RATIO_TARGET = 1.5;
const HTTP_RATIO_TARGET = 1.3;
const RPC_RUNS = 10;

/** 100,000 boletos over 20 units, inserted as the superuser with the write trigger off (the derived columns are computed here the same way). */
async function seed(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`insert into public.store_units (name) select 'Loja Bench ' || g from generate_series(1, $1::int) g on conflict (name) do nothing`, [UNITS - 3]);
    await db.query(`insert into public.suppliers (name, cnpj) select 'Distribuidora Bench ' || g, null from generate_series(1, $1::int) g on conflict (name) do nothing`, [SUPPLIERS]);
    const started = performance.now();
    await db.query('alter table public.boletos disable trigger boletos_before_write');
    await db.query('alter table public.boletos disable trigger boletos_record_status');
    await db.query(
      `with units as (select array_agg(id order by name) as ids from public.store_units),
            suppliers as (select array_agg(id order by name) as ids from public.suppliers where name like 'Distribuidora Bench %'),
            author as (select id from auth.users where email = 'admin@farmacia.local'),
            today as (select (now() at time zone 'America/Sao_Paulo')::date as d),
            raw as (
              select g,
                     (select ids from units)[1 + g % ${UNITS}] as unit_id,
                     (select ids from suppliers)[1 + (g * 7) % ${SUPPLIERS}] as supplier_id,
                     (array['001', '033', '104', '237', '341', '756'])[1 + (g % ${SUPPLIERS}) % 6] as bank,
                     case when (g / 20) % 20 = 0 then 'CANCELADO' when (g / 20) % 20 < 8 then 'PENDENTE' else 'PAGO' end as status,
                     1000 + (g::bigint * 7919) % 5000000 as cents,
                     lpad(g::text, 12, '0') || lpad(((g::bigint * 104729) % 10000000000000)::text, 13, '0') as free
              from generate_series(1, $1::int) g),
            dated as (
              select raw.*, case when status = 'PAGO' then today.d - (g % 365) else today.d - 90 + (g % 181) end as due
              from raw, today),
            coded as (select dated.*, private.boleto_build_bank_barcode(bank, due, cents, free) as barcode from dated)
       insert into public.boletos (unit_id, supplier_id, barcode, linha_digitavel, kind, bank_code, amount, due_date, issue_date,
                                   document_number, status, paid_at, paid_amount, payment_account, created_by, created_at)
       select unit_id, supplier_id, barcode, private.boleto_linha_from_barcode(barcode), 'BANCARIO', bank, cents / 100.0, due, due - 30,
              'NF ' || g, status,
              case when status = 'PAGO' then least(due, (select d from today)) end,
              case when status = 'PAGO' then cents / 100.0 end,
              case when status = 'PAGO' then 'Conta bench' end,
              (select id from author), now() - (g % 365) * interval '1 day'
       from coded`,
      [BOLETOS],
    );
    await db.query('alter table public.boletos enable trigger boletos_before_write');
    await db.query('alter table public.boletos enable trigger boletos_record_status');
    await db.query('analyze public.boletos');
    const { rows } = await db.query<{ n: string }>('select count(*) as n from public.boletos');
    console.log(`Seeded ${rows[0]!.n} boletos over ${UNITS} units in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await db.end();
  }
}

/** Arms window.__report: set once the report is ready on screen and that frame is painted. */
const WATCH_REPORT = `(() => {
  const check = () => {
    if (!document.querySelector('[data-testid="boleto-report"][data-state="ready"]')) return false;
    ${afterNextPaint('window.__report = { shownAt: performance.now() };')};
    return true;
  };
  new MutationObserver((_, observer) => { if (check()) observer.disconnect(); })
    .observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
})()`;

function line(name: string, values: readonly number[], target: number, on: 'median' | 'p95' | 'p99', digits = 0): { text: string; pass: boolean } {
  const figure = on === 'median' ? median(values) : percentile(values, on === 'p95' ? 95 : 99);
  const pass = verdict(figure, target + 1e-9) === 'PASS';
  recordAtMost(`${name} (${on})`, figure, target, 'ms', digits);
  return {
    text:
      `${name}: median ${median(values).toFixed(digits)} ms, p95 ${percentile(values, 95).toFixed(digits)} ms, p99 ${percentile(values, 99).toFixed(digits)} ms ` +
      `over ${values.length} runs${values.length <= 10 ? ` (${listMs(values, digits)})` : ''} — target ≤ ${target} ms on the ${on}: ${pass ? 'PASS' : 'FAIL'}`,
    pass,
  };
}

const results: { text: string; pass: boolean }[] = [];
/** The ratio lines (printed after the results; they do not change the exit code). */
const ratios: string[] = [];

/** Prints (with the summary) and records `numerator ÷ denominator` (medians, ms) against `target`. */
function ratio(figure: string, numerator: number, denominator: number, target: number): void {
  ratios.push(ratioLine(figure, numerator, denominator, target));
}


await withBrowserBench(
  'boletos',
  async (backend) => {
    await seed(backend.dbUrl);
  },
  async ({ backend, newContext }) => {
    // 1. The report, as the administrator feels it.
    const context = await newContext();
    await context.addInitScript(WATCH_REPORT);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    const reportTimes: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      await page.goto('/relatorio-boletos');
      const { shownAt } = await waitForPageValue<{ shownAt: number }>(page, '__report', 'the boleto report');
      if (run > 0) reportTimes.push(shownAt);
    }
    results.push(line(`/relatorio-boletos first load (${BOLETOS.toLocaleString('en')} boletos, all ${UNITS} units)`, reportTimes, REPORT_TARGET_MS, 'median'));

    // 2. List pages over HTTP, as the screen asks them.
    const db = new pg.Client({ connectionString: backend.dbUrl });
    await db.connect();
    const facts = await db.query<{ admin: string; unit: string; supplier: string; supplier_name: string; digits: string; linha: string }>(
      `select (select id from auth.users where email = 'admin@farmacia.local') as admin,
              (select id from public.store_units where name = 'Loja Bench 7') as unit,
              (select id from public.suppliers where name = 'Distribuidora Bench 13') as supplier,
              'bench 42' as supplier_name,
              (select left(linha_digitavel, 10) from public.boletos order by id limit 1) as digits,
              (select linha_digitavel from public.boletos order by id desc limit 1) as linha`,
    );
    await db.end();
    const f = facts.rows[0]!;
    const token = accessTokenFor(f.admin, backend.jwtSecret);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const filters: [string, Record<string, unknown>][] = [
      ['no filter, due date order', {}],
      ['one unit, overdue', { p_unit_id: f.unit, p_situation: 'VENCIDO' }],
      ['one supplier, next 30 days', { p_supplier_id: f.supplier, p_due_from: day(0), p_due_to: day(30) }],
      ['text search (supplier name)', { p_search: f.supplier_name }],
      ['first 10 digits of a linha', { p_search: f.digits }],
      ['a whole linha pasted with dots and spaces', { p_search: `${f.linha.slice(0, 5)}.${f.linha.slice(5, 10)} ${f.linha.slice(10, 15)}.${f.linha.slice(15, 21)} ${f.linha.slice(21)}` }],
      ['page 40, largest amounts', { p_sort: 'amount_desc', p_offset: 2000 }],
    ];
    for (const [name, args] of filters) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run <= LIST_RUNS; run++) {
        const started = performance.now();
        const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/list_boletos`, {
          method: 'POST',
          headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_limit: 50, ...args }),
        });
        const body = (await response.json()) as { total: number };
        if (response.status !== 200) throw new Error(`list_boletos ${name}: ${response.status} ${JSON.stringify(body)}`);
        total = body.total;
        if (run > 0) times.push(performance.now() - started);
      }
      results.push(line(`list_boletos page of 50 — ${name} (${total.toLocaleString('en')} matches)`, times, LIST_TARGET_MS, 'p95', 1));
    }

    // (secondary) The report's RPC alone over HTTP: what the browser waits for inside the first load.
    const reportRpc: number[] = [];
    for (let run = 0; run <= RPC_RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/get_boletos_report`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      await response.arrayBuffer();
      if (run > 0) reportRpc.push(performance.now() - started);
    }
    console.log(`(secondary) get_boletos_report over HTTP, all units: median ${median(reportRpc).toFixed(0)} ms, p95 ${percentile(reportRpc, 95).toFixed(0)} ms`);
    // The same call as SQL on the embedded Postgres, with the claims of the token used over HTTP.
    const reportSql = await timeSqlAsUser(backend.dbUrl, token, 'select public.get_boletos_report() as result', Array.from({ length: RPC_RUNS }, () => []));
    console.log(
      `(secondary) get_boletos_report as SQL on the embedded Postgres (node-postgres, role authenticated with the same claims): ` +
        `median ${median(reportSql).toFixed(1)} ms, p95 ${percentile(reportSql, 95).toFixed(1)} ms`,
    );
    ratio('/relatorio-boletos first load ÷ get_boletos_report over HTTP', median(reportTimes), median(reportRpc), SCREEN_RATIO_TARGET);
    ratio('get_boletos_report over HTTP ÷ its SQL in Postgres', median(reportRpc), median(reportSql), HTTP_RATIO_TARGET);

    // 3. Decoding in the browser: the parser bundled as the app bundles it, fed different codes.
    const bundle = await build({
      entryPoints: ['src/features/boletos/code.ts'],
      bundle: true,
      format: 'iife',
      globalName: 'BoletoCode',
      write: false,
      minify: true,
      alias: { '@': './src' },
      define: { 'import.meta.env': '{}' },
      logLevel: 'silent',
    });
    // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses inline scripts.
    await page.evaluate(`${bundle.outputFiles[0]!.text}; window.BoletoCode = BoletoCode; undefined`);
    const decodeTimes = (await page.evaluate(`(() => {
      const { buildBankBarcode, buildArrecadacaoBarcode, barcodeToLinha, parseBoletoCode } = window.BoletoCode;
      const codes = [];
      for (let i = 0; i < ${DECODES}; i++) {
        const barcode = i % 4 === 3
          ? buildArrecadacaoBarcode({ segment: 1 + (i % 7), valueId: 6 + (i % 4), amountCents: 100 + i * 37, rest: String(i).padStart(29, '4') })
          : buildBankBarcode({ bankCode: String(1 + (i % 700)).padStart(3, '0'), dueDate: '2026-12-' + String(1 + (i % 28)).padStart(2, '0'), amountCents: 100 + i * 131, freeField: String(i * 7919).padStart(25, '2') });
        codes.push(i % 2 ? barcodeToLinha(barcode) : barcode);
      }
      for (const code of codes) if (!parseBoletoCode(code, '2026-11-25').ok) throw new Error('a valid code was refused: ' + code);
      // The browser's clock is coarse (0.1 ms): time batches of 50 different codes, each decoded once, and
      // report the mean per code of each batch.
      const times = [];
      for (let start = 0; start < codes.length; start += 50) {
        const batch = codes.slice(start, start + 50);
        const started = performance.now();
        for (const code of batch) parseBoletoCode(code, '2026-11-25');
        times.push((performance.now() - started) / batch.length);
      }
      return times;
    })()`)) as number[];
    results.push(line(`decode a code in Chromium (${DECODES} different codes in batches of 50, mean per code of each batch)`, decodeTimes, DECODE_TARGET_MS, 'p99', 4));
    const defaultToday = (await page.evaluate(`(() => {
      const { parseBoletoCode } = window.BoletoCode;
      const started = performance.now();
      for (let i = 0; i < 1000; i++) parseBoletoCode('34191091233456781234156789012301910160000012345');
      return (performance.now() - started) / 1000;
    })()`)) as number;
    console.log(`(secondary) decode with the São Paulo day computed by the parser: ${defaultToday.toFixed(4)} ms per code`);
  },
);

console.log('\nBoletos benchmark');
for (const result of results) console.log(`  ${result.text}`);
for (const text of ratios) console.log(`  ${text}`);
process.exitCode = results.every((r) => r.pass) ? 0 : 1;
