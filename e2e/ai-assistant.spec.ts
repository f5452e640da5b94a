import { expect, test, type Page, type Route } from '@playwright/test';
import { expectToast, openAs } from './fixtures.ts';

const FUNCTION = '**/functions/v1/ai-chat';

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Abrir o assistente de compras' }).click();
  const panel = page.getByRole('dialog', { name: 'Sofia - Gestão de Compras' });
  await expect(panel).toBeVisible();
  return panel;
}

test('the admin asks on /compras which batches wait for quotes and gets the seeded batches with links', async ({ page }) => {
  await openAs(page, 'admin');
  await page.goto('/compras');
  const panel = await openPanel(page);
  // Chips fit the screen, cut to 25 characters with an ellipsis.
  const chips = panel.getByRole('list', { name: 'Sugestões' }).getByRole('button');
  await expect(chips.first()).toHaveText('Quais lotes estão aguarda...');

  const input = panel.getByLabel('Sua pergunta');
  await input.fill('quais lotes estão aguardando cotação?');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const answer = panel.locator('[data-message="ai"]').last();
  await expect(answer).toContainText(/\d+ lotes? (está|estão) aguardando cotação/);
  const batch = answer.getByRole('link', { name: 'Lote Reposição Norte' });
  await expect(batch).toHaveAttribute('href', /^\/compras\?lote=[0-9a-f-]{36}$/);
  await expect(answer.getByRole('table')).toBeVisible();
  await expect(answer).toContainText('Dados usados: Lotes aguardando cotação');

  // The link opens the batch in the app, the panel beside it; the conversation stays for the browser session.
  await batch.click();
  await expect(page).toHaveURL(/\/compras\?lote=/);
  await expect(panel.locator('[data-message="ai"]')).toHaveCount(1);
  await page.reload();
  const reopened = await openPanel(page);
  await expect(reopened.locator('[data-message="user"]')).toHaveText(['Você: quais lotes estão aguardando cotação?']);
});

test('a blank message and a second send while the answer is awaited are ignored; a failure keeps the text', async ({ page }) => {
  await openAs(page, 'admin');
  let calls = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(FUNCTION, async (route: Route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await page.goto('/cotacoes');
  await page.getByRole('button', { name: 'Abrir o assistente de compras' }).click();
  const panel = page.getByRole('dialog', { name: 'Análise de Cotações' });
  const input = panel.getByLabel('Sua pergunta');

  await input.fill('   ');
  await input.press('Enter');
  await expect(panel.locator('[data-message="user"]')).toHaveCount(0);

  await input.fill('quem ganhou mais este mês?');
  await input.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Sophia está analisando...');
  await input.fill('itens sem cotação');
  await input.press('Enter');
  await panel.getByRole('list', { name: 'Sugestões' }).getByRole('button').first().click();
  await expect(panel.locator('[data-message="user"]')).toHaveCount(1);
  expect(calls).toBe(1);
  release();
  await expect(panel.locator('[data-message="ai"]')).toHaveCount(1);
  await expect(panel.getByRole('status')).toHaveCount(0);
  expect(calls).toBe(1);

  // A failure: §8's toast, and the question back in the input, unsent.
  await page.unroute(FUNCTION);
  await page.route(FUNCTION, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"falhou"}' }));
  await input.fill('quem ainda não respondeu?');
  await input.press('Enter');
  await expectToast(page, 'Erro ao enviar mensagem. Tente novamente.');
  await expect(input).toHaveValue('quem ainda não respondeu?');
  await expect(panel.locator('[data-message="user"]')).toHaveCount(1);
});

test('the button is absent for a user without ADMIN or ADMIN_ACCESS', async ({ page }) => {
  await openAs(page, 'compras');
  await page.goto('/compras');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir o assistente de compras' })).toHaveCount(0);
});

test('the button shows on /itens-vitoriosos with its title, and on no other route', async ({ page }) => {
  await openAs(page, 'admin');
  await page.goto('/itens-vitoriosos');
  await page.getByRole('button', { name: 'Abrir o assistente de compras' }).click();
  await expect(page.getByRole('dialog', { name: 'Análise de Performance' })).toBeVisible();
  for (const path of ['/dashboard', '/analise-cotacoes', '/lancamento']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir o assistente de compras' }), path).toHaveCount(0);
  }
});
