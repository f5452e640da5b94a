import { expect, test } from '@playwright/test';
import { injectShortSession } from './fixtures.ts';

test('a session with 300 s or less left whose refresh token is gone logs out silently to /login', async ({ page }) => {
  // 200 s left: not valid under the 300 s margin. The session check tries one refresh; the server does not
  // know the stored refresh token (refresh_token_not_found), which spec §4 ends silently, without 'Sessão Expirada'.
  await injectShortSession(page, 'balconista@farmacia.local', 200);
  const refresh = page.waitForResponse((response) => response.url().includes('grant_type=refresh_token'));
  await page.goto('/');
  const refreshResponse = await refresh;
  expect(refreshResponse.status()).toBe(400);
  expect(((await refreshResponse.json()) as { code?: string }).code).toBe('refresh_token_not_found');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Sessão Expirada', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('sb-127-auth-token'))).toBeNull();
});

test('a session about to expire that renews shows no expiry warning: its end never comes', async ({ page }) => {
  await page.clock.install();
  await injectShortSession(page, 'farmaceutico@farmacia.local', 530, { renewable: true });
  const refresh = page.waitForResponse((response) => response.url().includes('grant_type=refresh_token'));
  await page.goto('/');
  expect((await refresh).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Olá, Fernando Farmacêutico!' })).toBeVisible();
  await page.clock.runFor(61_000);
  await expect(page.getByText('Sessão Expirando', { exact: true })).toHaveCount(0);
});

test('the expiry warning shows once per session, when the session cannot be renewed', async ({ page }) => {
  await page.clock.install();
  // 530 s left: still valid (> 300 s), inside the 600 s warning window → 9 minutes rounded up. Auth cannot be
  // reached for the refresh, so the session will really end: the warning tells the staff to save.
  await injectShortSession(page, 'farmaceutico@farmacia.local', 530);
  await page.route(/grant_type=refresh_token/, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const warning = page.getByText('Sessão Expirando', { exact: true });
  // auth-js retries an unreachable refresh with a backoff on the (installed) page clock: advance it a second at a time.
  await expect(async () => {
    await page.clock.runFor(1_000);
    await expect(warning).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/^Sua sessão expirará em (9|10) minutos\. Salve seu trabalho\.$/)).toBeVisible();
  // Shown for 10 s.
  await page.clock.runFor(11_000);
  await expect(warning).toHaveCount(0);
  // The next 60 s checks run, but the warning is not repeated.
  await page.clock.runFor(60_000);
  await expect(page.getByRole('heading', { name: 'Olá, Fernando Farmacêutico!' })).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(warning).toHaveCount(0);

  // A reload inside the warning window is the same session: no second warning.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Olá, Fernando Farmacêutico!' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Notificações/ })).toBeAttached();
  // The first check runs as soon as the session is restored; a warning would stay 10 s.
  await page.clock.runFor(5_000);
  await expect(warning).toHaveCount(0);
  await page.clock.runFor(60_000);
  await expect(warning).toHaveCount(0);
});
