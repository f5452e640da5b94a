import { expect, test, type Page } from '@playwright/test';
import { expectToast, signIn } from './fixtures.ts';

const INVALID_LINK =
  'Este link de assinatura não é válido. Ele pode ter expirado, já ter sido usado ou sido substituído por um novo. Peça um novo link a quem enviou a remessa.';

/** Draws a signature stroke across the canvas, as a finger would. */
async function draw(page: Page): Promise<void> {
  const canvas = page.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.15 + i * 0.055), box.y + box.height * (0.6 - 0.25 * Math.sin(i)), { steps: 3 });
  await page.mouse.up();
}

test('a clerk sends a shipment, a courier with no account signs it on the public link reporting a damaged line, and the sender sees the evidence', async ({ browser }) => {
  test.setTimeout(120_000);
  const clerkContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const clerk = await clerkContext.newPage();
  await signIn(clerk, 'balconista@farmacia.local');

  // A new shipment from Unidade Centro to Unidade Sul: a product read by the barcode scanner, with its lot.
  await clerk.goto('/nova-remessa');
  await clerk.getByLabel('Destino (quem recebe)').click();
  await clerk.getByRole('option', { name: 'Unidade Sul' }).click();
  const scanner = clerk.getByLabel('Código de barras (leitor)');
  await scanner.fill('7891058159207');
  await scanner.press('Enter');
  const items = clerk.getByRole('list', { name: 'Itens da remessa' });
  await expect(items).toContainText('Absorvente com Abas 8 unidades');
  await items.getByLabel('Quantidade').fill('6');
  await items.getByLabel('Lote (opcional)').fill('E2E-LOTE-1');
  await clerk.getByRole('button', { name: 'Salvar remessa' }).click();
  const saved = clerk.getByText(/^Remessa REM-\d{6} salva$/).first();
  await expect(saved).toBeVisible();
  const number = /REM-\d{6}/.exec((await saved.textContent()) ?? '')![0];
  await expect(clerk).toHaveURL(/\/remessas/);

  // Dispatched: no longer editable.
  await clerk.getByRole('button', { name: `Despachar remessa ${number}` }).click();
  const confirm = clerk.getByRole('alertdialog');
  await expect(confirm).toContainText(`Despachar remessa ${number} para Unidade Sul?`);
  await confirm.getByRole('button', { name: 'Despachar' }).click();
  await expect(clerk.getByRole('row', { name: new RegExp(number) }).first()).toContainText('Pendente');

  // The link, made once, copied for the courier.
  await clerk.goto('/assinatura-remessas');
  await clerk.getByRole('button', { name: `Gerar link de assinatura da remessa ${number}` }).first().click();
  const linkField = clerk.getByRole('textbox', { name: `Link de assinatura da remessa ${number}` });
  await expect(linkField).toHaveValue(/\/assinar\/[0-9a-f]{64}$/);
  await clerk.getByRole('button', { name: 'Copiar link' }).click();
  await expectToast(clerk, 'Link copiado');
  const link = await clerk.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await linkField.inputValue());

  // A fresh browser, no login: the shipment, one damaged unit reported, name, CPF, a drawn signature.
  const courierContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const courier = await courierContext.newPage();
  await courier.goto(link);
  await expect(courier.getByRole('heading', { name: `Remessa ${number}` })).toBeVisible();
  await expect(courier.getByText('De Unidade Centro para Unidade Sul')).toBeVisible();
  await courier.getByRole('checkbox', { name: 'Registrar divergência' }).check();
  await courier.getByLabel('Avaria').fill('1');
  await courier.getByLabel('Nome completo de quem recebe').fill('Marcos Entregador Teste');
  await courier.getByLabel('CPF').fill('52998224725');
  await draw(courier);
  await courier.getByLabel('Li e concordo').check();
  await courier.getByRole('button', { name: 'Assinar recebimento' }).click();
  await expect(courier.getByText('Recebimento assinado')).toBeVisible();
  await expect(courier.getByText('***.982.247-**')).toBeVisible();
  await courier.screenshot({ path: test.info().outputPath('signed-on-phone.png'), fullPage: true });

  // The same link again: one message, nothing else.
  await courier.goto(link);
  await expect(courier.getByText(INVALID_LINK)).toBeVisible();
  await expect(courier.getByText(number)).toHaveCount(0);
  await courierContext.close();

  // The sender: delivered, the discrepancy, and the receipt whose hash still matches.
  await clerk.goto(`/remessas?busca=${number}`);
  const row = clerk.getByRole('row', { name: new RegExp(number) }).first();
  await expect(row).toContainText('Entregue');
  await expect(row).toContainText('1 divergência');
  await clerk.goto('/assinatura-remessas?aba=assinadas');
  await clerk.getByRole('button', { name: `Ver comprovante da remessa ${number}` }).first().click();
  await expect(clerk.getByText('Evidências da assinatura')).toBeVisible();
  await expect(clerk.getByText('Marcos Entregador Teste').first()).toBeVisible();
  await expect(clerk.getByText('Conteúdo íntegro: o hash confere com o registrado na assinatura')).toBeVisible();
  await clerk.screenshot({ path: test.info().outputPath('receipt.png'), fullPage: true });
  await clerkContext.close();
});
