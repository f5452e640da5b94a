/**
 * Correio (issue 27, item 4): a message the admin sends to Unidade Centro, with a PDF, reaches the
 * counter clerk's inbox while the clerk is on another page: the sidebar's unread count rises live; opening
 * the thread reads it (the count drops, the admin sees 'Lida por Bruno Balconista'), and the clerk replies in
 * the same thread. On a phone list and thread are one pane at a time. A representative's recipient search
 * offers purchasing staff only, by name.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { authStatePath } from './config.ts';
import { expectToast, mainMenu } from './fixtures.ts';

async function pageAs(browser: Browser, key: string, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ storageState: authStatePath(key), locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport });
  return context.newPage();
}

/** The sidebar's unread mail count (0 when the badge is not shown). */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByTestId('nav-badge-/correio');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

const subject = `Recolhimento do lote L-${Date.now()}`;

test('a message to Unidade Centro reaches the clerk live, is read (count drops, receipt shown) and answered', async ({ browser }) => {
  const clerk = await pageAs(browser, 'balconista');
  // The first reading of the count (seeded unread threads may already be there), then the badge showing it.
  const counted = clerk.waitForResponse((response) => response.url().includes('/rpc/count_unread_mail') && response.ok());
  await clerk.goto('/lancamento');
  await expect(mainMenu(clerk).getByRole('link', { name: 'Correio' })).toBeVisible();
  const before = Number(await (await counted).json());
  await expect.poll(() => unreadBadge(clerk)).toBe(before);

  const admin = await pageAs(browser, 'admin');
  await admin.goto('/correio');
  await expect(admin.getByRole('heading', { level: 1, name: 'Correio' })).toBeVisible();
  await admin.getByRole('button', { name: 'Nova mensagem' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Nova mensagem' });
  // Nothing filled: the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(dialog.getByText('Escolha ao menos um destinatário')).toBeVisible();
  await expect(dialog.getByText('Informe o assunto')).toBeVisible();

  await dialog.getByRole('combobox').fill('Centro');
  await admin.getByRole('option', { name: /^Unidade Centro/ }).click();
  await expect(dialog.getByRole('list', { name: 'Destinatários escolhidos' })).toContainText('Unidade Centro');
  await dialog.getByLabel('Assunto').fill(subject);
  await dialog.getByLabel('Mensagem').fill('Retirem o lote das prateleiras hoje.\nConfirmem por aqui.');
  // A page named like an image is refused by its content; a real PDF is attached.
  await dialog.locator('#compose-mail-files').setInputFiles([
    { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') },
    { name: 'Comunicado Março.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') },
  ]);
  await expect(dialog.getByText(/^foto\.png: O conteúdo do arquivo não é de um PDF/)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Arquivos anexados' })).toContainText('Comunicado Março.pdf');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  // Unidade Centro is Ana, Bruno and Carla: the sender is left out.
  await expectToast(admin, 'Mensagem enviada a 2 destinatários');
  await expect(dialog).toBeHidden();
  // The new thread opens in Enviados.
  await expect(admin).toHaveURL(/pasta=enviados/);
  await expect(admin.getByRole('heading', { level: 2, name: subject })).toBeVisible();

  // The clerk, still on /lancamento, sees the count rise without reloading.
  await expect(clerk.getByTestId('nav-badge-/correio')).toHaveText(String(before + 1), { timeout: 5_000 });
  await expect(clerk.getByTestId('nav-badge-/correio')).toHaveAttribute('aria-label', /^Correio: \d+ conversas? não lidas?$/);
  await mainMenu(clerk).getByRole('link', { name: 'Correio' }).click();
  const row = clerk.getByRole('link', { name: new RegExp(subject) });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row).toContainText('Ana Administradora');
  await expect(row.getByRole('img', { name: 'Com anexos' })).toBeVisible();
  await row.click();
  await expect(clerk.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  const thread = clerk.getByRole('list', { name: 'Mensagens da conversa' });
  await expect(thread.getByText(/^Retirem o lote das prateleiras hoje\.\nConfirmem por aqui\.$/)).toBeVisible();
  await expect(thread.getByText('Para: Unidade Centro')).toBeVisible();
  await expect(clerk.getByRole('button', { name: 'Baixar Comunicado Março.pdf' })).toBeVisible();
  // Opening it read it: the count drops and the row loses its emphasis.
  if (before === 0) await expect(clerk.getByTestId('nav-badge-/correio')).toHaveCount(0);
  else await expect(clerk.getByTestId('nav-badge-/correio')).toHaveText(String(before));
  await expect(row).not.toHaveAttribute('data-unread', 'true');

  // The attachment downloads through a signed link, under its own name.
  const download = clerk.waitForEvent('download');
  await clerk.getByRole('button', { name: 'Baixar Comunicado Março.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('Comunicado Março.pdf');

  // The admin's copy shows who read it.
  await expect(admin.getByText(/^Lida por Bruno Balconista às \d\d:\d\d$/)).toBeVisible();
  await expect(admin.getByText('Não lida por Carla Compras')).toBeVisible();

  // The clerk replies: to the sender, in the same thread.
  await clerk.getByRole('button', { name: 'Responder', exact: true }).click();
  const reply = clerk.getByRole('dialog', { name: 'Responder' });
  await expect(reply.getByRole('list', { name: 'Destinatários escolhidos' })).toHaveText('Pessoa: Ana Administradora');
  await expect(reply.getByLabel('Assunto')).toHaveValue(`Re: ${subject}`);
  await reply.getByLabel('Mensagem').fill('Lote retirado, 12 caixas.');
  await reply.getByRole('button', { name: 'Enviar' }).click();
  await expectToast(clerk, 'Mensagem enviada a 1 destinatário');
  await expect(thread.getByRole('listitem').filter({ has: clerk.getByRole('article') })).toHaveCount(2);

  // The reply reaches the admin's open thread live.
  await expect(admin.getByRole('list', { name: 'Mensagens da conversa' }).getByText('Lote retirado, 12 caixas.')).toBeVisible({ timeout: 5_000 });

  // Archiving moves the thread out of the clerk's inbox, and back.
  await clerk.getByRole('button', { name: 'Arquivar' }).click();
  await expectToast(clerk, 'Conversa arquivada');
  await clerk.getByRole('navigation', { name: 'Pastas' }).getByRole('link', { name: 'Entrada' }).click();
  await expect(clerk.getByRole('link', { name: new RegExp(subject) })).toHaveCount(0);
  await clerk.getByRole('navigation', { name: 'Pastas' }).getByRole('link', { name: 'Arquivo' }).click();
  await clerk.getByRole('link', { name: new RegExp(subject) }).click();
  await clerk.getByRole('button', { name: 'Mover para a entrada' }).click();
  await expectToast(clerk, 'Conversa movida para a entrada');

  // The full-text search finds it by a word of its text.
  await clerk.getByRole('navigation', { name: 'Pastas' }).getByRole('link', { name: 'Entrada' }).click();
  await clerk.getByLabel('Buscar').fill('prateleiras');
  await expect(clerk.getByRole('link', { name: new RegExp(subject) })).toBeVisible();
  await clerk.getByLabel('Buscar').fill('xyzzy-nada');
  await expect(clerk.getByText('Nenhuma mensagem encontrada para esta busca')).toBeVisible();
});

test('on a phone the list and the thread are one pane at a time', async ({ browser }) => {
  const clerk = await pageAs(browser, 'balconista', { width: 390, height: 844 });
  await clerk.goto('/correio');
  // The seed's threads and the one sent above are there.
  const row = clerk.getByRole('list', { name: 'Conversas' }).getByRole('link').first();
  const opened = clerk.getByRole('region', { name: 'Conversa aberta' }).getByRole('heading', { level: 2 });
  await row.click();
  await expect(opened).toBeVisible();
  await expect(row).toBeHidden();
  const width = await clerk.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await clerk.getByRole('link', { name: 'Voltar para a lista' }).click();
  await expect(row).toBeVisible();
  await expect(opened).toBeHidden();
});

test('a representative is offered purchasing staff only, by name', async ({ browser }) => {
  const representative = await pageAs(browser, 'representante');
  await representative.goto('/correio');
  await representative.getByRole('button', { name: 'Nova mensagem' }).click();
  const dialog = representative.getByRole('dialog', { name: 'Nova mensagem' });
  await expect(dialog.getByText('Busque por um comprador.')).toBeVisible();
  const box = dialog.getByRole('combobox');
  await box.click();
  const options = representative.getByRole('listbox', { name: 'Destinatários encontrados' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  const offered = await options.allTextContents();
  expect(offered.some((text) => text.startsWith('Carla Compras'))).toBe(true);
  // People only: no unit, no role, no unit name or e-mail beside the names.
  for (const text of offered) expect(text).toMatch(/^[^@]+Pessoa$/);
  expect(offered.some((text) => /Bruno|Beatriz|Fernando|Amanda/.test(text))).toBe(false);
  await box.fill('Unidade');
  await expect(representative.getByText('Ninguém encontrado')).toBeVisible();
  await box.fill('Bruno');
  await expect(representative.getByText('Ninguém encontrado')).toBeVisible();
});

test("a notification's link /correio?mensagem=<id> opens that message's thread; someone else's says it was not found", async ({ browser }) => {
  // The seed's message from Fernando to the BALCONISTA role and to Amanda by name.
  const analyst = await pageAs(browser, 'analista');
  await analyst.goto('/correio?mensagem=c0e10000-0000-4000-8000-000000000031');
  await expect(analyst).toHaveURL(/[?&]conversa=c0e10000-0000-4000-8000-000000000031/);
  await expect(analyst).not.toHaveURL(/mensagem=/);
  await expect(analyst.getByRole('heading', { level: 2, name: 'Dispensação de antibióticos: retenção da receita' })).toBeVisible();
  await expect(analyst.getByText('Para: Amanda Analista, Balconista')).toBeVisible();

  // The representative is neither its sender nor a recipient.
  const representative = await pageAs(browser, 'representante');
  await representative.goto('/correio?mensagem=c0e10000-0000-4000-8000-000000000031');
  await expect(representative.getByText('Mensagem não encontrada')).toBeVisible();
});
