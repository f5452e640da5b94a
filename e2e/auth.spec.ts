import { expect, test } from '@playwright/test';
import { backendInfo, createUser, signIn } from './fixtures.ts';

test('a wrong password shows the mapped message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@farmacia.local');
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Erro ao fazer login', { exact: true })).toBeVisible();
  await expect(page.getByText('Email ou senha incorretos. Por favor, verifique suas credenciais.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('signed-out visitors are sent to /login; unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/usuarios');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.goto('/assinar/abc123');
  await expect(page.getByRole('heading', { name: 'Assinatura de Remessa' })).toBeVisible();
});

test('password reset through the mailbox sets a new password', async ({ page }) => {
  const info = backendInfo();
  const email = `reset-${Date.now()}@example.com`;
  await createUser(email, 'SenhaAntiga#1', 'Pessoa Teste');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // The route's page is a chunk of its own: until it renders, the login form (with its own Email field) is still there.
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const response = await fetch(`${info.API_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()) as { links?: string[] }[];
      link = messages[0]?.links?.find((href) => href.includes('verify') || href.includes('reset-password')) ?? '';
      return link;
    })
    .not.toBe('');

  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await page.getByLabel('Nova senha', { exact: true }).fill('SenhaNova#2026');
  await page.getByLabel('Confirmar nova senha').fill('SenhaNova#2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Pessoa Teste!' })).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'SenhaNova#2026');
});

test('/register explains in Portuguese what a weak password lacks, and keeps what was typed', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Paula Senha');
  await page.getByLabel('Email').fill(`senha-fraca-${Date.now()}@example.com`);
  await expect(page.getByText('Pelo menos 8 caracteres, com letras minúsculas, maiúsculas e números.')).toBeVisible();
  await page.getByLabel('Senha').fill('abcdefgh');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('A senha deve ter uma letra maiúscula e um número.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Paula Senha');
  await expect(page).toHaveURL(/\/register$/);
});

test('the sign-in form works before supabase-js has arrived: typed and sent, it signs in once the client is here', async ({ page }) => {
  // supabase-js is its own chunk (src/lib/supabase-loader.ts), asked for once the form is shown: hold it back.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/supabase-[\w-]+\.js$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });

  await page.goto('/login');
  await page.getByLabel('Email').fill('balconista@farmacia.local');
  await page.getByLabel('Senha').fill('Farmacia@2026');
  await expect.poll(() => asked).toBe(true);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page.getByText('Selecione uma das ações abaixo para começar:', { exact: true })).toBeVisible();
});
