/**
 * One row per figure a bench measures, for `npm run bench` (bench/run.ts) to print every bench in one table.
 *
 * A bench calls `recordFigure` beside the line it prints; when bench/run.ts started it, BENCH_RESULTS_FILE names a file
 * and the row is appended to it as one line of JSON; run alone (`npm run bench:catalog`), nothing is written and the
 * bench prints as before.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface Figure {
  /** What is measured, as a reader of the table understands it ('/produtos: 50,234 products shown, median'). */
  figure: string;
  /** The target, with its unit and comparison ('≤ 500 ms', '≥ 0.75'). */
  target: string;
  /** The measured figure, with its unit ('412 ms', '0.31'). */
  measured: string;
  pass: boolean;
}

export interface RecordedFigure extends Figure {
  /** The bench's script name ('catalog' for bench/catalog.ts). */
  bench: string;
}

/** The bench's name: its script's file name without the extension. */
function benchName(): string {
  const script = process.argv[1] ?? 'bench';
  return path.basename(script).replace(/\.[cm]?[jt]s$/, '');
}

export function recordFigure(figure: Figure): void {
  const file = process.env.BENCH_RESULTS_FILE;
  if (!file) return;
  const row: RecordedFigure = { bench: benchName(), ...figure };
  appendFileSync(file, `${JSON.stringify(row)}\n`);
}

/** '412 ms' / '1.3 KB' / '0.31': a number with its unit, rounded to `digits`. */
export function withUnit(value: number, unit: string, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return unit ? `${value.toFixed(digits)} ${unit}` : value.toFixed(digits);
}

/**
 * Records a "lower is better" figure: PASS when `value` is at most `target` (the verdicts the benches print use the
 * same bound: `verdict(value, target + ε)`).
 */
export function recordAtMost(figure: string, value: number, target: number, unit: string, digits = 0): void {
  recordFigure({
    figure,
    target: `≤ ${withUnit(target, unit, digits)}`,
    measured: withUnit(value, unit, digits),
    pass: Number.isFinite(value) && value <= target,
  });
}

/** Records a "higher is better" figure: PASS when `value` is at least `target`. */
export function recordAtLeast(figure: string, value: number, target: number, unit: string, digits = 0): void {
  recordFigure({
    figure,
    target: `≥ ${withUnit(target, unit, digits)}`,
    measured: withUnit(value, unit, digits),
    pass: Number.isFinite(value) && value >= target,
  });
}

/** Records a count that must be exactly `target` (errors: 0). */
export function recordExactly(figure: string, value: number, target: number): void {
  recordFigure({ figure, target: `= ${target}`, measured: String(value), pass: value === target });
}

/** Records a yes/no check ('every punch stored exactly once'). */
export function recordCheck(figure: string, ok: boolean, measured: string): void {
  recordFigure({ figure, target: 'yes', measured, pass: ok });
}

/**
 * A ratio of issue 30's item 6 (a screen ÷ the database call it waits for, an RPC over HTTP ÷ its SQL): records it
 * against `target` (at most) and returns the line the bench prints, e.g.
 * 'ratio comparison screen ÷ get_batch_comparison over HTTP: 1.32× (412.0 ms ÷ 312.1 ms, medians) (target ≤ 1.5×: PASS)'.
 * A missing denominator (no timing) is 'n/a' and fails.
 */
export function ratioLine(figure: string, numerator: number, denominator: number, target: number, of = 'medians'): string {
  const value = numerator / denominator;
  const measured = Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
  const pass = Number.isFinite(value) && value <= target;
  recordFigure({ figure, target: `≤ ${target}×`, measured, pass });
  return (
    `ratio ${figure}: ${measured} (${numerator.toFixed(1)} ms ÷ ${denominator.toFixed(1)} ms, ${of}) ` +
    `(target ≤ ${target}×: ${pass ? 'PASS' : 'FAIL'})`
  );
}

/**
 * The SQL side of an "RPC over HTTP ÷ its SQL" ratio: runs `statement` for each of `calls` on the embedded Postgres
 * (node-postgres on `dbUrl`), each in its own transaction under the role `authenticated` with the claims of `token`
 * (the access token the HTTP calls send) in request.jwt.claims, as the backend runs a request; only the statement is
 * timed.
 * One warm-up call first (the first of `calls`), not returned. `check` sees each result's rows.
 */
export async function timeSqlAsUser<T extends pg.QueryResultRow>(
  dbUrl: string,
  token: string,
  statement: string,
  calls: readonly unknown[][],
  check: (rows: T[]) => void = () => undefined,
): Promise<number[]> {
  const claims = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const call = async (params: unknown[]): Promise<number> => {
      await db.query('begin');
      try {
        await db.query('set local role authenticated');
        await db.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        const started = performance.now();
        const { rows } = await db.query<T>(statement, params);
        const ms = performance.now() - started;
        check(rows);
        return ms;
      } finally {
        await db.query('commit');
      }
    };
    if (calls[0]) await call(calls[0]);
    const times: number[] = [];
    for (const params of calls) times.push(await call(params));
    return times;
  } finally {
    await db.end();
  }
}
