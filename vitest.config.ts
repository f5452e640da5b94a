import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@': src } },
  test: {
    projects: [
      {
        resolve: { alias: { '@': src } },
        test: {
          name: 'unit',
          // Unit tests never reach a backend; a fixed environment keeps them independent of the
          // `.env.local` the local backend writes (absent on a clean checkout).
          env: { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_ANON_KEY: 'unit-test-anon-key' },
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'local-supabase/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/utils/setup-dom.ts'],
          // Above the 5 s testing-library wait (setup-dom.ts), so a slow wait reports its own message.
          testTimeout: 15_000,
        },
      },
      {
        // Integration tests import pure browser modules (the boleto parser) to prove the database agrees.
        resolve: { alias: { '@': src } },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/utils/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
