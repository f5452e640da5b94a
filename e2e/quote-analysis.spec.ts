import { expect, test, type Download, type Page } from '@playwright/test';
import { openAs } from './fixtures.ts';

/** A download's text (UTF-8, the BOM kept). */
async function readDownload(file: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** 'R$ 1.234,56' → 123456 */
const centsOf = (text: string) => {
  const match = /R\$\s*(-?[\d.]+,\d{2})/.exec(text.replace(/\u00a0/g, ' '));
  if (!match) throw new Error(`no amount in ${text}`);
  return Math.round(Number(match[1]!.replaceAll('.', '').replace(',', '.')) * 100);
};
/** '1234,56' (the CSV's amount) → 123456 */
const csvCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

/** A São Paulo day, n days before today, as yyyy-MM-dd. */
function saoPauloDay(daysAgo: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
}
const brDay = (day: string) => day.split('-').reverse().join('/');

async function settled(page: Page) {
  const root = page.locator('[data-analysis="analise-cotacoes"]');
  await expect(root).toHaveAttribute('aria-busy', 'false');
  return root;
}

test('an analyst filters a period: the URL carries it, the suppliers export’s totals are the screen’s, and the offers table loads its whole list on demand', async ({ page }) => {
  await openAs(page, 'analista');
  await page.goto('/analise-cotacoes');
  await expect(page.getByRole('heading', { name: 'Análise de Cotações Avançada', level: 1 })).toBeVisible();
  await settled(page);

  const from = saoPauloDay(60);
  const to = saoPauloDay(0);
  await page.getByLabel('De', { exact: true }).fill(from);
  await expect(page).toHaveURL(new RegExp(`[?&]de=${from}`));
  await expect(page).toHaveURL(new RegExp(`[?&]ate=${to}`));
  await settled(page);

  // The cost of money goes to the URL too ('custo', in % a month).
  const cost = page.getByLabel('Custo do dinheiro (% ao mês)');
  await expect(cost).toHaveValue('2');
  await cost.fill('3,5');
  await cost.press('Enter');
  await expect(page).toHaveURL(/[?&]custo=3\.5/);
  await settled(page);

  // A shared link opens the same analysis.
  await page.reload();
  await settled(page);
  await expect(page.getByLabel('De', { exact: true })).toHaveValue(from);
  await expect(page.getByLabel('Custo do dinheiro (% ao mês)')).toHaveValue('3,5');

  const awarded = centsOf((await page.getByRole('group', { name: 'Valor adjudicado', exact: true }).textContent()) ?? '');
  expect(awarded).toBeGreaterThan(0);

  const suppliers = page.getByRole('region', { name: 'Fornecedores', exact: true });
  const screenTotals = suppliers.getByTestId('analysis-table-totals');
  const totalCells = await screenTotals.locator('th, td').allTextContents();
  const headers = await suppliers.locator('thead th').allTextContents();
  const valueColumn = headers.findIndex((header) => header.startsWith('Valor ganho'));
  const invitedColumn = headers.findIndex((header) => header.startsWith('Convites'));
  // The suppliers' value won adds up to the awarded value of the KPI.
  expect(centsOf(totalCells[valueColumn]!)).toBe(awarded);

  const download = page.waitForEvent('download');
  await suppliers.getByRole('button', { name: 'Exportar CSV: Fornecedores' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^analise-cotacoes-fornecedores-.+\.csv$/);
  const lines = (await readDownload(file)).split('\r\n');
  expect(lines[0]).toBe('\uFEFFAnálise de Cotações Avançada: fornecedores');
  expect(lines).toContain(`Período: ${brDay(from)} a ${brDay(to)}`);
  expect(lines).toContain('Custo do dinheiro: 3,5 % ao mês');
  const header = lines.find((line) => line.startsWith('Fornecedor;'))!.split(';');
  const total = lines.find((line) => line.startsWith('Total ('))!.split(';');
  expect(header.indexOf('Valor ganho')).toBe(valueColumn);
  expect(csvCents(total[valueColumn]!)).toBe(awarded);
  expect(Number(total[invitedColumn])).toBe(Number(totalCells[invitedColumn]!.replaceAll('.', '')));
  // The rows add up to the totals line.
  const rows = lines.slice(lines.indexOf(header.join(';')) + 1, lines.indexOf(total.join(';')));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.reduce((sum, row) => sum + csvCents(row.split(';')[valueColumn]!), 0)).toBe(awarded);

  // The offers table holds the first 25 lines; its export and 'Mostrar todas' load the whole list (up to 500).
  const offers = page.getByRole('region', { name: 'Ofertas e custo efetivo', exact: true });
  const offersLabel = (await offers.getByTestId('analysis-table-totals').locator('th').first().textContent()) ?? '';
  const offerCount = Math.min(Number(/Total \(([\d.]+) ofertas?\)/.exec(offersLabel)![1]!.replaceAll('.', '')), 500);
  expect(offerCount).toBeGreaterThan(25);
  await expect(offers.locator('tbody tr')).toHaveCount(25);
  const offersDownload = page.waitForEvent('download');
  await offers.getByRole('button', { name: 'Exportar CSV: Ofertas e custo efetivo' }).click();
  const offerLines = (await readDownload(await offersDownload)).split('\r\n');
  const offerHeader = offerLines.findIndex((line) => line.startsWith('Produto;'));
  const offerTotal = offerLines.findIndex((line) => line.startsWith('Total ('));
  expect(offerTotal - offerHeader - 1).toBe(offerCount);
  await offers.getByRole('button', { name: `Mostrar todas (${offerCount.toLocaleString('pt-BR')})` }).click();
  await expect(offers.locator('tbody tr')).toHaveCount(offerCount);

  // The supplier × item sheet.
  const matrix = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar matriz (XLSX)' }).click();
  expect((await matrix).suggestedFilename()).toMatch(/^analise-cotacoes-matriz-.+\.xlsx$/);
});

test('an unusable cost of money in the URL falls back to 2 % with a notice', async ({ page }) => {
  await openAs(page, 'compras');
  await page.goto('/analise-cotacoes?custo=50');
  await settled(page);
  await expect(page.getByText('Custo do dinheiro inválido na URL (deve estar entre 0 % e 20 % ao mês): usando 2 % ao mês')).toBeVisible();
  await expect(page.getByLabel('Custo do dinheiro (% ao mês)')).toHaveValue('2');
  await expect(page.getByRole('group', { name: 'Valor adjudicado', exact: true })).toBeVisible();
});

test('a reload asks for the analysis of its URL once, as soon as the session is known, not after the user’s permissions', async ({ page }) => {
  await openAs(page, 'analista');
  const events: string[] = [];
  const analyses: unknown[] = [];
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.endsWith('/rpc/get_quote_analysis')) return;
    events.push('analysis asked');
    analyses.push(request.postDataJSON());
    markAsked();
  });
  // The user's permissions are held back until the analysis has been asked for: were it waiting for them, neither
  // would ever come and the screen would not settle.
  await page.route(/\/rest\/v1\/user_permissions\?/, async (route) => {
    await asked;
    events.push('permissions released');
    await route.continue();
  });
  const from = saoPauloDay(30);
  const to = saoPauloDay(0);
  await page.goto(`/analise-cotacoes?de=${from}&ate=${to}&custo=3`);
  await settled(page);
  await expect(page.getByLabel('Custo do dinheiro (% ao mês)')).toHaveValue('3');

  // One request, the screen's own (the router's early one is the same query: the screen reads its answer).
  expect(analyses).toEqual([{ p_from: from, p_to: to, p_monthly_rate: 0.03, p_list_limit: 25 }]);
  expect(events.slice(0, 2)).toEqual(['analysis asked', 'permissions released']);
});

test('a representative sees its own lines with its rank and band, nothing of competitors', async ({ page }) => {
  await openAs(page, 'representante');
  await page.goto('/analise-cotacoes');
  await settled(page);
  const lines = page.getByRole('region', { name: 'Seus itens em lotes encerrados', exact: true });
  await expect(lines).toBeVisible();
  const headers = await lines.locator('thead th').allTextContents();
  const bandColumn = headers.findIndex((header) => header.startsWith('Distância do melhor preço'));
  const bands = await lines.locator('tbody tr').evaluateAll((rows, column) => rows.map((row) => row.children[column]?.textContent ?? ''), bandColumn);
  expect(bands.length).toBeGreaterThan(0);
  for (const band of bands) expect(['melhor preço', 'até 5 %', '5–10 %', 'acima de 10 %']).toContain(band);

  await expect(page.getByRole('group', { name: 'Taxa de vitória', exact: true })).toBeVisible();
  await expect(page.getByText('Distribuidora Beta')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Fornecedores', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exportar matriz (XLSX)' })).toHaveCount(0);
  await expect(page.getByLabel('Custo do dinheiro (% ao mês)')).toHaveCount(0);
  await expect(page.getByText('Fornecedor', { exact: true })).toHaveCount(0);
});
