import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSession, backendInfo, createUser, expectToast, mainMenu } from './fixtures.ts';

/**
 * Issue 21: a user manager who is not an administrator (a custom role holding MANAGE_USERS alone, an HR
 * manager) sees the administrator on /usuarios without any action that would change it, and a disabled
 * user's open session ends at its next navigation (its access token is still valid then).
 */

const PASSWORD = 'Farmacia@2026';

/** The Data API as the service role (fixtures only). */
async function serviceRest<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const info = backendInfo();
  const response = await fetch(`${info.API_URL}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: info.SERVICE_ROLE_KEY,
      authorization: `Bearer ${info.SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

async function roleId(name: string): Promise<string> {
  const [role] = await serviceRest<{ id: string }[]>(`custom_roles?select=id&name=eq.${encodeURIComponent(name)}`);
  return role!.id;
}

/** A confirmed account with `role` in Unidade Centro, made with the service role. */
async function employeeWithRole(email: string, fullName: string, role: string): Promise<void> {
  await createUser(email, PASSWORD, fullName);
  const { user } = await apiSession(email, PASSWORD);
  const [centro] = await serviceRest<{ id: string }[]>(`store_units?select=id&name=eq.${encodeURIComponent('Unidade Centro')}`);
  await serviceRest('user_roles', { method: 'POST', body: { user_id: user.id, role_id: role } });
  await serviceRest('user_units', { method: 'POST', body: { user_id: user.id, unit_id: centro!.id } });
  await serviceRest(`profiles?id=eq.${user.id}`, { method: 'PATCH', body: { full_name: fullName, unit_id: centro!.id } });
}

/** Signs in from a browser context of its own (another device); generous waits: the signed-in frame is a chunk of its own. */
async function signInElsewhere(browser: Browser, email: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(mainMenu(page)).toBeVisible({ timeout: 30_000 });
  return { page, close: () => context.close() };
}

test('an HR manager (MANAGE_USERS only) sees the administrator on /usuarios without the actions that would change it', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const [hrRole] = await serviceRest<{ id: string }[]>('custom_roles', { method: 'POST', body: { name: `RH E2E ${stamp}` } });
  await serviceRest('role_permissions', { method: 'POST', body: { role_id: hrRole!.id, permission: 'MANAGE_USERS' } });
  const hrEmail = `rh-${stamp}@farmacia.test`;
  await employeeWithRole(hrEmail, `Helena RH ${stamp}`, hrRole!.id);
  const clerkEmail = `farma-${stamp}@farmacia.test`;
  await employeeWithRole(clerkEmail, `Fábio Farma ${stamp}`, await roleId('FARMACEUTICO'));
  const [clerk] = await serviceRest<{ id: string }[]>(`profiles?select=id&full_name=eq.${encodeURIComponent(`Fábio Farma ${stamp}`)}`);
  // A valid CPF of this run (the column is unique): 9 digits of the stamp and their check digits.
  const base = String(stamp).slice(-9).split('').map(Number);
  for (const length of [9, 10]) base.push(((base.reduce((total, digit, i) => total + digit * (length + 1 - i), 0) * 10) % 11) % 10);
  const clerkCpf = base.join('');
  await serviceRest('employee_records', { method: 'POST', body: { user_id: clerk!.id, cpf: clerkCpf, job_title: 'Farmacêutico' } });

  const { page: hr, close } = await signInElsewhere(browser, hrEmail);
  await mainMenu(hr).getByRole('link', { name: 'Gerenciar Usuários' }).click();
  await expect(hr.getByRole('heading', { name: 'Gerenciar Usuários', level: 1 })).toBeVisible();
  const table = hr.getByRole('table', { name: 'Usuários' });

  // The administrator: listed, with nothing that would change the account.
  await hr.getByLabel('Buscar').fill('Ana Administradora');
  const adminRow = table.getByRole('row', { name: /Ana Administradora/ });
  await expect(adminRow).toContainText('Somente administradores alteram esta conta');
  await expect(adminRow.getByRole('button')).toHaveCount(0);
  for (const action of ['Editar', 'Redefinir senha de', 'Desativar', 'Reativar', 'Excluir']) {
    await expect(hr.getByRole('button', { name: `${action} Ana Administradora` })).toHaveCount(0);
  }
  await hr.screenshot({ path: test.info().outputPath('users-hr-admin-row.png'), fullPage: true });

  // Their own account is another manager's business too.
  await hr.getByLabel('Buscar').fill(hrEmail);
  await expect(table.getByRole('row', { name: /Helena RH/ })).toContainText('Sua conta: outro administrador a altera');

  // An employee: every action is there.
  await hr.getByLabel('Buscar').fill(clerkEmail);
  const clerkRow = table.getByRole('row', { name: /Fábio Farma/ });
  for (const action of ['Editar', 'Redefinir senha de', 'Desativar', 'Excluir']) {
    await expect(clerkRow.getByRole('button', { name: `${action} Fábio Farma ${stamp}` })).toBeVisible();
  }
  // The role list offers no admin role.
  await clerkRow.getByRole('button', { name: `Editar Fábio Farma ${stamp}` }).click();
  const dialog = hr.getByRole('dialog', { name: 'Editar usuário' });
  // Issue 26: a user manager without PUNCH_MANAGE sees the employee's CPF masked, and may replace it.
  await expect(dialog.getByLabel('CPF')).toHaveValue(`***.${clerkCpf.slice(3, 6)}.${clerkCpf.slice(6, 9)}-**`);
  await expect(dialog.getByLabel('CPF')).not.toBeEditable();
  await dialog.getByRole('button', { name: 'Substituir CPF' }).click();
  await expect(dialog.getByLabel('CPF')).toBeEditable();
  await expect(dialog.getByLabel('CPF')).toHaveValue('');
  // Labels, and no codes even in tooltips: those are for administrators.
  const held = dialog.getByRole('list', { name: 'Permissões efetivas' });
  await expect(held).toContainText('Gerenciar remessas');
  await expect(held.locator('[title]')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Perfil' }).click();
  await expect(hr.getByRole('option', { name: 'Farmacêutico' })).toBeVisible();
  await expect(hr.getByRole('option', { name: 'Administrador', exact: true })).toHaveCount(0);
  await close();
});

test("a disabled user's open session ends at its next navigation, with the reason", async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `desligado-${stamp}@farmacia.test`;
  const name = `Diego Desligado ${stamp}`;
  await employeeWithRole(email, name, await roleId('FARMACEUTICO'));
  const { page: employee, close: closeEmployee } = await signInElsewhere(browser, email);

  // An administrator disables the account on /usuarios while the employee is signed in elsewhere.
  const { page: admin, close: closeAdmin } = await signInElsewhere(browser, 'admin@farmacia.local');
  await admin.goto('/usuarios');
  await admin.getByLabel('Buscar').fill(email);
  await admin.getByRole('button', { name: `Desativar ${name}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click();
  await expectToast(admin, `Conta de ${name} desativada`);
  await closeAdmin();

  // The employee's token is still valid, but the next navigation ends the session.
  await mainMenu(employee).getByRole('link', { name: 'Meu Ponto' }).click();
  await expect(employee).toHaveURL(/\/login$/, { timeout: 30_000 });
  await expectToast(employee, 'Sua conta está desativada. Procure o administrador do sistema.');
  await employee.screenshot({ path: test.info().outputPath('users-disabled-session.png'), fullPage: true });
  // Nothing of the session is left: a reload stays on /login.
  await employee.reload();
  await expect(employee).toHaveURL(/\/login$/);
  await expect(employee.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await closeEmployee();
});
