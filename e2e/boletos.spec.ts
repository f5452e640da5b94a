import { expect, test, type Page } from '@playwright/test';
import { barcodeToLinha, buildBankBarcode } from '../src/features/boletos/code.ts';
import { apiSession, backendInfo, expectToast, openAs } from './fixtures.ts';

/** Today in São Paulo as YYYY-MM-DD, and n days later. */
function saoPauloDay(offset = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}
const brDate = (day: string) => day.split('-').reverse().join('/');
const brMoney = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The amount (in cents) a summary card of /relatorio-boletos shows. */
async function cardCents(page: Page, title: string): Promise<number> {
  const text = (await page.getByRole('group', { name: title, exact: true }).textContent()) ?? '';
  const match = /R\$\s*([\d.]+,\d{2})/.exec(text);
  if (!match) throw new Error(`no amount on the card ${title}: ${text}`);
  return Math.round(Number(match[1]!.replaceAll('.', '').replace(',', '.')) * 100);
}

test('a scanner burst fills the boleto form, a wrong digit names its field, and paying the boleto moves the payables report', async ({ browser }) => {
  // Two people in two browsers, each signing in: the longest journey of the file.
  test.slow();
  const due = saoPauloDay(3);
  const cents = 100_000 + (Date.now() % 89_999);
  const nf = `NF E2E ${Date.now()}`;
  const barcode = buildBankBarcode({ bankCode: '341', dueDate: due, amountCents: cents, freeField: String(Date.now()).padStart(25, '7') });
  const linha = barcodeToLinha(barcode);

  // The counter clerk scans the code in Unidade Centro.
  const clerkContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const clerk = await clerkContext.newPage();
  await openAs(clerk, 'balconista');
  await clerk.goto('/boletos');
  await expect(clerk.getByRole('heading', { name: 'Lançar Boleto', level: 1 })).toBeVisible();
  const code = clerk.getByRole('textbox', { name: 'Código de barras ou linha digitável' });
  await expect(code).toBeFocused();

  // A mistyped digit in the linha's second field is named as the user types it.
  const wrong = `${linha.slice(0, 12)}${(Number(linha[12]) + 1) % 10}${linha.slice(13)}`;
  await code.fill(wrong);
  await expect(clerk.getByText('Confira o campo 2 (o 2º grupo de números): o dígito verificador não confere. Digite novamente ou use o leitor.')).toBeVisible();
  await expect(clerk.getByLabel('Dados lidos do código')).toHaveCount(0);

  // A USB scanner: the 44 digits in one burst, then Enter (which must not submit the form).
  await code.fill('');
  await code.pressSequentially(barcode, { delay: 0 });
  await code.press('Enter');
  const read = clerk.getByLabel('Dados lidos do código');
  await expect(read).toContainText('Boleto bancário');
  await expect(read).toContainText('341 – Itaú');
  await expect(read).toContainText(brMoney(cents));
  await expect(read).toContainText(brDate(due));
  await expect(clerk.getByLabel('Vencimento', { exact: true })).toHaveValue(due);
  await expect(clerk.getByText('Boleto lançado', { exact: true })).toHaveCount(0);
  await clerk.screenshot({ path: test.info().outputPath('boleto-scanned.png') });

  const supplier = clerk.getByRole('combobox', { name: 'Fornecedor' }).and(clerk.getByPlaceholder('Busque pelo nome ou CNPJ'));
  await supplier.fill('Alfa');
  await clerk.getByRole('option', { name: /Distribuidora Alfa/ }).click();
  await clerk.getByLabel('Nº do documento / NF').fill(nf);
  const launch = clerk.getByRole('button', { name: 'Lançar boleto' });
  await launch.click();
  await expectToast(clerk, 'Boleto lançado');
  // Quick entry at 1366×768: the toast never covers the button the clerk presses next.
  const toastBox = (await clerk.getByRole('region', { name: /^Notificações/ }).locator('li').filter({ hasText: 'Boleto lançado' }).boundingBox())!;
  const buttonBox = (await launch.boundingBox())!;
  const overlaps =
    toastBox.x < buttonBox.x + buttonBox.width && buttonBox.x < toastBox.x + toastBox.width && toastBox.y < buttonBox.y + buttonBox.height && buttonBox.y < toastBox.y + toastBox.height;
  expect(overlaps).toBe(false);
  await expect(code).toHaveValue('');
  await expect(code).toBeFocused();
  const row = clerk.getByRole('table', { name: 'Boletos' }).getByRole('row', { name: new RegExp(nf) });
  await expect(row).toContainText(brMoney(cents));
  await expect(row).toContainText('A vencer');

  // The administrator's report counts it among the next 7 days; paying it moves it to 'Pagos no período'.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAs(admin, 'admin');
  await admin.goto('/relatorio-boletos');
  await expect(admin.getByTestId('boleto-report')).toHaveAttribute('data-state', 'ready');
  const next7 = await cardCents(admin, 'Próximos 7 dias');
  const paid = await cardCents(admin, 'Pagos no período');

  await row.getByRole('button', { name: /Ações do boleto/ }).click();
  await clerk.getByRole('menuitem', { name: 'Marcar como pago' }).click();
  const dialog = clerk.getByRole('dialog', { name: 'Marcar como pago' });
  await expect(dialog.getByLabel('Data do pagamento')).toHaveValue(saoPauloDay());
  await dialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expectToast(clerk, 'Boleto marcado como pago');

  await admin.reload();
  await expect(admin.getByTestId('boleto-report')).toHaveAttribute('data-state', 'ready');
  await expect.poll(() => cardCents(admin, 'Próximos 7 dias')).toBe(next7 - cents);
  expect(await cardCents(admin, 'Pagos no período')).toBe(paid + cents);
  await admin.screenshot({ path: test.info().outputPath('boleto-report-after-payment.png'), fullPage: true });

  // Its history names who entered and who paid it.
  await clerk.getByRole('button', { name: 'Todos' }).click();
  await clerk.getByLabel('Buscar', { exact: true }).fill(nf);
  const paidRow = clerk.getByRole('table', { name: 'Boletos' }).getByRole('row', { name: new RegExp(nf) });
  await expect(paidRow).toContainText('Pago em');
  await paidRow.getByRole('button', { name: /Ações do boleto/ }).click();
  await clerk.getByRole('menuitem', { name: 'Histórico' }).click();
  await expect(clerk.getByRole('list', { name: 'Alterações do boleto' })).toContainText('Bruno Balconista');
  await expect(clerk.getByRole('list', { name: 'Alterações do boleto' }).getByRole('listitem')).toHaveCount(2);

  await clerkContext.close();
  await adminContext.close();
});

test('a wrong code gets one message saying what to do, also at save, and a bank new to the supplier is flagged as soon as the code is read', async ({ page }) => {
  const due = saoPauloDay(4);
  const cents = 400_000 + (Date.now() % 89_999);
  // Distribuidora Alfa's boletos come from Itaú (341) and Santander (033); Sicoob (756) is new to it.
  const barcode = buildBankBarcode({ bankCode: '756', dueDate: due, amountCents: cents, freeField: String(Date.now()).padStart(25, '5') });
  const linha = barcodeToLinha(barcode);
  await openAs(page, 'balconista');
  await page.goto('/boletos');
  const code = page.getByRole('textbox', { name: 'Código de barras ou linha digitável' });
  const save = page.getByRole('button', { name: 'Lançar boleto' });
  const others = ['Informe o valor.', 'Informe o vencimento.', 'Selecione o fornecedor.', 'Selecione a unidade.'];
  /** `message` is on screen once, before and after a save attempt, and nothing else is blamed. */
  const onlyMessage = async (typed: string, message: string) => {
    await code.fill(typed);
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
    await save.click();
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
    for (const other of others) await expect(page.getByText(other, { exact: true })).toHaveCount(0);
    await expect(page.getByText('Boleto lançado', { exact: true })).toHaveCount(0);
  };

  const wrongDv = `${linha.slice(0, 32)}${(Number(linha[32]) + 1) % 10}${linha.slice(33)}`;
  await onlyMessage(wrongDv, 'Confira o código: o dígito verificador não confere. Digite novamente ou use o leitor.');
  await onlyMessage(`${linha.slice(0, 14)}${(Number(linha[14]) + 1) % 10}${linha.slice(15)}`, 'Confira o campo 2 (o 2º grupo de números): o dígito verificador não confere. Digite novamente ou use o leitor.');
  await onlyMessage(linha.slice(0, 46), 'Falta 1 dígito para um boleto bancário (47)');
  await onlyMessage(`${linha}12`, 'Sobram 2 dígitos para um boleto bancário (47)');
  await onlyMessage(`${linha.slice(0, 10)}x${linha.slice(10)}`, 'Use apenas os números do código: apague letras e outros sinais.');

  // The supplier first, then the code: the warning is on screen before anything else is typed.
  await code.fill('');
  await page.getByRole('combobox', { name: 'Fornecedor' }).and(page.getByPlaceholder('Busque pelo nome ou CNPJ')).fill('Alfa');
  await page.getByRole('option', { name: /Distribuidora Alfa/ }).click();
  await code.fill(linha);
  const flagged = page.getByRole('list', { name: 'Avisos sobre este boleto' });
  await expect(flagged).toContainText(/^Possível boleto falso: o banco deste boleto \(756/);
  // Saving asks once more, with nothing the form has not already shown (read before the dialog hides the page).
  const shown = await flagged.getByRole('listitem').allTextContents();
  await save.click();
  const dialog = page.getByRole('alertdialog', { name: 'Confira antes de salvar' });
  await expect(dialog.getByRole('listitem')).toHaveText(shown);
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(code).toHaveValue(linha);
});

test('an attachment that fails to upload leaves the boleto saved and says the file did not go', async ({ page }) => {
  const due = saoPauloDay(10);
  const cents = 200_000 + (Date.now() % 89_999);
  const nf = `NF ANEXO ${Date.now()}`;
  const barcode = buildBankBarcode({ bankCode: '237', dueDate: due, amountCents: cents, freeField: String(Date.now()).padStart(25, '3') });
  await openAs(page, 'analista');
  await page.goto('/boletos');
  await page.getByRole('textbox', { name: 'Código de barras ou linha digitável' }).fill(barcode);
  await page.getByRole('combobox', { name: 'Fornecedor' }).and(page.getByPlaceholder('Busque pelo nome ou CNPJ')).fill('Beta');
  await page.getByRole('option', { name: /Distribuidora Beta/ }).click();
  await page.getByLabel('Nº do documento / NF').fill(nf);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Escolher arquivo' }).click();
  await (await chooser).setFiles({ name: 'boleto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 boleto') });
  // The storage service is unreachable at that moment.
  await page.route('**/storage/v1/object/boletos/**', (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Lançar boleto' }).click();
  await expect(page.getByText(/^Boleto salvo, mas o anexo não foi enviado: .+\. Anexe novamente pela lista\.$/).first()).toBeVisible();
  const row = page.getByRole('table', { name: 'Boletos' }).getByRole('row', { name: new RegExp(nf) });
  await expect(row).toContainText(brMoney(cents));
  await expect(row.getByRole('button', { name: 'Sem anexos: anexar arquivo' })).toBeVisible();
});

test('a code already paid is named at paste time, needs a reason, and paying it again asks a confirmation that names the twin', async ({ page }) => {
  const due = saoPauloDay(5);
  const cents = 300_000 + (Date.now() % 89_999);
  const barcode = buildBankBarcode({ bankCode: '341', dueDate: due, amountCents: cents, freeField: String(Date.now()).padStart(25, '9') });
  // Entered and paid yesterday in Unidade Sul (through the API, as the administrator).
  const info = backendInfo();
  const session = await apiSession('admin@farmacia.local');
  const rest = (path: string, body: unknown) =>
    fetch(`${info.API_URL}/rest/v1/${path}`, {
      method: 'POST',
      headers: { apikey: info.ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
  const units = (await (await fetch(`${info.API_URL}/rest/v1/store_units?select=id,name`, { headers: { apikey: info.ANON_KEY, authorization: `Bearer ${session.access_token}` } })).json()) as { id: string; name: string }[];
  const created = await rest('boletos?select=id', { unit_id: units.find((u) => u.name === 'Unidade Sul')!.id, beneficiary: 'Fornecedor Sul', barcode, amount: cents / 100, due_date: due, issue_date: saoPauloDay(-2) });
  expect(created.status).toBe(201);
  const paid = await rest('rpc/mark_boletos_paid', { p_ids: [(created.body as { id: string }[])[0]!.id], p_paid_at: saoPauloDay(-1) });
  expect(paid.status).toBe(200);

  await openAs(page, 'balconista');
  await page.goto('/boletos');
  await page.getByRole('textbox', { name: 'Código de barras ou linha digitável' }).fill(barcodeToLinha(barcode));
  const twin = `já pago em ${brDate(saoPauloDay(-1))}, Unidade Sul, ${brMoney(cents)}`;
  // The amount is written as the app writes money (Intl, with a no-break space after R$).
  // Named at paste, before anything else is typed (the payee is still empty).
  await expect(page.getByRole('combobox', { name: 'Fornecedor' }).and(page.getByPlaceholder('Busque pelo nome ou CNPJ'))).toHaveValue('');
  await expect(page.getByText(/^Este código já foi lançado: já pago em /)).toHaveText(new RegExp(`^Este código já foi lançado: ${twin.replace(/[.$]/g, '\\$&').replace(' R\\$ ', ' R\\$\\s')}\\.$`));
  await page.getByRole('combobox', { name: 'Fornecedor' }).and(page.getByPlaceholder('Busque pelo nome ou CNPJ')).fill('Alfa');
  await page.getByRole('option', { name: /Distribuidora Alfa/ }).click();
  const nf = `NF DUP ${Date.now()}`;
  await page.getByLabel('Nº do documento / NF').fill(nf);
  await page.getByRole('button', { name: 'Lançar boleto' }).click();
  await expect(page.getByText('Informe por que este código é lançado de novo (mínimo de 3 caracteres).')).toBeVisible();
  await page.getByLabel('Motivo para lançar este código de novo').fill('Fornecedor diz que o pagamento voltou');
  await page.getByRole('button', { name: 'Lançar boleto' }).click();
  await page.getByRole('button', { name: 'Salvar mesmo assim' }).click();
  await expectToast(page, 'Boleto lançado');

  const row = page.getByRole('table', { name: 'Boletos' }).getByRole('row', { name: new RegExp(nf) });
  await expect(row).toContainText('Código já pago');
  await row.getByRole('button', { name: /Ações do boleto/ }).click();
  await page.getByRole('menuitem', { name: 'Marcar como pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Marcar como pago' });
  await expect(dialog).toContainText('Este código já foi pago em outro boleto:');
  await expect(dialog).toContainText(/já pago em \d{2}\/\d{2}\/\d{4}, Unidade Sul/);
  await dialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(dialog.getByText('Confirme que deseja pagar de novo um código já pago.')).toBeVisible();
  await dialog.getByLabel('Confirmo o pagamento em duplicidade deste código.').check();
  await dialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expectToast(page, 'Boleto marcado como pago');
});
