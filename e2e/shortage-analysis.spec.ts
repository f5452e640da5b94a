import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { openAs } from './fixtures.ts';

/**
 * Issue 28 items 3 and 4 as an analyst and a buyer use them: /analise-faltas and /analise-dias-compras
 * keep their filters in the URL (a reload shows the same view), and an exported CSV's totals line is
 * the screen's figure. Figures come from the seed; the test compares the screen with its own export,
 * never with hard-coded counts.
 */

async function readDownload(file: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The CSV's header cells, its data rows and its totals row (split on ';'). */
function parseCsv(text: string) {
  const lines = text.split('\r\n');
  const totalsIndex = lines.findIndex((line) => line.startsWith('Total;'));
  expect(totalsIndex, 'a totals line').toBeGreaterThan(0);
  let headerIndex = totalsIndex - 1;
  while (headerIndex > 0 && lines[headerIndex - 1] !== '') headerIndex -= 1;
  return {
    lines,
    header: lines[headerIndex]!.split(';'),
    rows: lines.slice(headerIndex + 1, totalsIndex).map((line) => line.split(';')),
    totals: lines[totalsIndex]!.split(';'),
  };
}

/** '1.234' or '1234' → 1234; '66,7 %' or '66,7' → 66.7 */
const numberOf = (text: string) => Number(text.replace(/[^\d,-]/g, '').replace(',', '.'));

async function settled(page: Page, name: string): Promise<Locator> {
  const root = page.locator(`[data-analysis="${name}"]`);
  await expect(root).toHaveAttribute('aria-busy', 'false');
  return root;
}

async function exportCsv(page: Page, table: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Exportar CSV: ${table}`, exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  return parseCsv(await readDownload(file));
}

test('an analyst filters /analise-faltas: the URL carries period and recurrence, and the CSV by unit totals the screen’s count', async ({ page }) => {
  await openAs(page, 'analista');
  await page.goto('/analise-faltas');
  await settled(page, 'analise-faltas');
  await expect(page.getByRole('heading', { level: 1, name: 'Análise de Faltas' })).toBeVisible();

  await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
  await expect(page).toHaveURL(/[?&]de=\d{4}-\d{2}-\d{2}&ate=\d{4}-\d{2}-\d{2}/);
  await page.getByLabel('Recorrência (dias)').fill('60');
  await expect(page).toHaveURL(/[?&]recorrencia=60(&|$)/);
  await settled(page, 'analise-faltas');

  // The same view after a reload: the filters came from the URL.
  const url = page.url();
  await page.reload();
  await settled(page, 'analise-faltas');
  expect(page.url()).toBe(url);
  await expect(page.getByLabel('Recorrência (dias)')).toHaveValue('60');
  await expect(page.getByRole('button', { name: 'Últimos 12 meses' })).toHaveAttribute('aria-pressed', 'true');

  const shortages = numberOf((await page.locator('[data-metric="Faltas registradas"]').textContent()) ?? '');
  expect(shortages).toBeGreaterThan(0);

  const byUnit = page.getByRole('region', { name: 'Faltas por unidade' });
  await byUnit.getByRole('button', { name: 'Tabela' }).click();
  const screenTotals = byUnit.getByTestId('analysis-table-totals');
  await expect(screenTotals).toBeVisible();
  const csv = await exportCsv(page, 'Faltas por unidade');
  expect(csv.lines[0]).toBe('\uFEFFAnálise de Faltas: faltas por unidade');
  expect(csv.lines).toContain('Recorrência: 60 dias');
  expect(csv.lines).toContain('Unidade: Todas as unidades');
  expect(csv.lines.some((line) => /^Período: \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/.test(line))).toBe(true);
  const column = csv.header.indexOf('Faltas');
  expect(Number(csv.totals[column])).toBe(shortages);
  expect(csv.rows.reduce((sum, row) => sum + Number(row[column]), 0)).toBe(shortages);
  // The screen's totals row says the same.
  await expect(screenTotals.getByRole('cell').first()).toHaveText(new Intl.NumberFormat('pt-BR').format(shortages));

  // A recurrence outside 1–365 is refused in the field and never reaches the URL.
  await page.getByLabel('Recorrência (dias)').fill('400');
  await expect(page.getByText('Informe de 1 a 365 dias.')).toBeVisible();
  await expect(page).toHaveURL(/[?&]recorrencia=60(&|$)/);
});

test('a buyer filters /analise-dias-compras: the URL carries the period, the weekdays and the best one are shown, the suppliers CSV totals the screen', async ({ page }) => {
  await openAs(page, 'compras');
  await page.goto('/analise-dias-compras');
  await settled(page, 'analise-dias-compras');
  await expect(page.getByRole('heading', { level: 1, name: 'Análise de Dias para Compras' })).toBeVisible();

  await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
  await expect(page).toHaveURL(/[?&]de=\d{4}-\d{2}-\d{2}&ate=\d{4}-\d{2}-\d{2}/);
  await settled(page, 'analise-dias-compras');

  const weekdays = page.getByRole('region', { name: 'Prazo por dia da semana do pedido' });
  await weekdays.getByRole('button', { name: 'Tabela' }).click();
  for (const day of ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']) {
    await expect(weekdays.getByRole('row', { name: new RegExp(`^${day}`) })).toBeVisible();
  }
  await expect(page.getByRole('note')).toContainText('Melhor dia para pedir:');

  const suppliers = page.getByRole('region', { name: 'Fornecedores', exact: true });
  const totals = suppliers.getByTestId('analysis-table-totals');
  const screenOrders = numberOf((await totals.getByRole('cell').nth(0).textContent()) ?? '');
  const onTime = (await page.locator('[data-metric="Pontualidade"]').textContent()) ?? '';
  expect(screenOrders).toBeGreaterThan(0);

  const csv = await exportCsv(page, 'Fornecedores');
  expect(csv.lines[0]).toBe('\uFEFFAnálise de Dias para Compras: fornecedores');
  expect(csv.lines).toContain('Fornecedor: Todos os fornecedores');
  const orders = csv.header.indexOf('Pedidos');
  expect(Number(csv.totals[orders])).toBe(screenOrders);
  expect(csv.rows.reduce((sum, row) => sum + Number(row[orders]), 0)).toBe(screenOrders);
  const rate = csv.totals[csv.header.indexOf('Pontualidade (%)')]!;
  if (onTime === 'sem dados') expect(rate).toBe('sem dados');
  else expect(numberOf(rate)).toBe(numberOf(onTime));
});
