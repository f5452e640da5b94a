/**
 * Security review, finding S1: counter staff moved shortages in and out of quote
 * batches (and changed what a quote priced) with plain table writes, bypassing
 * the purchasing RPCs. Fixed by supabase/migrations/20261121900000_access_hardening.sql (section "guard shortage purchasing fields").
 *
 * Fixture (own rows, nothing seeded is touched): a Norte shortage registered by
 * balconista2@, put into a batch by compras@, sent to quotation, and quoted by
 * representante@. The attacks run as balconista2@ (same unit, CREATE_SHORTAGES)
 * and balconista@ (another unit); every assertion reads the row back as the buyer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `sec-guard-${randomUUID().slice(0, 8)}`;

const as = demoSessions(backend);


interface ShortageRow {
  id: string;
  batch_id: string | null;
  status: string;
  requested_quantity: number;
  product_id: string;
}

let productId = '';
let otherProductId = '';
let quotedShortage = '';
let batchId = '';
const extraShortages: string[] = [];

async function asBuyer(id: string): Promise<ShortageRow> {
  const buyer = await as('compras');
  return unwrap(await buyer.from('shortages').select('id, batch_id, status, requested_quantity, product_id').eq('id', id).single());
}

beforeAll(async () => {
  const admin = await as('admin');
  const products = unwrap(
    await admin
      .from('products')
      .insert([{ name: `Produto ${tag} A` }, { name: `Produto ${tag} B` }])
      .select('id, name')
      .order('name'),
  );
  productId = products[0]?.id ?? '';
  otherProductId = products[1]?.id ?? '';

  const clerk = await as('balconista2');
  quotedShortage = unwrap(
    await clerk.from('shortages').insert({ product_id: productId, requested_quantity: 10, observation: tag }).select('id').single(),
  ).id;

  const buyer = await as('compras');
  const unitId = unwrap(await buyer.from('shortages').select('unit_id').eq('id', quotedShortage).single()).unit_id as string;
  batchId = unwrap(
    await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [quotedShortage], p_name: `Lote ${tag}` }).single<{ id: string }>(),
  ).id;
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batchId, p_status: 'EM_COTACAO' }).single());

  const rep = await as('representante');
  const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batchId }).single<{ id: string }>());
  unwrap(await rep.from('quote_items').update({ unit_price: 4.5 }).eq('quote_id', quote.id).select('id'));
});

afterAll(async () => {
  const buyer = await as('compras');
  if (batchId) await buyer.rpc('delete_quote_batch', { p_batch_id: batchId });
  const admin = await as('admin');
  const ids = [quotedShortage, ...extraShortages].filter(Boolean);
  if (ids.length) await admin.from('shortages').delete().in('id', ids);
  await admin.from('products').delete().in('id', [productId, otherProductId]);
});

describe('a clerk cannot change batch membership through the shortages table', () => {
  it('the fixture is real: the clerk sees its shortage in a batch in quotation', async () => {
    const clerk = await as('balconista2');
    const row = unwrap(await clerk.from('shortages').select('batch_id, status').eq('id', quotedShortage).single());
    expect(row).toEqual({ batch_id: batchId, status: 'EM_COTACAO' });
  });

  it('cannot pull a quoted shortage out of its batch (batch_id = null)', async () => {
    const clerk = await as('balconista2');
    const { error } = await clerk.from('shortages').update({ batch_id: null }).eq('id', quotedShortage).select('id');
    // batch_id is not an updatable column at all: the batch RPCs own it.
    expect(error?.code).toBe('42501');
    expect(await asBuyer(quotedShortage)).toMatchObject({ batch_id: batchId, status: 'EM_COTACAO' });
  });

  it('cannot change the quantity or the product a supplier already priced', async () => {
    const clerk = await as('balconista2');
    const quantity = await clerk.from('shortages').update({ requested_quantity: 999 }).eq('id', quotedShortage).select('id');
    expect(quantity.error?.code).toBe('42501');
    const product = await clerk.from('shortages').update({ product_id: otherProductId }).eq('id', quotedShortage).select('id');
    expect(product.error?.code).toBe('42501');
    expect(await asBuyer(quotedShortage)).toMatchObject({ requested_quantity: 10, product_id: productId });
  });

  it('cannot set a purchasing status on a batched shortage (e.g. PEDIDO_ENVIADO)', async () => {
    const clerk = await as('balconista2');
    const { error } = await clerk.from('shortages').update({ status: 'PEDIDO_ENVIADO' }).eq('id', quotedShortage).select('id');
    expect(error?.code).toBe('42501');
    expect((await asBuyer(quotedShortage)).status).toBe('EM_COTACAO');
  });

  it('cannot insert a shortage straight into a batch, not even with a purchasing status', async () => {
    const clerk = await as('balconista');
    const intoBatch = await clerk
      .from('shortages')
      .insert({ product_id: productId, requested_quantity: 1, batch_id: batchId, status: 'EM_COTACAO', observation: tag })
      .select('id');
    expect(intoBatch.error?.code).toBe('42501');
    const pipelineStatus = await clerk
      .from('shortages')
      .insert({ product_id: productId, requested_quantity: 1, status: 'PEDIDO_ENVIADO', observation: tag })
      .select('id');
    expect(pipelineStatus.error?.code).toBe('42501');
    const buyer = await as('compras');
    const inBatch = unwrap(await buyer.from('shortages').select('id').eq('batch_id', batchId));
    expect(inBatch.map((row) => row.id)).toEqual([quotedShortage]);
  });

  it('still registers and edits its own open shortages, but never jumps their status', async () => {
    const clerk = await as('balconista');
    const created = unwrap(
      await clerk.from('shortages').insert({ product_id: productId, requested_quantity: 2, status: 'PENDENTE', observation: tag }).select('id').single(),
    );
    extraShortages.push(created.id);
    const edited = await clerk.from('shortages').update({ requested_quantity: 3, product_id: otherProductId }).eq('id', created.id).select('requested_quantity');
    expect(edited.error).toBeNull();
    expect(edited.data).toEqual([{ requested_quantity: 3 }]);
    // PENDENTE -> ENTREGUE skips the whole purchasing flow: refused, the row stays pending.
    const delivered = await clerk.from('shortages').update({ status: 'ENTREGUE' }).eq('id', created.id).select('status');
    expect(delivered.error).toMatchObject({ code: '42501', message: 'Este status é definido pelo setor de compras' });
    expect(await asBuyer(created.id)).toMatchObject({ status: 'PENDENTE' });
    const lotStatus = await clerk.from('shortages').update({ status: 'LOTE_CRIADO' }).eq('id', created.id).select('status');
    expect(lotStatus.error?.code).toBe('42501');
  });

  it('the buyer keeps moving shortages through the RPCs', async () => {
    const buyer = await as('compras');
    const clerk = await as('balconista2');
    const pending = unwrap(
      await clerk.from('shortages').insert({ product_id: productId, requested_quantity: 4, observation: tag }).select('id').single(),
    );
    extraShortages.push(pending.id);
    const added = unwrap(await buyer.rpc('add_shortages_to_batch', { p_batch_id: batchId, p_shortage_ids: [pending.id] }));
    expect(added).toMatchObject({ added: 1, total: 1 });
    expect(await asBuyer(pending.id)).toMatchObject({ batch_id: batchId, status: 'EM_COTACAO' });
  });
});
