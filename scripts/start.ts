/**
 * `npm start`: the local Supabase-compatible backend and the app, together.
 * The backend keeps its data under .local-supabase/ (seeded on first start);
 * the app is Vite's dev server pointed at it. Ctrl+C stops both cleanly, also while
 * the backend is still starting (the first start's migrations and seeds are cancelled).
 */
import { createServer, type ViteDevServer } from 'vite';
import { startUntilSignal } from '../local-supabase/src/start.ts';

async function main(): Promise<void> {
  let vite: ViteDevServer | undefined;
  const backend = await startUntilSignal({
    beforeStop: async () => {
      await vite?.close();
    },
  });
  if (!backend) return;
  const { apiUrl, anonKey } = backend.config;
  process.env.VITE_SUPABASE_URL = apiUrl;
  process.env.VITE_SUPABASE_ANON_KEY = anonKey;

  const port = Number(process.env.PORT ?? 5173);
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
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
