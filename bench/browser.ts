/**
 * Shared pieces of the browser benchmarks (bench/catalog.ts, bench/purchasing.ts): a fresh backend on `supabase/`
 * (demo seed), the app built against it and served with `vite preview` on a free port, Debian's Chromium driven by
 * Playwright with the launch flags of playwright.config.ts, the demo sign-in, and the statistics and verdicts
 * (median and percentile are bench/backend.ts's too).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../e2e/config.ts';
import playwrightConfig from '../playwright.config.ts';
import { freePort, REPO_ROOT, startBackend, type StartedBackend } from '../tests/utils/backend.ts';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Nearest-rank percentile (p95 of 5 values is the largest); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function verdict(ms: number, target: number): 'PASS' | 'FAIL' {
  return ms < target ? 'PASS' : 'FAIL';
}

/** '123, 145, 160' — the raw runs, rounded. */
export function listMs(values: readonly number[], digits = 0): string {
  return values.map((value) => value.toFixed(digits)).join(', ');
}

/**
 * In-page JavaScript (text: functions compiled by tsx carry esbuild's `__name` helper, which the page lacks) that runs
 * `statement` once the next frame has been painted: the callback of requestAnimationFrame runs before that frame's
 * paint, the task queued from it after.
 */
export function afterNextPaint(statement: string): string {
  return `requestAnimationFrame(() => setTimeout(() => { ${statement} }, 0))`;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

export interface BrowserBench {
  backend: StartedBackend;
  browser: Browser;
  appUrl: string;
  /** A context as a pharmacy user has it: pt-BR, São Paulo time, a 1366×768 laptop screen, the app as base URL. */
  newContext(): Promise<BrowserContext>;
}

/**
 * Starts a fresh backend, runs `prepare` (data setup through backend.dbUrl), builds the app against the backend,
 * serves it and launches Chromium; runs `body`; then stops everything it started, whatever happened.
 */
export async function withBrowserBench<T>(name: string, prepare: (backend: StartedBackend) => Promise<void>, body: (bench: BrowserBench) => Promise<T>): Promise<T> {
  const backend = await startBackend({ projectDir: path.join(REPO_ROOT, 'supabase'), timeoutMs: 240_000 });
  const outDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-dist-`));
  let preview: ChildProcess | undefined;
  try {
    await prepare(backend);
    const port = await freePort();
    const appEnv = { ...process.env, VITE_SUPABASE_URL: backend.apiUrl, VITE_SUPABASE_ANON_KEY: backend.anonKey, PORT: String(port) };
    const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: REPO_ROOT, env: appEnv, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
    preview = spawn('npx', ['vite', 'preview', '--outDir', outDir], { cwd: REPO_ROOT, env: appEnv, stdio: 'ignore', detached: true });
    const appUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${appUrl}/login`, preview);

    const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
    try {
      return await body({
        backend,
        browser,
        appUrl,
        newContext: () =>
          browser.newContext({ baseURL: appUrl, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1366, height: 768 } }),
      });
    } finally {
      await browser.close();
    }
  } finally {
    if (preview?.pid) {
      try {
        process.kill(-preview.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    rmSync(outDir, { recursive: true, force: true });
    await backend.stop();
  }
}

/** Signs a demo account in through the login form and waits for the home page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByText('Selecione uma das ações abaixo para começar:', { exact: true }).waitFor();
}

/**
 * Waits until the page's global `name` (e.g. '__shownAt', set by an in-page script) is set and returns it; on a
 * timeout saves a screenshot and prints the start of the page's text, saying what was awaited. (A function, not an
 * expression text: the app's Content-Security-Policy forbids the eval that a text predicate needs.)
 */
export async function waitForPageValue<T>(page: Page, name: string, what: string, timeoutMs = 120_000): Promise<T> {
  try {
    const handle = await page.waitForFunction((key) => (window as unknown as Record<string, unknown>)[key], name, { timeout: timeoutMs, polling: 100 });
    return (await handle.jsonValue()) as T;
  } catch (error) {
    const shot = path.join(tmpdir(), `bench-timeout-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const text = await page
      .locator('main')
      .innerText({ timeout: 1000 })
      .catch(() => '(no main)');
    console.error(`${what}: not seen in ${timeoutMs} ms (screenshot: ${shot}):\n${text.slice(0, 500)}`);
    throw error;
  }
}
