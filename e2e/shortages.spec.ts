import { expect, test, type Page } from '@playwright/test';
import { createBatchedShortage, createProduct, createShortageRows, createShortages } from './fixtures/catalog.ts';
import { expectToast, mainMenu, storageStatePath, useOwnSession } from './fixtures.ts';

test.use({ storageState: storageStatePath('balconista') });
// A session of its own: the run's shared balconista session is ended by an earlier test in a full run (Auth then
// refuses it and the app signs it out at the next navigation), which this file must not depend on.
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.titlePath.includes('as the admin')) return;
  await useOwnSession(page, 'balconista@farmacia.local');
});

test('a BALCONISTA registers a shortage by scanning a barcode, sees it on top, edits and deletes it', async ({ page }) => {
  const product = await createProduct(`Teste Scanner ${Date.now()}`);
  await page.goto('/lancamento');
  await expect(page.getByRole('heading', { name: 'Lançar Falta' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Registrar falta' })).toContainText('Unidade: Unidade Centro');

  // A USB scanner types the digits and presses Enter.
  const barcode = page.getByLabel('Código de barras');
  await barcode.pressSequentially(product.barcode, { delay: 5 });
  await barcode.press('Enter');
  await expect(page.getByTestId('selected-product')).toHaveText(product.name);
  const quantity = page.getByLabel('Quantidade solicitada');
  await expect(quantity).toBeFocused();
  await quantity.fill('7');
  await page.getByRole('button', { name: 'Registrar falta' }).click();
  await expect(page.getByText('Falta registrada', { exact: true })).toBeVisible();

  const table = page.getByRole('table', { name: 'Faltas' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText(product.name);
  await expect(firstRow).toContainText('Bruno Balconista');
  await expect(firstRow).toContainText('Pendente');
  await page.screenshot({ path: test.info().outputPath('shortages-registered.png'), fullPage: true });

  await page.getByRole('button', { name: `Editar falta de ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar falta' });
  await dialog.getByLabel('Quantidade solicitada').fill('12');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Falta atualizada', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(product.name) })).toContainText('12');

  await page.getByRole('button', { name: `Excluir falta de ${product.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Falta excluída', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(product.name) })).toHaveCount(0);
});

/** Registers 2 units of a product that already has a shortage; returns the warning that asks first. */
async function registerAgain(page: Page, barcode: string) {
  await page.goto('/lancamento');
  await page.getByLabel('Código de barras').fill(barcode);
  await page.getByLabel('Código de barras').press('Enter');
  await page.getByLabel('Quantidade solicitada').fill('2');
  await page.getByRole('button', { name: 'Registrar falta' }).click();
  return page.getByRole('alertdialog', { name: 'Falta já registrada' });
}

test('registering a product that already has an open shortage asks first', async ({ page }) => {
  const product = await createProduct(`Teste Duplicada ${Date.now()}`);
  await createShortages('balconista@farmacia.local', [product.id]);
  const warning = await registerAgain(page, product.barcode);
  await expect(warning).toContainText('status Pendente, 3 unidades');
  await page.getByRole('button', { name: 'Editar existente' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar falta' })).toBeVisible();
});

test('a product already in a purchasing batch, not yet delivered, is flagged with the batch status', async ({ page }) => {
  const product = await createProduct(`Teste Em Lote ${Date.now()}`);
  const batched = await createBatchedShortage('balconista@farmacia.local', product.id, `Lote duplicada ${Date.now()}`);
  try {
    const warning = await registerAgain(page, product.barcode);
    await expect(warning).toContainText('status Lote criado (já está em um lote de compras), 5 unidades');
    await warning.getByRole('button', { name: 'Voltar' }).click();
  } finally {
    await batched.cleanup();
  }
});

test('bulk delete reports how many shortages were deleted', async ({ page }) => {
  const tag = `Lote ${Date.now()}`;
  const a = await createProduct(`${tag} A`);
  const b = await createProduct(`${tag} B`);
  await createShortages('balconista@farmacia.local', [a.id, b.id]);
  await page.goto('/lancamento');
  await page.getByLabel('Buscar', { exact: true }).fill(tag);
  const table = page.getByRole('table', { name: 'Faltas' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Selecionar todas' }).click();
  await page.getByRole('button', { name: 'Excluir selecionadas (2)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('2 faltas excluídas', { exact: true })).toBeVisible();
  await expect(page.getByText('Nenhuma falta encontrada.')).toBeVisible();
});

test('a shortage in a batch is not deleted: alone, in a bulk selection with a deletable one, or selected alone', async ({ page }) => {
  const tag = `Misto ${Date.now()}`;
  const free = await createProduct(`${tag} livre`);
  const inBatch = await createProduct(`${tag} em lote`);
  await createShortages('balconista@farmacia.local', [free.id]);
  const batched = await createBatchedShortage('balconista@farmacia.local', inBatch.id, `Lote ${tag}`);
  try {
    await page.goto('/lancamento');
    await page.getByLabel('Buscar', { exact: true }).fill(tag);
    const table = page.getByRole('table', { name: 'Faltas' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row', { name: new RegExp(inBatch.name) })).toContainText('Lote criado');

    // One at a time: the dependency check refuses it with its reason.
    await page.getByRole('button', { name: `Excluir falta de ${inBatch.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, 'Operação não permitida');
    await expectToast(page, 'Esta falta não pode ser excluída: pertence a um lote.');

    // Both selected: the free one goes, the batched one stays, and the toast counts both.
    await page.getByRole('checkbox', { name: 'Selecionar todas' }).click();
    await page.getByRole('button', { name: 'Excluir selecionadas (2)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, '1 falta excluída');
    await expectToast(page, '1 falta não pôde ser excluída.');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row', { name: new RegExp(inBatch.name) })).toBeVisible();

    // Only the batched one: nothing is deleted.
    await page.getByRole('checkbox', { name: `Selecionar ${inBatch.name}` }).click();
    await page.getByRole('button', { name: 'Excluir selecionadas (1)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expectToast(page, 'Nenhuma falta foi excluída');
    await expect(table.getByRole('row')).toHaveCount(2);
  } finally {
    await batched.cleanup();
  }
});

test("a bulk delete the server fails says 'Erro na operação' and keeps the rows", async ({ page }) => {
  const product = await createProduct(`Falha Exclusão ${Date.now()}`);
  await createShortages('balconista@farmacia.local', [product.id]);
  await page.goto('/lancamento');
  await page.getByLabel('Buscar', { exact: true }).fill(product.name);
  const table = page.getByRole('table', { name: 'Faltas' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.route('**/rest/v1/shortages?*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"PGRST000","message":"Database unavailable","details":null,"hint":null}' })
      : route.continue(),
  );
  await page.getByRole('checkbox', { name: `Selecionar ${product.name}` }).click();
  await page.getByRole('button', { name: 'Excluir selecionadas (1)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expectToast(page, 'Erro na operação');
  await page.unroute('**/rest/v1/shortages?*');
  await expect(table.getByRole('row', { name: new RegExp(product.name) })).toBeVisible();
});

test('the list pages through every shortage of the unit and searches all of them in the database', async ({ page }) => {
  const tag = `Paginas${Date.now()}`;
  const product = await createProduct(`Produto ${tag}`);
  // 130 shortages of this product, one a day back from today; the oldest has its own note.
  const day = 24 * 60 * 60 * 1000;
  await createShortageRows(
    'balconista@farmacia.local',
    Array.from({ length: 130 }, (_, i) => ({
      productId: product.id,
      createdAt: new Date(Date.now() - (i + 1) * day).toISOString(),
      ...(i === 129 ? { observation: `mais antiga ${tag}` } : {}),
    })),
  );
  await page.goto('/lancamento');
  await page.getByLabel('Buscar', { exact: true }).fill(tag);
  await expect(page.getByText('100 de 130 faltas carregadas')).toBeVisible();
  const table = page.getByRole('table', { name: 'Faltas' });
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(page.getByText('130 faltas', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);

  // A word of the oldest row's observation finds it, far beyond the first page.
  await page.getByLabel('Buscar', { exact: true }).fill(`antiga ${tag}`);
  await expect(page.getByText('1 falta', { exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  // Period filters are São Paulo days: the oldest row is 130 days back.
  await page.getByLabel('Buscar', { exact: true }).fill(tag);
  const oldest = new Date(Date.now() - 130 * day).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  await page.getByLabel('Até').fill(oldest);
  await expect(page.getByText('1 falta', { exact: true })).toBeVisible();
});

test('groups that fail to load are reported', async ({ page }) => {
  // 500, not 503: supabase-js itself retries a GET answered 503 (schema cache loading) three times.
  await page.route('**/rest/v1/categories?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"internal error","details":null,"hint":null}' }),
  );
  await page.goto('/lancamento');
  const failure = page.getByRole('alert').filter({ hasText: 'Erro ao carregar grupos' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
});

test('a group and a product created on /produtos are offered on /lancamento at once', async ({ page }) => {
  const stamp = Date.now();
  const productName = `Cache ${stamp}`;
  const groupName = `Grupo Cache ${stamp}`;
  await page.goto('/lancamento');
  const search = page.getByRole('combobox', { name: 'Buscar produto pelo nome' });
  await search.fill(productName);
  await expect(page.getByRole('listbox', { name: 'Produtos encontrados' })).toContainText('Nenhum produto encontrado.');
  await page.getByRole('form', { name: 'Registrar falta' }).getByLabel('Grupo').click();
  await expect(page.getByRole('option', { name: 'Analgésicos' })).toBeVisible();
  await expect(page.getByRole('option', { name: groupName })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Same session, no reload: the catalogue screen adds both.
  await mainMenu(page).getByRole('link', { name: 'Cadastrar Produto' }).click();
  await page.getByRole('button', { name: 'Grupos' }).click();
  const groups = page.getByRole('dialog', { name: 'Grupos' });
  await groups.getByLabel('Nome do grupo').fill(groupName);
  await groups.getByRole('button', { name: 'Adicionar' }).click();
  await expect(groups.getByRole('list', { name: 'Grupos cadastrados' })).toContainText(groupName);
  // The toast just raised is the topmost dismissable layer, so Escape would close it first: use the button.
  await groups.getByRole('button', { name: 'Fechar' }).click();
  await expect(groups).toBeHidden();
  await page.getByRole('button', { name: 'Novo produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo produto' });
  await dialog.getByLabel('Nome').fill(productName);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, `Produto “${productName}” cadastrado`);

  await mainMenu(page).getByRole('link', { name: 'Lançar Falta' }).click();
  await page.getByRole('combobox', { name: 'Buscar produto pelo nome' }).fill(productName);
  await expect(page.getByRole('option', { name: new RegExp(productName) })).toBeVisible();
  await page.getByRole('form', { name: 'Registrar falta' }).getByLabel('Grupo').click();
  await expect(page.getByRole('option', { name: groupName })).toBeVisible();
});

test('the list shows only the clerk\'s own unit', async ({ page }) => {
  const product = await createProduct(`Outra Unidade ${Date.now()}`);
  await createShortages('balconista2@farmacia.local', [product.id]);
  await page.goto('/lancamento');
  await page.getByLabel('Buscar', { exact: true }).fill(product.name);
  await expect(page.getByText('Nenhuma falta encontrada.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filtrar por unidade' })).toHaveCount(0);
});

test.describe('as the admin', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the admin sees every unit and filters by one', async ({ page }) => {
    const product = await createProduct(`Todas Unidades ${Date.now()}`);
    await createShortages('balconista2@farmacia.local', [product.id]);
    await page.goto('/lancamento');
    await page.getByLabel('Buscar', { exact: true }).fill(product.name);
    const table = page.getByRole('table', { name: 'Faltas' });
    await expect(table.getByRole('row', { name: new RegExp(product.name) })).toContainText('Unidade Norte');
    // The creator's name comes from profiles.
    await expect(table.getByRole('row', { name: new RegExp(product.name) })).toContainText('Beatriz Balconista');
    await page.getByRole('combobox', { name: 'Filtrar por unidade' }).click();
    await page.getByRole('option', { name: 'Unidade Sul' }).click();
    await expect(page.getByText('Nenhuma falta encontrada.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Filtrar por unidade' }).click();
    await page.getByRole('option', { name: 'Unidade Norte' }).click();
    await expect(table.getByRole('row', { name: new RegExp(product.name) })).toContainText('Unidade Norte');
  });
});
