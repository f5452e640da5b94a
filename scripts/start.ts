/**
 * `npm start`: the local Supabase-compatible backend and the app, together.
 * The backend keeps its data under .local-supabase/ (seeded on first start);
 * the app is Vite's dev server pointed at it. Ctrl+C stops both cleanly.
 */
import { createServer, type ViteDevServer } from 'vite';
import { startBackend } from '../local-supabase/src/start.ts';

const DEMO_PASSWORD = 'Farmacia@2026';

async function main(): Promise<void> {
  const backend = await startBackend();
  const { apiUrl, anonKey } = backend.config;
  process.env.VITE_SUPABASE_URL = apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = anonKey;

  const port = Number(process.env.PORT ?? 5173);
  let vite: ViteDevServer;
  try {
    vite = await createServer({ server: { port, strictPort: true, host: '127.0.0.1' } });
    await vite.listen();
  } catch (error) {
    console.error(`Não foi possível iniciar o app na porta ${port}: ${(error as Error).message}`);
    console.error('Defina outra porta com PORT=<porta> npm start.');
    await backend.stop();
    process.exit(1);
  }
  const appUrl = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
  console.log('');
  console.log(`  App:      ${appUrl}`);
  console.log(`  Backend:  ${apiUrl}`);
  console.log(`  Mailbox:  ${apiUrl}/mailbox`);
  console.log(`  Demo accounts use the password ${DEMO_PASSWORD} (see README.md).`);
  console.log('');

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await vite.close().catch(() => undefined);
    await backend.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
