import { expect, test } from '@playwright/test';
import { injectShortSession } from './fixtures.ts';

test('a session that cannot be renewed shows Sessão Expirada and lands on /login', async ({ page }) => {
  // 200 s left: not valid under the 300 s margin, and the stored refresh token is unknown to the server.
  await injectShortSession(page, 'balconista@farmacia.local', 200);
  await page.goto('/');
  await expect(page.getByText('Sessão Expirada', { exact: true })).toBeVisible();
  await expect(page.getByText('Sua sessão expirou. Faça login novamente.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('sb-127-auth-token'))).toBeNull();
});

test('the expiry warning shows once per session', async ({ page }) => {
  await page.clock.install();
  // 530 s left: still valid (> 300 s), inside the 600 s warning window → 9 minutes rounded up.
  await injectShortSession(page, 'farmaceutico@farmacia.local', 530);
  await page.goto('/');
  const warning = page.getByText('Sessão Expirando', { exact: true });
  await expect(warning).toBeVisible();
  await expect(page.getByText('Sua sessão expirará em 9 minuto(s). Salve seu trabalho.', { exact: true })).toBeVisible();
  // Shown for 10 s.
  await page.clock.runFor(11_000);
  await expect(warning).toHaveCount(0);
  // The next 60 s checks run, but the warning is not repeated.
  await page.clock.runFor(60_000);
  await expect(page.getByRole('heading', { name: 'Olá, Fernando Farmacêutico!' })).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(warning).toHaveCount(0);
});
