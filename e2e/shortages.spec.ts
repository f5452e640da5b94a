import { expect, test } from '@playwright/test';
import { createProduct, createShortages } from './fixtures/catalog.ts';
import { storageStatePath } from './fixtures.ts';

test.use({ storageState: storageStatePath('balconista') });

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
  await expect(page.getByText('Registro criado com sucesso', { exact: true })).toBeVisible();

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

test('registering a product that already has an open shortage asks first', async ({ page }) => {
  const product = await createProduct(`Teste Duplicada ${Date.now()}`);
  await createShortages('balconista@farmacia.local', [product.id]);
  await page.goto('/lancamento');
  await page.getByLabel('Código de barras').fill(product.barcode);
  await page.getByLabel('Código de barras').press('Enter');
  await page.getByLabel('Quantidade solicitada').fill('2');
  await page.getByRole('button', { name: 'Registrar falta' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Falta já registrada' })).toBeVisible();
  await page.getByRole('button', { name: 'Editar existente' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar falta' })).toBeVisible();
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
  await expect(page.getByText('2 falta(s) excluída(s)', { exact: true })).toBeVisible();
  await expect(page.getByText('Nenhuma falta encontrada.')).toBeVisible();
});
