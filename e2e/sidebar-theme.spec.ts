import { expect, test } from '@playwright/test';
import { openAs } from './fixtures.ts';

test('the theme follows the system by default; a choice is stored under "theme" and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openAs(page, 'balconista2');
  const html = page.locator('html');
  const themes = page.getByRole('radiogroup', { name: 'Tema' });
  await expect(themes.getByRole('radio', { name: 'Tema do sistema' })).toHaveAttribute('aria-checked', 'true');
  await expect(html).toHaveClass(/\bdark\b/);

  await themes.getByRole('radio', { name: 'Tema claro' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light');

  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Tema' }).getByRole('radio', { name: 'Tema claro' })).toHaveAttribute('aria-checked', 'true');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole('radiogroup', { name: 'Tema' }).getByRole('radio', { name: 'Tema escuro' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
});

test('the sidebar shows the logo, the user name and role, the unit, Alterar Senha and Sair', async ({ page }) => {
  await openAs(page, 'balconista2');
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await expect(sidebar.getByText('Beatriz Balconista', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('Balconista II', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('Unidade: Unidade Norte')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Alterar Senha' })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: 'Sair' })).toBeVisible();
  await expect(sidebar.getByText('Farmácia', { exact: true })).toBeVisible();
  await expect(sidebar.getByText('Back Office', { exact: true })).toBeVisible();
  // Widths of spec §9: 16rem expanded, 3rem as an icon rail.
  const gap = sidebar.locator(':scope > div').first();
  await expect(gap).toHaveCSS('width', '256px');
  await page.keyboard.press('Control+b');
  await expect(gap).toHaveCSS('width', '48px');
  await page.keyboard.press('Control+b');
  await expect(gap).toHaveCSS('width', '256px');
});

test('below 768 px the drawer is 18rem wide', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 800 });
  await openAs(page, 'balconista2');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toHaveCSS('width', '288px');
  await expect(drawer.getByText('Unidade: Unidade Norte')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});
