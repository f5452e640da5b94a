import { expect, test, type Browser, type Page } from '@playwright/test';
import { backendInfo, expectToast, mainMenu, openAs, withExpiry } from './fixtures.ts';

const PASSWORD = 'Farmacia@2026';

/** A valid CPF (11 digits) or CNPJ (14) built from `seed`, distinct per run: the columns are unique. */
function withCheckDigits(base: number[], weights: (length: number) => number[]): string {
  const digits = [...base];
  for (let round = 0; round < 2; round += 1) {
    const w = weights(digits.length);
    const rest = digits.reduce((total, digit, index) => total + digit * w[index]!, 0) % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}
const cpfOf = (seed: number) =>
  withCheckDigits(String(seed).slice(-9).padStart(9, '1').split('').map(Number), (length) => Array.from({ length }, (_, i) => length + 1 - i));
const cnpjOf = (seed: number) =>
  withCheckDigits(`5544${String(seed).slice(-8).padStart(8, '1')}`.split('').map(Number), (length) =>
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].slice(13 - length),
  );
const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/**
 * A fresh administrator session in its own browser context: the admin-users function checks the session
 * with Auth, and other specs end the shared demo sessions (global sign-outs), so this spec signs in itself.
 */
async function adminPage(browser: Browser): Promise<{ admin: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await openAs(admin, 'admin');
  return { admin, close: () => context.close() };
}

/** The employee's stored session, made to expire in a few seconds but with its real refresh token: the next load must refresh it. */
async function expireAccessTokenSoon(page: Page): Promise<void> {
  const raw = await page.evaluate(() => window.localStorage.getItem('sb-127-auth-token'));
  const session = JSON.parse(raw ?? '{}') as { access_token: string };
  const expiresAt = Math.floor(Date.now() / 1000) + 5;
  const stored = { ...session, access_token: withExpiry(session.access_token, expiresAt), expires_at: expiresAt, expires_in: 5 };
  await page.evaluate((value) => window.localStorage.setItem('sb-127-auth-token', value), JSON.stringify(stored));
}

test('the admin creates a role and an employee; the employee sees that menu, loses a hidden item, and is locked out when disabled', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const roleName = `Caixa E2E ${stamp}`;
  const email = `caixa-${stamp}@farmacia.test`;

  const { admin, close: closeAdmin } = await adminPage(browser);
  await admin.goto('/usuarios?aba=perfis');
  await expect(admin.getByRole('heading', { name: 'Gerenciar Usuários', level: 1 })).toBeVisible();

  // A role that registers shortages and products, every permitted menu item visible.
  await admin.getByRole('button', { name: 'Novo perfil' }).click();
  await admin.getByLabel('Nome do perfil').fill(roleName);
  // Permissions read as labels; the code is only in the administrator's tooltip.
  await admin.getByRole('checkbox', { name: 'Lançar faltas' }).click();
  await admin.getByRole('checkbox', { name: 'Gerenciar produtos' }).click();
  const preview = admin.getByRole('region', { name: 'O que este perfil verá' });
  await expect(preview.getByRole('list', { name: 'Menu lateral' })).toContainText('Cadastrar Produto');
  const held = preview.getByRole('list', { name: 'Permissões efetivas' });
  await expect(held.getByRole('listitem')).toHaveText(['Gerenciar produtos', 'Lançar faltas']);
  await expect(held.getByText('Gerenciar produtos')).toHaveAttribute('title', 'Código: MANAGE_PRODUCTS');
  await expect(admin.getByText('MANAGE_PRODUCTS', { exact: true })).toHaveCount(0);
  await expect(admin.getByRole('navigation', { name: 'Perfis' }).getByRole('button', { name: /Balconista II/ })).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Perfis' })).not.toContainText('BALCONISTA_II');
  await admin.getByRole('button', { name: 'Criar perfil' }).click();
  await expectToast(admin, `Perfil ${roleName} criado`);
  await expect(admin.getByRole('navigation', { name: 'Perfis' }).getByRole('button', { name: new RegExp(roleName) })).toBeVisible();

  // The employee: Centro, that role, an initial password.
  await admin.getByRole('tab', { name: 'Usuários' }).click();
  await admin.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Novo usuário' });
  await dialog.getByLabel('Nome').fill('Carla Caixa');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Senha inicial (opcional)').fill('fraca');
  await dialog.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(dialog.getByText('A senha deve ter pelo menos 8 caracteres, com letras maiúsculas, minúsculas e números.')).toBeVisible();
  await dialog.getByLabel('Senha inicial (opcional)').fill(PASSWORD);
  // The employee record (issue 26): the CPF's check digits are checked as typed, the punctuation comes by itself.
  const cpf = cpfOf(stamp);
  await dialog.getByLabel('CPF').fill(`${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`);
  await dialog.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(dialog.getByText('CPF inválido: confira os dígitos')).toBeVisible();
  await dialog.getByLabel('CPF').fill(cpf);
  await expect(dialog.getByLabel('CPF')).toHaveValue(formatCpf(cpf));
  await dialog.getByLabel('Data de admissão').fill('2025-02-03');
  await dialog.getByLabel('Cargo').fill('Operadora de caixa');
  await dialog.getByRole('combobox', { name: 'Perfil' }).click();
  await admin.getByRole('option', { name: roleName }).click();
  await dialog.getByText('Unidade Centro', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Unidade atual' }).click();
  await admin.getByRole('option', { name: 'Unidade Centro' }).click();
  await expect(dialog.getByRole('region', { name: 'Prévia do acesso' })).toContainText('Lançar Falta');
  await expect(dialog.getByRole('region', { name: 'Prévia do acesso' }).getByRole('list', { name: 'Permissões efetivas' })).toContainText('Gerenciar produtos');
  await admin.screenshot({ path: test.info().outputPath('users-new-employee.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Criar usuário' }).click();
  await expectToast(admin, 'Usuário Carla Caixa criado');
  await expect(dialog).toBeHidden();
  await admin.getByLabel('Buscar').fill(email);
  const row = admin.getByRole('table', { name: 'Usuários' }).getByRole('row', { name: /Carla Caixa/ });
  await expect(row).toContainText(roleName);
  await expect(row).toContainText('Unidade Centro');
  await expect(row).toContainText('Ativo');
  // Saved after the account: the administrator reads the CPF whole.
  await row.getByRole('button', { name: 'Editar Carla Caixa' }).click();
  const editing = admin.getByRole('dialog', { name: 'Editar usuário' });
  await expect(editing.getByLabel('CPF')).toHaveValue(formatCpf(cpf));
  await expect(editing.getByLabel('Data de admissão')).toHaveValue('2025-02-03');
  await expect(editing.getByLabel('Cargo')).toHaveValue('Operadora de caixa');
  await editing.getByRole('button', { name: 'Voltar' }).click();

  // The employee signs in elsewhere and sees exactly what the role allows.
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await employee.goto('/login');
  await employee.getByLabel('Email').fill(email);
  await employee.getByLabel('Senha').fill(PASSWORD);
  await employee.getByRole('button', { name: 'Entrar' }).click();
  await expect(employee.getByText('Unidade: Unidade Centro').first()).toBeVisible();
  await expect(mainMenu(employee).getByRole('link')).toHaveText(['Início', 'Documentos', 'Correio', 'Fluxo de Processos', 'Lançar Falta', 'Cadastrar Produto', 'Histórico de Importações', 'Registrar Ponto', 'Meu Ponto']);

  // The admin hides Cadastrar Produto from the role's menu: after a reload the employee no longer sees it.
  await admin.goto('/usuarios?aba=perfis');
  await admin.getByRole('navigation', { name: 'Perfis' }).getByRole('button', { name: new RegExp(roleName) }).click();
  const menuItems = admin.getByRole('group', { name: 'Itens de menu visíveis (nenhum marcado: todos os permitidos)', exact: true });
  for (const label of ['Início', 'Lançar Falta', 'Histórico de Importações', 'Registrar Ponto', 'Meu Ponto']) {
    await menuItems.getByRole('checkbox', { name: label, exact: true }).click();
  }
  await expect(preview.getByRole('list', { name: 'Menu lateral' })).not.toContainText('Cadastrar Produto');
  await admin.getByRole('button', { name: 'Salvar perfil' }).click();
  await expectToast(admin, `Perfil ${roleName} atualizado`);
  await employee.reload();
  await expect(mainMenu(employee).getByRole('link', { name: 'Lançar Falta' })).toBeVisible();
  await expect(mainMenu(employee).getByRole('link', { name: 'Cadastrar Produto' })).toHaveCount(0);

  // Disabling: confirmation, then the employee's next token refresh ends the session.
  await admin.goto('/usuarios');
  await admin.getByLabel('Buscar').fill(email);
  await admin.getByRole('button', { name: 'Desativar Carla Caixa' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click();
  await expectToast(admin, 'Conta de Carla Caixa desativada');
  await expect(admin.getByRole('table', { name: 'Usuários' }).getByRole('row', { name: /Carla Caixa/ })).toContainText('Desativado');
  await admin.screenshot({ path: test.info().outputPath('users-list.png'), fullPage: true });

  await expireAccessTokenSoon(employee);
  await employee.reload();
  await expect(employee).toHaveURL(/\/login$/, { timeout: 20_000 });
  await employee.getByLabel('Email').fill(email);
  await employee.getByLabel('Senha').fill(PASSWORD);
  await employee.getByRole('button', { name: 'Entrar' }).click();
  await expectToast(employee, 'Sua conta está desativada. Procure o administrador do sistema.');
  await expect(employee).toHaveURL(/\/login$/);

  // The audit trail shows who did it.
  await admin.goto('/usuarios?aba=auditoria');
  await expect(admin.getByRole('table', { name: 'Registro de auditoria' })).toContainText('Conta desativada');
  await expect(admin.getByRole('table', { name: 'Registro de auditoria' })).toContainText('Ana Administradora');

  await employeeContext.close();
  await closeAdmin();
});

test('a self sign-up lands home with no unit and access pending; the admin sees it flagged as new, with the unit it asked for', async ({ page, browser }) => {
  const email = `novo-${Date.now()}@farmacia.test`;
  await page.goto('/register');
  await page.getByLabel('Nome completo').fill('Nina Nova');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('combobox', { name: 'Unidade' }).click();
  await page.getByRole('option', { name: 'Unidade Norte' }).click();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Nenhuma unidade selecionada' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Acesso pendente.' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('users-pending-home.png'), fullPage: true });

  const { admin, close } = await adminPage(browser);
  await admin.goto('/usuarios');
  await admin.getByRole('combobox', { name: 'Situação' }).click();
  await admin.getByRole('option', { name: 'Aguardando acesso' }).click();
  await admin.getByLabel('Buscar').fill(email);
  const row = admin.getByRole('table', { name: 'Usuários' }).getByRole('row', { name: /Nina Nova/ });
  await expect(row).toContainText('Novo · aguardando acesso');
  await expect(row).toContainText('Pediu: Unidade Norte');
  await close();
});

test('an employee invited without a password follows the mail to /change-password and chooses a first password there', async ({ page, browser }) => {
  const email = `convite-${Date.now()}@farmacia.test`;
  const { admin, close } = await adminPage(browser);
  await admin.goto('/usuarios');
  await admin.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Novo usuário' });
  await dialog.getByLabel('Nome').fill('Igor Convidado');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('combobox', { name: 'Perfil' }).click();
  await admin.getByRole('option', { name: 'Farmacêutico' }).click();
  await dialog.getByRole('button', { name: 'Criar usuário' }).click();
  await expectToast(admin, 'Usuário Igor Convidado criado');
  await expectToast(admin, `Convite enviado por email para ${email}`);
  await close();

  let link = '';
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${backendInfo().API_URL}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as { links?: string[] }[];
      link = messages[0]?.links?.find((href) => href.includes('/auth/v1/verify')) ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page).toHaveURL(/\/change-password/);
  await expect(page.getByRole('heading', { name: 'Defina sua senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar nova senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('heading', { name: 'Olá, Igor Convidado!' })).toBeVisible();
});

test("a unit's razão social and CNPJ: wrong check digits are refused as typed, a CNPJ of another unit by the database, in Portuguese", async ({ browser }) => {
  const stamp = Date.now();
  const name = `Unidade E2E ${stamp}`;
  const cnpj = cnpjOf(stamp);
  const { admin, close } = await adminPage(browser);
  await admin.goto('/usuarios?aba=unidades');
  await admin.getByRole('button', { name: 'Nova unidade' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Nova unidade' });
  await dialog.getByLabel('Nome da unidade').fill(name);
  await dialog.getByLabel('Razão social').fill('Rede de Farmácias Exemplo Ltda');
  await dialog.getByLabel('CNPJ').fill(`${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('CNPJ inválido: confira os dígitos')).toBeVisible();
  // Centro's CNPJ (seeded): valid digits, but the database keeps one unit per CNPJ.
  await dialog.getByLabel('CNPJ').fill('11222333000181');
  await expect(dialog.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-81');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(admin, 'Este CNPJ já está cadastrado para outra unidade');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('CNPJ').fill(cnpj);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(admin, `Unidade ${name} criada`);
  const row = admin.getByRole('table', { name: 'Unidades' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Rede de Farmácias Exemplo Ltda');
  await expect(row).toContainText(`${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`);
  await close();
});
