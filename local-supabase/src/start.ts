/**
 * Starts the whole local backend in this process: PostgreSQL, the platform
 * bootstrap, the project's migrations (and seeds on a fresh database), the
 * services and the HTTP gateway. Used by main.ts (`npm run backend`) and by
 * scripts/start.ts (`npm start`), through startUntilSignal, and by e2e/serve.ts.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { buildApp, loadServices, type Services } from './app.ts';
import { loadConfig, type LoadedConfig } from './config.ts';
import type { BackendContext, MailMessage, Mailbox, Service } from './context.ts';
import { findDemoAccounts, forgetDemoAccounts } from './demo-accounts.ts';
import { bootstrapDatabase } from './db/bootstrap.ts';
import { applyMigrations, applySeeds, resolveSeedFiles } from './db/migrate.ts';
import { assertPortFree, startPostgres, StartupError, type PostgresServer } from './db/postgres.ts';
import { sendJson } from './http.ts';

export { StartupError } from './db/postgres.ts';

export interface StartOptions {
  /** Environment to read LOCAL_SUPABASE_* settings from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Print the ready banner (default true). */
  banner?: boolean;
  /**
   * Aborting it (Ctrl+C or SIGTERM during startup) ends startup at once: the statement in
   * flight is cancelled (its migration or seed transaction rolls back), PostgreSQL and
   * whatever else started are stopped, and startBackend rejects with a StartupError.
   */
  signal?: AbortSignal;
}

export interface RunningBackend {
  config: LoadedConfig;
  stop(): Promise<void>;
}

function log(message: string): void {
  console.log(`[local-supabase] ${message}`);
}

let guardsInstalled = false;

/** A stray error in a service's background work is logged; it does not take the backend down. */
function installCrashGuards(): void {
  if (guardsInstalled) return;
  guardsInstalled = true;
  process.on('unhandledRejection', (reason) => {
    log(`error: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  });
  process.on('uncaughtException', (error) => {
    log(`error: uncaught exception: ${error.stack ?? error.message}`);
  });
}

/** Used when the mailbox module is missing: keeps mails in memory and logs them. */
function fallbackMailbox(): Mailbox & Service {
  const messages: MailMessage[] = [];
  return {
    async send(message) {
      messages.push(message);
      log(`mail to ${message.to}: ${message.subject}`);
    },
    async handle(_req, res) {
      sendJson(res, 200, messages);
    },
    async close() {},
  };
}

async function loadMailbox(dataDir: string): Promise<Mailbox & Service> {
  try {
    const mod = (await import(new URL('./mailbox/index.ts', import.meta.url).href)) as Record<string, unknown>;
    const create = mod.createMailbox;
    if (typeof create !== 'function') throw new Error('mailbox/index.ts does not export createMailbox');
    return await (create as (dir: string) => (Mailbox & Service) | Promise<Mailbox & Service>)(dataDir);
  } catch (error) {
    log(`warning: mailbox module unavailable (${(error as Error).message.split('\n')[0]}); using an in-memory mailbox`);
    return fallbackMailbox();
  }
}

/** LISTEN pgrst (NOTIFY from the DDL watch triggers, or apps' own) → schema change listeners. */
async function listenForSchemaChanges(config: LoadedConfig, emit: () => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: config.db.url, application_name: 'local-supabase schema listener' });
  client.on('error', (error) => log(`warning: schema listener connection error: ${error.message}`));
  await client.connect();
  let timer: NodeJS.Timeout | undefined;
  client.on('notification', (message) => {
    if (message.channel !== 'pgrst') return;
    const payload = (message.payload ?? '').trim();
    if (payload !== '' && payload !== 'reload schema' && payload !== 'reload config') return;
    // One DDL statement fires several triggers; coalesce bursts into one reload.
    clearTimeout(timer);
    timer = setTimeout(emit, 50);
  });
  await client.query('listen pgrst');
  return client;
}

const ENV_FILE_HEADER = '# Written by the local backend (local-supabase) on start.';

async function writeStatus(config: LoadedConfig): Promise<void> {
  const status = {
    API_URL: config.apiUrl,
    DB_URL: config.db.url,
    ANON_KEY: config.anonKey,
    SERVICE_ROLE_KEY: config.serviceRoleKey,
    JWT_SECRET: config.jwtSecret,
    MAILBOX_URL: `${config.apiUrl}/mailbox`,
  };
  await fs.writeFile(path.join(config.dataDir, 'status.json'), `${JSON.stringify(status, null, 2)}\n`);
  if (!config.noEnvFile) {
    const envFile = path.join(path.dirname(config.projectDir), '.env.local');
    // A .env.local someone wrote by hand (pointing the app at a hosted project, say) is theirs: left alone.
    const existing = await fs.readFile(envFile, 'utf8').catch(() => null);
    if (existing === null || existing.startsWith(ENV_FILE_HEADER)) {
      await fs.writeFile(envFile, `${ENV_FILE_HEADER}\nVITE_SUPABASE_URL=${config.apiUrl}\nVITE_SUPABASE_ANON_KEY=${config.anonKey}\n`);
    }
  }
}

async function printBanner(config: LoadedConfig, pool: pg.Pool): Promise<void> {
  const users = await pool
    .query<{ email: string }>("select email from auth.users where email is not null and email <> '' order by email limit 15")
    .then((result) => result.rows.map((row) => row.email))
    .catch(() => []);
  const seedFiles = config.seed.enabled ? resolveSeedFiles(config.projectDir, config.seed.sqlPaths) : [];
  const demo = await findDemoAccounts(pool, config.dataDir, seedFiles, users).catch(() => undefined);
  const lines = [
    '',
    'Local Supabase-compatible backend is running.',
    '',
    `         API URL: ${config.apiUrl}`,
    `          DB URL: ${config.db.url}`,
    `     Mailbox URL: ${config.apiUrl}/mailbox`,
    `        anon key: ${config.anonKey}`,
    `service_role key: ${config.serviceRoleKey}`,
    `      JWT secret: ${config.jwtSecret}`,
    '',
    'There is no Studio here: use psql (or any SQL client) with the DB URL above.',
  ];
  const others = users.filter((email) => !demo?.emails.includes(email));
  if (demo) lines.push('', `Demo accounts (password: ${demo.password}):`, ...demo.emails.map((email) => `  - ${email}`));
  if (others.length > 0) lines.push('', demo ? 'Other accounts in auth.users:' : 'Accounts in auth.users:', ...others.map((email) => `  - ${email}`));
  lines.push('', 'Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));
}

export async function startBackend(options: StartOptions = {}): Promise<RunningBackend> {
  const config = loadConfig(options.env ?? process.env);
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async (): Promise<void> => {
    for (const step of cleanups.splice(0).reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log('warning: a shutdown step took over 10 s; continuing');
          resolve();
        }, 10_000);
      });
      await Promise.race([step().catch((error: unknown) => log(`warning: shutdown step failed: ${(error as Error).message}`)), timeout]);
      clearTimeout(timer);
    }
  };
  installCrashGuards();
  const aborted = (): boolean => options.signal?.aborted === true;
  const stoppedEarly = (): StartupError =>
    new StartupError('Stopped before startup finished; PostgreSQL was shut down cleanly and nothing half-applied was recorded.');
  const checkAbort = (): void => {
    if (aborted()) throw stoppedEarly();
  };

  try {
    checkAbort();
    if (!existsSync(config.projectDir)) {
      throw new StartupError(`Project folder ${config.projectDir} does not exist (set LOCAL_SUPABASE_PROJECT_DIR).`);
    }
    await assertPortFree(config.port, 'API', 'LOCAL_SUPABASE_PORT');

    const postgres: PostgresServer = await startPostgres(config, log);
    cleanups.push(() => postgres.stop());
    // Marked before the abort check: a Ctrl+C while the new cluster started must not leave it unseeded.
    const seedPending = path.join(config.dataDir, 'seed-pending');
    if (postgres.fresh) await fs.writeFile(seedPending, 'The first start has not finished seeding yet.\n');
    checkAbort();

    const setup = new pg.Client({ connectionString: config.db.url, application_name: 'local-supabase setup' });
    await setup.connect();
    // Ending the connection cancels the migration or seed in flight; its transaction rolls back.
    const endSetup = (): void => void setup.end().catch(() => undefined);
    options.signal?.addEventListener('abort', endSetup, { once: true });
    try {
      await bootstrapDatabase(setup, config.api, config.db);
      await applyMigrations(setup, config.projectDir, log);
      if (existsSync(seedPending)) {
        await forgetDemoAccounts(config.dataDir);
        if (config.seed.enabled) await applySeeds(setup, resolveSeedFiles(config.projectDir, config.seed.sqlPaths), log);
        await fs.rm(seedPending, { force: true });
      }
    } finally {
      options.signal?.removeEventListener('abort', endSetup);
      await setup.end().catch(() => undefined);
    }
    checkAbort();

    // 57P01 admin_shutdown: PostgreSQL stopping under us (shutdown), not worth a warning.
    const onIdleError = (error: Error & { code?: string }): void => {
      if (error.code !== '57P01') log(`warning: idle database connection error: ${error.message}`);
    };
    const pool = new pg.Pool({ connectionString: config.db.url, max: 6, application_name: 'local-supabase' });
    pool.on('error', onIdleError);
    cleanups.push(() => pool.end());
    // What PostgREST and storage-api hold on hosted: connections as `authenticator`.
    const requestPool = new pg.Pool({ connectionString: config.db.authenticatorUrl, max: 10, application_name: 'local-supabase requests' });
    requestPool.on('error', onIdleError);
    cleanups.push(() => requestPool.end());

    const listeners = new Set<() => void>();
    const emitSchemaChange = (): void => {
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          log(`warning: schema change listener failed: ${(error as Error).message}`);
        }
      }
    };
    const listener = await listenForSchemaChanges(config, emitSchemaChange);
    cleanups.push(() => listener.end());

    const mailbox = await loadMailbox(config.dataDir);
    cleanups.push(() => mailbox.close());

    const ctx: BackendContext = {
      config,
      pool,
      requestPool,
      mailbox,
      log,
      onSchemaChange(fn) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
    };
    const servicesFrom = cleanups.length;
    const services: Services = await loadServices(ctx);
    services['/mailbox'] = mailbox;
    for (const [prefix, service] of Object.entries(services)) {
      if (prefix === '/mailbox') continue;
      cleanups.push(() => service.close());
    }
    // Migrations may have changed the schema: services rebuild their caches.
    emitSchemaChange();
    checkAbort();

    const server: Server = buildApp(ctx, services);
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'EADDRINUSE'
            ? new StartupError(`API port ${config.port} is already in use; stop what uses it or set LOCAL_SUPABASE_PORT to another port.`)
            : error,
        );
      });
      server.listen(config.port, config.host, () => resolve());
    });
    // Services close first (realtime ends its upgraded WebSocket connections, which
    // server.close() would otherwise wait for), then the server stops listening.
    const serviceCleanups = cleanups.splice(servicesFrom);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
      ...serviceCleanups,
    );

    // The banner first: status.json is what tools and tests wait for, so once it exists the banner is out too.
    if (options.banner !== false) await printBanner(config, pool);
    await writeStatus(config);

    let stopping: Promise<void> | undefined;
    return {
      config,
      stop() {
        stopping ??= cleanup();
        return stopping;
      },
    };
  } catch (error) {
    await cleanup();
    throw aborted() ? stoppedEarly() : error;
  }
}

/**
 * startBackend for a command (`npm run backend`, `npm start`) that runs until Ctrl+C or SIGTERM.
 * The handlers are installed before startup begins: a signal during startup cancels it (see
 * StartOptions.signal) and exits with code 0; a signal afterwards runs `beforeStop` (what the
 * command started on top, e.g. Vite), stops the backend and exits (0, or 1 if stopping failed).
 * Resolves with the running backend, or undefined when a signal came as startup finished (the
 * backend is being stopped). A startup failure rejects, for the command to report.
 */
export async function startUntilSignal(options: { beforeStop?: () => Promise<void> } = {}): Promise<RunningBackend | undefined> {
  const starting = new AbortController();
  let backend: RunningBackend | undefined;
  let stopping = false;
  const stop = (running: RunningBackend): void => {
    if (stopping) return;
    stopping = true;
    const beforeStop = options.beforeStop?.().catch(() => undefined) ?? Promise.resolve();
    beforeStop
      .then(() => running.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log(`shutdown failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping || starting.signal.aborted) return;
    log(`${signal} received, stopping...`);
    if (backend) stop(backend);
    else starting.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    backend = await startBackend({ signal: starting.signal });
  } catch (error) {
    if (starting.signal.aborted) {
      log('stopped before startup finished.');
      process.exit(0);
    }
    throw error;
  }
  // A signal that arrived after startup's last check: stop now that everything is up.
  if (starting.signal.aborted) {
    stop(backend);
    return undefined;
  }
  return backend;
}
