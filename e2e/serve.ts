/**
 * Playwright's web server: a fresh local backend (own temp data dir and ports) plus the built app served by
 * `vite preview` on E2E_APP_PORT, pointed at that backend. Writes the backend's status to BACKEND_INFO_FILE
 * (e2e/.auth/backend.json, or e2e/.auth/<E2E_BACKEND_PORT>/backend.json for a run on its own port) so tests can
 * reach the admin API, the mailbox and the JWT secret.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from '../local-supabase/src/start.ts';
import { APP_PORT, AUTH_DIR, BACKEND_INFO_FILE, BACKEND_PORT } from './config.ts';

const root = new URL('..', import.meta.url).pathname;
// A run on its own backend port owns its e2e/.auth/<port>/ and removes it when done; the default run keeps e2e/.auth/.
const ownAuthDir = Boolean(process.env.E2E_BACKEND_PORT);
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-backend-'));

const backend = await startBackend({
  env: {
    ...process.env,
    LOCAL_SUPABASE_DATA_DIR: dataDir,
    LOCAL_SUPABASE_PORT: String(BACKEND_PORT),
    LOCAL_SUPABASE_DB_PORT: String(BACKEND_PORT + 1),
    LOCAL_SUPABASE_NO_ENV_FILE: '1',
    // Every browser of the run signs in from 127.0.0.1, hundreds of times: raise the project's
    // per-IP auth limits (config.toml keeps GoTrue's) for this backend only, explicitly.
    LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH: '100000',
    LOCAL_SUPABASE_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
    LOCAL_SUPABASE_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
    LOCAL_SUPABASE_RATE_LIMIT_EMAIL_SENT: '100000',
  },
  banner: false,
});

const status = JSON.parse(readFileSync(join(dataDir, 'status.json'), 'utf8')) as Record<string, string>;
mkdirSync(AUTH_DIR, { recursive: true });
writeFileSync(BACKEND_INFO_FILE, JSON.stringify(status, null, 2));

const appEnv = {
  ...process.env,
  VITE_SUPABASE_URL: status.API_URL ?? '',
  VITE_SUPABASE_ANON_KEY: status.ANON_KEY ?? '',
  PORT: String(APP_PORT),
};
const outDir = join(tmpdir(), `e2e-dist-${process.pid}`);
const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: root,
  env: appEnv,
  stdio: 'inherit',
});
if (build.status !== 0) {
  await backend.stop();
  process.exit(1);
}
const preview = spawn('npx', ['vite', 'preview', '--outDir', outDir], { cwd: root, env: appEnv, stdio: 'inherit' });

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  preview.kill('SIGTERM');
  await backend.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  if (ownAuthDir) rmSync(AUTH_DIR, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
preview.on('exit', () => void shutdown());
