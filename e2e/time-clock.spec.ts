import { expect, test, type Download } from '@playwright/test';
import { backendInfo, createUser, expectToast, openAs } from './fixtures.ts';

/** A download's text (UTF-8, the BOM kept). */
async function readDownload(file: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

test('an administrator authorizes this browser, punches with the receipt at once, and a double punch gives the same receipt', async ({ page }) => {
  await openAs(page, 'admin');
  await page.goto('/ponto/computadores');
  await expect(page.getByRole('heading', { name: 'Computadores Autorizados', level: 1 })).toBeVisible();
  const name = `Caixa E2E ${Date.now()}`;
  await page.getByLabel('Nome do computador').fill(name);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expectToast(page, 'Este computador foi autorizado para registrar ponto');
  await expect(page.getByRole('table', { name: 'Computadores autorizados' }).getByRole('row', { name: new RegExp(name) })).toContainText('Ativo');

  await page.goto('/ponto');
  await expect(page.getByRole('heading', { name: 'Registrar Ponto', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Hora atual')).toBeVisible();
  // Before the punch: which computer this is, at the administrator's own unit (no warning).
  await expect(page.getByText(`Registrando em: ${name} (Unidade Centro)`)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Fora da unidade' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Registrar Entrada' }).click();
  const receipt = page.getByRole('dialog', { name: 'Ponto registrado' });
  await expect(receipt.getByRole('article', { name: 'Comprovante de Registro de Ponto' })).toContainText('Entrada');
  await expect(receipt).toContainText('Ana Administradora');
  // The evidence address is the one the server saw; Centro is the administrator's unit, so no flag.
  await expect(receipt.getByRole('article')).toContainText(/Endereço IP\s*127\.0\.0\.1/);
  await expect(receipt).not.toContainText('Fora da unidade');
  // Portaria 671 art. 79: the employer, its CNPJ and the worker's CPF (seeded), masked on screen, whole on paper.
  const article = receipt.getByRole('article', { name: 'Comprovante de Registro de Ponto' });
  await expect(article.getByRole('heading')).toHaveText('Comprovante de Registro de Ponto do Trabalhador');
  await expect(article).toContainText(/Empregador\s*Rede de Farmácias Exemplo Ltda/);
  await expect(article).toContainText(/CNPJ\s*11\.222\.333\/0001-81/);
  await expect(article.getByTestId('receipt-cpf')).toHaveText('***.982.247-**');
  await expect(article).toContainText('Controle interno de jornada da rede — não é um REP-P certificado');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.receipt-print-root').getByTestId('receipt-cpf')).toHaveText('529.982.247-25');
  await expect(receipt).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.screenshot({ path: test.info().outputPath('punch-receipt.png') });
  await receipt.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByText('Situação:')).toContainText('Trabalhando');

  // A second click within a minute is the same punch: its receipt again, no new mark.
  await page.getByRole('button', { name: 'Registrar Saída Almoço' }).click();
  await expect(page.getByRole('dialog', { name: 'Marcação já registrada' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('list', { name: 'Marcações da jornada' }).getByRole('listitem')).toHaveCount(1);

  // The home card shows the same day: working, the worked time ticking, the last mark.
  await page.goto('/');
  const card = page.getByLabel('Minhas Horas Hoje', { exact: true });
  await expect(card).toContainText('Trabalhando');
  await expect(card).toContainText('Última marcação: Entrada às');
  // The goal in hours and minutes (spec §2), never '8 h'.
  await expect(card).toContainText(/da meta de \d{1,2}h\d{2}\b/);
  const first = await card.getByLabel('Horas trabalhadas hoje').textContent();
  await expect(card.getByLabel('Horas trabalhadas hoje')).not.toHaveText(first ?? '', { timeout: 3_000 });
  await expect(card.getByRole('link', { name: 'Ver relatório completo' })).toHaveAttribute('href', '/meu-ponto');
});

test("a punch on another unit's computer is registered all the same and flagged on the receipt, today's marks and the timesheet", async ({ page }) => {
  await openAs(page, 'admin', { ownSession: true });
  await page.goto('/ponto/computadores');
  await page.getByLabel('Nome do computador').fill(`Caixa Sul ${Date.now()}`);
  await page.getByRole('combobox', { name: 'Unidade' }).click();
  await page.getByRole('option', { name: 'Unidade Sul' }).click();
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expectToast(page, 'Este computador foi autorizado para registrar ponto');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The counter clerk works at Centro and Norte, never at Sul.
  await openAs(page, 'balconista');
  await page.goto('/ponto');
  // Said before the punch, not only on the receipt.
  await expect(page.getByRole('alert').filter({ hasText: 'Fora da unidade.' })).toContainText('Este computador está em Unidade Sul, e você não está vinculado a essa unidade.');
  // A required notice is pending for him (seed), but nothing stands between him and the button (domain §7).
  await expect(page.getByText('Documentos pendentes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Registrar Entrada' }).click();
  const receipt = page.getByRole('dialog', { name: 'Ponto registrado' }).getByRole('article', { name: 'Comprovante de Registro de Ponto' });
  await expect(receipt).toContainText('Unidade Sul');
  await expect(receipt.getByRole('note')).toContainText('Fora da unidade');
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByRole('list', { name: 'Marcações da jornada' }).getByRole('listitem')).toContainText('Fora da unidade');
  // Right after the day's first punch, the pending notices show.
  await expect(page.getByText('Documentos pendentes')).toBeVisible();

  await page.goto('/meu-ponto');
  await expect(page.getByRole('table', { name: /Espelho de ponto de/ }).locator('tr[aria-current="date"]')).toContainText('Fora da unidade');
  await expect(page.getByRole('list', { name: 'Comprovantes recentes' }).getByRole('button').first()).toContainText('Fora da unidade');
});

test('an employee without consent meets the term first; refusing keeps the clock closed; an unauthorized browser is told why', async ({ page }) => {
  await openAs(page, 'farmaceutico');
  await page.goto('/ponto');
  const term = page.getByRole('dialog', { name: /Termo de consentimento LGPD — versão 1.0/ });
  await expect(term).toBeVisible();
  await expect(term.getByRole('button', { name: 'Aceitar' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('lgpd-term.png') });
  await term.getByRole('button', { name: 'Recusar' }).click();
  await expect(page.getByText('Ponto Digital indisponível')).toBeVisible();
  // Who to talk to, and how the hours are kept meanwhile.
  await expect(page.getByText(/enquanto isso, o administrador do sistema registra as suas entradas e saídas/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Registrar/ })).toHaveCount(0);

  // The home says the same on its 'Ponto Digital' card, instead of showing nothing.
  await page.goto('/');
  const homeCard = page.getByLabel('Ponto Digital', { exact: true });
  await expect(homeCard).toContainText('Você recusou (ou revogou) o termo LGPD em');
  await expect(homeCard).toContainText('o administrador do sistema registra as suas entradas e saídas');
  await homeCard.getByRole('link', { name: 'Ler e aceitar o termo' }).click();

  // Reconsidering opens the text again (never an acceptance unread); 'Voltar' leaves it undecided.
  await page.getByRole('button', { name: 'Ler e aceitar o termo' }).click();
  await expect(term).toBeVisible();
  await term.getByRole('button', { name: 'Voltar' }).click();
  await expect(term).toBeHidden();
  await page.getByRole('button', { name: 'Ler e aceitar o termo' }).click();
  await term.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page.getByRole('button', { name: 'Registrar Entrada' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Este computador não está autorizado para registrar ponto.' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar Entrada' }).click();
  await expectToast(page, 'Ponto não registrado');
  await expect(page.getByRole('list', { name: 'Marcações da jornada' })).toHaveCount(0);
});

test('consent can be revoked in one click; the clock then asks again', async ({ page }) => {
  await openAs(page, 'analista');
  await page.goto('/ponto');
  await expect(page.getByText(/Você aceitou o termo LGPD versão 1.0 em/)).toBeVisible();
  await page.getByRole('button', { name: 'Revogar consentimento' }).click();
  await expect(page.getByText('Ponto Digital indisponível')).toBeVisible();
  await page.getByRole('button', { name: 'Ler e aceitar o termo' }).click();
  await page.getByRole('dialog', { name: /Termo de consentimento LGPD/ }).getByRole('button', { name: 'Aceitar' }).click();
  await expect(page.getByText(/Você aceitou o termo LGPD versão 1.0 em/)).toBeVisible();
});

test("/meu-ponto shows the month with balances and flags, navigates months, exports CSV and reopens the last 48 h of receipts", async ({ page }) => {
  await openAs(page, 'balconista');
  await page.goto('/meu-ponto');
  await expect(page.getByRole('heading', { name: 'Meu Ponto', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /Espelho de ponto de/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Total do mês/ })).toBeVisible();

  // The CSV is for Excel in Brazil and its totals line is the summary cards' figures.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csvFile = await download;
  expect(csvFile.suggestedFilename()).toMatch(/^meu-ponto-\d{4}-\d{2}\.csv$/);
  const csv = await readDownload(csvFile);
  expect(csv.startsWith('\uFEFFEspelho de ponto\r\nFuncionário: Bruno Balconista\r\n')).toBe(true);
  expect(csv).toMatch(/\r\nGerado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\r\n/);
  expect(csv).not.toContain('\u2212');
  const figure = async (label: string) =>
    ((await page.locator('p').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p').textContent()) ?? '').replace('\u2212', '-');
  const totalLine = csv.split('\r\n').find((line) => line.startsWith('Total do mês;'))!.split(';');
  expect(totalLine.slice(7, 10)).toEqual([await figure('Trabalhadas no mês'), await figure('Esperadas até hoje'), await figure('Saldo')]);
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/^meu-ponto-\d{4}-\d{2}\.xlsx$/);

  // The previous month is fully seeded: an incomplete day (its 8th weekday, no final exit).
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('01/');
  await expect(table.getByText('Incompleto', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('my-punches.png'), fullPage: true });
  await page.getByRole('button', { name: 'Próximo mês' }).click();

  const receipts = page.getByRole('list', { name: 'Comprovantes recentes' });
  await receipts.getByRole('button').first().click();
  await expect(page.getByRole('dialog', { name: 'Comprovante' }).getByRole('article', { name: 'Comprovante de Registro de Ponto' })).toContainText('Bruno Balconista');
});

test('a new employee accepts the term and ends the day with the browser clock ahead: the mark by the server clock, Finalizado, the same worked time in /meu-ponto and on the home card', async ({ browser }) => {
  // A repeat within 60 s is the same punch, so the day's first three marks were made minutes ago: they are
  // written straight into the table (the server decides each next mark from the last one, which
  // tests/integration/app/time-clock.test.ts covers mark by mark); the browser makes the fourth.
  const info = backendInfo();
  const email = `dia-${Date.now()}@farmacia.test`;
  await createUser(email, 'Farmacia@2026', 'Diana Dia');
  // What an administrator does on /usuarios: role BALCONISTA, unit Centro.
  const headers = { apikey: info.SERVICE_ROLE_KEY, authorization: `Bearer ${info.SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };
  const one = async (path: string) => ((await (await fetch(`${info.API_URL}/rest/v1/${path}`, { headers })).json()) as { id: string }[])[0]!.id;
  const userId = await one(`profiles?full_name=eq.Diana%20Dia&select=id&order=created_at.desc&limit=1`);
  const roleId = await one('custom_roles?name=eq.BALCONISTA&select=id');
  const unitId = await one('store_units?name=eq.Unidade%20Centro&select=id');
  for (const [path, body, method] of [
    ['user_roles', { user_id: userId, role_id: roleId }, 'POST'],
    ['user_units', { user_id: userId, unit_id: unitId }, 'POST'],
    [`profiles?id=eq.${userId}`, { unit_id: unitId }, 'PATCH'],
  ] as const) {
    expect((await fetch(`${info.API_URL}/rest/v1/${path}`, { method, headers, body: JSON.stringify(body) })).ok).toBe(true);
  }
  /** Entrada five minutes ago, Saída Almoço four, Retorno Almoço two: written just before the employee opens /ponto. */
  const writeEarlierMarks = async () => {
    const now = Date.now();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(now));
    const nsrBase = Number(String(now).slice(-8)) * 10;
    const earlier = [
      ['ENTRADA', 300],
      ['SAIDA_INTERVALO', 240],
      ['RETORNO_INTERVALO', 120],
    ] as const;
    for (const [index, [type, secondsAgo]] of earlier.entries()) {
      const punch = { funcionario_id: userId, unit_id: unitId, nsr: nsrBase + index, punch_type: type, punched_at: new Date(now - secondsAgo * 1000).toISOString(), work_date: today, receipt_hash: 'fixture' };
      expect((await fetch(`${info.API_URL}/rest/v1/pontos`, { method: 'POST', headers, body: JSON.stringify(punch) })).ok).toBe(true);
    }
  };

  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  // The store computer is authorized by an administrator first.
  await openAs(page, 'admin', { ownSession: true });
  await page.goto('/ponto/computadores');
  await page.getByLabel('Nome do computador').fill(`Balcão ${Date.now()}`);
  await page.getByRole('button', { name: 'Autorizar' }).click();
  await expectToast(page, 'Este computador foi autorizado para registrar ponto');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The shop PC's clock runs twenty minutes ahead (less than the session's margin, so sign-in still works);
  // the marks must carry the server's time.
  await page.clock.install({ time: new Date(Date.now() + 20 * 60_000) });
  await page.clock.resume();
  await openAs(page, email, { password: 'Farmacia@2026' });
  await writeEarlierMarks();
  await page.goto('/ponto');
  await page.getByRole('dialog', { name: /Termo de consentimento LGPD/ }).getByRole('button', { name: 'Aceitar' }).click();

  await page.getByRole('button', { name: 'Registrar Saída Final' }).click();
  const receipt = page.getByRole('dialog', { name: 'Ponto registrado' }).getByRole('article', { name: 'Comprovante de Registro de Ponto' });
  await expect(receipt).toContainText('Saída Final');
  // The receipt's time is the server's: its hour is the real one in São Paulo, not the PC's.
  const shown = (await receipt.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/).textContent()) ?? '';
  const minutes = (text: string) => Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16));
  const real = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date());
  expect(Math.abs(minutes(shown.trim()) - (Number(real.slice(0, 2)) * 60 + Number(real.slice(3, 5))))).toBeLessThanOrEqual(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByText('Situação:')).toContainText('Finalizado');
  await expect(page.getByRole('button', { name: 'Registrar Marcação extra' })).toBeVisible();

  await page.goto('/meu-ponto');
  const today = page.getByRole('table', { name: /Espelho de ponto de/ }).locator('tr[aria-current="date"]');
  const cells = today.getByRole('cell');
  await expect(cells.nth(4)).not.toHaveText('—');
  const worked = (await cells.nth(6).textContent())?.trim() ?? '';
  // Entrada→Saída Almoço 1 min, Retorno Almoço→Saída Final 2 min and the seconds the browser took.
  expect(worked).toMatch(/^00:0[34]$/);

  await page.goto('/');
  const card = page.getByLabel('Minhas Horas Hoje', { exact: true });
  await expect(card).toContainText('Finalizado');
  await expect(card.getByLabel('Horas trabalhadas hoje')).toHaveText(new RegExp(`^${worked}:\\d\\d$`));
  await context.close();
});

// Last in this file: a new term version makes everyone decide again.
test('the administrator publishes a new term version; an employee who accepted 1.0 is told the text changed', async ({ page, browser }) => {
  await openAs(page, 'admin');
  await page.goto('/ponto/admin');
  await expect(page.getByRole('heading', { name: 'Meu Ponto (Admin)', level: 1 })).toBeVisible();
  await expect(page.getByText(/Versão 1.0, publicada em/)).toBeVisible();
  await page.getByRole('tab', { name: 'Consentimentos' }).click();
  await expect(page.getByRole('table', { name: 'Consentimentos aceitos' })).toContainText('Bruno Balconista');
  await page.getByRole('tab', { name: 'Termo LGPD' }).click();
  await page.getByLabel('Versão', { exact: true }).fill('2.0');
  await page.getByLabel('Texto do termo').fill('TERMO 2.0 — além do ponto, registramos a geolocalização aproximada da loja em cada marcação.');
  await page.getByRole('button', { name: 'Publicar versão' }).click();
  await expectToast(page, 'Nova versão do termo publicada');
  await expect(page.getByText(/Versão 2.0, publicada em/)).toBeVisible();

  const context = await browser.newContext();
  const clerk = await context.newPage();
  await openAs(clerk, 'balconista');
  await clerk.goto('/ponto');
  const term = clerk.getByRole('dialog', { name: /versão 2.0/ });
  await expect(term).toContainText('O texto do termo mudou desde a versão que você aceitou.');
  await expect(term).toContainText('geolocalização');
  await context.close();
});
