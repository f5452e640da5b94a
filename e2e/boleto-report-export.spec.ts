import { expect, test, type Download, type Page } from '@playwright/test';
import { openAs } from './fixtures.ts';

/** A download's text (UTF-8, the BOM kept). */
async function readDownload(file: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** 'R$ 55.918,37' → 5591837 */
const centsOf = (text: string) => {
  const match = /R\$\s*(-?[\d.]+,\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return Math.round(Number(match[1]!.replaceAll('.', '').replace(',', '.')) * 100);
};
/** '1234,56' (the CSV's amount) → 123456 */
const csvCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

async function cardCents(page: Page, title: string): Promise<number> {
  return centsOf((await page.getByRole('group', { name: title, exact: true }).textContent()) ?? '');
}

test('the boleto report: the buckets add up to Total pendente on screen, and each export’s totals line is the screen’s', async ({ page }) => {
  await openAs(page, 'admin');
  await page.goto('/relatorio-boletos');
  await expect(page.getByTestId('boleto-report')).toHaveAttribute('data-state', 'ready');

  const pendingLine = page.getByText('Total pendente:', { exact: true }).locator('xpath=..');
  const pending = centsOf((await pendingLine.textContent()) ?? '');
  const pendingCount = Number(/\((\d+) boletos?\)/.exec((await pendingLine.textContent()) ?? '')?.[1]);
  // The seed has a boleto due in 32 days: it has its card, and vencidos + hoje + 30 dias + após 30 dias = pendente.
  expect(await cardCents(page, 'A vencer após 30 dias')).toBeGreaterThan(0);
  const parts = (await cardCents(page, 'Vencidos')) + (await cardCents(page, 'Vence hoje')) + (await cardCents(page, 'Próximos 30 dias')) + (await cardCents(page, 'A vencer após 30 dias'));
  expect(parts).toBe(pending);

  for (const table of ['por unidade', 'por fornecedor']) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Exportar ${table} em CSV` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^boletos-por-(unidade|fornecedor)-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readDownload(file)).split('\r\n');
    expect(lines[0]).toBe(`\uFEFFRelatório de Boletos: ${table}`);
    expect(lines).toContain('Unidade: Todas as unidades');
    expect(lines.some((line) => /^Período de pagamentos: \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Gerado em: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(line))).toBe(true);
    const header = lines.find((line) => line.includes('Total pendente (R$)'))!.split(';');
    const total = lines.find((line) => line.startsWith('Total;'))!.split(';');
    const column = header.indexOf('Total pendente (R$)');
    expect(csvCents(total[column]!)).toBe(pending);
    expect(Number(total[column - 1])).toBe(pendingCount);
    // The lines add up to the totals line.
    const rows = lines.slice(lines.indexOf(header.join(';')) + 1, lines.indexOf(total.join(';')));
    expect(rows.reduce((sum, row) => sum + csvCents(row.split(';')[column]!), 0)).toBe(pending);
  }

  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar por unidade em XLSX' }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/^boletos-por-unidade-\d{4}-\d{2}-\d{2}\.xlsx$/);
});
