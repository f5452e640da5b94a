import { expect, test } from '@playwright/test';
import { mainMenu, signIn } from './fixtures.ts';

test('Ctrl+B collapses the sidebar to the icon rail and the state survives a reload', async ({ page }) => {
  await signIn(page, 'compras@farmacia.local');
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'sidebar_state')?.value).toBe('false');
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('below 768 px the menu is a drawer opened by a button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'balconista@farmacia.local');
  await expect(mainMenu(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Lançar Falta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lançar Falta' })).toBeVisible();
  await expect(drawer).toHaveCount(0);
});
