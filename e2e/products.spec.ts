import { expect, test, type Page } from '@playwright/test';
import { createProduct, createShortages, randomEan13 } from './fixtures/catalog.ts';
import { openAs, storageStatePath } from './fixtures.ts';

test.use({ storageState: storageStatePath('balconista') });


/** Searches the catalogue by barcode and expects exactly that product, in that group; returns the table. */
async function searchOne(page: Page, barcode: string, name: string, group: string) {
  await page.getByRole('searchbox', { name: 'Buscar produto por nome ou código de barras' }).fill(barcode);
  const table = page.getByRole('table', { name: 'Produtos' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(name);
  await expect(table.getByRole('row').nth(1)).toContainText(group);
  return table;
}

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
  await expect(page.getByText(`Produto “${name}” cadastrado`, { exact: true })).toBeVisible();

  const table = await searchOne(page, barcode, name, 'Grupo não especificado');
  await page.screenshot({ path: test.info().outputPath('products-search.png'), fullPage: true });

  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar produto' });
  await edit.getByLabel('Nome').fill(`${name} editado`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Produto “${name} editado” atualizado`, { exact: true })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(`${name} editado`);

  await page.getByRole('button', { name: `Excluir ${name} editado` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(`Produto “${name} editado” excluído`, { exact: true })).toBeVisible();
  await expect(page.getByText('Nenhum produto encontrado para esta busca.')).toBeVisible();
});

test('a failed group link leaves no product behind and keeps the form filled in', async ({ page }) => {
  const name = `Produto Grupo ${Date.now()}`;
  const barcode = randomEan13();
  await page.goto('/produtos');
  await page.getByRole('button', { name: 'Novo produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo produto' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Código de barras').fill(barcode);
  await dialog.getByLabel('Grupo').click();
  await page.getByRole('option', { name: 'Analgésicos' }).click();

  // The group is deleted by someone else between opening the form and saving it: the link is refused.
  await page.route('**/rest/v1/product_categories*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            code: '23503',
            message: 'insert or update on table "product_categories" violates foreign key constraint "product_categories_category_id_fkey"',
            details: 'Key is not present in table "categories".',
            hint: null,
          }),
        })
      : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Erro ao criar registro', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Nome')).toHaveValue(name);
  await page.unroute('**/rest/v1/product_categories*');

  // Saving again succeeds: no product with this (unique) barcode was left behind by the failed attempt.
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Produto “${name}” cadastrado`, { exact: true })).toBeVisible();
  const table = await searchOne(page, barcode, name, 'Analgésicos');

  // Moving it to another group fails the same way: it stays in its old group instead of losing it.
  await page.route('**/rest/v1/product_categories*', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 409, contentType: 'application/json', body: '{"code":"23503","message":"fk","details":null,"hint":null}' }) : route.continue(),
  );
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar produto' });
  await edit.getByLabel('Grupo').click();
  await page.getByRole('option', { name: 'Antialérgicos' }).click();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Erro ao atualizar registro', { exact: true })).toBeVisible();
  await page.unroute('**/rest/v1/product_categories*');
  await edit.getByRole('button', { name: 'Voltar' }).click();
  await page.reload();
  await page.getByRole('searchbox', { name: 'Buscar produto por nome ou código de barras' }).fill(barcode);
  await expect(table.getByRole('row').nth(1)).toContainText('Analgésicos');

  await page.getByRole('button', { name: `Editar ${name}` }).click();
  await edit.getByLabel('Grupo').click();
  await page.getByRole('option', { name: 'Antialérgicos' }).click();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Produto “${name}” atualizado`, { exact: true })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Antialérgicos');
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

/** How many catalogues this origin keeps in IndexedDB (src/lib/browser-cache.ts: database farmacia-cache); 0 without it. */
function keptCatalogues(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('farmacia-cache');
        // Never create the database here: an empty one would leave the app's store uncreated (idb-keyval creates it
        // only along with the database).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) {
            db.close();
            resolve(0);
            return;
          }
          const keys = db.transaction('entries').objectStore('entries').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.filter((key) => String(key).startsWith('catalogue:')).length);
          };
        };
      }),
  );
}

test.describe('the catalogue kept in this browser', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a reload shows the kept copy while nothing changed, a change as soon as it is made, and signing out forgets it', async ({ page }) => {
    await openAs(page, 'balconista', { ownSession: true });
    await page.goto('/produtos');
    await expect(page.getByRole('table', { name: 'Produtos' })).toBeVisible();
    await expect.poll(() => keptCatalogues(page)).toBe(1);

    const productReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/products')) productReads.push(request.url());
    });
    await page.reload();
    await searchOne(page, '7896004100371', 'Dipirona Monoidratada 500mg 10 comprimidos', 'Analgésicos');
    expect(productReads).toEqual([]);

    // Someone else adds a product: the catalogue's version moves, and the next visit reads the pages again.
    const created = await createProduct(`Produto Guardado ${Date.now()}`);
    await page.reload();
    await searchOne(page, created.barcode, created.name, 'Grupo não especificado');
    expect(productReads.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => keptCatalogues(page)).toBe(0);
  });
});
