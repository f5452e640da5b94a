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
  const match = /R\$\s*(-?[\d.]+,\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return Math.round(Number(match[1]!.replaceAll('.', '').replace(',', '.')) * 100);
};
/** '1234,56' (the CSV's amount) → 123456 */
const csvCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

/** The São Paulo day `days` from today, yyyy-MM-dd. */
function saoPauloDay(days = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const screen = (page: Page) => page.locator('[data-analysis="relatorio-compras"]');

/** The figures are on screen: the root's aria-busy turns false (a first load on a busy machine may take a while). */
async function settled(page: Page) {
  await expect(screen(page)).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
}

test('an analyst filters a period (kept in the URL), the CSV totals equal the screen, and an order opens down to its printable document', async ({ page }) => {
  await openAs(page, 'analista');
  await page.goto('/relatorio-compras');
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Relatório de Compras', level: 1 })).toBeVisible();
  // The default period: the last 90 days, its preset pressed.
  await expect(page.getByLabel('De', { exact: true })).toHaveValue(saoPauloDay(-89));
  await expect(page.getByLabel('Até', { exact: true })).toHaveValue(saoPauloDay());
  await expect(page.getByRole('button', { name: 'Últimos 90 dias' })).toHaveAttribute('aria-pressed', 'true');

  // A period typed in the fields goes to the URL (a shared link opens the same view).
  const from = saoPauloDay(-60);
  await page.getByLabel('De', { exact: true }).fill(from);
  await expect(page).toHaveURL(new RegExp(`[?&]de=${from}&ate=${saoPauloDay()}`));
  await settled(page);
  await page.reload();
  await settled(page);
  await expect(page.getByLabel('De', { exact: true })).toHaveValue(from);

  const amount = centsOf((await page.getByRole('group', { name: 'Valor comprado', exact: true }).textContent()) ?? '');
  const orders = Number(((await page.getByRole('group', { name: 'Pedidos', exact: true }).locator('[data-metric]').textContent()) ?? '').replace(/\./g, ''));
  expect(amount).toBeGreaterThan(0);
  expect(orders).toBeGreaterThan(0);

  // The orders table: its totals row is the card, and so is the CSV's.
  const table = page.getByRole('region', { name: 'Pedidos', exact: true });
  await expect(table.getByTestId('analysis-table-totals')).toContainText(`R$`);
  expect(centsOf((await table.getByTestId('analysis-table-totals').textContent()) ?? '')).toBe(amount);
  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Exportar CSV: Pedidos' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^relatorio-compras-pedidos-\d{8}-\d{6}\.csv$/);
  const lines = (await readDownload(file)).split('\r\n');
  expect(lines[0]).toBe('\uFEFFRelatório de Compras: pedidos');
  expect(lines).toContain(`Período: ${from.split('-').reverse().join('/')} a ${saoPauloDay().split('-').reverse().join('/')}`);
  expect(lines).toContain('Unidade: Todas as unidades');
  const header = lines.find((line) => line.startsWith('Pedido;'))!.split(';');
  const total = lines.find((line) => line.startsWith('Total;'))!.split(';');
  const column = header.indexOf('Valor total');
  expect(csvCents(total[column]!)).toBe(amount);
  const rows = lines.slice(lines.indexOf(header.join(';')) + 1, lines.indexOf(total.join(';')));
  expect(rows).toHaveLength(orders);
  expect(rows.reduce((sum, row) => sum + csvCents(row.split(';')[column]!), 0)).toBe(amount);

  // Every chart has its table view.
  const byMonth = page.getByRole('region', { name: 'Compras por mês' });
  await byMonth.getByRole('button', { name: 'Tabela' }).click();
  expect(centsOf((await byMonth.getByTestId('analysis-table-totals').textContent()) ?? '')).toBe(amount);

  // Drill-down: the order's lines in a sheet (?pedido=…), then the printable order purchasing draws.
  await table.getByRole('button', { name: /^Ver pedido Nº / }).first().click();
  await expect(page).toHaveURL(/[?&]pedido=[0-9a-f-]{36}/);
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('region', { name: 'Linhas do pedido' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Imprimir pedido' }).click();
  await expect(page.getByRole('article', { name: /^Pedido de compra / }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/pedido=/);
});

test('unusable filters in the URL fall back to the defaults with a notice, and a preset replaces them', async ({ page }) => {
  await openAs(page, 'compras');
  await page.goto('/relatorio-compras?de=2026-05-01&ate=2026-04-01&unidade=loja');
  await settled(page);
  await expect(page.getByText('Período inválido na URL: mostrando os últimos 90 dias')).toBeVisible();
  await expect(page.getByText('Unidade inválida na URL: mostrando todas as unidades')).toBeVisible();
  await expect(page.getByLabel('De', { exact: true })).toHaveValue(saoPauloDay(-89));

  await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
  await settled(page);
  await expect(page).toHaveURL(/\?de=\d{4}-\d{2}-\d{2}&ate=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText('Período inválido na URL: mostrando os últimos 90 dias')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Últimos 12 meses' })).toHaveAttribute('aria-pressed', 'true');

  // An inverted period typed in the fields stays on screen with its message; the URL keeps the last good one.
  const url = page.url();
  await page.getByLabel('De', { exact: true }).fill(saoPauloDay(1));
  await expect(page.getByText('A data inicial deve ser anterior ou igual à final.')).toBeVisible();
  expect(page.url()).toBe(url);
});
