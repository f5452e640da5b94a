import { expect, test } from '@playwright/test';
import { expectToast, openAs } from './fixtures.ts';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
const brazilian = (day: string) => day.split('-').reverse().join('/');

test('the administrator assigns a 12x36 to a clerk, reads the warnings before saving anyway, then deletes the future assignment', async ({ page }) => {
  await openAs(page, 'admin');
  await page.goto('/gestao-horarios');
  await expect(page.getByRole('heading', { name: 'Gestão de Horários', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/gestao-horarios$/);
  await expect(page.getByRole('tab', { name: 'Escalas', selected: true })).toBeVisible();

  await page.getByLabel('Buscar funcionário').fill('Bruno');
  await expect(page).toHaveURL(/busca=Bruno/);
  const row = page.getByRole('table', { name: 'Escalas dos funcionários' }).getByRole('row', { name: /Bruno Balconista/ });
  await expect(row).toContainText('Comercial 44h');
  await row.getByRole('button', { name: 'Atribuir escala a Bruno Balconista' }).click();

  const dialog = page.getByRole('dialog', { name: 'Atribuir escala' });
  await dialog.locator('#assign-template').click();
  await page.getByRole('option', { name: '12x36 diurno' }).click();
  await expect(dialog).toContainText('38h30 por semana, em média');
  // Far enough ahead to stay a future assignment, on a Monday.
  const from = '2027-03-01';
  await dialog.getByLabel('A partir de').fill(from);
  await dialog.getByRole('button', { name: 'Atribuir' }).click();

  // 12 h shifts with 1 h of break: 11 h of work, more than 2 h over the 8-hour day; Unidade Centro has no pharmacist.
  await expect(dialog.getByText('Esta escala descumpre regras da jornada')).toBeVisible();
  const warnings = dialog.getByRole('list', { name: 'Avisos da escala' });
  await expect(warnings).toContainText('Horas extras planejadas (CLT art. 59)');
  await expect(warnings).toContainText(`Jornada de 11h00 em ${brazilian(from)}: mais de 2 horas além das 8 horas contratuais`);
  await expect(warnings).toContainText('Unidade Centro sem farmacêutico escalado');
  await dialog.getByRole('button', { name: 'Salvar mesmo assim' }).click();
  await expectToast(page, `Escala "12x36 diurno" atribuída a Bruno Balconista a partir de ${brazilian(from)}`);
  await expect(row).toContainText(`12x36 diurno a partir de ${brazilian(from)}`);

  await row.getByRole('button', { name: 'Histórico de escalas de Bruno Balconista' }).click();
  const history = page.getByRole('dialog', { name: 'Histórico de escalas' });
  await expect(history.getByRole('row', { name: /Comercial 44h/ })).toContainText('28/02/2027');
  await history.getByRole('button', { name: `Excluir a escala de ${brazilian(from)}` }).click();
  await expectToast(page, `Escala "12x36 diurno" de ${brazilian(from)} excluída; a anterior voltou a valer`);
  await expect(history.getByRole('row', { name: /Comercial 44h/ })).toContainText('Em aberto');
  await history.getByRole('button', { name: 'Voltar' }).click();

  // The other tabs live in the URL too.
  await page.getByRole('tab', { name: 'Feriados' }).click();
  await expect(page).toHaveURL(/aba=feriados/);
  await expect(page.getByRole('table', { name: /Feriados de \d{4}/ })).toContainText('Sexta-feira Santa');
  await page.getByRole('tab', { name: 'Modelos' }).click();
  await expect(page.getByRole('table', { name: 'Modelos de escala' }).getByRole('row', { name: /Comercial 44h/ })).toContainText('44h00');
});

test('at a phone’s 390 px no tab of /gestao-horarios scrolls sideways; tables scroll in their own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'admin');
  for (const tab of ['escalas', 'modelos', 'feriados', 'funcionamento']) {
    await page.goto(`/gestao-horarios?aba=${tab}`);
    await expect(page.getByRole('heading', { name: 'Gestão de Horários', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({ path: test.info().outputPath(`${tab}.png`), fullPage: true });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, tab).toBeLessThanOrEqual(innerWidth);
  }
  await page.goto('/gestao-horarios?aba=modelos');
  await page.getByRole('button', { name: 'Novo modelo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo modelo de escala' });
  await expect(dialog.getByText('Horas por semana, em média: 40h00')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('novo-modelo.png') });
  const box = await dialog.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
});
