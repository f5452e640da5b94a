/**
 * `npm run bench [name ...]`: runs every bench (or the named ones, e.g. `npm run bench -- boot catalog`) one after
 * the other, each in its own process with its own backend, and prints one table: bench, figure, target, measured,
 * PASS or FAIL, with the machine on top (CPU count and model, memory, Node, Chromium). Each bench's own output goes to
 * a log file (its path is printed) and its rows come through BENCH_RESULTS_FILE (bench/results.ts).
 *
 * A bench that stops without a figure, or exits with an error of its own, is a row of the table too: a failure.
 * Exit code 1 when any row fails. `docs/performance.md` keeps the latest table and says how each figure is measured.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../tests/utils/backend.ts';
import type { RecordedFigure } from './results.ts';

/** Every bench (bench/<name>.ts), in the order they run. */
const BENCHES = [
  'boot', 'catalog', 'purchasing', 'boletos', 'signature', 'analytics', 'backend', 'punch', 'timeclock', 'notifications',
  'documents-feed', 'mail-inbox', 'assistant',
] as const;

const CHROMIUM = '/usr/bin/chromium';

function machine(): string {
  const cpus = os.cpus();
  const chromium = existsSync(CHROMIUM)
    ? (spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).stdout ?? '').trim() || 'unknown'
    : 'not installed';
  return [
    `Machine: ${cpus.length} CPUs (${cpus[0]?.model.trim() ?? 'unknown model'}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.type()} ${os.release()}`,
    `Node ${process.version}; ${chromium}`,
  ].join('\n');
}

function runBench(script: string, resultsFile: string, logFile: string): Promise<number> {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO_ROOT,
      env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => resolve(code ?? 1));
    });
  });
}

function readRows(file: string): RecordedFigure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RecordedFigure);
}

function table(rows: RecordedFigure[]): string {
  const header = ['Bench', 'Figure', 'Target', 'Measured', 'Result'];
  const cells = rows.map((row) => [row.bench, row.figure, row.target, row.measured, row.pass ? 'PASS' : 'FAIL']);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (cell: string[]) => `| ${cell.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...cells.map(line)].join('\n');
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.some((bench) => bench === name));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Benches: ${BENCHES.join(', ')}.`);
  process.exit(2);
}
const selected = wanted.length > 0 ? BENCHES.filter((bench) => wanted.includes(bench)) : [...BENCHES];

const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
console.log(machine());
console.log(`Logs of each bench: ${dir}\n`);

const rows: RecordedFigure[] = [];
for (const bench of selected) {
  const resultsFile = path.join(dir, `${bench}.jsonl`);
  const logFile = path.join(dir, `${bench}.log`);
  const started = Date.now();
  process.stdout.write(`${bench}... `);
  const code = await runBench(`bench/${bench}.ts`, resultsFile, logFile);
  const benchRows = readRows(resultsFile);
  console.log(`${benchRows.length} figures in ${((Date.now() - started) / 1000).toFixed(0)} s${code === 0 ? '' : ` (exit ${code})`}`);
  rows.push(...benchRows);
  // A bench exits 1 when one of its figures fails; any other stop without figures is a failure of its own.
  if (benchRows.length === 0) {
    rows.push({ bench, figure: `the bench ran (log: ${logFile})`, target: 'exit 0', measured: `exit ${code}, no figure`, pass: false });
  } else if (code !== 0 && benchRows.every((row) => row.pass)) {
    rows.push({ bench, figure: `the bench ran (log: ${logFile})`, target: 'exit 0', measured: `exit ${code}`, pass: false });
  }
}

console.log(`\n${machine()}\n`);
console.log(table(rows));
const failed = rows.filter((row) => !row.pass).length;
console.log(`\n${rows.length - failed} of ${rows.length} figures pass.`);
process.exitCode = failed > 0 ? 1 : 0;
