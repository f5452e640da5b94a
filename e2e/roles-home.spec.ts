import { expect, test } from '@playwright/test';
import { apiSession, backendInfo, createUser, mainMenu, openAs } from './fixtures.ts';

/** PostgREST as the service role (fixtures only; the assertions are on what the user sees). */
async function adminRest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const info = backendInfo();
  const response = await fetch(`${info.API_URL}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: info.SERVICE_ROLE_KEY,
      authorization: `Bearer ${info.SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

async function userWithCustomRole(prefix: string, role: { name: string; is_admin: boolean }, actions: string[]) {
  const stamp = Date.now();
  const email = `${prefix}-${stamp}@example.com`;
  await createUser(email, 'Senha#Teste1', `Pessoa ${prefix}`);
  const [created] = await adminRest<{ id: string }[]>('POST', 'custom_roles', { name: `${role.name} ${stamp}`, is_admin: role.is_admin });
  if (!created) throw new Error('role not created');
  await adminRest('POST', 'user_roles', { user_id: (await apiSession(email, 'Senha#Teste1')).user.id, role_id: created.id });
  if (actions.length > 0) {
    await adminRest('POST', 'role_homepage_actions', actions.map((action_key) => ({ role_id: created.id, action_key, visible: true })));
  }
  return email;
}

const cards = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Selecione uma das ações abaixo para começar:' }).getByRole('heading', { level: 3 });

test('a user without a unit sees no switch until units are assigned, then picks one, confirms it and keeps it after a reload', async ({ page }) => {
  const email = `unidade-${Date.now()}@example.com`;
  await createUser(email, 'Senha#Teste1', 'Ulisses Unidade');
  await openAs(page, email, { password: 'Senha#Teste1' });
  await expect(page.getByRole('alert').filter({ hasText: 'Nenhuma unidade selecionada' })).toBeVisible();
  // No role row: labelled BALCONISTA but without permissions until an administrator assigns a role
  // (security review D1), so the home offers no card: Permissões Limitadas.
  await expect(page.getByText('Balconista', { exact: true }).first()).toBeVisible();
  await expect(cards(page)).toHaveText(['Permissões Limitadas']);
  await expect(page.getByRole('link', { name: 'Acessar Lançar Falta' })).toHaveCount(0);
  // No unit assigned yet: nothing to switch to.
  await expect(page.getByRole('combobox', { name: 'Alterar unidade' })).toHaveCount(0);

  // An administrator assigns Norte and Sul (user_units; /usuarios will do it on screen).
  const userId = (await apiSession(email, 'Senha#Teste1')).user.id;
  const units = await adminRest<{ id: string; name: string }[]>('GET', 'store_units?select=id,name&name=in.(Unidade%20Norte,Unidade%20Sul)');
  await adminRest('POST', 'user_units', units.map((unit) => ({ user_id: userId, unit_id: unit.id })));
  await page.reload();

  // Cancelling the confirmation changes nothing.
  await page.getByRole('combobox', { name: 'Alterar unidade' }).click();
  await expect(page.getByRole('option')).toHaveText(['Nenhuma unidade', 'Unidade Norte', 'Unidade Sul']);
  await page.getByRole('option', { name: 'Unidade Norte' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Confirmar alteração de unidade' });
  await expect(dialog).toContainText('Deseja se associar à Unidade Norte?');
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Nenhuma unidade selecionada' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Alterar unidade' }).click();
  await page.getByRole('option', { name: 'Unidade Sul' }).click();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Unidade atualizada', { exact: true })).toBeVisible();
  await expect(page.getByText('Você está agora associado à Unidade Sul', { exact: true })).toBeVisible();
  await expect(page.getByText('Unidade: Unidade Sul').first()).toBeVisible();
  await expect(page.getByText('Nenhuma unidade selecionada')).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('Unidade: Unidade Sul').first()).toBeVisible();

  // Back to no unit: the toast names 'nenhuma unidade'.
  await page.getByRole('combobox', { name: 'Alterar unidade' }).click();
  await page.getByRole('option', { name: 'Nenhuma unidade' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Você está agora associado à nenhuma unidade', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Nenhuma unidade selecionada' })).toBeVisible();
});

test('an unknown custom role counts as BALCONISTA; with only disallowed actions configured the home shows Permissões Limitadas', async ({ page }) => {
  const email = await userWithCustomRole('limitada', { name: 'Estagiario', is_admin: false }, ['manage_users']);
  await openAs(page, email, { password: 'Senha#Teste1' });
  await expect(page.getByText('Balconista', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Permissões Limitadas', { exact: true })).toBeVisible();
  await expect(page.getByText(/Entre em contato com o administrador/)).toBeVisible();
  await expect(cards(page)).toHaveText(['Permissões Limitadas']);
  // The role holds no permissions: only the screens open to every signed-in user.
  await expect(mainMenu(page).getByRole('link')).toHaveText(['Início', 'Documentos', 'Correio', 'Fluxo de Processos', 'Registrar Ponto', 'Meu Ponto']);
  await page.goto('/lancamento');
  await expect(page).toHaveURL(/\/unauthorized$/);
});

test("a new hire whose only card is the time clock's sees 'Ponto Digital' with the term to read, not 'Permissões Limitadas'", async ({ page }) => {
  const email = await userWithCustomRole('so-ponto', { name: 'Entregador', is_admin: false }, []);
  const userId = (await apiSession(email, 'Senha#Teste1')).user.id;
  const [link] = await adminRest<{ role_id: string }[]>('GET', `user_roles?user_id=eq.${userId}&select=role_id`);
  await adminRest('POST', 'role_permissions', { role_id: link!.role_id, permission: 'PUNCH_CLOCK_ACCESS' });
  await openAs(page, email, { password: 'Senha#Teste1' });
  await expect(cards(page)).toHaveText(['Ponto Digital']);
  await expect(page.getByText('Permissões Limitadas', { exact: true })).toHaveCount(0);
  const card = page.getByLabel('Ponto Digital', { exact: true });
  await expect(card).toContainText('Antes do primeiro registro, leia o termo de consentimento LGPD e decida.');
  await card.getByRole('link', { name: 'Ler o termo' }).click();
  await expect(page.getByRole('dialog', { name: /Termo de consentimento LGPD/ })).toBeVisible();
});

test('a custom role flagged is_admin is ADMIN: every card, every menu item, every route', async ({ page }) => {
  const email = await userWithCustomRole('gerencia', { name: 'Gerencia Geral', is_admin: true }, []);
  await openAs(page, email, { password: 'Senha#Teste1' });
  await expect(page.getByText('Administrador', { exact: true }).first()).toBeVisible();
  // The eight action cards, and 'Ponto Digital' offering the LGPD term to this new account (no consent yet).
  await expect(cards(page)).toHaveCount(9);
  await expect(cards(page).last()).toHaveText('Ponto Digital');
  await expect(mainMenu(page).getByRole('link', { name: 'Gerenciar Usuários' })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Relatórios de Ponto' })).toBeVisible();
  await page.goto('/ponto/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Ponto (Admin)' })).toBeVisible();
});
