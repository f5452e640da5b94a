import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { backendInfo, createUser, openAs } from './fixtures.ts';

// The reports compute treated months in the database: more time than a page load.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/**
 * Issue 26, /ponto/relatorios-detalhados as a manager uses it: every mark with its source (a disregarded one with its
 * motive and author), an employee's month printed as the espelho de ponto on one A4 page, and the unit's AFD. The data is
 * the test's own: a unit with its CNPJ and razão social, an employee with CPF, admission date and job title on the
 * commercial week, and a whole previous month of punches (one disregarded), so nothing depends on other specs nor on
 * the time of day.
 */

const PASSWORD = 'Farmacia@2026';

function serviceHeaders(prefer?: string) {
  const info = backendInfo();
  return { apikey: info.SERVICE_ROLE_KEY, authorization: `Bearer ${info.SERVICE_ROLE_KEY}`, 'content-type': 'application/json', ...(prefer ? { prefer } : {}) };
}

async function rest<T>(path: string, method: 'GET' | 'POST' | 'PATCH', body?: unknown): Promise<T> {
  const response = await fetch(`${backendInfo().API_URL}/rest/v1/${path}`, {
    method,
    headers: serviceHeaders(method === 'GET' ? undefined : 'return=representation'),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

/** The check digits of a CPF (9 digits) or CNPJ (12 digits) base, by the Receita's rule. */
function withCheckDigits(base: string, weights: (length: number) => number[]): string {
  let digits = base;
  for (let round = 0; round < 2; round += 1) {
    const w = weights(digits.length);
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * w[index]!, 0);
    const rest = sum % 11;
    digits += String(rest < 2 ? 0 : 11 - rest);
  }
  return digits;
}
const cpfWeights = (length: number) => Array.from({ length }, (_, index) => length + 1 - index);
const cnpjWeights = (length: number) => (length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);

/** The São Paulo calendar day `offset` days from today (YYYY-MM-DD). */
function saoPauloDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + offset * 86_400_000));
}

/** The first and last day of the month before the current one (São Paulo). */
function previousMonth(): { first: string; last: string; days: string[] } {
  const [year, month] = saoPauloDay().split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const days: string[] = [];
  for (let date = first; date.getUTCMonth() === first.getUTCMonth(); date = new Date(date.getTime() + 86_400_000)) days.push(date.toISOString().slice(0, 10));
  return { first: days[0]!, last: days.at(-1)!, days };
}

interface Fixture {
  unitId: string;
  unitName: string;
  userId: string;
  name: string;
  cpf: string;
  cnpj: string;
  disregardedAt: string;
  month: ReturnType<typeof previousMonth>;
}

const MOTIVE = 'Marcação em duplicidade no caixa; confirmada pelo gerente';

/**
 * A unit of its own with CNPJ, razão social and address; an employee there with CPF, admission date and job title, on
 * 'Comercial 44h' since the previous month; every workday of that month punched as the schedule says (08:00, 12:00,
 * 13:00, 17:00; Saturdays 08:00 and 12:00), and one extra mark at 17:05 on the first Monday, disregarded by the admin.
 */
async function createFixture(): Promise<Fixture> {
  const stamp = String(Date.now());
  const month = previousMonth();
  const cnpj = withCheckDigits(`${stamp.slice(-8)}0001`, cnpjWeights);
  const cpf = withCheckDigits(stamp.slice(-9), cpfWeights);
  const unitName = `Unidade Zeta ${stamp.slice(-6)}`;
  const [unit] = await rest<{ id: string }[]>('store_units', 'POST', {
    name: unitName,
    address: 'Rua das Palmeiras, 120 - Centro, Campinas - SP',
    cnpj,
    legal_name: 'Farmácia Zeta Ltda.',
  });
  const name = `Helena Espelho ${stamp.slice(-4)}`;
  const email = `helena.espelho.${stamp}@farmacia.test`;
  await createUser(email, PASSWORD, name);
  const [profile] = await rest<{ id: string }[]>(`profiles?full_name=eq.${encodeURIComponent(name)}&select=id`, 'GET');
  const userId = profile!.id;
  const [role] = await rest<{ id: string }[]>('custom_roles?name=eq.BALCONISTA&select=id', 'GET');
  const [template] = await rest<{ id: string }[]>(`work_schedule_templates?name=eq.${encodeURIComponent('Comercial 44h')}&select=id`, 'GET');
  const [admin] = await rest<{ id: string }[]>(`profiles?full_name=eq.${encodeURIComponent('Ana Administradora')}&select=id`, 'GET');
  await rest('user_roles', 'POST', { user_id: userId, role_id: role!.id });
  await rest('user_units', 'POST', { user_id: userId, unit_id: unit!.id });
  await rest(`profiles?id=eq.${userId}`, 'PATCH', { unit_id: unit!.id });
  await rest('employee_records', 'POST', { user_id: userId, cpf, admission_date: '2024-03-04', job_title: 'Atendente de farmácia' });
  // The weekly template's cycle starts on a Monday (position 0).
  const firstDate = new Date(`${month.first}T12:00:00Z`);
  const monday = new Date(firstDate.getTime() - ((firstDate.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
  await rest('work_schedules', 'POST', { user_id: userId, template_id: template!.id, valid_from: month.first, cycle_start: monday, unit_id: unit!.id, created_by: admin!.id });

  const punches: Record<string, unknown>[] = [];
  let nsr = 1;
  let disregardedAt = '';
  for (const day of month.days) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0) continue;
    const times: [string, string][] =
      weekday === 6
        ? [['ENTRADA', '08:00'], ['SAIDA_FINAL', '12:00']]
        : [['ENTRADA', '08:00'], ['SAIDA_INTERVALO', '12:00'], ['RETORNO_INTERVALO', '13:00'], ['SAIDA_FINAL', '17:00']];
    if (weekday === 1 && !disregardedAt) {
      times.push(['EXTRA', '17:05']);
      disregardedAt = `${day}T17:05:00-03:00`;
    }
    for (const [type, time] of times) {
      punches.push({ funcionario_id: userId, unit_id: unit!.id, nsr: nsr++, punch_type: type, punched_at: `${day}T${time}:00-03:00`, work_date: day, receipt_hash: `fixture-${stamp}-${nsr}` });
    }
  }
  const inserted = await rest<{ id: string; punched_at: string; work_date: string }[]>('pontos', 'POST', punches);
  const extra = inserted.find((punch) => new Date(punch.punched_at).getTime() === new Date(disregardedAt).getTime())!;
  await rest('ponto_ajustes', 'POST', { funcionario_id: userId, work_date: extra.work_date, kind: 'desconsiderar', ponto_id: extra.id, motivo: MOTIVE, created_by: admin!.id });
  return { unitId: unit!.id, unitName, userId, name, cpf, cnpj, disregardedAt, month };
}

let fixture: Fixture;

test.beforeAll(async () => {
  fixture = await createFixture();
});

/** The page keeps within the viewport's width (tables scroll inside their own box). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('the marks tab lists every mark with its source; the disregarded one shows its motive and author, and the export has it', async ({ page }) => {
  await openAs(page, 'admin');
  const { first, last } = fixture.month;
  await page.goto(`/ponto/relatorios-detalhados?funcionario=${fixture.userId}&de=${first}&ate=${last}`);
  await expect(page.getByRole('tab', { name: 'Marcações' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Marcações do período' });
  const disregarded = table.locator('tr[data-source="D"]');
  await expect(disregarded).toHaveCount(1);
  await expect(disregarded).toContainText('Desconsiderada');
  await expect(disregarded).toContainText(MOTIVE);
  await expect(disregarded).toContainText('por Ana Administradora');
  await expect(disregarded).toContainText('17:05:00');
  await expect(page.getByTestId('marks-summary')).toContainText('1 desconsiderada');
  await expect(page.getByTestId('marks-summary')).toContainText('0 incluídas');

  // The CSV has the same marks and the screen's count as its totals row.
  const summary = (await page.getByTestId('marks-summary').innerText()).trim();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(MOTIVE);
  expect(csv).toContain(summary);

  // A phone and the dark theme: the page does not widen, the table scrolls in its box.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoPageOverflow(page);
  await disregarded.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('marks-390-dark.png') });
});

test('the espelho de ponto of a normal month prints on one A4 page, with the employer, the CPF and the treated marks', async ({ page }) => {
  await openAs(page, 'admin');
  await page.goto(`/ponto/relatorios-detalhados?aba=espelho&funcionario=${fixture.userId}&mes=${fixture.month.first.slice(0, 7)}`);
  const sheet = page.getByRole('article', { name: new RegExp(`Espelho de ponto de ${fixture.name}`) });
  await expect(sheet).toContainText('Farmácia Zeta Ltda.');
  await expect(sheet).toContainText(fixture.cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5'));
  await expect(sheet.getByTestId('espelho-cpf')).toHaveText(fixture.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'));
  await expect(sheet).toContainText('Atendente de farmácia');
  await expect(sheet).toContainText('04/03/2024');
  await expect(sheet).toContainText('Comercial 44h');
  await expect(sheet.getByRole('list', { name: 'Tratamentos do mês' })).toContainText(MOTIVE);
  const disregardedDay = fixture.disregardedAt.slice(0, 10);
  const row = sheet.locator(`tr[data-day="${disregardedDay}"]`);
  // The originals keep the disregarded 17:05 (struck through); the treated marks leave it out.
  await expect(row.locator('[data-column="originais"] [data-source="D"]')).toHaveCount(1);
  await expect(row.locator('[data-column="tratadas"] [data-source="D"]')).toHaveCount(0);
  await expect(row.locator('[data-column="tratadas"] [data-source="O"]')).toHaveCount(4);
  await expect(sheet.getByTestId('espelho-acknowledgement')).toContainText('o mês ainda não foi fechado');

  // Printed (A4, the app's own @page), the month fits one page, in the light theme even when the screen is dark.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('espelho-dark.png'), fullPage: true });
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('espelho-print.png'), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? [];
  expect(pages).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // On a phone the sheet scrolls inside its box; the page does not widen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await page.screenshot({ path: test.info().outputPath('espelho-390-dark.png') });
});

test('the administrator downloads the unit’s AFD; the analyst, who may not, reads why', async ({ page, browser }) => {
  await openAs(page, 'admin');
  const { first, last } = fixture.month;
  await page.goto(`/ponto/relatorios-detalhados?aba=arquivos&unidade=${fixture.unitId}&de=${first}&ate=${last}`);
  await expect(page.getByRole('note')).toContainText('não é um REP-P certificado');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Gerar AFD' }).click()]);
  const text = readFileSync((await download.path())!).toString('latin1');
  const lines = text.split('\r\n').filter((line) => line !== '');
  // Record 1 (the header) first: NSR 000000000 and type 1, the employer's CNPJ in it.
  expect(lines[0]).toMatch(/^0{9}1/);
  expect(lines[0]).toContain(fixture.cnpj);
  // Every punch of the month as a record 7 (the disregarded one too: the AFD is what the clock recorded), with the CPF.
  const punches = lines.filter((line) => line.slice(9, 10) === '7');
  const workdays = fixture.month.days.filter((day) => new Date(`${day}T12:00:00Z`).getUTCDay() !== 0);
  const saturdays = workdays.filter((day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 6).length;
  expect(punches).toHaveLength((workdays.length - saturdays) * 4 + saturdays * 2 + 1);
  expect(punches.every((line) => line.includes(fixture.cpf))).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);

  const analyst = await browser.newPage();
  await openAs(analyst, 'analista');
  const [norte] = await rest<{ id: string }[]>('store_units?name=eq.Unidade%20Norte&select=id', 'GET');
  await analyst.goto(`/ponto/relatorios-detalhados?aba=arquivos&unidade=${norte!.id}&de=${first}&ate=${last}`);
  await analyst.getByRole('button', { name: 'Gerar AFD' }).click();
  await expect(analyst.getByRole('alert').filter({ hasText: 'Arquivo AFD não gerado' })).toContainText('Você não tem permissão para gerar os arquivos legais desta unidade');
  await analyst.setViewportSize({ width: 390, height: 844 });
  await analyst.emulateMedia({ colorScheme: 'dark' });
  await expectNoPageOverflow(analyst);
  await analyst.screenshot({ path: test.info().outputPath('legal-files-390-dark.png') });
  await analyst.close();
});
