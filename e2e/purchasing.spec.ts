import { expect, test, type Browser, type Page } from '@playwright/test';
import { authStatePath } from './config.ts';
import { expectToast } from './fixtures.ts';

async function pageAs(browser: Browser, key: string): Promise<Page> {
  const context = await browser.newContext({ storageState: authStatePath(key), locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

/** The BALCONISTA registers a shortage on /lancamento: the barcode typed like a USB scanner (digits + Enter), then the quantity. */
async function registerShortage(page: Page, product: { name: string; barcode: string }, quantity: string) {
  const barcode = page.getByLabel('Código de barras');
  await barcode.pressSequentially(product.barcode, { delay: 5 });
  await barcode.press('Enter');
  await expect(page.getByTestId('selected-product')).toHaveText(product.name);
  const requested = page.getByLabel('Quantidade solicitada');
  await expect(requested).toBeFocused();
  await requested.fill(quantity);
  await page.getByRole('button', { name: 'Registrar falta' }).click();
  await expectToast(page, 'Falta registrada');
  // The form is cleared for the next scan.
  await expect(page.getByTestId('selected-product')).toHaveCount(0);
  await expect(barcode).toBeFocused();
}

/** A representative opens the batch, types prices (and optionally a substitute / bonus), and sends the quote. */
async function answerQuote(
  page: Page,
  batchName: string,
  prices: { product: string; price: string; substitute?: string; bonus?: { product: string; quantity: string } }[],
  paymentTerm?: string,
) {
  await page.goto('/cotacoes');
  await page.getByRole('button', { name: `Cotar ${batchName}` }).click();
  await expectToast(page, 'Cotação criada');
  await expect(page.getByRole('heading', { name: `Cotação · ${batchName}` })).toBeVisible();
  for (const line of prices) {
    const price = page.getByLabel(`Preço unitário de ${line.product}`);
    await price.fill(line.price);
    await price.press('Enter');
    if (line.substitute) {
      await page.getByRole('checkbox', { name: `Oferecer substituto para ${line.product}` }).click();
      await page.getByLabel(`Produto substituto de ${line.product}`).fill(line.substitute);
      await page.getByLabel(`Fabricante do substituto de ${line.product}`).fill('EMS');
    }
    if (line.bonus) {
      await page.getByRole('checkbox', { name: `Oferecer bonificação para ${line.product}` }).click();
      await page.getByLabel(`Produto da bonificação de ${line.product}`).fill(line.bonus.product);
      await page.getByLabel(`Quantidade da bonificação de ${line.product}`).fill(line.bonus.quantity);
    }
  }
  if (paymentTerm !== undefined) {
    // The quote's payment term (issue 28): checked as typed (0–360 days), autosaved like the prices.
    const term = page.getByLabel('Prazo de pagamento (dias)');
    await term.fill('400');
    await expect(page.getByText('O prazo de pagamento deve estar entre 0 e 360 dias')).toBeVisible();
    await term.fill(paymentTerm);
    await expect(page.getByText('O prazo de pagamento deve estar entre 0 e 360 dias')).toHaveCount(0);
  }
  // Inline validation: a bad price is flagged and not saved, then corrected.
  const first = prices[0];
  if (first) {
    await page.getByLabel(`Preço unitário de ${first.product}`).fill('12,5x');
    await expect(page.getByText('Preço inválido. Use, por exemplo, 12,50.')).toBeVisible();
    await page.getByLabel(`Preço unitário de ${first.product}`).fill(first.price);
  }
  await expect(page.getByText('Todas as alterações foram salvas')).toBeVisible();
  await page.screenshot({ path: `test-results/purchasing-quote-${prices.length}-${Date.now()}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Enviar cotação' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Enviar' }).click();
  await expectToast(page, 'Cotação enviada ao comprador');
  await expect(page.getByText('Enviada', { exact: true }).first()).toBeVisible();
}

test('the whole purchasing cycle: shortages registered at the counter, batch, two quotes, comparison, winners, orders, won items', async ({ browser }) => {
  test.setTimeout(180_000);
  // Two seeded catalogue products no other browser spec touches (supabase/seeds/10_catalog.sql), so their only
  // open shortages are the ones registered here.
  const productA = { name: 'Meloxicam 15mg 10 comprimidos', barcode: '7898148110360' };
  const productB = { name: 'Piroxicam 20mg 10 cápsulas', barcode: '7896026110730' };
  const batchName = `Lote E2E ${Date.now()}`;

  // The BALCONISTA of Unidade Centro registers the two shortages.
  const clerk = await pageAs(browser, 'balconista');
  await clerk.goto('/lancamento');
  await expect(clerk.getByRole('heading', { name: 'Lançar Falta' })).toBeVisible();
  await expect(clerk.getByRole('form', { name: 'Registrar falta' })).toContainText('Unidade: Unidade Centro');
  await registerShortage(clerk, productA, '25');
  await registerShortage(clerk, productB, '12');
  const shortages = clerk.getByRole('table', { name: 'Faltas' });
  await expect(shortages.getByRole('row', { name: new RegExp(productA.name) })).toContainText('Pendente');
  await expect(shortages.getByRole('row', { name: new RegExp(productB.name) })).toContainText('Pendente');

  // Buyer builds the batch from exactly those shortages (Unidade Centro, found by barcode) and sends it.
  const buyer = await pageAs(browser, 'compras');
  await buyer.goto('/compras');
  await expect(buyer.getByRole('heading', { name: 'Compras', level: 1 })).toBeVisible();
  await buyer.getByRole('button', { name: 'Novo lote' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Novo lote de cotação' });
  await dialog.getByLabel('Nome do lote (opcional)').fill(batchName);
  await dialog.getByRole('combobox', { name: 'Unidade', exact: true }).click();
  await buyer.getByRole('option', { name: 'Unidade Centro', exact: true }).click();
  const search = dialog.getByLabel('Buscar produto');
  const pendingList = dialog.getByRole('group', { name: 'Faltas pendentes' });
  for (const [product, quantity] of [[productA, '25 un.'], [productB, '12 un.']] as const) {
    await search.fill(product.barcode);
    await expect(dialog.getByText('Selecionar todos (1)')).toBeVisible();
    const pick = pendingList.getByRole('checkbox', { name: new RegExp(product.name) });
    await expect(pendingList).toContainText(quantity);
    await pick.click();
    await expect(pick).toBeChecked();
  }
  // The selection is kept across searches: both shortages stay chosen, and the first one is still checked.
  await search.fill('');
  await expect(dialog.getByText('2 selecionados')).toBeVisible();
  await search.fill(productA.name);
  await expect(pendingList.getByRole('checkbox', { name: new RegExp(productA.name) })).toBeChecked();
  await buyer.screenshot({ path: 'test-results/purchasing-new-batch.png' });
  await dialog.getByRole('button', { name: 'Criar lote' }).click();
  await expectToast(buyer, 'Lote criado');
  await expect(buyer.getByRole('heading', { name: batchName, level: 1 })).toBeVisible();
  await expect(buyer.getByText('Aberto', { exact: true })).toBeVisible();
  const batchUrl = buyer.url();
  const batchId = new URL(batchUrl).searchParams.get('lote');
  expect(batchId).toBeTruthy();
  await expect(buyer.getByRole('cell', { name: productA.name, exact: true })).toBeVisible();
  await buyer.getByRole('button', { name: 'Renomear lote' }).click();
  const renamed = `${batchName} Centro`;
  await buyer.getByRole('dialog', { name: 'Renomear lote' }).getByLabel('Nome do lote').fill(renamed);
  await buyer.getByRole('button', { name: 'Salvar' }).click();
  await expect(buyer.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  // A representative already has the quotes screen open: the batch is not offered before it is sent.
  const alfa = await pageAs(browser, 'representante');
  await alfa.goto('/cotacoes');
  await expect(alfa.getByRole('heading', { name: 'Cotações', level: 1 })).toBeVisible();
  await expect(alfa.getByRole('button', { name: `Cotar ${renamed}` })).toHaveCount(0);
  await buyer.getByRole('button', { name: 'Enviar para cotação' }).click();
  await expectToast(buyer, 'Lote enviado para cotação');
  await expect(buyer.getByText('Em cotação', { exact: true })).toBeVisible();
  // Live, without a reload: the representative is offered the batch, the counter sees its shortages move.
  await expect(alfa.getByRole('button', { name: `Cotar ${renamed}` })).toBeVisible();
  await expect(shortages.getByRole('row', { name: new RegExp(productA.name) })).toContainText('Em cotação');

  // Both representatives answer; Beta offers a substitute and a bonus.
  await answerQuote(
    alfa,
    renamed,
    [
      { product: productA.name, price: '10,50' },
      { product: productB.name, price: '20,00' },
    ],
    '30',
  );
  const beta = await pageAs(browser, 'representante2');
  await answerQuote(beta, renamed, [
    { product: productA.name, price: '9,90', substitute: 'Meloxicam Genérico 15mg' },
    { product: productB.name, price: '25', bonus: { product: 'Vitamina C', quantity: '10' } },
  ]);

  // Buyer compares: best price per item pre-selected, totals per supplier, then confirms.
  await buyer.goto(`/compras?lote=${batchId}&aba=comparativo`);
  const grid = buyer.getByRole('table', { name: 'Comparativo de cotações' });
  await expect(grid).toBeVisible();
  const betaA = grid.getByRole('button', { name: `Distribuidora Beta: R$ 9,90 para ${productA.name}, menor preço` });
  const alfaB = grid.getByRole('button', { name: `Distribuidora Alfa: R$ 20,00 para ${productB.name}, menor preço` });
  await expect(betaA).toHaveAttribute('aria-pressed', 'true');
  await expect(alfaB).toHaveAttribute('aria-pressed', 'true');
  // Substitute and bonus are readable in the cells, without hovering.
  await expect(betaA).toContainText('Substituto: Meloxicam Genérico 15mg · EMS');
  const betaB = grid.getByRole('button', { name: `Distribuidora Beta: R$ 25,00 para ${productB.name}` });
  await expect(betaB).toContainText('Bonificação: 10 un. de Vitamina C');
  // The effective cost under each price (issue 28): Alfa's 30 days at 2 % a month bring R$ 20,00 to R$ 19,61; Beta's
  // 10 bonus units on 12 needed bring R$ 25,00 to R$ 13,64, the cheapest purchase though not the lowest price.
  await expect(alfaB).toContainText('Custo efetivo: R$ 19,61');
  await expect(alfaB).toContainText('R$ 20,00 × 12 un., a 30 dias com 2 % a.m. → R$ 19,61 por unidade necessária');
  await expect(betaB).toContainText('Custo efetivo: R$ 13,64 · menor custo efetivo');
  await expect(buyer.getByRole('note')).toContainText('Em 1 item, a ordem pelo custo efetivo difere da ordem pelo preço');
  await expect(grid.getByRole('columnheader', { name: /Distribuidora Alfa/ })).toContainText('A 30 dias');
  // The buyer's cost of money: 0 % takes the term's discount away; outside 0–20 % is refused and the last valid rate stays.
  const rate = buyer.getByLabel('Custo do dinheiro (% ao mês)');
  await expect(rate).toHaveValue('2');
  await rate.fill('0');
  await expect(alfaB).toContainText('Custo efetivo: R$ 20,00');
  await rate.fill('25');
  await expect(buyer.getByText('O custo do dinheiro deve estar entre 0 % e 20 % ao mês')).toBeVisible();
  await expect(alfaB).toContainText('Custo efetivo: R$ 20,00');
  await rate.fill('2');
  await expect(alfaB).toContainText('Custo efetivo: R$ 19,61');
  await expect(buyer.getByTestId('total-Distribuidora Beta')).toContainText('R$ 247,50');
  await expect(buyer.getByTestId('total-Distribuidora Alfa')).toContainText('R$ 240,00');
  // Override one item and back: totals follow the selection.
  await grid.getByRole('button', { name: `Distribuidora Alfa: R$ 10,50 para ${productA.name}` }).click();
  await expect(buyer.getByTestId('total-Distribuidora Alfa')).toContainText('R$ 502,50');
  await betaA.click();
  await expect(buyer.getByTestId('total-Distribuidora Alfa')).toContainText('R$ 240,00');
  await buyer.screenshot({ path: 'test-results/purchasing-comparison.png', fullPage: true });
  await buyer.getByRole('button', { name: 'Confirmar vencedores' }).click();
  await buyer.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  await expectToast(buyer, 'Vencedores confirmados');
  await expect(buyer.getByText('Cotação finalizada', { exact: true })).toBeVisible();

  // Orders: one per winning supplier, with the delivery date; the printable purchase order.
  await expect(buyer.getByRole('tab', { name: 'Pedidos', selected: true })).toBeVisible();
  await buyer.getByLabel('Data de entrega').fill('2030-01-15');
  await buyer.getByRole('button', { name: 'Gerar pedidos' }).click();
  await expectToast(buyer, 'Pedidos gerados');
  await expect(buyer.getByRole('row', { name: /Distribuidora Alfa/ })).toContainText('R$ 240,00');
  await expect(buyer.getByRole('row', { name: /Distribuidora Beta/ })).toContainText('R$ 247,50');
  await expect(buyer.getByRole('row', { name: /Distribuidora Beta/ })).toContainText('15/01/2030');
  await expect(buyer.getByText('Pedido enviado', { exact: true })).toBeVisible();
  await buyer.getByRole('button', { name: 'Ver pedido de Distribuidora Alfa' }).click();
  const po = buyer.getByRole('article', { name: 'Pedido de compra Distribuidora Alfa' });
  await expect(po).toContainText(productB.name);
  await expect(po).toContainText('R$ 240,00');
  await buyer.screenshot({ path: 'test-results/purchasing-order.png' });
  // Printing shows only the purchase order.
  await buyer.emulateMedia({ media: 'print' });
  await expect(buyer.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
  await expect(buyer.getByRole('dialog')).toBeHidden();
  // The printed copy sits outside the dialog (which marks it aria-hidden), so it is found by its class.
  await expect(buyer.locator('.po-print-root')).toBeVisible();
  await expect(buyer.locator('.po-print-root')).toContainText('R$ 240,00');
  await buyer.screenshot({ path: 'test-results/purchasing-order-print.png' });
  await buyer.emulateMedia({ media: 'screen' });
  await buyer.keyboard.press('Escape');
  // 'Recebido' opens the count of what arrived (the quantity ordered by default); the batch is the buyer's unit's.
  await buyer.getByRole('button', { name: 'Marcar pedido de Distribuidora Alfa como recebido' }).click();
  const receipt = buyer.getByRole('dialog', { name: 'Registrar recebimento' });
  await expect(receipt.getByLabel(/Quantidade recebida/)).toHaveValue('12');
  await receipt.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(receipt).toBeHidden();
  await expect(buyer.getByRole('row', { name: /Distribuidora Alfa/ })).toContainText('Recebido');

  // The winning representative sees what it won; the other one does not see Alfa's item.
  await alfa.goto('/itens-vitoriosos');
  await expect(alfa.getByRole('row', { name: new RegExp(productB.name) })).toContainText('R$ 240,00');
  await expect(alfa.getByRole('row', { name: new RegExp(productA.name) })).toHaveCount(0);
  await alfa.screenshot({ path: 'test-results/purchasing-winning-items.png', fullPage: true });
  await beta.goto('/itens-vitoriosos');
  await expect(beta.getByRole('row', { name: new RegExp(productA.name) })).toContainText('R$ 247,50');
  await expect(beta.getByRole('row', { name: new RegExp(productB.name) })).toHaveCount(0);
  await beta.goto('/dashboard');
  await expect(beta.getByText('Taxa de vitória')).toBeVisible();
  await beta.screenshot({ path: 'test-results/purchasing-dashboard.png', fullPage: true });

  // At the counter, still without a reload, the BALCONISTA sees where the two shortages ended up.
  await expect(shortages.getByRole('row', { name: new RegExp(productA.name) })).toContainText('Pedido enviado');
  await expect(shortages.getByRole('row', { name: new RegExp(productB.name) })).toContainText('Entregue');
});

test('an item in an active quote cannot leave its batch; the admin sees every supplier, win rates and all quotes', async ({ browser }) => {
  // Three signed-in contexts (buyer, admin, representative) and five screens: about half the default minute on CI.
  test.slow();
  // Seeded 'Lote Reposição Norte' is in quotation with Alfa's quote in progress and Beta's sent.
  const buyer = await pageAs(browser, 'compras');
  await buyer.goto('/compras');
  await buyer.getByRole('button', { name: 'Lote Reposição Norte' }).click();
  await expect(buyer.getByRole('heading', { name: 'Lote Reposição Norte', level: 1 })).toBeVisible();
  await buyer.getByRole('button', { name: /^Remover / }).first().click();
  await expectToast(buyer, 'Item não pode ser removido');
  await expect(buyer.getByText('Este item está em uma cotação ativa e não pode ser removido do lote.', { exact: true }).first()).toBeVisible();

  // Alfa's quote is a draft, cheaper than Beta's sent one: it is shown 'Em andamento', never offered as the best price.
  await buyer.getByRole('tab', { name: 'Comparativo' }).click();
  const grid = buyer.getByRole('table', { name: 'Comparativo de cotações' });
  const loratadina = grid.getByRole('row', { name: /Loratadina 10mg 12 comprimidos/ });
  await expect(loratadina).toContainText('Em andamento');
  await expect(loratadina).not.toContainText('R$ 10,95');
  await expect(grid.getByRole('button', { name: /^Distribuidora Alfa:/ })).toHaveCount(0);
  const betaBest = grid.getByRole('button', { name: 'Distribuidora Beta: R$ 11,90 para Loratadina 10mg 12 comprimidos, menor preço' });
  await expect(betaBest).toHaveAttribute('aria-pressed', 'true');
  await expect(betaBest).toContainText(/Bonificação: 2 un\. de Mesmo produto \(bonificação\) · Fabricante original · validade \d{2}\/\d{2}\/\d{4}/);
  await buyer.screenshot({ path: 'test-results/purchasing-comparison-draft.png', fullPage: true });

  const admin = await pageAs(browser, 'admin');
  await admin.goto('/itens-vitoriosos');
  const rates = admin.getByRole('table', { name: 'Taxa de vitória por fornecedor' });
  await expect(admin.getByRole('heading', { name: 'Taxa de vitória por fornecedor' })).toBeVisible();
  await expect(rates.getByRole('row', { name: /Distribuidora Alfa/ })).toBeVisible();
  await expect(rates.getByRole('row', { name: /Distribuidora Beta/ })).toBeVisible();
  await expect(rates.getByRole('columnheader', { name: 'Taxa por item' })).toBeVisible();
  await admin.screenshot({ path: 'test-results/purchasing-admin-winning-items.png', fullPage: true });

  // The admin's dashboard: every supplier by default, or one of them; quotes in progress open in /cotacoes.
  await admin.goto('/dashboard');
  await expect(admin.getByText('Resumo das cotações de todos os fornecedores.')).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Fornecedor' })).toHaveText('Todos os fornecedores');
  const inProgress = admin.getByRole('list', { name: 'Cotações em andamento' });
  await expect(inProgress.getByRole('listitem').filter({ hasText: 'Lote Reposição Norte' })).toContainText('Distribuidora Alfa');
  await admin.getByRole('combobox', { name: 'Fornecedor' }).click();
  await admin.getByRole('option', { name: 'Distribuidora Beta' }).click();
  await expect(admin.getByText('Resumo das cotações de Distribuidora Beta.')).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Cotações em andamento' }).getByText('Lote Reposição Norte')).toHaveCount(0);
  await admin.getByRole('combobox', { name: 'Fornecedor' }).click();
  await admin.getByRole('option', { name: 'Distribuidora Alfa' }).click();
  await expect(admin.getByText('Resumo das cotações de Distribuidora Alfa.')).toBeVisible();
  await admin.screenshot({ path: 'test-results/purchasing-admin-dashboard.png', fullPage: true });
  await admin.getByRole('list', { name: 'Cotações em andamento' }).getByRole('link', { name: 'Lote Reposição Norte' }).click();
  await expect(admin.getByRole('heading', { name: 'Cotação · Lote Reposição Norte' })).toBeVisible();

  await admin.goto('/cotacoes');
  await expect(admin.getByRole('heading', { name: 'Todas as cotações' })).toBeVisible();
  await expect(admin.getByRole('row', { name: /Lote Reposição Norte.*Distribuidora Beta/ })).toBeVisible();
  await expect(admin.getByRole('button', { name: /^Cotar / })).toHaveCount(0);
});
