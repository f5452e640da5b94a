import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { storageStatePath } from './fixtures.ts';

test.use({ storageState: storageStatePath('balconista') });

const sample = fileURLToPath(new URL('./fixtures/faltas-exemplo.csv', import.meta.url));

test('an import with good and bad rows lands the good ones and lists the bad ones in history', async ({ page }) => {
  await page.goto('/historico-importacoes');
  await expect(page.getByRole('heading', { name: 'Histórico de Importações' })).toBeVisible();
  await page.getByLabel('Arquivo (.csv ou .xlsx)').setInputFiles(sample);

  // Columns are mapped from the headers, and the preview shows the database's verdict on every row before
  // anything is imported (a dry run): the unknown product is flagged here, not only after importing.
  await expect(page.getByRole('combobox', { name: 'Coluna de Código de barras' })).toContainText('Código de Barras');
  await expect(page.getByText('5 linhas, 2 válidas')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Pré-visualização' });
  const row = (n: number) => preview.getByRole('row').nth(n);
  await expect(row(3)).toContainText('Código de barras inválido: dígito verificador incorreto');
  await expect(row(4)).toContainText('Erro');
  await expect(row(4)).toContainText('Produto não encontrado');
  await expect(row(5)).toContainText('Quantidade solicitada inválida');
  // The unit already has an open shortage of Dipirona (seed): imported anyway, but flagged.
  await expect(row(1)).toContainText('Válida, com aviso');
  await expect(row(1)).toContainText('Já existe uma falta em aberto deste produto na unidade (Pendente)');
  // Nothing was written by the preview.
  await expect(page.getByRole('table', { name: 'Histórico de importações' }).getByRole('row', { name: /faltas-exemplo\.csv/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('import-preview.png'), fullPage: true });

  await page.getByRole('button', { name: 'Importar' }).click();
  const result = page.getByRole('status').filter({ hasText: 'Resultado da importação' });
  await expect(result).toContainText('5 linhas no arquivo: 2 importadas, 3 rejeitadas.');
  await expect(result).toContainText('Linha 4: Produto não encontrado');

  const history = page.getByRole('table', { name: 'Histórico de importações' });
  const run = history.getByRole('row', { name: /faltas-exemplo\.csv/ }).first();
  await expect(run).toContainText('Bruno Balconista');
  await expect(run).toContainText('Unidade Centro');
  const download = page.waitForEvent('download');
  await run.getByRole('button', { name: 'Baixar linhas rejeitadas de faltas-exemplo.csv' }).click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8');
  // CSV for Excel in Brazil, through the shared writer: BOM, ';', CRLF; the row number first.
  expect(csv.startsWith('\uFEFFLinha;')).toBe(true);
  expect(csv).toMatch(/\r\n4;[^\r\n]*Produto que não existe/);
  expect(csv).toContain('Produto que não existe');
  expect(csv).toContain('Quantidade solicitada inválida');

  // The good rows are now shortages of the unit.
  await page.goto('/lancamento');
  await page.getByLabel('Buscar', { exact: true }).fill('Cliente aguardando');
  await expect(page.getByRole('table', { name: 'Faltas' })).toContainText('Dipirona Monoidratada 500mg 10 comprimidos');
});

test('an .xlsx upload is read in a worker; one with a formula is refused with the cell named, and the page keeps working', async ({ page }) => {
  const XLSX = await import('@e965/xlsx');
  const book = (rows: unknown[][], formula = false) => {
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    if (formula) sheet.B2 = { t: 'n', v: 2, f: '1+1' };
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Faltas');
    return Buffer.from(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  };
  const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await page.goto('/historico-importacoes');
  const input = page.getByLabel('Arquivo (.csv ou .xlsx)');

  await input.setInputFiles({ name: 'com-formula.xlsx', mimeType: xlsxType, buffer: book([['EAN', 'Quantidade'], [7896004100371, 1]], true) });
  await expect(page.getByText('O arquivo contém uma fórmula ou um conteúdo que começa com =, +, - ou @ (linha 2, coluna 2). Por segurança, remova-o e envie o arquivo novamente.')).toBeVisible();

  await input.setInputFiles({ name: 'faltas.xlsx', mimeType: xlsxType, buffer: book([['EAN', 'Quantidade'], [7896004100371, 3]]) });
  await expect(page.getByText('1 linha, 1 válida', { exact: false })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pré-visualização' })).toContainText('7896004100371');
});

/** A one-row shortage file nobody imported yet (its observation is unique), as setInputFiles takes it. */
function uniqueFile(name: string) {
  const csv = `Código de Barras;Quantidade;Observação\n7896004100371;3;${name}-${Date.now()}\n`;
  return { name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };
}

test('a double click on Importar imports once: one request, one run, one success toast', async ({ page }) => {
  const file = uniqueFile('duplo-clique.csv');
  const imports: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/import_shortages') && request.postDataJSON()?.p_dry_run === false) imports.push(request.postDataJSON());
  });
  await page.goto('/historico-importacoes');
  await page.getByLabel('Arquivo (.csv ou .xlsx)').setInputFiles(file);
  await expect(page.getByText('1 linha, 1 válida')).toBeVisible();

  await page.getByRole('button', { name: 'Importar' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'Resultado da importação' })).toContainText('1 linha no arquivo: 1 importada, 0 rejeitadas.');
  await expect(page.getByText('Importação concluída')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Histórico de importações' }).getByRole('row', { name: /duplo-clique\.csv/ })).toHaveCount(1);
  expect(imports).toHaveLength(1);
  expect(imports[0]).toMatchObject({ p_request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

  // The same file again within ten minutes: the preview names the earlier run and importing is refused.
  await page.getByLabel('Arquivo (.csv ou .xlsx)').setInputFiles(file);
  await expect(page.getByRole('alert').filter({ hasText: 'Este arquivo já foi importado em' })).toContainText('por Bruno Balconista (arquivo duplo-clique.csv)');
  await expect(page.getByRole('button', { name: 'Importar' })).toBeDisabled();
});

test('an import whose answer is lost is not imported again: the screen says the file was imported and by whom', async ({ page }) => {
  const file = uniqueFile('resposta-perdida.csv');
  let lose = true;
  // The request reaches the database (which imports), but the browser never gets the answer.
  await page.route('**/rest/v1/rpc/import_shortages', async (route) => {
    if (lose && route.request().postDataJSON()?.p_dry_run === false) {
      lose = false;
      await route.fetch();
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  await page.goto('/historico-importacoes');
  await page.getByLabel('Arquivo (.csv ou .xlsx)').setInputFiles(file);
  await expect(page.getByText('1 linha, 1 válida')).toBeVisible();
  await page.getByRole('button', { name: 'Importar' }).click();

  // The lost answer is said as a lost connection, never as 'Failed to fetch'.
  await expect(page.getByText('Erro ao importar arquivo', { exact: true })).toBeVisible();
  await expect(page.getByText('Sem conexão com o servidor. Verifique a internet e tente novamente.', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Este arquivo já foi importado em' })).toContainText('por Bruno Balconista (arquivo resposta-perdida.csv)');
  await expect(page.getByRole('button', { name: 'Importar' })).toBeDisabled();
  await expect(page.getByRole('table', { name: 'Histórico de importações' }).getByRole('row', { name: /resposta-perdida\.csv/ })).toHaveCount(1);
});
