/**
 * `npm run backend`: runs the local Supabase-compatible backend until Ctrl+C / SIGTERM.
 * Startup failures print one clear message (no stack trace) and exit with code 1.
 * The signal handlers are in place before startup begins: a Ctrl+C during the first run's
 * setup (initdb, migrations, seeds) cancels it and stops PostgreSQL cleanly.
 */
import { startBackend, StartupError, type RunningBackend } from './start.ts';
import { ConfigError } from './config.ts';

async function main(): Promise<void> {
  const starting = new AbortController();
  let backend: RunningBackend | undefined;
  let stopping = false;
  const stop = (running: RunningBackend): void => {
    if (stopping) return;
    stopping = true;
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`[local-supabase] shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  const shutdown = (signal: string): void => {
    if (stopping || starting.signal.aborted) return;
    console.log(`[local-supabase] ${signal} received, stopping...`);
    if (backend) stop(backend);
    else starting.abort();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    backend = await startBackend({ signal: starting.signal });
  } catch (error) {
    if (starting.signal.aborted) {
      console.log('[local-supabase] stopped before startup finished.');
      process.exit(0);
    }
    if (error instanceof StartupError || error instanceof ConfigError) {
      console.error(`[local-supabase] ${error.message}`);
    } else {
      console.error(`[local-supabase] startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    process.exit(1);
  }
  // A signal that arrived after startup's last check: stop now that everything is up.
  if (starting.signal.aborted) stop(backend);
}

void main();
