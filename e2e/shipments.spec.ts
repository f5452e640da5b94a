import { expect, test, type Page } from '@playwright/test';
import { apiSession, backendInfo, expectToast, openAs } from './fixtures.ts';

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
  test.setTimeout(180_000);
  const clerkContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const clerk = await clerkContext.newPage();
  await openAs(clerk, 'balconista');

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

  // Back on the draft: one more unit, then saved and dispatched in one step, from the edit screen.
  await clerk.getByRole('button', { name: `Ações da remessa ${number}` }).first().click();
  await clerk.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(clerk).toHaveURL(/\/editar-remessa\//);
  await clerk.getByRole('list', { name: 'Itens da remessa' }).getByLabel('Quantidade').fill('7');
  await clerk.getByRole('button', { name: 'Salvar e despachar' }).click();
  const confirm = clerk.getByRole('alertdialog');
  await expect(confirm).toContainText(`Salvar e despachar a remessa ${number} para Unidade Sul?`);
  await confirm.getByRole('button', { name: 'Salvar e despachar' }).click();
  await expectToast(clerk, `Remessa ${number} salva e despachada`);
  // Dispatched: the same screen is now read-only, with what was saved, and offers the link.
  await expect(clerk.getByText('Esta remessa já foi despachada e não pode mais ser alterada.')).toBeVisible();
  await expect(clerk.getByRole('heading', { name: `Remessa ${number}` })).toBeVisible();
  await expect(clerk.getByText('E2E-LOTE-1')).toBeVisible();

  // The link, made once on this screen, copied for the courier.
  await clerk.getByRole('button', { name: 'Gerar link de assinatura', exact: true }).click();
  const linkField = clerk.getByRole('textbox', { name: `Link de assinatura da remessa ${number}` });
  await expect(linkField).toHaveValue(/\/assinar\/[0-9a-f]{64}$/);
  await clerk.getByRole('button', { name: 'Copiar link' }).click();
  await expectToast(clerk, 'Link copiado');
  const link = await clerk.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await linkField.inputValue());
  // The sender copies, shares or shows the QR code; nothing on its screen opens the signing page.
  await expect(clerk.getByRole('img', { name: `QR code do link de assinatura da remessa ${number}` })).toBeVisible();
  await expect(clerk.locator('a[href*="/assinar/"]')).toHaveCount(0);
  await expect(clerk.getByText('Abrir página de assinatura')).toHaveCount(0);

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

  // A reload on the phone that signed: the receipt it kept, not an error.
  await courier.reload();
  await expect(courier.getByRole('heading', { name: /^Já assinado por Marcos Entregador Teste (às|em|ontem) / })).toBeVisible();
  await expect(courier.getByRole('heading', { name: /às \d{2}:\d{2}$/ })).toBeVisible();
  await expect(courier.getByText(number).first()).toBeVisible();
  await expect(courier.getByText('***.982.247-**')).toBeVisible();
  await expect(courier.getByText('1 item com divergência')).toBeVisible();
  await expect(courier.getByText(INVALID_LINK)).toHaveCount(0);
  // What the phone keeps is keyed by a hash of the link's token, never the token itself.
  const token = link.split('/assinar/')[1]!;
  expect(await courier.evaluate(() => JSON.stringify(Object.entries(localStorage)))).not.toContain(token);
  await courierContext.close();

  // Any other browser: the used link gets the one message, nothing else.
  const strangerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const stranger = await strangerContext.newPage();
  await stranger.goto(link);
  await expect(stranger.getByText(INVALID_LINK)).toBeVisible();
  await expect(stranger.getByText(number)).toHaveCount(0);
  await strangerContext.close();

  // The sender: delivered, the discrepancy, and the receipt whose hash still matches.
  await clerk.goto(`/remessas?busca=${number}`);
  const row = clerk.getByRole('row', { name: new RegExp(number) }).first();
  await expect(row).toContainText('Entregue');
  await expect(row).toContainText('1 divergência');
  // Every browser of this run reaches the server from 127.0.0.1: the courier signed from the address that
  // dispatched and made the link, as a receiver at the sender's counter would. Accepted, and flagged.
  await expect(row).toContainText('Assinado no mesmo dispositivo/endereço do remetente');
  await clerk.goto('/assinatura-remessas?aba=assinadas');
  await expect(clerk.getByRole('row', { name: new RegExp(number) }).first()).toContainText('Assinado no mesmo dispositivo/endereço do remetente');
  await clerk.getByRole('button', { name: `Ver comprovante da remessa ${number}` }).first().click();
  await expect(clerk.getByText('Evidências da assinatura')).toBeVisible();
  await expect(clerk.getByText('Marcos Entregador Teste').first()).toBeVisible();
  await expect(clerk.getByText('Conteúdo íntegro: o hash confere com o registrado na assinatura')).toBeVisible();
  const flag = clerk.getByRole('note').filter({ hasText: 'Assinado no mesmo dispositivo/endereço do remetente' });
  await expect(flag).toContainText('a partir do mesmo endereço IP usado para despachar a remessa ou gerar o link de assinatura');
  await expect(clerk.getByText('Endereço IP (registrado pelo servidor)')).toBeVisible();
  await clerk.screenshot({ path: test.info().outputPath('receipt.png'), fullPage: true });
  await clerkContext.close();
});

test("a signature whose answer is lost on the network is retried with the same link and gives the same receipt", async ({ browser }) => {
  // A dispatched shipment and its link, made by the clerk through the API.
  const info = backendInfo();
  const session = await apiSession('balconista@farmacia.local');
  const api = async (path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${info.API_URL}/rest/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { apikey: info.ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, path).toBeLessThan(300);
    return response.status === 204 ? null : response.json();
  };
  const units = (await api('store_units?select=id,name')) as { id: string; name: string }[];
  const [product] = (await api('products?select=id&order=name&limit=1')) as { id: string }[];
  const id = (await api('rpc/save_shipment', {
    p_id: null, p_origin_unit_id: units.find((u) => u.name === 'Unidade Centro')!.id, p_destination_unit_id: units.find((u) => u.name === 'Unidade Norte')!.id,
    p_notes: 'Teste de reenvio', p_items: [{ product_id: product!.id, quantity: 3 }],
  })) as string;
  await api('rpc/dispatch_shipment', { p_id: id });
  const { token } = (await api('rpc/create_signature_link', { p_shipment_id: id })) as { token: string };

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The first signature reaches the server, which records it, but its answer never comes back.
  let lost = false;
  await page.route('**/rest/v1/rpc/sign_shipment', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.goto(`/assinar/${token}`);
  await page.getByLabel('Nome completo de quem recebe').fill('Joana Retentativa');
  await page.getByLabel('CPF').fill('111.444.777-35');
  await draw(page);
  await page.getByLabel('Li e concordo').check();
  await page.getByRole('button', { name: 'Assinar recebimento' }).click();
  await expect(page.getByText('Não foi possível enviar a assinatura. Verifique a conexão e tente novamente.')).toBeVisible();
  await expect(page.getByLabel('Nome completo de quem recebe')).toHaveValue('Joana Retentativa');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText('Recebimento assinado')).toBeVisible();
  await expect(page.getByText('A assinatura já havia sido registrada: este é o comprovante dela.')).toBeVisible();
  await context.close();
  const shipment = (await api('rpc/get_shipment', { p_id: id })) as { status: string; signature: { signer_name: string } };
  expect(shipment).toMatchObject({ status: 'ENTREGUE', signature: { signer_name: 'Joana Retentativa' } });
});

test("the sender pasting its own link into its browser can sign, but the receipt and the list say it was signed in the sender's browser", async ({ browser }) => {
  test.setTimeout(90_000);
  // A dispatched Centro → Norte shipment, made through the API.
  const info = backendInfo();
  const session = await apiSession('balconista@farmacia.local');
  const api = async (path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${info.API_URL}/rest/v1/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { apikey: info.ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, path).toBeLessThan(300);
    return response.status === 204 ? null : response.json();
  };
  const units = (await api('store_units?select=id,name')) as { id: string; name: string }[];
  const [product] = (await api('products?select=id&order=name&limit=1')) as { id: string }[];
  const id = (await api('rpc/save_shipment', {
    p_id: null, p_origin_unit_id: units.find((u) => u.name === 'Unidade Centro')!.id, p_destination_unit_id: units.find((u) => u.name === 'Unidade Norte')!.id,
    p_notes: 'Teste do próprio remetente', p_items: [{ product_id: product!.id, quantity: 1 }],
  })) as string;
  await api('rpc/dispatch_shipment', { p_id: id });
  const { number } = (await api('rpc/get_shipment', { p_id: id })) as { number: number };
  const label = `REM-${String(number).padStart(6, '0')}`;

  // The clerk makes the link on /assinatura-remessas (this browser's device id goes with it)…
  const context = await browser.newContext();
  const clerk = await context.newPage();
  await openAs(clerk, 'balconista');
  await clerk.goto(`/assinatura-remessas?remessa=${id}`);
  await clerk.getByRole('button', { name: 'Gerar link de assinatura', exact: true }).click();
  const link = await clerk.getByRole('textbox', { name: `Link de assinatura da remessa ${label}` }).inputValue();

  // …then pastes it into a new tab of the same browser and signs with an invented name.
  const tab = await context.newPage();
  await tab.goto(link);
  await tab.getByLabel('Nome completo de quem recebe').fill('Nome Inventado');
  await tab.getByLabel('CPF').fill('111.444.777-35');
  await draw(tab);
  await tab.getByLabel('Li e concordo').check();
  await tab.getByRole('button', { name: 'Assinar recebimento' }).click();
  await expect(tab.getByText('Recebimento assinado')).toBeVisible();
  await tab.close();

  await clerk.goto(`/assinatura-remessas?aba=assinadas&remessa=${id}`);
  const flag = clerk.getByRole('note').filter({ hasText: 'Assinado no mesmo dispositivo/endereço do remetente' });
  await expect(flag).toContainText('no mesmo navegador e a partir do mesmo endereço IP usados para despachar a remessa ou gerar o link de assinatura');
  await context.close();
});
