/**
 * One warm Deno process serving one function on a loopback port. The process is
 * started with DENO_SERVE_ADDRESS, so the function's first Deno.serve() listens where
 * the router expects it whatever port the code asks for (Deno >= 2.3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BOOT_TIMEOUT_MS = 90_000;
const runtimeDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime');

export interface WorkerOptions {
  name: string;
  /** The function's folder (holds index.ts). */
  dir: string;
  /** `<projectDir>/functions` (for `_shared` imports). */
  functionsDir: string;
  /** DENO_DIR: module and npm cache, kept across restarts. */
  denoDir: string;
  /** The only place the function may write. */
  tmpDir: string;
  /** Variables the function sees (hosted-style SUPABASE_* plus secrets). */
  env: Record<string, string>;
  log(line: string): void;
}

let denoBinaryPath: string | undefined;

/** The binary shipped by the `deno` npm package. */
export function denoBinary(): string {
  if (denoBinaryPath) return denoBinaryPath;
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('deno/package.json'));
  const candidates = [path.join(packageDir, 'deno'), path.join(packageDir, 'bin', 'deno')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`deno binary not found in ${packageDir}`);
  denoBinaryPath = found;
  return found;
}

/** The named variables of this process that are set (deno needs them to reach the npm registry). */
function passThrough(names: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const ESC = String.fromCharCode(27);

/** Removes colour escape sequences (deno prints some despite NO_COLOR). */
function stripAnsi(line: string): string {
  return line.split(ESC).map((part, index) => (index === 0 ? part : part.replace(/^\[[0-9;]*m/, ''))).join('');
}

/** Forwards a stream to the log line by line. */
function pipeLines(stream: NodeJS.ReadableStream | null, log: (line: string) => void): void {
  if (!stream) return;
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let index = buffer.indexOf('\n');
    while (index >= 0) {
      const line = stripAnsi(buffer.slice(0, index));
      if (line.trim()) log(line);
      buffer = buffer.slice(index + 1);
      index = buffer.indexOf('\n');
    }
  });
  stream.on('end', () => {
    if (buffer.trim()) log(buffer);
  });
}

export class FunctionWorker {
  private child: ChildProcess | undefined;
  private starting: Promise<number> | undefined;
  private exited: Promise<void> | undefined;
  dead = false;

  constructor(private readonly options: WorkerOptions) {}

  /** Starts the process if needed; resolves with its port once it accepts connections. */
  ready(): Promise<number> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.dead = true;
      void this.stop();
      throw error;
    });
    return this.starting;
  }

  private denoArgs(): string[] {
    const { dir, functionsDir, denoDir, tmpDir } = this.options;
    const args = [
      'run',
      '--no-prompt',
      '--quiet',
      '--allow-net',
      '--allow-env',
      '--allow-sys',
      `--allow-read=${[functionsDir, denoDir, tmpDir, runtimeDir].join(',')}`,
      `--allow-write=${tmpDir}`,
      `--preload=${path.join(runtimeDir, 'preload.js')}`,
    ];
    const config = ['deno.json', 'deno.jsonc'].map((file) => path.join(dir, file)).find((file) => existsSync(file));
    const importMap = path.join(dir, 'import_map.json');
    if (config) {
      args.push(`--config=${config}`);
    } else {
      args.push('--no-config');
      if (existsSync(importMap)) args.push(`--import-map=${importMap}`);
    }
    args.push(path.join(runtimeDir, 'boot.js'), pathToFileURL(path.join(dir, 'index.ts')).href);
    return args;
  }

  private async start(): Promise<number> {
    const { name, dir, denoDir, tmpDir, env, log } = this.options;
    const port = await freePort();
    const startedAt = performance.now();
    const child = spawn(denoBinary(), this.denoArgs(), {
      cwd: dir,
      // stdin stays open for the worker's lifetime: boot.js exits when it closes.
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? tmpDir,
        DENO_DIR: denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        // Trust the operating system's CAs too (a TLS-inspecting proxy may sit before the npm registry).
        DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'mozilla,system',
        ...passThrough(['DENO_CERT', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'NPM_CONFIG_REGISTRY']),
        TMPDIR: tmpDir,
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        SB_EXECUTION_ID: name,
        ...env,
      },
    });
    this.child = child;
    let stderrTail = '';
    pipeLines(child.stdout, log);
    pipeLines(child.stderr, (line) => {
      stderrTail = (stderrTail + '\n' + line).slice(-2000);
      log(line);
    });
    let exitCode: number | null | undefined;
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        exitCode = code ?? -1;
        this.dead = true;
        if (code !== 0 || signal) log(`worker exited (${signal ?? `code ${code}`})`);
        resolve();
      });
    });
    child.once('error', (error) => {
      this.dead = true;
      log(`cannot start deno: ${error.message}`);
    });

    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    for (;;) {
      if (exitCode !== undefined || this.dead) {
        throw new Error(`the worker exited before listening${stderrTail ? `: ${stderrTail.trim()}` : ''}`);
      }
      if (await canConnect(port)) break;
      if (Date.now() > deadline) throw new Error(`the worker did not listen within ${BOOT_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    log(`worker ready on port ${port} in ${Math.round(performance.now() - startedAt)} ms`);
    return port;
  }

  /** Kills the process (SIGTERM, then SIGKILL after 2 s) and waits for it to exit. */
  async stop(): Promise<void> {
    this.dead = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await this.exited;
    clearTimeout(timer);
  }
}
