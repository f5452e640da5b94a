/**
 * `npm test`: every check and every test, in the order that fails fastest.
 * Static checks (types, lint), unit tests, integration tests against the real
 * local backend, the production build with its bundle budget, then the browser
 * tests. Each runner prints its own summary; the last line adds them up in the
 * plain "N passed, N failed" form CI reads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results', 'summary');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads passed/failed counts from the runner's JSON report, when it writes one. */
  counts?: () => { passed: number; failed: number };
  /** Names the failed tests from the same report, so the run's last lines say what failed. */
  failures?: () => string[];
}

function vitestCounts(file: string) {
  return () => {
    if (!existsSync(file)) return { passed: 0, failed: 0 };
    const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  };
}

function playwrightCounts(file: string) {
  return () => {
    if (!existsSync(file)) return { passed: 0, failed: 0 };
    const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  };
}

interface VitestReport {
  testResults: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }> }>;
}

function vitestFailures(file: string) {
  return () => {
    if (!existsSync(file)) return [];
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    return report.testResults.flatMap((suite) =>
      suite.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${suite.name.replace(root, '')} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`),
    );
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{ title: string; line: number; ok: boolean; tests: Array<{ results: Array<{ error?: { message?: string } }> }> }>;
  suites?: PlaywrightSuite[];
}

function playwrightFailures(file: string) {
  return () => {
    if (!existsSync(file)) return [];
    const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] };
    const names: string[] = [];
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? []) {
        if (spec.ok) continue;
        const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error?.message;
        names.push(`${suite.file ?? suite.title}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites) walk(suite);
    return names;
  };
}

/** The first meaningful line of a failure message, without colour codes, short enough for a summary. */
function firstLine(message: string | undefined): string {
  const line = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((text) => text.trim() !== '') ?? '';
  return line.trim().slice(0, 300);
}

const unitReport = join(reports, 'unit.json');
const integrationReport = join(reports, 'integration.json');
const e2eReport = join(reports, 'e2e.json');

const steps: Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  {
    name: 'unit',
    command: ['npx', 'vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
    counts: vitestCounts(unitReport),
    failures: vitestFailures(unitReport),
  },
  {
    name: 'integration',
    command: ['npx', 'vitest', 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${integrationReport}`],
    counts: vitestCounts(integrationReport),
    failures: vitestFailures(integrationReport),
  },
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, PLAYWRIGHT_EXTRA_JSON_REPORT: '1' },
    counts: playwrightCounts(e2eReport),
    failures: playwrightFailures(e2eReport),
  },
];

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
const failedTests: string[] = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  if (step.counts) {
    const counts = step.counts();
    passed += counts.passed;
    failed += counts.failed;
  }
  if (!ok) {
    failedSteps.push(step.name);
    failedTests.push(...(step.failures?.() ?? []).map((name) => `${step.name}: ${name}`));
    // A step that failed without failing a test (a crash, a type error) still counts as a failure.
    if (!step.counts || step.counts().failed === 0) failed += 1;
  }
  console.log(`=== ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds}s`);
}

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
// CI shows only the end of a long log: the failed tests' names are repeated here.
for (const name of failedTests) console.log(`  ✗ ${name}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
