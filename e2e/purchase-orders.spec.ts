/**
 * Orders say what won (issue 22, items 3 and 6). The award is prepared through the API as the demo users would
 * (clerks register, the buyer batches and sends, Distribuidora Alfa answers with a substitute, a bonus and
 * minimum quantities, the buyer picks the winners); the browser then does what the issue is about: the buyer is
 * told about the line below the supplier's minimum before generating and raises it, the printout names the
 * substitute actually bought, the bonus and the minimum, 'Recebido' confirms only the buyer's own unit and asks
 * Unidade Norte, whose clerk sees the order on /lancamento and confirms it; the order then reads Recebido with
 * who confirmed each line.
 */
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { expect, test, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { authStatePath, DEMO_PASSWORD } from './config.ts';
import { backendInfo, expectToast } from './fixtures.ts';

async function pageAs(browser: Browser, key: string): Promise<Page> {
  const context = await browser.newContext({ storageState: authStatePath(key), locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

async function client(email: string): Promise<SupabaseClient> {
  const info = backendInfo();
  // Node 20 has no global WebSocket: realtime-js needs `ws` as its transport (never used here).
  type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;
  const supabase = createClient(info.API_URL, info.ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as Transport },
  });
  const { error } = await supabase.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return supabase;
}

function data<T>(result: { data: T; error: { message: string } | null }): NonNullable<T> {
  if (result.error) throw new Error(result.error.message);
  if (result.data === null || result.data === undefined) throw new Error('no data');
  return result.data;
}

test('the order names the substitute, bonus and minimum that won; each unit confirms its own delivery', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const asked = { centro: `Dipirona E2E ${stamp}`, norte: `Ibuprofeno E2E ${stamp}` };
  const batchName = `Lote Pedidos E2E ${stamp}`;

  // Setup through the API: one shortage in Unidade Centro (the buyer's unit), one in Unidade Norte.
  const admin = await client('admin@farmacia.local');
  const products = data(await admin.from('products').insert([{ name: asked.centro }, { name: asked.norte }]).select('id, name'));
  const productId = (name: string) => products.find((p) => p.name === name)!.id as string;
  const centroClerk = await client('balconista@farmacia.local');
  const centro = data(await centroClerk.from('shortages').insert({ product_id: productId(asked.centro), requested_quantity: 10 }).select('id').single());
  const norteClerk = await client('balconista2@farmacia.local');
  const norte = data(await norteClerk.from('shortages').insert({ product_id: productId(asked.norte), requested_quantity: 10 }).select('id, unit_id').single());
  const buyerApi = await client('compras@farmacia.local');
  const batch = data(await buyerApi.rpc('create_quote_batch', { p_unit_id: norte.unit_id, p_shortage_ids: [centro.id, norte.id], p_name: batchName })) as { id: string };
  data(await buyerApi.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
  const rep = await client('representante@farmacia.local');
  const quote = data(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as { id: string };
  data(
    await rep
      .from('quote_items')
      .update({
        unit_price: 4.5, minimum_quantity: 6, wants_substitute: true, substitute_product_name: 'Dipirona Genérica 500mg', substitute_manufacturer: 'EMS',
        has_bonus: true, bonus_quantity: 2, bonus_product_name: 'Dipirona Genérica 500mg',
      })
      .eq('quote_id', quote.id)
      .eq('shortage_id', centro.id)
      .select('id'),
  );
  data(await rep.from('quote_items').update({ unit_price: 3, minimum_quantity: 24 }).eq('quote_id', quote.id).eq('shortage_id', norte.id).select('id'));
  data(await rep.rpc('submit_quote', { p_quote_id: quote.id }));
  data(
    await buyerApi.rpc('select_winning_quotes_native', {
      p_batch_id: batch.id,
      p_quote_items: [centro.id, norte.id].map((shortage_id) => ({ shortage_id, quote_id: quote.id })),
    }),
  );

  // The buyer is told about the line below the supplier's minimum before generating, and must choose.
  const buyer = await pageAs(browser, 'compras');
  await buyer.goto(`/compras?lote=${batch.id}&aba=pedidos`);
  const below = buyer.getByRole('group', { name: 'Itens abaixo da quantidade mínima do fornecedor' });
  await expect(below).toBeVisible();
  await expect(below).toContainText(`${asked.norte} · Unidade Norte · Distribuidora Alfa: solicitado 10, mínimo 24`);
  await expect(below).not.toContainText('Dipirona');
  await buyer.getByRole('button', { name: 'Gerar pedidos' }).click();
  await expect(below.getByText('Escolha entre elevar à quantidade mínima ou manter a quantidade solicitada.')).toBeVisible();
  await below.getByRole('radio', { name: /Elevar para 24/ }).check();
  await buyer.getByRole('button', { name: 'Gerar pedidos' }).click();
  await expectToast(buyer, 'Pedidos gerados');
  // 10 × 4,50 (the substitute) + 24 × 3,00 (raised to the minimum).
  await expect(buyer.getByRole('row', { name: /Distribuidora Alfa/ })).toContainText('R$ 117,00');

  // The printout: the product actually bought, the one it replaces, the bonus and the supplier's minimum.
  await buyer.getByRole('button', { name: 'Ver pedido de Distribuidora Alfa' }).click();
  const po = buyer.getByRole('article', { name: 'Pedido de compra Distribuidora Alfa' });
  const substituteLine = po.getByRole('row', { name: /Dipirona Genérica 500mg \(EMS\)/ });
  await expect(substituteLine).toContainText(`Substituto de: ${asked.centro}`);
  await expect(substituteLine).toContainText('+ 2 un. de bonificação (Dipirona Genérica 500mg)');
  await expect(substituteLine.getByRole('cell').nth(3)).toHaveText('6');
  const raisedLine = po.getByRole('row', { name: new RegExp(asked.norte) });
  await expect(raisedLine).toContainText('24elevada ao mínimo (solicitado 10)');
  await expect(raisedLine.getByRole('cell').nth(3)).toHaveText('24');
  await buyer.emulateMedia({ media: 'print' });
  await expect(buyer.locator('.po-print-root')).toContainText('Dipirona Genérica 500mg (EMS)');
  await expect(buyer.locator('.po-print-root')).toContainText('Mínimo');
  await buyer.screenshot({ path: 'test-results/purchase-order-substitute-print.png' });
  await buyer.emulateMedia({ media: 'screen' });
  await buyer.keyboard.press('Escape');

  // 'Recebido' confirms Unidade Centro (the buyer's), with the count of what arrived, and asks Unidade Norte: the
  // order is not received yet. A count above 10 × the quantity ordered is refused on the spot.
  await buyer.getByRole('button', { name: 'Marcar pedido de Distribuidora Alfa como recebido' }).click();
  const receipt = buyer.getByRole('dialog', { name: 'Registrar recebimento' });
  const counted = receipt.getByLabel(/Quantidade recebida · Dipirona Genérica 500mg \(EMS\)/);
  await expect(counted).toHaveValue('10');
  await expect(receipt.getByRole('region', { name: 'Itens de outras unidades' })).toContainText(`${asked.norte} · Unidade Norte · 24 un.`);
  await counted.fill('101');
  await receipt.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(receipt.getByText('Informe um número inteiro entre 0 e 10 vezes a quantidade pedida.')).toBeVisible();
  await counted.fill('9');
  await receipt.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expectToast(buyer, 'Recebimento registrado');
  await expect(receipt).toBeHidden();
  await expect(buyer.getByRole('row', { name: /Distribuidora Alfa/ })).toContainText('Aguardando confirmação: Unidade Norte');
  await expect(buyer.getByRole('row', { name: /Distribuidora Alfa/ })).toContainText('Solicitado');

  // Norte's clerk follows the order on /lancamento and confirms the delivery there.
  const clerk = await pageAs(browser, 'balconista2');
  await clerk.goto('/lancamento');
  await clerk.getByRole('button', { name: `Pedido de ${asked.norte}` }).click();
  const info = clerk.getByRole('dialog', { name: 'Pedido de compra' });
  await expect(info).toContainText('Distribuidora Alfa');
  await expect(info).toContainText('24 (elevada ao mínimo do fornecedor; solicitado 10)');
  await expect(info).toContainText('O comprador marcou o pedido como recebido');
  await info.getByRole('button', { name: 'Confirmar entrega' }).click();
  await expect(info).toContainText('Entregue · confirmado por Beatriz Balconista');
  await clerk.screenshot({ path: 'test-results/purchase-order-clerk.png' });

  // The order reads Recebido, and says who confirmed each line.
  await buyer.reload();
  await expect(buyer.getByRole('row', { name: /Distribuidora Alfa/ })).toContainText('Recebido');
  await buyer.getByRole('button', { name: 'Ver pedido de Distribuidora Alfa' }).click();
  const receipts = buyer.getByRole('region', { name: 'Recebimento por unidade' });
  await expect(receipts.getByRole('listitem').filter({ hasText: 'Dipirona Genérica 500mg (EMS) · Unidade Centro' })).toContainText(
    'Entregue · 9 de 10 un. recebidas · confirmado por Carla Compras',
  );
  await expect(receipts.getByRole('listitem').filter({ hasText: `${asked.norte} · Unidade Norte` })).toContainText(
    'Entregue · 24 de 24 un. recebidas · confirmado por Beatriz Balconista',
  );
});
