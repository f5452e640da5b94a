/**
 * Starts the real local backend (local-supabase/src/main.ts) as a child process
 * on free ports with a fresh data directory, for integration tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What tests need to reach a running backend (serialisable: passed through vitest's provide/inject). */
export interface BackendInfo {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  jwtSecret: string;
  dataDir: string;
}

export interface StartedBackend extends BackendInfo {
  /** SIGTERM (or `signal`, e.g. SIGINT as Ctrl+C sends), wait for a clean exit (exit code returned), remove the data dir if we created it. */
  stop(options?: { keepDataDir?: boolean; signal?: NodeJS.Signals }): Promise<number | null>;
  /** Everything the backend printed so far (stdout + stderr). */
  output(): string;
}

export interface StartBackendOptions {
  /** The Supabase project folder (config.toml, migrations/, seed.sql...). */
  projectDir: string;
  /** Reuse this data dir (kept on stop); default: a fresh temp dir removed on stop. */
  dataDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

export class BackendStartError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(message);
  }
}

/** A free TCP port on 127.0.0.1 whose successor is free too (the DB defaults to API port + 1). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (port > 0 && port < 65535 && (await isFree(port + 1))) return port;
  }
  throw new Error('no free port found');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A fresh temp data dir the `postgres` OS user can traverse (the backend runs postgres as that user under root). */
export async function makeDataDir(prefix = 'local-supabase-test-'): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755);
  return dir;
}

/** The banner's last line: this process has finished starting (a reused data dir already holds an old status.json). */
const READY_LINE = 'Press Ctrl+C to stop.';

async function waitForReady(
  child: ChildProcess,
  dataDir: string,
  apiUrl: string,
  anonKey: () => string | undefined,
  output: () => string,
  deadline: number,
): Promise<void> {
  const statusFile = path.join(dataDir, 'status.json');
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('exited');
    if (output().includes(READY_LINE) && existsSync(statusFile)) {
      const key = anonKey();
      try {
        const response = await fetch(`${apiUrl}/auth/v1/health`, { headers: key ? { apikey: key } : {} });
        await response.arrayBuffer();
        if (response.status < 500) return;
      } catch {
        // not listening yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timeout');
}

/**
 * Spawns `node --import tsx local-supabase/src/main.ts` and resolves once
 * it has printed its banner, status.json exists and the API answers. Rejects with BackendStartError
 * (exit code + full output) if it exits or does not get ready in time.
 */
export async function startBackend(options: StartBackendOptions): Promise<StartedBackend> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await makeDataDir());
  const port = await freePort();
  const dbPort = port + 1;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOCAL_SUPABASE_PORT: String(port),
    LOCAL_SUPABASE_DB_PORT: String(dbPort),
    LOCAL_SUPABASE_DATA_DIR: dataDir,
    LOCAL_SUPABASE_PROJECT_DIR: path.resolve(options.projectDir),
    LOCAL_SUPABASE_NO_ENV_FILE: '1',
    // Test clients present their own device address in Sb-Forwarded-For (tests/utils/env.ts):
    // the whole suite signs in from 127.0.0.1, far more often than one real device would.
    LOCAL_SUPABASE_TRUST_FORWARDED_FOR: '1',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'local-supabase/src/main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // LOCAL_SUPABASE_TEST_LOG_DIR=<dir>: also keep each backend's output in <dir>/<project>-<port>.log (to diagnose a failed run).
  const logDir = process.env.LOCAL_SUPABASE_TEST_LOG_DIR;
  const logFile = logDir ? path.join(logDir, `${path.basename(path.dirname(path.resolve(options.projectDir)))}-${port}.log`) : undefined;
  if (logDir) mkdirSync(logDir, { recursive: true });
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    if (logFile) appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const apiUrl = `http://127.0.0.1:${env.LOCAL_SUPABASE_PORT ?? port}`;
  const readStatus = (): Record<string, string> | undefined => {
    try {
      return JSON.parse(readFileSync(path.join(dataDir, 'status.json'), 'utf8')) as Record<string, string>;
    } catch {
      return undefined;
    }
  };

  const removeDataDir = async (): Promise<void> => {
    if (ownDataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(child, dataDir, apiUrl, () => readStatus()?.ANON_KEY, () => output, Date.now() + (options.timeoutMs ?? 90_000));
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
    }
    const code = await exited;
    await removeDataDir();
    const reason = (error as Error).message === 'timeout' ? 'did not become ready in time' : `exited with code ${code}`;
    throw new BackendStartError(`local backend (${options.projectDir}) ${reason}:\n${output}`, code, output);
  }

  const status = readStatus();
  if (!status) throw new Error('status.json unreadable');
  let stopped: Promise<number | null> | undefined;
  return {
    apiUrl: status.API_URL ?? apiUrl,
    anonKey: status.ANON_KEY ?? '',
    serviceRoleKey: status.SERVICE_ROLE_KEY ?? '',
    dbUrl: status.DB_URL ?? '',
    jwtSecret: status.JWT_SECRET ?? '',
    dataDir,
    output: () => output,
    stop(stopOptions = {}) {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill(stopOptions.signal ?? 'SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        const code = await exited;
        clearTimeout(timer);
        if (!stopOptions.keepDataDir) await removeDataDir();
        return code;
      })();
      return stopped;
    },
  };
}

/** Starts a backend that must not start, and returns why (stopping it, data dir kept, should it start after all). */
export async function startFailure(options: StartBackendOptions): Promise<BackendStartError | undefined> {
  return startBackend(options).then(
    async (backend) => {
      await backend.stop({ keepDataDir: true });
      return undefined;
    },
    (error: unknown) => error as BackendStartError,
  );
}
