import { expect, test } from '@playwright/test';
import { createUser, signIn } from './fixtures.ts';

test('/auth/login is a login page too, and a signed-in user lands on / shortly after', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('compras@farmacia.local');
  await page.getByLabel('Senha').fill('Farmacia@2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Carla Compras!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // A signed-in visitor of either login path is sent home.
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/$/);
});

test('login gives up after 15 s with Tempo esgotado', async ({ page }) => {
  await page.clock.install();
  // The token endpoint never answers.
  await page.route('**/auth/v1/token?grant_type=password', () => undefined);
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@farmacia.local');
  await page.getByLabel('Senha').fill('Farmacia@2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.clock.runFor(14_000);
  await expect(page.getByText('Tempo esgotado', { exact: true })).toHaveCount(0);
  await page.clock.runFor(1_500);
  await expect(page.getByText('Tempo esgotado', { exact: true })).toBeVisible();
  await expect(page.getByText('O login está demorando muito. Por favor, tente novamente.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
});

test('a login answered after its time-out does not sign the user in behind the Tempo esgotado message', async ({ page }) => {
  await page.clock.install();
  // The token endpoint answers only when the test lets it, after the 15 s limit.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/auth/v1/token?grant_type=password', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill('farmaceutico@farmacia.local');
  await page.getByLabel('Senha').fill('Farmacia@2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.clock.runFor(15_500);
  await expect(page.getByText('Tempo esgotado', { exact: true })).toBeVisible();

  const answered = page.waitForResponse((response) => response.url().includes('grant_type=password'));
  const discarded = page.waitForResponse((response) => response.url().includes('/auth/v1/logout'));
  release();
  expect((await answered).status()).toBe(200);
  // The late session is signed out again (this session only) and never reaches the app.
  expect((await discarded).url()).toContain('scope=local');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('sb-127-auth-token'))).toBeNull();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('the notification viewport is there from the first render: F8 focuses it, and toasts are 356 px wide', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const region = page.getByRole('region', { name: 'Notificações (F8)' });
  const list = region.locator('ol');
  // No toast has been raised yet.
  await expect(region.locator('li')).toHaveCount(0);
  await page.keyboard.press('F8');
  await expect(list).toBeFocused();

  // The first toast brings Radix's viewport: same region, same hotkey.
  await page.getByLabel('Email').fill('admin@farmacia.local');
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  const toast = region.locator('li').filter({ hasText: 'Erro ao fazer login' });
  await expect(toast).toBeVisible();
  expect((await toast.boundingBox())?.width).toBe(356);
  // Top centre, below where the app's 3.5 rem header sits: it covers neither the header nor the form's button.
  const placed = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(placed.y).toBeGreaterThanOrEqual(56);
  expect(Math.abs(placed.x + placed.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
  const button = (await page.getByRole('button', { name: 'Entrar' }).boundingBox())!;
  expect(placed.y + placed.height <= button.y || placed.y >= button.y + button.height).toBe(true);
  await page.keyboard.press('F8');
  await expect(list).toBeFocused();

  // Between the phone strip (< 640 px) and the desktop the floating viewport keeps 356 px toasts.
  await page.setViewportSize({ width: 700, height: 800 });
  await expect.poll(async () => (await toast.boundingBox())?.width).toBe(356);
  // On a phone the viewport is the full-width strip below the header.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await toast.boundingBox())?.width).toBe(390 - 32);
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(56);
});

test('/change-password and /auth/change-password re-verify the current password without reloading', async ({ page }) => {
  const email = `troca-${Date.now()}@example.com`;
  await createUser(email, 'SenhaAtual#1', 'Paula Troca');
  await signIn(page, email, 'SenhaAtual#1');

  await page.getByRole('link', { name: 'Alterar Senha' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar Senha' })).toBeVisible();

  await page.goto('/auth/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar Senha' })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });

  await page.getByLabel('Senha atual').fill('errada-123');
  await page.getByLabel('Nova senha', { exact: true }).fill('SenhaNova#2');
  await page.getByLabel('Confirmar nova senha').fill('SenhaNova#2');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Erro ao alterar senha', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/change-password$/);

  await page.getByLabel('Senha atual').fill('SenhaAtual#1');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Olá, Paula Troca!' })).toBeVisible();
  // Re-authentication neither reloaded the page nor signed the user out.
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'SenhaNova#2');
});

test('signed out, /change-password asks for the email and leaves the visitor at the login with it filled in', async ({ page }) => {
  const email = `troca-publica-${Date.now()}@example.com`;
  await createUser(email, 'SenhaAtual#1', 'Rui Publico');

  await page.goto('/auth/change-password');
  await expect(page).toHaveURL(/\/auth\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar Senha' })).toBeVisible();
  // Nothing of the signed-in frame is shown to a visitor.
  await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Informe um email válido.', { exact: true })).toBeVisible();
  await expect(page.getByText('Informe sua senha atual.', { exact: true })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha atual').fill('errada-123');
  await page.getByLabel('Nova senha', { exact: true }).fill('SenhaNova#2');
  await page.getByLabel('Confirmar nova senha').fill('SenhaNova#2');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Erro ao alterar senha', { exact: true })).toBeVisible();
  await expect(page.getByText('Email ou senha incorretos. Por favor, verifique suas credenciais.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/change-password$/);

  await page.getByLabel('Senha atual').fill('SenhaAtual#1');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // The old password no longer works; the new one does.
  await page.getByLabel('Senha').fill('SenhaAtual#1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The login's own toast: the change's earlier 'Erro ao alterar senha' toast, with the same description, may still be shown.
  const loginError = page.getByRole('region', { name: 'Notificações (F8)' }).getByRole('listitem').filter({ hasText: 'Erro ao fazer login' });
  await expect(loginError).toContainText('Email ou senha incorretos. Por favor, verifique suas credenciais.');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Senha').fill('SenhaNova#2');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Rui Publico!' })).toBeVisible();
});
