import { expect, test } from '@playwright/test';
import { ROLE_LABELS } from '@/config/permissions';
import { DEMO_ACCOUNTS, mainMenu, signIn, storageStatePath, useOwnSession } from './fixtures.ts';

for (const account of DEMO_ACCOUNTS) {
  test.describe(account.email, () => {
    test.use({ storageState: storageStatePath(account.key) });

    test('sees exactly the menu and home cards the role allows, is refused elsewhere and signs out', async ({ page }) => {
      // It signs out at the end: with a session of its own, not the shared one later tests use.
      await useOwnSession(page, account.email);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: `Olá, ${account.name}!` })).toBeVisible();
      await expect(page.getByText(ROLE_LABELS[account.role], { exact: true }).first()).toBeVisible();
      if (account.unit) await expect(page.getByText(`Unidade: ${account.unit}`).first()).toBeVisible();
      else await expect(page.getByRole('alert').filter({ hasText: 'Nenhuma unidade selecionada' })).toBeVisible();

      await expect(mainMenu(page).getByRole('link')).toHaveText(account.menu);
      await expect(mainMenu(page).getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
      const cards = page.getByRole('region', { name: 'Selecione uma das ações abaixo para começar:' }).getByRole('heading', { level: 3 });
      await expect(cards).toHaveText(account.cards);

      if (account.forbidden) {
        await page.goto(account.forbidden);
        await expect(page).toHaveURL(/\/unauthorized$/);
        await expect(page.getByRole('heading', { name: 'Acesso não autorizado' })).toBeVisible();
        await page.getByRole('link', { name: 'Voltar para o início' }).click();
        await expect(page.getByRole('heading', { name: `Olá, ${account.name}!` })).toBeVisible();
      }

      // An allowed module page opens with its title (placeholder until its module lands).
      const first = account.menu.find((label) => label !== 'Início');
      if (first) {
        await mainMenu(page).getByRole('link', { name: first, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
        await expect(mainMenu(page).getByRole('link', { name: first, exact: true })).toHaveAttribute('aria-current', 'page');
      }

      await page.getByRole('button', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Logout realizado', { exact: true })).toBeVisible();
      await expect(page.getByText('Você foi desconectado com sucesso.', { exact: true })).toBeVisible();
    });
  });
}

test('ANALISTA opens /ponto/relatorios by the route table though the menu hides it', async ({ page }) => {
  await signIn(page, 'analista@farmacia.local');
  await page.goto('/ponto/relatorios');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios de Ponto' })).toBeVisible();
});
