import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/config/paths.ts';
import { apiSession, backendInfo, openAs } from './fixtures.ts';

/**
 * At a phone's 390 px nothing scrolls sideways: every route, signed in as the administrator (who opens them
 * all), and the signed-out pages. A table may scroll inside its own box; the document never does.
 */
const PHONE = { width: 390, height: 844 };

/** Routes that need a parameter, the signature page (its own spec walks it on a phone) and redirects. */
const NOT_WALKED: string[] = [paths.signature, paths.editShipment, paths.authLogin, paths.authResetPassword, paths.authChangePassword, paths.login, paths.register, paths.resetPassword, paths.changePassword, paths.unauthorized];
const SIGNED_OUT = [paths.login, paths.register, paths.resetPassword];

async function overflow(page: Page, path: string): Promise<string | null> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Let the page's data arrive and lay out (realtime sockets do not count as network activity).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  return scrollWidth > innerWidth ? `${path}: ${scrollWidth} px` : null;
}

test('no signed-in route scrolls sideways at 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await openAs(page, 'admin');
  const session = await apiSession('admin@farmacia.local');
  const info = backendInfo();
  const shipments = (await (
    await fetch(`${info.API_URL}/rest/v1/shipments?select=id&status=eq.SOLICITADO&limit=1`, { headers: { apikey: info.ANON_KEY, authorization: `Bearer ${session.access_token}` } })
  ).json()) as { id: string }[];
  const routes = [...Object.values(paths).filter((path) => !NOT_WALKED.includes(path)), ...shipments.map((row) => `/editar-remessa/${row.id}`)];
  expect(routes.length).toBeGreaterThan(25);
  const offenders: string[] = [];
  for (const path of routes) {
    const wide = await overflow(page, path);
    if (wide) offenders.push(wide);
  }
  expect(offenders).toEqual([]);
});

test('no signed-out page scrolls sideways at 390 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const offenders: string[] = [];
  for (const path of SIGNED_OUT) {
    const wide = await overflow(page, path);
    if (wide) offenders.push(wide);
  }
  expect(offenders).toEqual([]);
});
