import { expect, test, type Page } from '@playwright/test';
import { createProduct, createShortages } from './fixtures/catalog.ts';
import { apiSession, backendInfo, expectToast, storageStatePath } from './fixtures.ts';

const CLERK = 'balconista@farmacia.local';

/** Puts the clerk back in Centro over the API (as the app would), whatever a failed run left. */
async function backToCentro(): Promise<void> {
  const info = backendInfo();
  const session = await apiSession(CLERK);
  const headers = { apikey: info.ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const units = (await (await fetch(`${info.API_URL}/rest/v1/rpc/list_unit_names`, { method: 'POST', headers, body: '{}' })).json()) as { id: string; name: string }[];
  const centro = units.find((unit) => unit.name === 'Unidade Centro');
  await fetch(`${info.API_URL}/rest/v1/profiles?id=eq.${session.user.id}`, { method: 'PATCH', headers, body: JSON.stringify({ unit_id: centro?.id }) });
}

/** The home greeting's "Unidade: …" line (the header shows the unit too). */
const unitLine = (page: Page) => page.getByRole('main').getByRole('paragraph').filter({ hasText: 'Unidade:' });

/** Picks `unit`, confirms, and (when `toast`) checks the §8 confirmation toast. */
async function switchTo(page: Page, unit: string, toast = true): Promise<void> {
  await page.getByRole('combobox', { name: 'Alterar unidade' }).click();
  await page.getByRole('option', { name: unit }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirmar alteração de unidade' });
  await expect(dialog).toContainText(`Deseja se associar à ${unit}?`);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  if (toast) {
    await expectToast(page, 'Unidade atualizada');
    await expectToast(page, `Você está agora associado à ${unit}`);
  }
  await expect(unitLine(page)).toContainText(unit);
}

test.afterAll(backToCentro);

test("a clerk with two assigned units switches after confirming and sees each unit's shortages", async ({ browser }) => {
  const stamp = Date.now();
  const inCentro = await createProduct(`Falta Centro ${stamp}`);
  const inNorte = await createProduct(`Falta Norte ${stamp}`);
  await createShortages(CLERK, [inCentro.id]);
  await createShortages('balconista2@farmacia.local', [inNorte.id]);

  const context = await browser.newContext({ storageState: storageStatePath('balconista') });
  const page = await context.newPage();
  await page.goto('/');
  await expect(unitLine(page)).toContainText('Unidade Centro');

  // Only the assigned units are offered (Sul is not one of them).
  await page.getByRole('combobox', { name: 'Alterar unidade' }).click();
  await expect(page.getByRole('option')).toHaveText(['Nenhuma unidade', 'Unidade Centro', 'Unidade Norte']);
  await page.keyboard.press('Escape');

  // Cancelling the confirmation leaves the user where they were.
  await page.getByRole('combobox', { name: 'Alterar unidade' }).click();
  await page.getByRole('option', { name: 'Unidade Norte' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Voltar' }).click();
  await expect(unitLine(page)).toContainText('Unidade Centro');

  await switchTo(page, 'Unidade Norte');
  await page.screenshot({ path: test.info().outputPath('unit-switched.png'), fullPage: true });
  await page.goto('/lancamento');
  const table = page.getByRole('table', { name: 'Faltas' });
  await expect(table.getByRole('row', { name: new RegExp(inNorte.name) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(inCentro.name) })).toHaveCount(0);

  await page.goto('/');
  // (The toast was checked on the way there; a 4 s toast on a loaded CI machine is not what this step tests.)
  await switchTo(page, 'Unidade Centro', false);
  await page.goto('/lancamento');
  await expect(table.getByRole('row', { name: new RegExp(inCentro.name) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(inNorte.name) })).toHaveCount(0);
  await context.close();
});

test('a clerk with a single unit sees no unit switch', async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStatePath('balconista2') });
  const page = await context.newPage();
  await page.goto('/');
  await expect(unitLine(page)).toContainText('Unidade Norte');
  await expect(page.getByText('Selecione uma das ações abaixo para começar:', { exact: true })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Alterar unidade' })).toHaveCount(0);
  await context.close();
});
