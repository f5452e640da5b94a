/**
 * Security review: representatives are outside staff. They must read nothing of
 * another supplier's quotes and nothing of a store's internal data, whatever
 * route they try:
 *   * finding S2 (fixed by 20261121900000_access_hardening.sql (section "representatives have no unit scope")):
 *     choosing a store as "my unit" on their own profile opened every
 *     unit-scoped policy (pending shortages, ABERTO batches, import history);
 *   * sealed bids through realtime: another supplier's quote changes never reach them;
 *   * no existence oracle: RPCs and writes on another supplier's quote answer
 *     exactly like a quote that does not exist, and counts/filters reveal nothing.
 * Fixtures are our own (a Norte shortage put in a batch sent to quotation);
 * the throw-away representative is created by the admin and deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, userClient } from '../../utils/env.ts';
import { listenTo, until } from '../../utils/realtime.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const tag = `sec-rep-${randomUUID().slice(0, 8)}`;

const as = demoSessions(backend);


let productId = '';
let shortageId = '';
let batchId = '';
let alfaQuoteId = '';
let alfaSupplierId = '';
const cleanupUsers: string[] = [];
const listeners: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const admin = await as('admin');
  productId = unwrap(await admin.from('products').insert({ name: `Produto ${tag}` }).select('id').single()).id;
  const clerk = await as('balconista2');
  shortageId = unwrap(
    await clerk.from('shortages').insert({ product_id: productId, requested_quantity: 6, observation: tag }).select('id, unit_id').single(),
  ).id;
  const buyer = await as('compras');
  batchId = unwrap(
    await buyer.rpc('create_quote_batch', { p_unit_id: null, p_shortage_ids: [shortageId], p_name: `Lote ${tag}` }).single<{ id: string }>(),
  ).id;
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batchId, p_status: 'EM_COTACAO' }).single());
  const alfa = await as('representante');
  const quote = unwrap(await alfa.rpc('get_or_create_quote', { p_batch_id: batchId }).single<{ id: string; supplier_id: string }>());
  alfaQuoteId = quote.id;
  alfaSupplierId = quote.supplier_id;
});

afterAll(async () => {
  for (const stop of listeners) await stop();
  const buyer = await as('compras');
  if (batchId) await buyer.rpc('delete_quote_batch', { p_batch_id: batchId });
  const admin = await as('admin');
  if (shortageId) await admin.from('shortages').delete().eq('id', shortageId);
  if (productId) await admin.from('products').delete().eq('id', productId);
  const service = serviceClient(backend);
  for (const id of cleanupUsers) await service.auth.admin.deleteUser(id);
});

describe('a representative has no unit scope (finding S2)', () => {
  let rep: SupabaseClient;
  let repId = '';
  let centroId = '';
  let centroBatchId = '';
  const centroShortages: string[] = [];

  beforeAll(async () => {
    const email = `${tag}@fornecedor.test`;
    const signUp = await anonClient(backend).auth.signUp({ email, password: DEMO_PASSWORD, options: { data: { full_name: `Rep ${tag}` } } });
    repId = signUp.data.user?.id ?? '';
    if (!repId) throw new Error(`sign-up failed: ${signUp.error?.message ?? ''}`);
    cleanupUsers.push(repId);
    const admin = await as('admin');
    const role = unwrap(await admin.from('custom_roles').select('id').eq('name', 'REPRESENTANTE').single());
    unwrap(await admin.from('user_roles').insert({ user_id: repId, role_id: role.id }).select('user_id'));
    unwrap(await admin.from('profiles').update({ supplier_id: alfaSupplierId }).eq('id', repId).select('id'));
    centroId = unwrap(await admin.from('store_units').select('id').eq('name', 'Unidade Centro').single()).id;
    rep = await userClient(backend, email, DEMO_PASSWORD);

    // Centro gets a pending shortage and an ABERTO batch of our own.
    const clerk = await as('balconista');
    const rows = unwrap(
      await clerk
        .from('shortages')
        .insert([
          { product_id: productId, requested_quantity: 1, observation: tag },
          { product_id: productId, requested_quantity: 2, observation: tag },
        ])
        .select('id'),
    );
    centroShortages.push(...rows.map((row) => row.id));
    const buyer = await as('compras');
    centroBatchId = unwrap(
      await buyer
        .rpc('create_quote_batch', { p_unit_id: centroId, p_shortage_ids: [rows[0]?.id], p_name: `Lote Centro ${tag}` })
        .single<{ id: string }>(),
    ).id;
  });

  afterAll(async () => {
    const buyer = await as('compras');
    if (centroBatchId) await buyer.rpc('delete_quote_batch', { p_batch_id: centroBatchId });
    const admin = await as('admin');
    if (centroShortages.length) await admin.from('shortages').delete().in('id', centroShortages);
  });

  it('the fixture is real: the unit has pending shortages, an ABERTO batch and the user is a representative', async () => {
    const clerk = await as('balconista');
    const pending = unwrap(await clerk.from('shortages').select('id').eq('id', centroShortages[1] ?? '').is('batch_id', null));
    expect(pending).toHaveLength(1);
    const aberto = unwrap(await clerk.from('quote_batches').select('status').eq('id', centroBatchId).single());
    expect(aberto.status).toBe('ABERTO');
    const dashboard = await rep.rpc('get_representative_dashboard');
    expect(dashboard.error).toBeNull();
  });

  it('cannot choose a store as its unit, and one placed there by an admin opens none of the unit-scoped reads', async () => {
    const chosen = await rep.from('profiles').update({ unit_id: centroId }).eq('id', repId).select('unit_id');
    expect(chosen.error?.code).toBe('42501');
    const admin = await as('admin');
    const placed = await admin.from('profiles').update({ unit_id: centroId }).eq('id', repId).select('unit_id');
    expect(placed.data).toEqual([{ unit_id: centroId }]);
    try {
      await readsNothingOfTheUnit();
    } finally {
      await admin.from('profiles').update({ unit_id: null }).eq('id', repId);
      await admin.from('user_units').delete().eq('user_id', repId);
    }
  });

  async function readsNothingOfTheUnit(): Promise<void> {

    const pending = unwrap(await rep.from('shortages').select('id, unit_id, batch_id').is('batch_id', null));
    expect(pending).toEqual([]);
    const centroShortages = unwrap(await rep.from('shortages').select('id, batch_id').eq('unit_id', centroId));
    // Only shortages of batches sent to quotation are theirs to see (none of them is ABERTO).
    const batchIds = [...new Set(centroShortages.map((row) => row.batch_id as string | null))];
    if (batchIds.length) {
      const buyer = await as('compras');
      const statuses = unwrap(await buyer.from('quote_batches').select('status').in('id', batchIds.filter((id): id is string => id !== null)));
      expect(statuses.every((row) => row.status !== 'ABERTO')).toBe(true);
      expect(batchIds).not.toContain(null);
    }
    const aberto = unwrap(await rep.from('quote_batches').select('id').eq('status', 'ABERTO'));
    expect(aberto).toEqual([]);
    const imports = unwrap(await rep.from('import_runs').select('id'));
    expect(imports).toEqual([]);
    const open = unwrap(await rep.rpc('find_open_shortage', { p_product_id: productId }));
    expect(open).toEqual([]);
  }
});

describe('no existence oracle on another supplier\'s quote', () => {
  it('submit_quote and delete_quote answer as for a quote that does not exist', async () => {
    const beta = await as('representante2');
    const missing = randomUUID();
    for (const rpc of ['submit_quote', 'delete_quote'] as const) {
      const other = await beta.rpc(rpc, { p_quote_id: alfaQuoteId });
      const none = await beta.rpc(rpc, { p_quote_id: missing });
      expect(other.error?.message).toBe('Cotação não encontrada');
      expect({ code: other.error?.code, message: other.error?.message, details: other.error?.details, hint: other.error?.hint }).toEqual({
        code: none.error?.code,
        message: none.error?.message,
        details: none.error?.details,
        hint: none.error?.hint,
      });
    }
    const alfa = await as('representante');
    const still = unwrap(await alfa.from('quotes').select('status').eq('id', alfaQuoteId).single());
    expect(still.status).toBe('EM_ANDAMENTO');
  });

  it('counts, or-filters and writes reveal nothing of it', async () => {
    const beta = await as('representante2');
    const counted = await beta.from('quotes').select('id', { count: 'exact', head: true }).eq('id', alfaQuoteId);
    expect(counted.count).toBe(0);
    const items = await beta
      .from('quote_items')
      .select('id', { count: 'exact' })
      .or(`quote_id.eq.${alfaQuoteId},shortage_id.eq.${shortageId}`);
    expect(items.count).toBe(0);
    const update = await beta.from('quote_items').update({ unit_price: 0.01 }).eq('quote_id', alfaQuoteId).select('id');
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const insert = await beta.from('quote_items').insert({ quote_id: alfaQuoteId, shortage_id: shortageId }).select('id');
    expect(insert.error?.code).toBe('42501');
    expect(JSON.stringify(insert.error)).not.toContain(alfaQuoteId);
    // Embedded counts (legacy `relation(count)`) run under the same RLS: no competitor is counted.
    const embedded = await beta.from('quote_batches').select('id, quotes(count), shortages(id, quote_items(count))').eq('id', batchId).single();
    expect(embedded.error).toBeNull();
    expect(embedded.data).toEqual({ id: batchId, quotes: [{ count: 0 }], shortages: [{ id: shortageId, quote_items: [{ count: 0 }] }] });
    const alfa = await as('representante');
    const own = await alfa.from('quote_batches').select('id, quotes(count)').eq('id', batchId).single();
    expect(own.data).toEqual({ id: batchId, quotes: [{ count: 1 }] });
    const forged = await beta.from('quotes').insert({ batch_id: batchId, supplier_id: alfaSupplierId }).select('id');
    expect(forged.error?.code).toBe('42501');
    expect(JSON.stringify(forged.error)).not.toContain(alfaSupplierId);
  });
});

describe('realtime: another supplier\'s quote changes never reach a representative', () => {
  it('the owner sees its submission live; the other supplier receives nothing', async () => {
    const alfa = await as('representante');
    const beta = await as('representante2');
    const { inbox: alfaInbox, stop: stopAlfa } = await listenTo(alfa, 'quotes', 'alfa');
    const { inbox: betaInbox, stop: stopBeta } = await listenTo(beta, 'quotes', 'beta');
    listeners.push(stopAlfa, stopBeta);

    unwrap(await alfa.from('quote_items').update({ unit_price: 3.21 }).eq('quote_id', alfaQuoteId).select('id'));
    unwrap(await alfa.rpc('submit_quote', { p_quote_id: alfaQuoteId }).single());

    await until(() => alfaInbox.some((change) => change.new.id === alfaQuoteId && change.new.status === 'ENVIADA'));
    // The owner's event arrived: give the other subscriber the same chance, then check.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(betaInbox.filter((change) => change.new.id === alfaQuoteId || change.new.supplier_id === alfaSupplierId)).toEqual([]);
  });

  it('once submitted, the owner can neither reprice, reopen, award nor delete its quote', async () => {
    const alfa = await as('representante');
    const reprice = await alfa.from('quote_items').update({ unit_price: 0.5 }).eq('quote_id', alfaQuoteId).select('id');
    expect(reprice.data ?? []).toEqual([]);
    const reopen = await alfa.from('quotes').update({ status: 'EM_ANDAMENTO' }).eq('id', alfaQuoteId).select('id');
    expect(reopen.data ?? []).toEqual([]);
    const award = await alfa.from('quotes').update({ status: 'VENCEDORA', selected: true }).eq('id', alfaQuoteId).select('id');
    expect(award.data ?? []).toEqual([]);
    const removed = await alfa.rpc('delete_quote', { p_quote_id: alfaQuoteId });
    expect(removed.error?.message).toBe('Apenas cotações em andamento podem ser excluídas');
    const direct = await alfa.from('quotes').delete().eq('id', alfaQuoteId).select('id');
    expect(direct.data ?? []).toEqual([]);
    const buyer = await as('compras');
    const quote = unwrap(await buyer.from('quotes').select('status, selected').eq('id', alfaQuoteId).single());
    expect(quote).toEqual({ status: 'ENVIADA', selected: false });
    const prices = unwrap(await buyer.from('quote_items').select('unit_price').eq('quote_id', alfaQuoteId));
    expect(prices.map((row) => Number(row.unit_price))).toEqual([3.21]);
  });
});
