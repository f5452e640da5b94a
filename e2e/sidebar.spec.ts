import { expect, test } from '@playwright/test';
import { mainMenu, openAs } from './fixtures.ts';

test('Ctrl+B collapses the sidebar to the icon rail and the state survives a reload', async ({ page }) => {
  await openAs(page, 'compras');
  const sidebar = page.locator('[data-slot="sidebar"][data-state]');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookies = await page.context().cookies();
  const cookie = cookies.find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  // Kept for 7 days (spec §9).
  const sevenDaysFromNow = Date.now() / 1000 + 7 * 24 * 60 * 60;
  expect(cookie?.expires).toBeGreaterThan(sevenDaysFromNow - 60);
  expect(cookie?.expires).toBeLessThanOrEqual(sevenDaysFromNow + 1);
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  // The rail's icons are clickable, also the last one of a section (the hidden section label sits above it).
  await mainMenu(page).getByRole('link', { name: 'Compras', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compras' })).toBeVisible();
  await page.getByRole('button', { name: 'Expandir menu' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('below 768 px the menu is a drawer opened by a button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'balconista');
  await expect(mainMenu(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Lançar Falta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lançar Falta' })).toBeVisible();
  await expect(drawer).toHaveCount(0);
});

test('icon-rail tooltips open after 700 ms, and within 300 ms of closing the next one opens at once', async ({ page }) => {
  await page.clock.install();
  await openAs(page, 'compras');
  await page.keyboard.press('Control+b');
  await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute('data-state', 'collapsed');
  // Record in the page when the pointer enters an icon and when its tooltip state changes.
  await page.evaluate(() => {
    const log: { label: string; event: string; at: number }[] = [];
    (window as unknown as { tooltipLog: typeof log }).tooltipLog = log;
    for (const button of document.querySelectorAll<HTMLElement>('[data-slot="sidebar-menu-button"]')) {
      const label = button.textContent ?? '';
      button.addEventListener('pointerenter', () => log.push({ label, event: 'enter', at: performance.now() }));
      new MutationObserver(() => log.push({ label, event: button.dataset.state ?? '', at: performance.now() })).observe(button, {
        attributes: true,
        attributeFilter: ['data-state'],
      });
    }
  });
  const openDelay = (label: string) =>
    page.evaluate((wanted) => {
      const log = (window as unknown as { tooltipLog: { label: string; event: string; at: number }[] }).tooltipLog.filter((entry) => entry.label === wanted);
      const enter = log.findLast((entry) => entry.event === 'enter');
      const open = log.findLast((entry) => entry.event.endsWith('-open'));
      return enter && open ? open.at - enter.at : null;
    }, label);
  const trigger = (label: string) => mainMenu(page).getByRole('link', { name: label, exact: true });
  const tooltip = (label: string) => page.locator('[data-slot="tooltip-content"]').filter({ hasText: label });
  // Two pointer moves over the icon, as a real mouse makes: Radix ignores the first move out of the previous
  // tooltip's grace area.
  const pointAt = async (label: string) => {
    await trigger(label).hover({ position: { x: 10, y: 10 } });
    await trigger(label).hover({ position: { x: 12, y: 12 } });
  };

  await pointAt('Compras');
  await expect(trigger('Compras')).toHaveAttribute('data-state', 'delayed-open');
  await expect(tooltip('Compras')).toBeVisible();
  const firstDelay = await openDelay('Compras');
  expect(firstDelay).toBeGreaterThanOrEqual(700);
  expect(firstDelay).toBeLessThan(1_500);

  // Moving straight on to the next icon (within the 300 ms skip delay): it opens at once. Radix closes the
  // previous tooltip only on a pointer move outside its grace area, so the pointer keeps moving over the icon.
  let offset = 8;
  await expect(async () => {
    offset += 2;
    await trigger('Análise de Cotações Avançada').hover({ position: { x: offset, y: offset } });
    await expect(trigger('Análise de Cotações Avançada')).toHaveAttribute('data-state', 'instant-open', { timeout: 20 });
  }).toPass({ intervals: [0], timeout: 2_000 });
  await expect(trigger('Compras')).toHaveAttribute('data-state', 'closed');

  // Closed (Escape) for more than 300 ms: the full delay applies again.
  await page.keyboard.press('Escape');
  await expect(trigger('Análise de Cotações Avançada')).toHaveAttribute('data-state', 'closed');
  await page.clock.runFor(400);
  await pointAt('Relatório de Compras');
  await expect(trigger('Relatório de Compras')).toHaveAttribute('data-state', 'delayed-open');
  expect(await openDelay('Relatório de Compras')).toBeGreaterThanOrEqual(700);
});
