import { expect, test } from '@playwright/test';
import { createProduct, createShortages, randomEan13 } from './fixtures/catalog.ts';
import { storageStatePath } from './fixtures.ts';

test.use({ storageState: storageStatePath('balconista') });

test('create, find, edit and delete a product', async ({ page }) => {
  const name = `Produto E2E ${Date.now()}`;
  const barcode = randomEan13();
  await page.goto('/produtos');
  await expect(page.getByRole('heading', { name: 'Cadastrar Produto' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Produtos' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo produto' });
  await dialog.getByLabel('Nome').fill(name);
  // A wrong check digit is refused before anything is sent.
  await dialog.getByLabel('Código de barras').fill(`${barcode.slice(0, 12)}${(Number(barcode.at(-1)) + 1) % 10}`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Código de barras inválido: dígito verificador incorreto')).toBeVisible();
  await dialog.getByLabel('Código de barras').fill(barcode);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro criado com sucesso', { exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar produto por nome ou código de barras' }).fill(barcode);
  const table = page.getByRole('table', { name: 'Produtos' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(name);
  await expect(table.getByRole('row').nth(1)).toContainText('Grupo não especificado');
  await page.screenshot({ path: test.info().outputPath('products-search.png'), fullPage: true });

  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar produto' });
  await edit.getByLabel('Nome').fill(`${name} editado`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Registro atualizado com sucesso', { exact: true })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(`${name} editado`);

  await page.getByRole('button', { name: `Excluir ${name} editado` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Registro excluído com sucesso', { exact: true })).toBeVisible();
  await expect(page.getByText('Nenhum produto encontrado para esta busca.')).toBeVisible();
});

test('deleting a product referenced by shortages is refused', async ({ page }) => {
  const product = await createProduct(`Produto Referenciado ${Date.now()}`);
  await createShortages('balconista@farmacia.local', [product.id]);
  await page.goto('/produtos');
  await page.getByRole('searchbox', { name: 'Buscar produto por nome ou código de barras' }).fill(product.barcode);
  await page.getByRole('button', { name: `Excluir ${product.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Não é possível excluir o produto', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Produtos' }).getByRole('row', { name: new RegExp(product.name) })).toHaveCount(1);
});
