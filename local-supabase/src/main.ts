/**
 * `npm run backend`: runs the local Supabase-compatible backend until Ctrl+C / SIGTERM.
 * Startup failures print one clear message (no stack trace) and exit with code 1.
 * The signal handlers are in place before startup begins (startUntilSignal): a Ctrl+C during
 * the first run's setup (initdb, migrations, seeds) cancels it and stops PostgreSQL cleanly.
 */
import { startUntilSignal, StartupError } from './start.ts';
import { ConfigError } from './config.ts';

startUntilSignal().catch((error: unknown) => {
  if (error instanceof StartupError || error instanceof ConfigError) {
    console.error(`[local-supabase] ${error.message}`);
  } else {
    console.error(`[local-supabase] startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  process.exit(1);
});
