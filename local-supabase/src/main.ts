/**
 * `npm run backend`: runs the local Supabase-compatible backend until Ctrl+C / SIGTERM.
 * Startup failures print one clear message (no stack trace) and exit with code 1.
 */
import { startBackend, StartupError, type RunningBackend } from './start.ts';
import { ConfigError } from './config.ts';

async function main(): Promise<void> {
  let backend: RunningBackend | undefined;
  let stopping = false;
  let signalled = false;
  const shutdown = (signal: string): void => {
    signalled = true;
    if (stopping || !backend) return;
    stopping = true;
    console.log(`[local-supabase] ${signal} received, stopping...`);
    backend.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`[local-supabase] shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    backend = await startBackend();
  } catch (error) {
    if (error instanceof StartupError || error instanceof ConfigError) {
      console.error(`[local-supabase] ${error.message}`);
    } else {
      console.error(`[local-supabase] startup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    process.exit(1);
  }
  // A signal that arrived while starting: stop now that everything is up.
  if (signalled) shutdown('signal');
}

void main();
