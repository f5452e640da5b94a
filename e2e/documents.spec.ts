import { expect, test, type Page } from '@playwright/test';
import { expectToast, openAs } from './fixtures.ts';

/** São Paulo's calendar day `days` from now, as a date input takes it. */
function spDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
}

async function startDocument(page: Page, title: string, body: string) {
  await page.goto('/documentos');
  await page.getByRole('button', { name: 'Novo documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo documento' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Texto', { exact: true }).fill(body);
  return dialog;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the admin publishes a required document; the counter employee, on another page, is told at once, opens it and acknowledges; the admin sees it', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Novo POP de dispensação ${Date.now()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAs(admin, 'admin');
  const clerkContext = await browser.newContext();
  const clerk = await clerkContext.newPage();
  await openAs(clerk, 'balconista');
  // Already somewhere else in the app, with the session's notification channel open.
  await clerk.goto('/remessas');
  await expect(clerk.getByRole('heading', { level: 1, name: 'Remessas' })).toBeVisible();

  const dialog = await startDocument(admin, title, '## O que muda\n\nConferir a **receita** antes de *dispensar*.\n\n- Passo um\n- Passo dois\n\n<script>alert(1)</script>');
  await choose(admin, 'Categoria', 'Procedimento (POP)');
  await choose(admin, 'Exigência', 'Leitura obrigatória');
  await dialog.getByLabel('Prazo').fill(spDay(7));
  // The preview renders the formatting and shows typed HTML as text.
  await dialog.getByRole('tab', { name: 'Pré-visualizar' }).click();
  await expect(dialog.getByRole('heading', { name: 'O que muda' })).toBeVisible();
  await expect(dialog.getByText('<script>alert(1)</script>')).toBeVisible();
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expectToast(admin, `Documento publicado: ${title}`);
  const adminSheet = admin.getByRole('dialog', { name: title });
  await expect(adminSheet).toBeVisible();

  // The employee gets the toast within 2 s (spec §9: 'Ver' opens /documentos?notification={id}).
  const toast = clerk.getByRole('region', { name: 'Notificações (F8)' }).getByRole('listitem').filter({ hasText: title });
  await expect(toast).toBeVisible({ timeout: 2_000 });
  await toast.getByRole('button', { name: 'Ver' }).click();
  const sheet = clerk.getByRole('dialog', { name: title });
  await expect(sheet).toBeVisible();
  await expect(clerk).toHaveURL(/\/documentos\?documento=/);
  await expect(clerk).not.toHaveURL(/notification=/);
  await expect(sheet.getByText('Leitura obrigatória')).toBeVisible();
  await expect(sheet.getByText('<script>alert(1)</script>')).toBeVisible();

  // 'Li e compreendi', then the confirmation that says what is recorded.
  await sheet.getByRole('button', { name: 'Li e compreendi' }).click();
  const confirm = clerk.getByRole('alertdialog', { name: 'Confirmar ciência' });
  await expect(confirm).toContainText('versão 1');
  await expect(confirm).toContainText('SHA-256');
  await confirm.getByRole('button', { name: 'Confirmar ciência' }).click();
  await expect(sheet.getByRole('status').filter({ hasText: 'Ciência registrada' })).toContainText(/impressão digital [0-9a-f]{12}/);
  await expect(sheet.getByRole('button', { name: 'Li e compreendi' })).toHaveCount(0);

  // The publisher's receipts: Bruno read and acknowledged.
  await adminSheet.getByRole('tab', { name: 'Confirmações' }).click();
  const row = adminSheet.getByRole('row', { name: /Bruno Balconista/ });
  await expect(row).toContainText('Em dia');
  await expect(row).toContainText('Unidade Centro');
  await adminContext.close();
  await clerkContext.close();
});

test('a recall addressed to one unit is confirmed by that unit with a lot and a quantity, and the publisher sees the unit done', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Recolhimento do lote E2E ${Date.now()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAs(admin, 'admin');
  const dialog = await startDocument(admin, title, 'Retirar das prateleiras todas as caixas do lote indicado e informar a quantidade.');
  await choose(admin, 'Categoria', 'Recolhimento (recall)');
  await choose(admin, 'Exigência', 'Ação obrigatória por unidade');
  await dialog.getByLabel('Prazo').fill(spDay(3));
  await dialog.getByRole('checkbox', { name: 'Todos' }).click();
  await dialog.getByRole('checkbox', { name: 'Unidade Centro' }).click();
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expectToast(admin, `Documento publicado: ${title}`);
  const adminSheet = admin.getByRole('dialog', { name: title });
  await expect(adminSheet).toBeVisible();

  // On a phone: the feed lists it first among the pending ones, without a horizontal scroll.
  const clerkContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const clerk = await clerkContext.newPage();
  await openAs(clerk, 'balconista');
  await clerk.goto('/documentos?filtro=pendentes');
  const item = clerk.getByRole('button', { name: new RegExp(title) });
  await expect(item).toContainText('Ação obrigatória por unidade');
  await expect(item).toContainText('Pendente');
  expect(await clerk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await item.click();

  const sheet = clerk.getByRole('dialog', { name: title });
  await sheet.getByRole('button', { name: 'Confirmar ação' }).click();
  await expect(sheet.getByText('Informe o lote')).toBeVisible();
  await expect(sheet.getByText('Informe a quantidade recolhida (maior que zero)')).toBeVisible();
  await choose(clerk, 'Unidade', 'Unidade Centro');
  await sheet.getByLabel('Lote').fill('L-E2E-77');
  await sheet.getByLabel('Quantidade recolhida').fill('6');
  await expect(sheet.getByText('Confirmado por Bruno Balconista')).toBeVisible();
  await sheet.getByRole('button', { name: 'Confirmar ação' }).click();
  await expectToast(clerk, 'Ação confirmada pela Unidade Centro');
  const confirmations = sheet.getByRole('list', { name: 'Confirmações da unidade' });
  await expect(confirmations).toContainText('Lote L-E2E-77 · quantidade 6');
  await expect(confirmations).toContainText('Confirmado por Bruno Balconista');

  await adminSheet.getByRole('tab', { name: 'Confirmações' }).click();
  await expect(adminSheet.getByRole('row', { name: /Unidade Centro/ }).first()).toContainText('Concluído');
  await expect(adminSheet.getByText('1 de 1')).toBeVisible();
  await adminContext.close();
  await clerkContext.close();
});
