/**
 * Issue 27, /fluxo-processo: the administrator sees every stage with its count and a link to where it is worked; a
 * shortage registered meanwhile (over the API, as another clerk would) moves the Faltas count without a reload. A
 * clerk sees the stages past the shortages without links.
 */
import { expect, test } from '@playwright/test';
import { createProduct, createShortages } from './fixtures/catalog.ts';
import { storageStatePath, useOwnSession } from './fixtures.ts';

/** '1.234' → 1234 (pt-BR thousands). */
const countOf = (text: string | null) => Number((text ?? '').replace(/\./g, ''));

test.describe('as the admin', () => {
  test.use({ storageState: storageStatePath('admin') });

  test('the flow shows live counts: a new shortage moves Faltas without reload', async ({ page }) => {
    await page.goto('/fluxo-processo');
    await expect(page.getByRole('heading', { name: 'Fluxo de Processos', level: 1 })).toBeVisible();
    await expect(page.getByTestId('process-flow')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('process-flow-updated')).toContainText(/Atualizado às \d{2}:\d{2}:\d{2}/);

    for (const label of ['Faltas', 'Lotes', 'Cotações', 'Vencedores', 'Pedidos', 'Entregas', 'Remessas', 'Assinaturas']) {
      await expect(page.getByRole('link', { name: new RegExp(`^Abrir ${label}: \\d`) })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /^Abrir Faltas/ })).toHaveAttribute('href', '/lancamento');
    await expect(page.getByRole('link', { name: /^Abrir Assinaturas/ })).toHaveAttribute('href', '/assinatura-remessas');

    const faltas = page.getByTestId('stage-count-faltas');
    const before = countOf(await faltas.textContent());
    const product = await createProduct(`Fluxo ${Date.now()}`);
    await createShortages('balconista@farmacia.local', [product.id]);
    await expect.poll(async () => countOf(await faltas.textContent())).toBe(before + 1);
    await page.screenshot({ path: test.info().outputPath('process-flow.png'), fullPage: true });
  });
});

test.describe('as a clerk', () => {
  test.use({ storageState: storageStatePath('balconista') });

  test('a clerk sees the purchasing stages past the shortages without links', async ({ page }) => {
    await useOwnSession(page, 'balconista@farmacia.local');
    await page.goto('/fluxo-processo');
    await expect(page.getByTestId('process-flow')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByRole('link', { name: /^Abrir Faltas/ })).toHaveAttribute('href', '/lancamento');
    await expect(page.getByRole('link', { name: /^Abrir Cotações/ })).toHaveCount(0);
    await expect(page.getByTestId('stage-count-cotacoes')).toContainText('Fora do seu acesso');
  });
});
