import { expect, test, type Page } from '@playwright/test';
import { signJwt } from '../tests/utils/jwt.ts';
import { apiSession, injectShortSession, jwtClaims, openAs, storeSession, withExpiry } from './fixtures.ts';

const STORAGE_KEY = 'sb-127-auth-token';

function storedSession(page: Page) {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY);
}

/** A JWT with the real claims of `token` but signed with a secret the backend does not know. */
function forged(token: string): string {
  return signJwt(jwtClaims(token), 'not-the-backend-secret-not-the-backend-secret');
}

test('any 401 from the Data API shows Sessão Expirada, clears the stored session and lands on /login', async ({ page }) => {
  const session = await apiSession('balconista@farmacia.local');
  // A still-valid-looking session whose token the Data API refuses (401, bad signature).
  await storeSession(page, JSON.stringify({ ...session, access_token: forged(session.access_token) }));
  const unauthorized = page.waitForResponse((response) => response.url().includes('/rest/v1/') && response.status() === 401);
  await page.goto('/');
  await unauthorized;
  await expect(page.getByText('Sessão Expirada', { exact: true })).toBeVisible();
  await expect(page.getByText('Sua sessão expirou. Faça login novamente.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
});

test('a 401 arriving while the session check refreshes the token still ends the session with Sessão Expirada', async ({ page }) => {
  // 200 s left (under the 300 s margin, so the check refreshes) with an access token the Data API refuses
  // (bad signature) and a real refresh token. The Data API answers are held until the refresh is under way.
  const session = await apiSession('compras@farmacia.local');
  const expiresAt = Math.floor(Date.now() / 1000) + 200;
  await storeSession(
    page,
    JSON.stringify({ ...session, access_token: forged(withExpiry(session.access_token, expiresAt)), expires_in: 200, expires_at: expiresAt }),
  );
  let releaseRest = () => {};
  const restHeld = new Promise<void>((resolve) => {
    releaseRest = resolve;
  });
  let releaseRefresh = () => {};
  const refreshHeld = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  let refreshStarted = () => {};
  const refreshSeen = new Promise<void>((resolve) => {
    refreshStarted = resolve;
  });
  // What happened to the Data API requests, recorded from the start: which are held (and not aborted since), and
  // the status of each answer. Waiting for an answer only after releasing them could miss none, but says nothing
  // when none comes; these say which.
  const held = new Set<string>();
  const aborted: string[] = [];
  const answered: number[] = [];
  page.on('requestfailed', (request) => {
    if (!request.url().includes('/rest/v1/')) return;
    held.delete(request.url());
    aborted.push(`${request.url()} (${request.failure()?.errorText ?? '?'})`);
  });
  page.on('response', (response) => {
    if (response.url().includes('/rest/v1/')) answered.push(response.status());
  });
  await page.route('**/rest/v1/**', async (route) => {
    held.add(route.request().url());
    await restHeld;
    await route.continue().catch(() => undefined);
  });
  await page.route('**/auth/v1/token?grant_type=refresh_token', async (route) => {
    refreshStarted();
    await refreshHeld;
    await route.continue().catch(() => undefined);
  });
  await page.goto('/');
  await refreshSeen;
  // At least one Data API request is waiting (asked with the refused token) while the refresh is under way; a
  // failure prints what became of them instead of a bare timeout.
  const story = () => `held ${held.size}; answers [${answered.join(', ')}]; aborted [${aborted.join(', ')}]`;
  await expect.poll(() => (held.size > 0 ? 'held' : story()), { timeout: 20_000 }).toBe('held');
  releaseRest();
  await expect.poll(() => (answered.includes(401) ? 'refused' : story()), { timeout: 20_000 }).toBe('refused');
  // The 401 is not swallowed by the refresh in progress.
  await expect(page.getByText('Sessão Expirada', { exact: true })).toBeVisible();
  releaseRefresh();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
});

test('an expired session whose refresh token is gone logs out silently to /login', async ({ page }) => {
  // Already expired: supabase-js refreshes on start, the server answers refresh_token_not_found.
  await injectShortSession(page, 'farmaceutico@farmacia.local', -120);
  const refresh = page.waitForResponse((response) => response.url().includes('grant_type=refresh_token'));
  await page.goto('/');
  expect((await refresh).status()).toBe(400);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Sessão Expirada', { exact: true })).toHaveCount(0);
  expect(await storedSession(page)).toBeNull();
});

test('with a short JWT lifetime (200 s, under the 300 s margin) the session check ends the session with Sessão Expirada', async ({ page }) => {
  // Every token the server hands out lives 200 s: the refresh is real, only its lifetime is shortened.
  await page.route('**/auth/v1/token?grant_type=refresh_token', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown> & { access_token: string };
    const expiresAt = Math.floor(Date.now() / 1000) + 200;
    await route.fulfill({
      response,
      json: { ...body, access_token: withExpiry(body.access_token, expiresAt), expires_in: 200, expires_at: expiresAt },
    });
  });
  const session = await apiSession('analista@farmacia.local');
  const expiresAt = Math.floor(Date.now() / 1000) + 200;
  await storeSession(page, JSON.stringify({ ...session, access_token: withExpiry(session.access_token, expiresAt), expires_in: 200, expires_at: expiresAt }));
  await page.goto('/');
  await expect(page.getByText('Sessão Expirada', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedSession(page)).toBeNull();
});

test('a failed logout shows Erro ao fazer logout and keeps the user signed in', async ({ page }) => {
  await openAs(page, 'balconista2', { ownSession: true });
  await page.route('**/auth/v1/logout**', (route) => route.fulfill({ status: 500, json: { code: 500, msg: 'indisponível' } }));
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Erro ao fazer logout', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Olá, Beatriz Balconista!' })).toBeVisible();
  await page.unroute('**/auth/v1/logout**');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Logout realizado', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
