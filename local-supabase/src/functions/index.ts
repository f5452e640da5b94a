/**
 * /functions/v1: the Edge Functions router (the role of Supabase's edge-runtime main
 * worker). Each `<projectDir>/functions/<name>/index.ts` runs in its own real Deno
 * process, started lazily on the first request and kept warm; requests are proxied
 * to it with the path `/<name>/<rest>?<query>`, streamed both ways.
 */
import { existsSync, readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { BackendContext, Service, ServiceFactory } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import { FunctionWorker, type WorkerOptions } from './worker.ts';

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain;charset=UTF-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Parses a dotenv file (KEY=value, optional quotes, # comments, `export` prefix). */
export function parseDotEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1] as string;
    let value = (match[2] as string).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replaceAll('\\n', '\n');
    } else {
      const hash = value.indexOf(' #');
      if (hash >= 0) value = value.slice(0, hash).trim();
    }
    env[key] = value;
  }
  return env;
}

/** Checks `Authorization` the way the CLI's main worker does when verify_jwt is on. */
function checkJwt(req: IncomingMessage, secret: string): string | null {
  const header = req.headers.authorization;
  if (!header) return 'Error: Missing authorization header';
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer' || !token) return "Error: Auth header is not 'Bearer {token}'";
  // The edge runtime verifies with jose and no clock tolerance.
  const result = verifyJwt(token, secret, undefined, 0);
  return result.ok ? null : 'Invalid JWT';
}

export const createFunctionsService: ServiceFactory = (ctx: BackendContext): Service => {
  const functionsDir = path.join(ctx.config.projectDir, 'functions');
  const denoDir = path.join(ctx.config.dataDir, 'deno');
  const tmpDir = path.join(ctx.config.dataDir, 'functions-tmp');
  mkdirSync(denoDir, { recursive: true });
  mkdirSync(tmpDir, { recursive: true });
  const workers = new Map<string, FunctionWorker>();
  const watchers: FSWatcher[] = [];
  let closed = false;

  const functionDir = (name: string): string | null => {
    if (!NAME_PATTERN.test(name)) return null;
    const dir = path.join(functionsDir, name);
    try {
      if (statSync(path.join(dir, 'index.ts')).isFile()) return dir;
    } catch {
      // fall through: not a function
    }
    return null;
  };

  const readSecrets = (): Record<string, string> => {
    const file = ctx.config.functionsEnvFile ?? path.join(functionsDir, '.env');
    if (!existsSync(file)) return {};
    try {
      return parseDotEnv(readFileSync(file, 'utf8'));
    } catch (error) {
      ctx.log(`[functions] cannot read ${file}: ${String(error)}`);
      return {};
    }
  };

  const restart = (reason: string, only?: string): void => {
    for (const [name, worker] of workers) {
      if (only && name !== only) continue;
      ctx.log(`[fn:${name}] ${reason}; the worker restarts on the next request`);
      worker.stop();
      workers.delete(name);
    }
  };

  // Restart a function's worker when its files (or _shared, or .env) change.
  if (existsSync(functionsDir)) {
    try {
      const timers = new Map<string, NodeJS.Timeout>();
      const watcher = watch(functionsDir, { recursive: true }, (_event, filename) => {
        if (!filename || closed) return;
        const first = String(filename).split(path.sep)[0] ?? '';
        const key = first.startsWith('_') || first === '.env' ? '*' : first;
        clearTimeout(timers.get(key));
        timers.set(
          key,
          setTimeout(() => {
            timers.delete(key);
            restart('source changed', key === '*' ? undefined : key);
          }, 150),
        );
      });
      watcher.on('error', () => undefined);
      watchers.push(watcher);
    } catch (error) {
      ctx.log(`[functions] file watching unavailable: ${String(error)}`);
    }
  }

  const getWorker = (name: string, dir: string): FunctionWorker => {
    const existing = workers.get(name);
    if (existing && !existing.dead) return existing;
    const options: WorkerOptions = {
      name,
      dir,
      functionsDir,
      denoDir,
      tmpDir,
      env: {
        ...readSecrets(),
        SUPABASE_URL: ctx.config.apiUrl,
        SUPABASE_ANON_KEY: ctx.config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
        SUPABASE_DB_URL: ctx.config.db.url,
      },
      log: (line) => ctx.log(`[fn:${name}] ${line}`),
    };
    const worker = new FunctionWorker(options);
    workers.set(name, worker);
    return worker;
  };

  return {
    async handle(req, res, rawPath) {
      const queryIndex = rawPath.indexOf('?');
      const pathname = queryIndex >= 0 ? rawPath.slice(0, queryIndex) : rawPath;
      const name = decodeURIComponent(pathname.split('/')[1] ?? '');
      const dir = name ? functionDir(name) : null;
      if (!dir) {
        req.resume();
        sendText(res, 404, 'Function not found');
        return;
      }
      const verify = ctx.config.functions[name]?.verifyJwt ?? true;
      if (verify && req.method !== 'OPTIONS') {
        const failure = checkJwt(req, ctx.config.jwtSecret);
        if (failure) {
          req.resume();
          sendJson(res, 401, { msg: failure });
          return;
        }
      }
      const worker = getWorker(name, dir);
      let port: number;
      try {
        port = await worker.ready();
      } catch (error) {
        ctx.log(`[fn:${name}] worker failed to boot: ${error instanceof Error ? error.message : String(error)}`);
        workers.delete(name);
        req.resume();
        sendJson(res, 503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
        return;
      }
      await proxy(req, res, port, rawPath, () => {
        // The worker died or stopped answering: replace it on the next request.
        ctx.log(`[fn:${name}] request failed: the worker is not answering; it will be restarted`);
        if (workers.get(name) === worker) workers.delete(name);
        void worker.stop();
      });
    },
    async close() {
      closed = true;
      for (const watcher of watchers) watcher.close();
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
      workers.clear();
    },
  };
};

/** Streams the request to the worker and its answer back, unchanged. */
function proxy(req: IncomingMessage, res: ServerResponse, port: number, rawPath: string, onFail: () => void): Promise<void> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: rawPath, headers, agent: false },
      (answer) => {
        const outHeaders: http.OutgoingHttpHeaders = {};
        for (const [key, value] of Object.entries(answer.headers)) {
          if (value !== undefined && key !== 'connection' && key !== 'keep-alive') outHeaders[key] = value;
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, outHeaders);
        answer.pipe(res);
        answer.on('end', () => resolve());
        answer.on('error', () => {
          res.destroy();
          resolve();
        });
      },
    );
    upstream.on('error', () => {
      onFail();
      if (!res.headersSent) {
        sendJson(res, 500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
      } else {
        res.destroy();
      }
      resolve();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
}
