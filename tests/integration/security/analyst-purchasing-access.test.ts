/**
 * Security review, finding P2: ANALISTA (MANAGE_ORDERS for /relatorio-compras)
 * was a full buyer in the database. Fixed by
 * supabase/migrations/20261121900000_access_hardening.sql (section "analysts read purchasing only"): buyers are
 * ADMIN or ADMIN_COMPRAS with MANAGE_ORDERS; analysts (VIEW_REPORTS) only read.
 *
 * Shortages themselves stay unit-scoped for analysts (spec §5, migration
 * 20261121900000_access_hardening.sql (section "restrict shortage reads to unit")): the reports reach other
 * units' items through security-definer RPCs only.
 *
 * Fixture (own rows): two Centro shortages registered by balconista@ (analista@
 * works in Norte), a Centro batch by compras@ sent to quotation and priced and
 * submitted by representante@.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `sec-p2-${randomUUID().slice(0, 8)}`;

const as = demoSessions(backend);


let productIds: string[] = [];
const shortageIds: string[] = [];
let unitId = '';
let batchId = '';
let quoteId = '';

beforeAll(async () => {
  const admin = await as('admin');
  productIds = unwrap(
    await admin.from('products').insert([{ name: `Produto ${tag} A` }, { name: `Produto ${tag} B` }]).select('id').order('name'),
  ).map((row) => row.id as string);
  const clerk = await as('balconista');
  for (const productId of productIds) {
    shortageIds.push(
      unwrap(await clerk.from('shortages').insert({ product_id: productId, requested_quantity: 3, observation: tag }).select('id, unit_id').single()).id,
    );
  }
  const buyer = await as('compras');
  unitId = unwrap(await buyer.from('shortages').select('unit_id').eq('id', shortageIds[0] ?? '').single()).unit_id as string;
  batchId = unwrap(
    await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [shortageIds[0]], p_name: `Lote ${tag}` }).single<{ id: string }>(),
  ).id;
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batchId, p_status: 'EM_COTACAO' }).single());
  const rep = await as('representante');
  quoteId = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batchId }).single<{ id: string }>()).id;
  unwrap(await rep.from('quote_items').update({ unit_price: 7 }).eq('quote_id', quoteId).select('id'));
  unwrap(await rep.rpc('submit_quote', { p_quote_id: quoteId }).single());
});

afterAll(async () => {
  const buyer = await as('compras');
  if (batchId) await buyer.rpc('delete_quote_batch', { p_batch_id: batchId });
  const admin = await as('admin');
  if (shortageIds.length) await admin.from('shortages').delete().in('id', shortageIds);
  if (productIds.length) await admin.from('products').delete().in('id', productIds);
});

describe('an analyst reads purchasing data but does not buy', () => {
  it('reads another unit\'s batch, quotes and prices, but not that unit\'s shortages through the table', async () => {
    const analyst = await as('analista');
    const batch = unwrap(await analyst.from('quote_batches').select('id, status, unit_id').eq('id', batchId).single());
    expect(batch).toEqual({ id: batchId, status: 'EM_COTACAO', unit_id: unitId });
    // Spec §5: non-admin users see only their own unit's shortages (migration 20261121900000_access_hardening.sql (section "restrict shortage reads to unit")).
    const shortages = unwrap(await analyst.from('shortages').select('id').in('id', shortageIds));
    expect(shortages).toEqual([]);
    const embedded = unwrap(await analyst.from('quote_batches').select('id, shortages(id)').eq('id', batchId).single());
    expect(embedded.shortages).toEqual([]);
    const quotes = unwrap(await analyst.from('quotes').select('id, status').eq('batch_id', batchId));
    expect(quotes).toEqual([{ id: quoteId, status: 'ENVIADA' }]);
    const items = unwrap(await analyst.from('quote_items').select('unit_price').eq('quote_id', quoteId));
    expect(items.map((row) => Number(row.unit_price))).toEqual([7]);
  });

  it('gets the comparison and the purchasing reports', async () => {
    const analyst = await as('analista');
    const comparison = unwrap(await analyst.rpc('get_batch_comparison', { p_batch_id: batchId })) as {
      quotes: { id: string }[];
      items: { shortage_id: string }[];
    };
    expect(comparison.quotes.map((quote) => quote.id)).toEqual([quoteId]);
    // The report still shows the batch's items of another unit: it is a security-definer read for purchasing readers.
    expect(comparison.items.map((item) => item.shortage_id)).toEqual([shortageIds[0]]);
    expect((await analyst.rpc('get_supplier_win_rates')).error).toBeNull();
    expect((await analyst.rpc('get_winning_items')).error).toBeNull();
  });

  it('cannot create a batch, through the RPC or the table', async () => {
    const analyst = await as('analista');
    const rpc = await analyst.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [shortageIds[1]], p_name: `Analista ${tag}` });
    expect(rpc.error?.code).toBe('42501');
    const table = await analyst.from('quote_batches').insert({ unit_id: unitId, name: `Analista ${tag}` }).select('id');
    expect(table.error?.code).toBe('42501');
  });

  it('cannot select winners, generate orders, rename or delete the batch', async () => {
    const analyst = await as('analista');
    const winners = await analyst.rpc('select_winning_quotes_native', {
      p_batch_id: batchId,
      p_quote_items: [{ quote_id: quoteId, shortage_id: shortageIds[0] }],
    });
    expect(winners.data).toEqual({ success: false, error: 'Sem permissão para selecionar vencedores' });
    const orders = await analyst.rpc('generate_purchase_orders', { p_batch_id: batchId });
    expect(orders.error?.code).toBe('42501');
    const send = await analyst.rpc('set_batch_status', { p_batch_id: batchId, p_status: 'ABERTO' });
    expect(send.error?.code).toBe('42501');
    const renamed = await analyst.from('quote_batches').update({ name: 'Analista' }).eq('id', batchId).select('id');
    expect(renamed.data).toEqual([]);
    const deleted = await analyst.rpc('delete_quote_batch', { p_batch_id: batchId });
    expect(deleted.error?.code).toBe('42501');
    const buyer = await as('compras');
    const batch = unwrap(await buyer.from('quote_batches').select('status, name').eq('id', batchId).single());
    expect(batch).toEqual({ status: 'EM_COTACAO', name: `Lote ${tag}` });
  });

  it('cannot update another unit\'s shortage; a buyer can', async () => {
    const analyst = await as('analista');
    const denied = await analyst.from('shortages').update({ observation: 'analista' }).eq('id', shortageIds[1] ?? '').select('id');
    expect(denied.data).toEqual([]);
    const buyer = await as('compras');
    const allowed = unwrap(
      await buyer.from('shortages').update({ observation: `${tag} compras` }).eq('id', shortageIds[1] ?? '').select('observation').single(),
    );
    expect(allowed.observation).toBe(`${tag} compras`);
  });

  it('a buyer still runs the purchasing RPCs', async () => {
    const buyer = await as('compras');
    const added = unwrap(await buyer.rpc('add_shortages_to_batch', { p_batch_id: batchId, p_shortage_ids: [shortageIds[1]] }));
    expect(added).toMatchObject({ added: 1, total: 1 });
    const removed = await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: shortageIds[1], p_batch_id: batchId });
    expect(removed.error).toBeNull();
  });
});
