/**
 * Security review, finding P1: buyers bypassed every purchasing state rule with
 * plain table writes (batch status, quote results, winner flags, orders, batch
 * deletion, batch membership). Fixed by
 * supabase/migrations/20261121900000_access_hardening.sql (section "guard purchasing state").
 *
 * Fixture (own rows): two Norte shortages registered by balconista2@, a batch by
 * compras@ sent to quotation and priced + submitted by representante@, and an
 * ABERTO batch. The attacks run as compras@ (a real buyer); the RPCs of the UI
 * must keep working, which the last tests prove by walking the cycle to orders
 * and their receipt (confirmed by the receiving unit, issue 22).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `sec-p1-${randomUUID().slice(0, 8)}`;

const as = demoSessions(backend);


let productIds: string[] = [];
const shortageIds: string[] = [];
let batchId = '';
let openBatchId = '';
let quoteId = '';

async function batch(id: string): Promise<{ status: string; closed_at: string | null; name: string }> {
  const buyer = await as('compras');
  return unwrap(await buyer.from('quote_batches').select('status, closed_at, name').eq('id', id).single());
}

beforeAll(async () => {
  const admin = await as('admin');
  productIds = unwrap(
    await admin
      .from('products')
      .insert([{ name: `Produto ${tag} A` }, { name: `Produto ${tag} B` }, { name: `Produto ${tag} C` }])
      .select('id')
      .order('name'),
  ).map((row) => row.id as string);

  const clerk = await as('balconista2');
  for (const productId of productIds) {
    shortageIds.push(
      unwrap(await clerk.from('shortages').insert({ product_id: productId, requested_quantity: 4, observation: tag }).select('id').single()).id,
    );
  }
  const buyer = await as('compras');
  const unitId = unwrap(await buyer.from('shortages').select('unit_id').eq('id', shortageIds[0] ?? '').single()).unit_id as string;
  batchId = unwrap(
    await buyer
      .rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortageIds.slice(0, 2), p_name: `Lote ${tag}` })
      .single<{ id: string }>(),
  ).id;
  openBatchId = unwrap(
    await buyer
      .rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortageIds.slice(2), p_name: `Aberto ${tag}` })
      .single<{ id: string }>(),
  ).id;
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batchId, p_status: 'EM_COTACAO' }).single());

  const rep = await as('representante');
  quoteId = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batchId }).single<{ id: string }>()).id;
  unwrap(await rep.from('quote_items').update({ unit_price: 2.5 }).eq('quote_id', quoteId).select('id'));
  unwrap(await rep.rpc('submit_quote', { p_quote_id: quoteId }).single());
});

afterAll(async () => {
  const admin = await as('admin');
  const buyer = await as('compras');
  if (openBatchId) await buyer.rpc('delete_quote_batch', { p_batch_id: openBatchId });
  if (batchId) {
    const db = admin;
    const orders = unwrap(await db.from('purchase_orders').select('id').eq('batch_id', batchId));
    if (orders.length === 0) await buyer.rpc('delete_quote_batch', { p_batch_id: batchId });
  }
});

describe('a buyer cannot skip the purchasing rules with plain table writes', () => {
  it('the fixture is real: the batch is in quotation with one submitted quote', async () => {
    expect((await batch(batchId)).status).toBe('EM_COTACAO');
    const buyer = await as('compras');
    const quote = unwrap(await buyer.from('quotes').select('status').eq('id', quoteId).single());
    expect(quote.status).toBe('ENVIADA');
  });

  it('cannot set a batch status by hand (PEDIDO_ENVIADO without orders, COTACAO_FINALIZADA without winners, back to ABERTO)', async () => {
    const buyer = await as('compras');
    for (const status of ['PEDIDO_ENVIADO', 'COTACAO_FINALIZADA', 'ABERTO']) {
      const { error } = await buyer.from('quote_batches').update({ status }).eq('id', batchId).select('id');
      expect(error?.code, status).toBe('42501');
    }
    const closed = await buyer.from('quote_batches').update({ closed_at: new Date().toISOString() }).eq('id', batchId).select('id');
    expect(closed.error?.code).toBe('42501');
    const sent = await buyer.from('quote_batches').update({ status: 'EM_COTACAO' }).eq('id', openBatchId).select('id');
    expect(sent.error?.code).toBe('42501');
    expect(await batch(batchId)).toMatchObject({ status: 'EM_COTACAO', closed_at: null });
    expect((await batch(openBatchId)).status).toBe('ABERTO');
  });

  it('cannot create a batch directly in a purchasing status', async () => {
    const buyer = await as('compras');
    const { error } = await buyer.from('quote_batches').insert({ name: `Forjado ${tag}`, status: 'PEDIDO_ENVIADO' }).select('id');
    expect(error?.code).toBe('42501');
  });

  it('still renames a batch (what the UI does with a plain write)', async () => {
    const buyer = await as('compras');
    unwrap(await buyer.from('quote_batches').update({ name: `Renomeado ${tag}` }).eq('id', batchId).select('id').single());
    expect((await batch(batchId)).name).toBe(`Renomeado ${tag}`);
  });

  it('cannot award a quote or flag winners by hand', async () => {
    const buyer = await as('compras');
    const status = await buyer.from('quotes').update({ status: 'VENCEDORA' }).eq('batch_id', batchId).select('id');
    expect(status.error?.code).toBe('42501');
    await buyer.from('quotes').update({ selected: true }).eq('id', quoteId).select('id');
    await buyer.from('quote_items').update({ is_winner: true }).eq('quote_id', quoteId).select('id');
    const quote = unwrap(await buyer.from('quotes').select('status, selected').eq('id', quoteId).single());
    expect(quote).toEqual({ status: 'ENVIADA', selected: false });
    const items = unwrap(await buyer.from('quote_items').select('is_winner').eq('quote_id', quoteId));
    expect(items.map((row) => row.is_winner)).toEqual([false, false]);
  });

  it('cannot reprice a supplier\'s submitted quote', async () => {
    const buyer = await as('compras');
    await buyer.from('quote_items').update({ unit_price: 0.01 }).eq('quote_id', quoteId).select('id');
    const items = unwrap(await buyer.from('quote_items').select('unit_price').eq('quote_id', quoteId));
    expect(items.map((row) => Number(row.unit_price))).toEqual([2.5, 2.5]);
  });

  it('cannot pull a shortage out of a batch in quotation through the shortages table', async () => {
    const buyer = await as('compras');
    const { error } = await buyer.from('shortages').update({ batch_id: null }).eq('id', shortageIds[0] ?? '').select('id');
    expect(error?.code).toBe('42501');
    const viaRpc = await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: shortageIds[0], p_batch_id: batchId });
    expect(viaRpc.error?.message).toBe('Este item está em uma cotação ativa e não pode ser removido do lote.');
    const row = unwrap(await buyer.from('shortages').select('batch_id, status').eq('id', shortageIds[0] ?? '').single());
    expect(row).toEqual({ batch_id: batchId, status: 'EM_COTACAO' });
  });

  it('cannot delete a batch that has quotes without delete_quote_batch', async () => {
    const buyer = await as('compras');
    const { error } = await buyer.from('quote_batches').delete().eq('id', batchId).select('id');
    expect(error?.code).toBe('42501');
    expect((await batch(batchId)).status).toBe('EM_COTACAO');
  });

  it('cannot forge purchase orders or their lines', async () => {
    const buyer = await as('compras');
    const supplierId = unwrap(await buyer.from('quotes').select('supplier_id').eq('id', quoteId).single()).supplier_id as string;
    const order = await buyer.from('purchase_orders').insert({ batch_id: batchId, supplier_id: supplierId }).select('id');
    expect(order.error?.code).toBe('42501');
    expect(unwrap(await buyer.from('purchase_orders').select('id').eq('batch_id', batchId))).toEqual([]);
  });

  it('the RPCs still run the cycle: winners, orders, then receiving, confirmed by the unit that receives', async () => {
    const buyer = await as('compras');
    const pairs = shortageIds.slice(0, 2).map((shortage_id) => ({ quote_id: quoteId, shortage_id }));
    const winners = unwrap(await buyer.rpc('select_winning_quotes_native', { p_batch_id: batchId, p_quote_items: pairs }));
    expect(winners).toEqual({ success: true, error: null });
    const orders = unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batchId })) as { id: string; total_amount: number }[];
    expect(orders).toHaveLength(1);
    expect(Number(orders[0]?.total_amount)).toBe(20);
    const lines = await buyer.from('purchase_order_items').update({ unit_price: 0 }).eq('order_id', orders[0]?.id ?? '').select('id');
    expect(lines.error?.code).toBe('42501');
    // The status is no longer a plain write; the buyer (of Unidade Centro) asks Norte to confirm its goods.
    expect((await buyer.from('purchase_orders').update({ status: 'RECEBIDO' }).eq('id', orders[0]?.id ?? '').select('id')).error?.code).toBe('42501');
    expect(unwrap(await buyer.rpc('receive_purchase_order', { p_order_id: orders[0]?.id ?? '' }))).toMatchObject({ status: 'SOLICITADO', confirmed: 0, requested: 2 });
    const clerk = await as('balconista2');
    unwrap(await clerk.from('shortages').update({ status: 'ENTREGUE' }).in('id', shortageIds.slice(0, 2)).select('id'));
    const received = unwrap(await buyer.from('purchase_orders').select('status, total_amount').eq('id', orders[0]?.id ?? '').single());
    expect({ status: received.status, total: Number(received.total_amount) }).toEqual({ status: 'RECEBIDO', total: 20 });
    const delivered = unwrap(await buyer.from('shortages').select('status').in('id', shortageIds.slice(0, 2)));
    expect(delivered.map((row) => row.status)).toEqual(['ENTREGUE', 'ENTREGUE']);
    expect((await batch(batchId)).status).toBe('PEDIDO_ENVIADO');
  });
});
