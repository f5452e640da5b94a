import { expect as baseExpect, test, type Page } from '@playwright/test';
import { backendInfo, createUser, expectToast, openAs } from './fixtures.ts';

// Each journey computes treated months in the database for two people in two browsers: more time than a page load.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/**
 * Issue 25, the treatment of the time clock, as people use it: an administrator adds a forgotten mark with its motive
 * and the employee sees it as treated; the employee asks for an atestado (with a photo) and the administrator approves
 * it; the employee acknowledges the closed month's espelho. Each journey has an employee of its own (created here, at
 * Unidade Centro), so nothing depends on what other specs did to the seed's accounts nor on the time of day.
 */

const PASSWORD = 'Farmacia@2026';

function serviceHeaders() {
  const info = backendInfo();
  return { apikey: info.SERVICE_ROLE_KEY, authorization: `Bearer ${info.SERVICE_ROLE_KEY}`, 'content-type': 'application/json' };
}

async function firstId(path: string): Promise<string> {
  const response = await fetch(`${backendInfo().API_URL}/rest/v1/${path}`, { headers: serviceHeaders() });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { id: string }[])[0]!.id;
}

/** A new counter clerk at Unidade Centro (what an administrator does on /usuarios), signed in with consent given. */
async function newEmployee(page: Page, name: string): Promise<{ email: string; userId: string; unitId: string }> {
  const email = `${name.toLowerCase().replaceAll(' ', '.')}.${Date.now()}@farmacia.test`;
  await createUser(email, PASSWORD, name);
  const userId = await firstId(`profiles?full_name=eq.${encodeURIComponent(name)}&select=id&order=created_at.desc&limit=1`);
  const roleId = await firstId('custom_roles?name=eq.BALCONISTA&select=id');
  const unitId = await firstId('store_units?name=eq.Unidade%20Centro&select=id');
  for (const [path, body, method] of [
    ['user_roles', { user_id: userId, role_id: roleId }, 'POST'],
    ['user_units', { user_id: userId, unit_id: unitId }, 'POST'],
    [`profiles?id=eq.${userId}`, { unit_id: unitId }, 'PATCH'],
  ] as const) {
    expect((await fetch(`${backendInfo().API_URL}/rest/v1/${path}`, { method, headers: serviceHeaders(), body: JSON.stringify(body) })).ok).toBe(true);
  }
  await openAs(page, email, { password: PASSWORD });
  await page.goto('/meu-ponto');
  await page.getByRole('dialog', { name: /Termo de consentimento LGPD/ }).getByRole('button', { name: 'Aceitar' }).click();
  await expect(page.getByRole('table', { name: /Espelho de ponto de/ })).toBeVisible();
  return { email, userId, unitId };
}

/** The São Paulo calendar day `offset` days from today (YYYY-MM-DD). */
function saoPauloDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + offset * 86_400_000));
}

const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

test('the administrator adds a forgotten mark with its motive; the employee’s /meu-ponto shows it as treated, with the motive', async ({ page, browser }) => {
  const employee = await newEmployee(page, 'Igor Inclusao');
  // Yesterday, three original marks and no final exit (written as the clock would have: the server's rows).
  const day = saoPauloDay(-1);
  const nsrBase = Number(String(Date.now()).slice(-8)) * 10;
  for (const [index, [type, time]] of ([['ENTRADA', '08:00'], ['SAIDA_INTERVALO', '12:00'], ['RETORNO_INTERVALO', '13:00']] as const).entries()) {
    const punch = { funcionario_id: employee.userId, unit_id: employee.unitId, nsr: nsrBase + index, punch_type: type, punched_at: `${day}T${time}:00-03:00`, work_date: day, receipt_hash: 'fixture' };
    expect((await fetch(`${backendInfo().API_URL}/rest/v1/pontos`, { method: 'POST', headers: serviceHeaders(), body: JSON.stringify(punch) })).ok).toBe(true);
  }

  const admin = await browser.newPage();
  await openAs(admin, 'admin');
  await admin.goto(`/ponto/admin?aba=espelhos&funcionario=${employee.userId}&mes=${day.slice(0, 7)}`);
  await expect(admin.getByRole('tab', { name: 'Espelhos' })).toHaveAttribute('aria-selected', 'true');
  const row = admin.locator(`tr[data-day="${day}"]`);
  await expect(row.locator('[data-source="O"]')).toHaveCount(3);
  await expect(row).toContainText('Marcação faltando');
  await row.getByRole('button', { name: 'Incluir' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Incluir marcação' });
  // The motive is mandatory: the form says so before anything is sent.
  await dialog.getByLabel('Horário da marcação').fill('17:00');
  await dialog.getByRole('button', { name: 'Incluir marcação' }).click();
  await expect(dialog.getByText('Informe o motivo do ajuste.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Esqueceu de marcar a saída; confirmado pelo gerente');
  await dialog.getByRole('button', { name: 'Incluir marcação' }).click();
  await expectToast(admin, `Marcação das 17:00 incluída em ${brDay(day)}`);
  await expect(row.locator('[data-source="I"]')).toHaveText(/17:00/);
  await expect(row.locator('[data-source="O"]')).toHaveCount(3);
  await expect(admin.getByRole('list', { name: `Ajustes de ${brDay(day)}` })).toContainText('Esqueceu de marcar a saída; confirmado pelo gerente');
  await expect(admin.getByRole('list', { name: `Ajustes de ${brDay(day)}` })).toContainText('por Ana Administradora');
  // The hour bank: paying 1h00 in the payroll takes 60 minutes off the balance (and zero is refused by the form).
  const bank = admin.getByRole('region', { name: 'Banco de horas' });
  const balance = async () => {
    const match = /Saldo: (−?)(\d+):(\d{2})/.exec(await bank.innerText());
    expect(match).not.toBeNull();
    return (match![1] ? -1 : 1) * (Number(match![2]) * 60 + Number(match![3]));
  };
  const before = await balance();
  await bank.getByRole('button', { name: 'Pagar horas' }).click();
  const pay = admin.getByRole('dialog', { name: 'Pagar horas' });
  await pay.getByLabel('Horas pagas').fill('0h00');
  await pay.getByLabel('Motivo').fill('Horas extras pagas na folha de novembro');
  await pay.getByRole('button', { name: 'Pagar horas' }).click();
  await expect(pay.getByText('Informe mais que 0h00.')).toBeVisible();
  await pay.getByLabel('Horas pagas').fill('1h00');
  await pay.getByRole('button', { name: 'Pagar horas' }).click();
  await expectToast(admin, `Pagamento de 1h00 registrado em ${brDay(saoPauloDay(0))}: o banco de horas foi atualizado`);
  await expect.poll(balance).toBe(before - 60);
  if (day.slice(0, 7) === saoPauloDay(0).slice(0, 7)) await expect(admin.getByRole('list', { name: `Ajustes de ${brDay(saoPauloDay(0))}` })).toContainText('Pagamento de 1h00');
  // The original and treated styles must stay apart in dark mode too (the theme follows the system's).
  await admin.emulateMedia({ colorScheme: 'dark' });
  await row.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: test.info().outputPath('treated-timesheet-dark.png') });
  await admin.close();

  // The employee's month: the final exit is there, in the treated style, and says why.
  await page.goto('/meu-ponto');
  const table = page.getByRole('table', { name: /Espelho de ponto de/ });
  if (day.slice(0, 7) !== saoPauloDay(0).slice(0, 7)) await page.getByRole('button', { name: 'Mês anterior' }).click();
  const line = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Solicitar ajuste de ${brDay(day)}` }) });
  const treated = line.getByRole('button', { name: '17:00 (Incluída: Esqueceu de marcar a saída; confirmado pelo gerente)' });
  await expect(treated).toBeVisible();
  await expect(line.locator('[data-source="I"]')).toHaveCount(1);
  // 08:00–12:00 and 13:00–17:00: eight hours worked.
  await expect(line.getByRole('cell').nth(6)).toHaveText('08:00');
  // A tap shows the motive (phones have no hover).
  await treated.click();
  await page.screenshot({ path: test.info().outputPath('my-punches-treated.png') });
  await expect(line.getByRole('note')).toHaveText('Incluída · Motivo: Esqueceu de marcar a saída; confirmado pelo gerente · Por Ana Administradora');
});

test('the employee asks for an atestado with a photo; the administrator approves it and the employee sees the outcome', async ({ page, browser }) => {
  const employee = await newEmployee(page, 'Alice Atestado');
  const today = saoPauloDay(0);
  // Six days ago is past the 5-day deadline (or in the closed previous month): the database refuses, and the form says why.
  const late = saoPauloDay(-6);
  const lateMonth = late.slice(0, 7) !== today.slice(0, 7);
  if (lateMonth) await page.getByRole('button', { name: 'Mês anterior' }).click();
  await page.getByRole('button', { name: `Solicitar ajuste de ${brDay(late)}` }).click();
  const refused = page.getByRole('dialog', { name: 'Solicitar ajuste' });
  await refused.getByLabel('Horário da marcação esquecida').fill('08:00');
  await refused.getByLabel('Motivo').fill('Esqueci a entrada');
  await refused.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(refused.getByRole('alert')).toHaveText(/^(O prazo para solicitar ajuste deste dia terminou em \d{2}\/\d{2}\/\d{4}|Este mês já foi fechado; fale com o administrador)$/);
  await expectToast(page, 'Solicitação não enviada');
  await refused.getByRole('button', { name: 'Voltar' }).click();
  if (lateMonth) await page.getByRole('button', { name: 'Próximo mês' }).click();

  await page.getByRole('button', { name: `Solicitar ajuste de ${brDay(today)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar ajuste' });
  await dialog.getByRole('combobox', { name: 'O que aconteceu' }).click();
  await page.getByRole('option', { name: 'Atestado ou abono' }).click();
  await dialog.getByRole('combobox', { name: 'Tipo de abono' }).click();
  await page.getByRole('option', { name: 'Atestado', exact: true }).click();
  // A real PNG (its signature decides the type), as a phone's camera would send.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await dialog.getByLabel('Foto ou arquivo (atestado)').setInputFiles({ name: 'atestado.png', mimeType: 'image/png', buffer: png });
  await dialog.getByLabel('Motivo').fill('Consulta médica, atestado de um dia');
  await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expectToast(page, `Solicitação de ajuste de ${brDay(today)} enviada ao administrador`);
  const mine = page.getByRole('list', { name: 'Minhas solicitações' });
  await expect(mine.getByRole('listitem').first()).toContainText('Atestado');
  await expect(mine.getByRole('listitem').first()).toContainText('Pendente');

  const admin = await browser.newPage();
  await openAs(admin, 'admin');
  // The sidebar item counts the pending requests (the seed's among them).
  await expect(admin.getByTestId('nav-badge-/ponto/admin')).toHaveText(/^\d+$/);
  await admin.goto('/ponto/admin?aba=solicitacoes');
  await expect(admin.getByRole('tab', { name: /Solicitações/ })).toHaveAttribute('aria-selected', 'true');
  const request = admin.getByRole('listitem', { name: 'Alice Atestado: Atestado' });
  await expect(request).toContainText('Consulta médica, atestado de um dia');
  await expect(request.getByRole('button', { name: 'Ver anexo' })).toBeVisible();
  await request.getByRole('button', { name: 'Aprovar' }).click();
  await admin.getByRole('dialog', { name: 'Aprovar solicitação' }).getByRole('button', { name: 'Aprovar' }).click();
  await expectToast(admin, `Solicitação de Alice Atestado (${brDay(today)}) aprovada: o ajuste foi registrado`);
  await expect(request).toBeHidden();
  // The approval is an abono on the employee's day, with the request's motive.
  await admin.goto(`/ponto/admin?aba=espelhos&funcionario=${employee.userId}&mes=${today.slice(0, 7)}`);
  await expect(admin.getByRole('list', { name: `Ajustes de ${brDay(today)}` })).toContainText('Abono: Atestado');
  await expect(admin.getByRole('list', { name: `Ajustes de ${brDay(today)}` })).toContainText('Por solicitação');
  await admin.close();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Minhas solicitações' }).getByRole('listitem').first()).toContainText('Aprovada');
});

test('the employee acknowledges the closed month’s espelho; the administrator sees who agreed', async ({ page, browser }) => {
  const previous = saoPauloDay(-Number(saoPauloDay(0).slice(8, 10))).slice(0, 7);
  // The month before this one, closed for Unidade Centro (the seed closes it; if not, the administrator does, here).
  const admin = await browser.newPage();
  await openAs(admin, 'admin');
  const unitId = await firstId('store_units?name=eq.Unidade%20Centro&select=id');
  await admin.goto(`/ponto/admin?aba=fechamento&unidade=${unitId}&mes=${previous}`);
  const close = admin.getByRole('button', { name: 'Fechar mês' });
  const closedBadge = admin.getByText('Fechado', { exact: true });
  await expect(close.or(closedBadge).first()).toBeVisible();
  if (await close.isVisible()) {
    await close.click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Fechar mês' }).click();
    await expect(closedBadge).toBeVisible();
  }

  await newEmployee(page, 'Caio Ciencia');
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  const espelho = page.getByRole('region', { name: /Espelho fechado de/ });
  await expect(espelho).toContainText('(mês fechado)');
  await espelho.getByRole('button', { name: 'Ver espelho' }).click();
  await expect(espelho.getByLabel('Texto do espelho')).toContainText('Caio Ciencia');
  // Disagreeing needs a comment; going back leaves the choice open.
  await espelho.getByRole('button', { name: 'Discordo' }).click();
  await espelho.getByRole('button', { name: 'Registrar discordância' }).click();
  await expect(espelho.getByText('Explique por que discorda do espelho.')).toBeVisible();
  await espelho.getByRole('button', { name: 'Voltar' }).click();
  await espelho.getByRole('button', { name: 'Li e concordo' }).click();
  await expectToast(page, 'Ciência registrada: você concordou com o espelho');
  await expect(espelho.getByRole('status')).toContainText(/Você registrou "Li e concordo" em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  await admin.reload();
  const row = admin.getByRole('table', { name: 'Totais do fechamento e ciência do espelho por funcionário' }).getByRole('row', { name: /Caio Ciencia/ });
  await expect(row).toContainText('Concordou');
  await admin.close();
});

test('at a phone’s 390 px the treatment tabs and /meu-ponto do not scroll sideways (their tables scroll in their own box)', async ({ browser }) => {
  let page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const bruno = await firstId('profiles?full_name=eq.Bruno%20Balconista&select=id');
  const wide = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    return scrollWidth > innerWidth ? `${path}: ${scrollWidth} px` : null;
  };
  await openAs(page, 'admin');
  const offenders = [
    await wide(`/ponto/admin?aba=espelhos&funcionario=${bruno}`),
    await wide('/ponto/admin?aba=solicitacoes'),
    await wide('/ponto/admin?aba=fechamento'),
  ];
  await expect(page.getByRole('tablist')).toBeVisible();
  await page.close();
  page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await openAs(page, 'balconista');
  offenders.push(await wide('/meu-ponto'));
  expect(offenders.filter(Boolean)).toEqual([]);
  await page.close();
});
