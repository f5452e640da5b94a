/**
 * Issue 22, items 1 and 4, in the browser, with Playwright's network control: a representative's price whose
 * save is lost while the browser believes it is online stays pending, 'Enviar' is refused until it is saved,
 * and the quote is then sent with every price in the database; a quote arriving while the buyer's
 * 'Confirmar vencedores' dialog is open changes the dialog before the confirmation can proceed.
 * Batches are prepared over the API (as the clerk and the buyer would), the screens are the users'.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { authStatePath } from './config.ts';
import { apiSession, backendInfo, expectToast } from './fixtures.ts';

const NETWORK_ERROR = 'Sem conexão com o servidor. Verifique a internet e tente novamente.';

async function pageAs(browser: Browser, key: string): Promise<Page> {
  const context = await browser.newContext({ storageState: authStatePath(key), locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

/** A Data API call with a user's token (or the service role's when `token` is null). */
async function api<T>(token: string | null, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> {
  const info = backendInfo();
  const response = await fetch(`${info.API_URL}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: info.ANON_KEY,
      authorization: `Bearer ${token ?? info.SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${method} ${path}: ${text}`).toBe(true);
  return (text === '' ? null : JSON.parse(text)) as T;
}

const tokens = new Map<string, string>();
async function tokenOf(email: string): Promise<string> {
  const known = tokens.get(email);
  if (known) return known;
  const session = await apiSession(email);
  tokens.set(email, session.access_token);
  return session.access_token;
}

/** New products with shortages at Unidade Centro (registered by the clerk), in a batch the buyer sends to quotation. */
async function sentBatch(batchName: string, productNames: string[]): Promise<{ batchId: string; shortages: Record<string, string> }> {
  const [centro] = await api<{ id: string }[]>(null, `store_units?select=id&name=eq.${encodeURIComponent('Unidade Centro')}`);
  const clerk = await tokenOf('balconista@farmacia.local');
  const shortages: Record<string, string> = {};
  for (const name of productNames) {
    const [product] = await api<{ id: string }[]>(null, 'products', { name });
    const [shortage] = await api<{ id: string }[]>(clerk, 'shortages', { product_id: product!.id, unit_id: centro!.id, requested_quantity: 10 });
    shortages[name] = shortage!.id;
  }
  const buyer = await tokenOf('compras@farmacia.local');
  const batch = await api<{ id: string }>(buyer, 'rpc/create_quote_batch', { p_unit_id: centro!.id, p_shortage_ids: Object.values(shortages), p_name: batchName });
  await api(buyer, 'rpc/set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' });
  return { batchId: batch.id, shortages };
}

interface StoredItem {
  shortage_id: string;
  unit_price: number | null;
  minimum_quantity: number | null;
}

test('a price whose save is lost while online stays pending, blocks the send, is retried, and the quote is sent with every price stored', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const productA = `Produto Guarda A ${stamp}`;
  const productB = `Produto Guarda B ${stamp}`;
  const batchName = `Lote Conexão ${stamp}`;
  const { batchId, shortages } = await sentBatch(batchName, [productA, productB]);

  const rep = await pageAs(browser, 'representante');
  await rep.goto('/cotacoes');
  await rep.getByRole('button', { name: `Cotar ${batchName}` }).click();
  await expect(rep.getByRole('heading', { name: `Cotação · ${batchName}` })).toBeVisible();
  const quoteId = new URL(rep.url()).searchParams.get('cotacao');
  expect(quoteId).toBeTruthy();
  const storedItems = async () =>
    Object.fromEntries(
      (await api<StoredItem[]>(null, `quote_items?select=shortage_id,unit_price,minimum_quantity&quote_id=eq.${quoteId}`)).map((item) => [item.shortage_id, item]),
    );

  await rep.getByLabel(`Preço unitário de ${productA}`).fill('10,50');
  await expect(rep.getByText('Todas as alterações foram salvas')).toBeVisible();
  await expect(rep.getByTestId('quote-priced-count')).toContainText('1 de 2 itens com preço salvo');

  // The Wi-Fi is up but the server cannot be reached: every save is aborted, the browser still says online.
  let aborted = 0;
  await rep.route('**/rest/v1/quote_items?*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    aborted += 1;
    return route.abort('internetdisconnected');
  });
  const rowB = rep.getByRole('listitem', { name: productB });
  await rep.getByLabel(`Preço unitário de ${productB}`).fill('7,25');
  await rep.getByLabel(`Quantidade mínima de ${productB}`).fill('20');
  await expect(rowB.getByTestId('cell-save-pending')).toContainText(NETWORK_ERROR);
  await expect(rowB.getByTestId('cell-save-pending')).toContainText('Não salvo');
  await expectToast(rep, NETWORK_ERROR);
  // The app says the server cannot be reached, on every screen, until it answers again.
  await expect(rep.getByTestId('offline-banner')).toContainText(NETWORK_ERROR);
  // What is typed stays on screen; the count is the database's, not the screen's.
  await expect(rep.getByLabel(`Preço unitário de ${productB}`)).toHaveValue('7,25');
  await expect(rep.getByTestId('quote-priced-count')).toContainText('1 de 2 itens com preço salvo');
  await expect(rep.getByRole('status').filter({ hasText: 'não salva' })).toContainText('1 alteração não salva: nova tentativa automática');

  // 'Enviar' is refused while the save is pending, and nothing is sent.
  await rep.getByRole('button', { name: 'Enviar cotação' }).click();
  const dialog = rep.getByRole('alertdialog');
  await expect(dialog).toContainText('1 de 2 itens têm preço');
  await expect(dialog.getByRole('alert')).toContainText('1 item ainda não foi salvo');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expectToast(rep, 'A cotação não foi enviada: 1 item ainda não foi salvo. Aguarde o salvamento (ou a volta da conexão) e envie novamente.');
  await expect(rep.getByText('Cotação enviada ao comprador')).toHaveCount(0);
  const [held] = await api<{ status: string }[]>(null, `quotes?select=status&id=eq.${quoteId}`);
  expect(held?.status).toBe('EM_ANDAMENTO');
  expect((await storedItems())[shortages[productB]!]).toMatchObject({ unit_price: null, minimum_quantity: null });
  expect(aborted).toBeGreaterThan(0);

  // The automatic retries keep failing while the server is unreachable (backoff: 1 s, 2 s, 4 s...).
  await expect.poll(() => aborted, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
  await expect(rowB.getByTestId('cell-save-pending')).toBeVisible();

  // The server is reachable again and the browser reports the connection back ('online'): retried at once, not at
  // the next backoff step, and the price and its minimum are saved.
  await rep.unroute('**/rest/v1/quote_items?*');
  await rep.context().setOffline(true);
  await rep.context().setOffline(false);
  await expect(rowB.getByTestId('cell-save-pending')).toHaveCount(0, { timeout: 3_000 });
  await expect(rep.getByText('Todas as alterações foram salvas')).toBeVisible();
  await expect(rep.getByTestId('quote-priced-count')).toContainText('2 de 2 itens com preço salvo');
  expect((await storedItems())[shortages[productB]!]).toMatchObject({ unit_price: 7.25, minimum_quantity: 20 });

  await rep.getByRole('button', { name: 'Enviar cotação' }).click();
  await expect(dialog).toContainText('2 de 2 itens têm preço');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expectToast(rep, 'Cotação enviada ao comprador');
  await expect(rep.getByText('Enviada', { exact: true }).first()).toBeVisible();

  const [sent] = await api<{ status: string }[]>(null, `quotes?select=status&id=eq.${quoteId}`);
  expect(sent?.status).toBe('ENVIADA');
  const items = await storedItems();
  expect(items[shortages[productA]!]).toMatchObject({ unit_price: 10.5, minimum_quantity: null });
  expect(items[shortages[productB]!]).toMatchObject({ unit_price: 7.25, minimum_quantity: 20 });
  expect(batchId).toBeTruthy();
});

test('a quote arriving while the buyer confirms the winners changes the dialog, which confirms only the reviewed figures', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const product = `Produto Guarda C ${stamp}`;
  const batchName = `Lote Vencedores ${stamp}`;
  const { batchId, shortages } = await sentBatch(batchName, [product]);
  const shortageId = shortages[product]!;

  // Alfa has sent R$ 5,00; Beta is still typing R$ 4,00.
  const alfa = await tokenOf('representante@farmacia.local');
  const beta = await tokenOf('representante2@farmacia.local');
  const alfaQuote = await api<{ id: string }>(alfa, 'rpc/get_or_create_quote', { p_batch_id: batchId });
  await api(alfa, `quote_items?quote_id=eq.${alfaQuote.id}&shortage_id=eq.${shortageId}`, { unit_price: 5 }, 'PATCH');
  await api(alfa, 'rpc/submit_quote', { p_quote_id: alfaQuote.id });
  const betaQuote = await api<{ id: string }>(beta, 'rpc/get_or_create_quote', { p_batch_id: batchId });
  await api(beta, `quote_items?quote_id=eq.${betaQuote.id}&shortage_id=eq.${shortageId}`, { unit_price: 4 }, 'PATCH');

  const buyer = await pageAs(browser, 'compras');
  await buyer.goto(`/compras?lote=${batchId}&aba=comparativo`);
  await expect(buyer.getByRole('table', { name: 'Comparativo de cotações' })).toBeVisible();
  await buyer.getByRole('button', { name: 'Confirmar vencedores' }).click();
  const dialog = buyer.getByRole('alertdialog');
  await expect(dialog).toContainText('1 item será adjudicado, somando R$ 50,00');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Beta sends its quote now: the dialog learns it live, says so and recalculates.
  await api(beta, 'rpc/submit_quote', { p_quote_id: betaQuote.id });
  await expect(dialog.getByRole('alert')).toContainText('Uma cotação chegou ou mudou enquanto esta janela estava aberta');
  await expect(dialog.getByRole('alert')).toContainText('antes 1 item, R$ 50,00; agora 1 item, R$ 40,00');
  await expect(dialog).toContainText('somando R$ 40,00');
  await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  await buyer.screenshot({ path: `test-results/purchasing-guards-stale-dialog-${stamp}.png` });

  await dialog.getByRole('button', { name: 'Revisei os novos valores' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expectToast(buyer, 'Vencedores confirmados');

  const quotes = await api<{ id: string; status: string }[]>(null, `quotes?select=id,status&batch_id=eq.${batchId}`);
  expect(Object.fromEntries(quotes.map((q) => [q.id, q.status]))).toEqual({ [alfaQuote.id]: 'PERDEDORA', [betaQuote.id]: 'VENCEDORA' });
  const [won] = await api<{ is_winner: boolean }[]>(null, `quote_items?select=is_winner&quote_id=eq.${betaQuote.id}`);
  expect(won?.is_winner).toBe(true);
});
