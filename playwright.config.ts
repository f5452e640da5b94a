import { defineConfig, devices } from '@playwright/test';
import { APP_PORT } from './e2e/config.ts';

const reporters: NonNullable<Parameters<typeof defineConfig>[0]['reporter']> = [['list']];
// scripts/test-all.ts asks for a JSON report to add up the counts.
if (process.env.PLAYWRIGHT_EXTRA_JSON_REPORT) reporters.push(['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME }]);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: reporters,
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'], testIgnore: /auth\.setup\.ts/ },
  ],
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://127.0.0.1:${APP_PORT}/login`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Let e2e/serve.ts stop Postgres and the preview server itself.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
