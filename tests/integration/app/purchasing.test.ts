/**
 * The purchasing cycle through supabase-js as the demo accounts: batches
 * (create, add/remove items, send), quotes (get-or-create, item edits, submit,
 * delete), winner selection, purchase orders, the report RPCs, and the status
 * of shortages along the way. Fixtures (a unit of our own, products and
 * pending shortages) are inserted with `sql()`; every assertion reads through
 * the Data API as a user.
 */
import { randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type DemoUserKey } from '../../utils/app-users.ts';
import { appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';
import { offersOf } from '../../utils/comparison.ts';

const backend = appBackend();
const tag = `compras-${randomUUID().slice(0, 8)}`;

interface Batch {
  id: string;
  name: string;
  status: string;
  unit_id: string | null;
  sent_at: string | null;
  closed_at: string | null;
}
interface Quote {
  id: string;
  batch_id: string;
  supplier_id: string;
  status: string;
  created_by: string | null;
  selected: boolean;
}
interface QuoteItem {
  id: string;
  quote_id: string;
  shortage_id: string;
  unit_price: number | string | null;
  is_winner: boolean;
  bonus_expiry_date: string | null;
}
interface Order {
  id: string;
  batch_id: string;
  supplier_id: string;
  status: string;
  total_amount: number | string;
}

const sessions = new Map<DemoUserKey, { client: SupabaseClient; userId: string }>();
async function as(key: DemoUserKey): Promise<SupabaseClient> {
  const existing = sessions.get(key);
  if (existing) return existing.client;
  const signed = await signInAs(backend, key);
  sessions.set(key, signed);
  return signed.client;
}


/** For calls that return nothing (void RPCs): fails on an error. */
function ok(result: { error: PostgrestError | null }): void {
  if (result.error) throw new Error(`${result.error.code}: ${result.error.message}`);
}

let unitId = '';
const supplierIds: Record<'alfa' | 'beta', string> = { alfa: '', beta: '' };
let productSeq = 0;

/** Inserts `count` pending shortages (one product each) in our own unit. */
async function pendingShortages(count: number, requested = 10): Promise<string[]> {
  const db = await sql(backend);
  try {
    const ids: string[] = [];
    const creator = await db.query<{ id: string }>(`select id from auth.users where email = 'balconista@farmacia.local'`);
    for (let i = 0; i < count; i++) {
      productSeq += 1;
      const product = await db.query<{ id: string }>(`insert into public.products (name) values ($1) returning id`, [
        `Produto ${tag} ${String(productSeq).padStart(3, '0')}`,
      ]);
      const shortage = await db.query<{ id: string }>(
        `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, observation)
         values ($1, $2, $3, $4, $5) returning id`,
        [product.rows[0]?.id, unitId, requested, creator.rows[0]?.id, tag],
      );
      ids.push(shortage.rows[0]?.id ?? '');
    }
    return ids;
  } finally {
    await db.end();
  }
}

async function createBatch(shortageIds: string[], name?: string): Promise<Batch> {
  const buyer = await as('compras');
  return unwrap(
    await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortageIds, p_name: name ?? `Lote ${tag}` }),
  ) as Batch;
}

async function shortageStatuses(ids: string[]): Promise<Record<string, { status: string; batch_id: string | null }>> {
  const buyer = await as('compras');
  const rows = unwrap(await buyer.from('shortages').select('id, status, batch_id').in('id', ids)) as {
    id: string;
    status: string;
    batch_id: string | null;
  }[];
  return Object.fromEntries(rows.map((r) => [r.id, { status: r.status, batch_id: r.batch_id }]));
}

/** A batch of `count` new pending shortages, sent to quotation by the buyer. */
async function sentBatch(count: number, name?: string) {
  const shortages = await pendingShortages(count);
  const batch = await createBatch(shortages, name);
  const buyer = await as('compras');
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
  return { shortages, batch, buyer };
}

/** A batch sent to quotation with a quote from each representative, all items priced and submitted. */
async function quotedBatch(count: number, prices: { alfa: number[]; beta: number[] }) {
  const { shortages, batch } = await sentBatch(count);
  const quotes: Record<'alfa' | 'beta', Quote> = {} as Record<'alfa' | 'beta', Quote>;
  for (const [key, rep] of [
    ['alfa', 'representante'],
    ['beta', 'representante2'],
  ] as const) {
    const client = await as(rep);
    const quote = unwrap(await client.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    for (const [index, shortageId] of shortages.entries()) {
      const price = prices[key][index];
      unwrap(
        await client
          .from('quote_items')
          .update({ unit_price: price ?? null })
          .eq('quote_id', quote.id)
          .eq('shortage_id', shortageId)
          .select('id'),
      );
    }
    quotes[key] = unwrap(await client.rpc('submit_quote', { p_quote_id: quote.id })) as Quote;
  }
  return { batch, shortages, quotes };
}

beforeAll(async () => {
  const db = await sql(backend);
  try {
    const unit = await db.query<{ id: string }>(`insert into public.store_units (name) values ($1) returning id`, [
      `Unidade ${tag}`,
    ]);
    unitId = unit.rows[0]?.id ?? '';
    const suppliers = await db.query<{ id: string; name: string }>(`select id, name from public.suppliers`);
    for (const s of suppliers.rows) {
      if (s.name === 'Distribuidora Alfa') supplierIds.alfa = s.id;
      if (s.name === 'Distribuidora Beta') supplierIds.beta = s.id;
    }
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const db = await sql(backend);
  try {
    const batches = `select b.id from public.quote_batches b where b.name like '%' || $1 || '%' or b.unit_id = $2`;
    await db.query(`delete from public.purchase_orders where batch_id in (${batches})`, [tag, unitId]);
    await db.query(`delete from public.quotes where batch_id in (${batches})`, [tag, unitId]);
    await db.query(`update public.shortages set batch_id = null where observation = $1`, [tag]);
    await db.query(`delete from public.quote_batches where name like '%' || $1 || '%' or unit_id = $2`, [tag, unitId]);
    await db.query(`delete from public.shortages where observation = $1`, [tag]);
    await db.query(`delete from public.products where name like $1`, [`Produto ${tag}%`]);
    await db.query(`delete from public.store_units where id = $1`, [unitId]);
  } finally {
    await db.end();
  }
});

describe('creating batches and changing their items', () => {
  it('create_quote_batch creates an ABERTO batch, assigns pending shortages (LOTE_CRIADO) and reports the others', async () => {
    const [a, b] = await pendingShortages(2);
    const first = await createBatch([a!]);
    const buyer = await as('compras');
    const { data, error } = await buyer.rpc('create_quote_batch', {
      p_unit_id: unitId,
      p_shortage_ids: [a!, b!],
    });
    expect(error).toBeNull();
    const batch = data as Batch;
    expect(batch.status).toBe('ABERTO');
    expect(batch.name).toBe(`Lote ${batch.id.slice(0, 6)}`);
    const statuses = await shortageStatuses([a!, b!]);
    expect(statuses[a!]).toEqual({ status: 'LOTE_CRIADO', batch_id: first.id });
    expect(statuses[b!]).toEqual({ status: 'LOTE_CRIADO', batch_id: batch.id });
  });

  it('refuses a batch when no shortage can be assigned, with the reasons in details, and leaves no batch behind', async () => {
    const [a] = await pendingShortages(1);
    await createBatch([a!]);
    const buyer = await as('compras');
    const name = `Vazio ${tag}`;
    const { data, error } = await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [a!, randomUUID()], p_name: name });
    expect(data).toBeNull();
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('Não foi possível criar o lote');
    const details = JSON.parse(error?.details ?? '[]') as { shortage_id: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { shortage_id: a!, message: 'Item já está em outro lote' },
        expect.objectContaining({ message: 'Falta não encontrada' }),
      ]),
    );
    const left = unwrap(await buyer.from('quote_batches').select('id').eq('name', name));
    expect(left).toEqual([]);
  });

  it('only buyers create batches', async () => {
    const [a] = await pendingShortages(1);
    for (const key of ['balconista', 'representante'] as const) {
      const { error } = await (await as(key)).rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [a!] });
      expect(error?.code).toBe('42501');
    }
    expect((await shortageStatuses([a!]))[a!]).toEqual({ status: 'PENDENTE', batch_id: null });
  });

  it('add_shortages_to_batch adds pending items and reports each one already in another batch', async () => {
    const [a, b, c] = await pendingShortages(3);
    const other = await createBatch([a!]);
    const batch = await createBatch([b!]);
    const buyer = await as('compras');
    const result = unwrap(await buyer.rpc('add_shortages_to_batch', { p_batch_id: batch.id, p_shortage_ids: [a!, c!] }));
    expect(result).toEqual({ added: 1, total: 2, errors: [{ shortage_id: a!, message: 'Item já está em outro lote' }] });
    const statuses = await shortageStatuses([a!, c!]);
    expect(statuses[a!]?.batch_id).toBe(other.id);
    expect(statuses[c!]).toEqual({ status: 'LOTE_CRIADO', batch_id: batch.id });
  });

  it('remove_shortage_from_batch restores PENDENTE without batch', async () => {
    const [a, b] = await pendingShortages(2);
    const batch = await createBatch([a!, b!]);
    const buyer = await as('compras');
    ok(await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: a!, p_batch_id: batch.id }));
    const statuses = await shortageStatuses([a!, b!]);
    expect(statuses[a!]).toEqual({ status: 'PENDENTE', batch_id: null });
    expect(statuses[b!]).toEqual({ status: 'LOTE_CRIADO', batch_id: batch.id });
  });

  it('update_batch_quantities sets every shortage of the batch, and returns false for an invalid quantity', async () => {
    const shortages = await pendingShortages(2);
    const batch = await createBatch(shortages);
    const buyer = await as('compras');
    expect(unwrap(await buyer.rpc('update_batch_quantities', { p_batch_id: batch.id, p_requested_quantity: 0 }))).toBe(false);
    expect(unwrap(await buyer.rpc('update_batch_quantities', { p_batch_id: batch.id, p_requested_quantity: 7 }))).toBe(true);
    const rows = unwrap(await buyer.from('shortages').select('requested_quantity').eq('batch_id', batch.id)) as {
      requested_quantity: number;
    }[];
    expect(rows.map((r) => r.requested_quantity)).toEqual([7, 7]);
  });
});

describe('sending a batch to quotation', () => {
  it('refuses an empty batch with the spec message', async () => {
    const buyer = await as('compras');
    const empty = unwrap(await buyer.from('quote_batches').insert({ unit_id: unitId, name: `Sem itens ${tag}` }).select().single()) as Batch;
    const { error } = await buyer.rpc('set_batch_status', { p_batch_id: empty.id, p_status: 'EM_COTACAO' });
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('Não foram encontrados itens neste lote. Adicione itens antes de enviar para cotação.');
  });

  it('moves the batch and its shortages to EM_COTACAO with sent_at; the same status again is a no-op success', async () => {
    const shortages = await pendingShortages(2);
    const batch = await createBatch(shortages);
    const buyer = await as('compras');
    const sent = unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' })) as Batch;
    expect(sent.status).toBe('EM_COTACAO');
    expect(sent.sent_at).not.toBeNull();
    const again = unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' })) as Batch;
    expect(again).toEqual(sent);
    const statuses = await shortageStatuses(shortages);
    expect(Object.values(statuses).map((s) => s.status)).toEqual(['EM_COTACAO', 'EM_COTACAO']);
  });

  it('a representative does not see an ABERTO batch and cannot quote it', async () => {
    const shortages = await pendingShortages(1);
    const batch = await createBatch(shortages);
    const rep = await as('representante');
    expect(unwrap(await rep.from('quote_batches').select('id').eq('id', batch.id))).toEqual([]);
    expect(unwrap(await rep.from('shortages').select('id').in('id', shortages))).toEqual([]);
    const { error } = await rep.rpc('get_or_create_quote', { p_batch_id: batch.id });
    expect(error?.message).toBe('Lote não encontrado');
  });
});

describe('quotes', () => {
  it('get_or_create_quote creates one quote of the caller\'s supplier with an empty item per shortage, and returns it again', async () => {
    const { shortages, batch } = await sentBatch(3);
    const rep = await as('representante');
    const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    expect(quote).toMatchObject({ batch_id: batch.id, supplier_id: supplierIds.alfa, status: 'EM_ANDAMENTO', selected: false });
    expect(quote.created_by).toBe(sessions.get('representante')?.userId);
    const again = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    expect(again.id).toBe(quote.id);
    const items = unwrap(await rep.from('quote_items').select('shortage_id, unit_price, bonus_quantity').eq('quote_id', quote.id)) as {
      shortage_id: string;
      unit_price: null;
      bonus_quantity: number;
    }[];
    expect(items.map((i) => i.shortage_id).sort()).toEqual([...shortages].sort());
    expect(items.every((i) => i.unit_price === null && i.bonus_quantity === 1)).toBe(true);

    // A plain second insert for the same supplier and batch is refused by the database with the spec message.
    const duplicate = await rep.from('quotes').insert({ batch_id: batch.id, supplier_id: supplierIds.alfa });
    expect(duplicate.error?.code).toBe('23505');
    expect(duplicate.error?.message).toBe('Você já possui uma cotação para este lote');
  });

  it('a second quote by the same supplier is refused with "Você já possui uma cotação para este lote", even in a race', async () => {
    const { batch, buyer } = await sentBatch(1);
    const rep = await as('representante2');
    // Ten direct inserts at once: the unique constraint lets one in; every other one gets the spec message.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => rep.from('quotes').insert({ batch_id: batch.id, supplier_id: supplierIds.beta }).select('id')),
    );
    const created = results.filter((r) => r.error === null);
    expect(created).toHaveLength(1);
    for (const refused of results.filter((r) => r.error !== null)) {
      expect(refused.status).toBe(409);
      expect(refused.error).toMatchObject({ code: '23505', message: 'Você já possui uma cotação para este lote' });
    }
    const again = await rep.from('quotes').insert({ batch_id: batch.id, supplier_id: supplierIds.beta });
    expect(again.error).toMatchObject({ code: '23505', message: 'Você já possui uma cotação para este lote' });
    expect(unwrap(await buyer.from('quotes').select('id').eq('batch_id', batch.id))).toHaveLength(1);
    // get_or_create_quote still hands back the existing quote instead of refusing.
    const existing = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    expect(existing.id).toBe((created[0]?.data as { id: string }[])[0]?.id);
  });

  it('refuses to create a quote on a batch without items', async () => {
    const [a] = await pendingShortages(1);
    const batch = await createBatch([a!]);
    const buyer = await as('compras');
    unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
    // The last item is removed while no quote holds it.
    ok(await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: a!, p_batch_id: batch.id }));
    const { error } = await (await as('representante')).rpc('get_or_create_quote', { p_batch_id: batch.id });
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('Lote não possui itens para cotação');
  });

  it('a representative edits its items (empty bonus expiry stored null) but never is_winner, and only while in progress', async () => {
    const { shortages, batch } = await sentBatch(2);
    const rep = await as('representante');
    const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;

    const created = unwrap(await rep.from('quotes').select('updated_at').eq('id', quote.id).single()) as { updated_at: string };
    const notPriced = await rep.rpc('submit_quote', { p_quote_id: quote.id });
    expect(notPriced.error?.message).toBe('Informe o preço de pelo menos um item antes de enviar a cotação');

    const updated = unwrap(
      await rep
        .from('quote_items')
        .update({
          unit_price: 12.5,
          minimum_quantity: 6,
          wants_substitute: true,
          substitute_product_name: 'Genérico 500 mg',
          substitute_manufacturer: 'Lab X',
          has_bonus: true,
          bonus_product_name: 'Mesmo produto',
          bonus_manufacturer: 'Lab X',
          bonus_expiry_date: null,
          bonus_quantity: 3,
        })
        .eq('quote_id', quote.id)
        .eq('shortage_id', shortages[0]!)
        .select(),
    ) as QuoteItem[];
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ unit_price: 12.5, bonus_expiry_date: null, is_winner: false });
    // Winning is the buyer's decision: is_winner is not an updatable column at all.
    const selfAward = await rep.from('quote_items').update({ is_winner: true }).eq('quote_id', quote.id).select();
    expect(selfAward.error?.code).toBe('42501');

    const negative = await rep.from('quote_items').update({ unit_price: -1 }).eq('quote_id', quote.id).eq('shortage_id', shortages[1]!);
    expect(negative.error?.code).toBe('23514');

    const submitted = unwrap(await rep.rpc('submit_quote', { p_quote_id: quote.id })) as Quote & { updated_at: string };
    expect(submitted.status).toBe('ENVIADA');
    // Spec §4: submitting sets ENVIADA and updated_at.
    expect(new Date(submitted.updated_at).getTime()).toBeGreaterThan(new Date(created.updated_at).getTime());
    const stored = unwrap(await rep.from('quotes').select('status, updated_at').eq('id', quote.id).single()) as { status: string; updated_at: string };
    expect(stored).toEqual({ status: 'ENVIADA', updated_at: submitted.updated_at });

    const late = unwrap(
      await rep.from('quote_items').update({ unit_price: 1 }).eq('quote_id', quote.id).eq('shortage_id', shortages[0]!).select('id'),
    );
    expect(late).toEqual([]);
    const item = unwrap(await rep.from('quote_items').select('unit_price').eq('quote_id', quote.id).eq('shortage_id', shortages[0]!).single()) as {
      unit_price: number;
    };
    expect(item.unit_price).toBe(12.5);
  });

  it('delete_quote removes a quote in progress, refuses a sent one and reports a missing one', async () => {
    const { batch, buyer } = await sentBatch(1);
    const alfa = await as('representante');
    const beta = await as('representante2');
    const draft = unwrap(await alfa.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    const sent = unwrap(await beta.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    unwrap(await beta.from('quote_items').update({ unit_price: 3 }).eq('quote_id', sent.id).select('id'));
    unwrap(await beta.rpc('submit_quote', { p_quote_id: sent.id }));

    const refused = await beta.rpc('delete_quote', { p_quote_id: sent.id });
    expect(refused.error?.code).toBe('P0001');
    expect(refused.error?.message).toBe('Apenas cotações em andamento podem ser excluídas');
    const foreign = await beta.rpc('delete_quote', { p_quote_id: draft.id });
    expect(foreign.error?.message).toBe('Cotação não encontrada');
    const missing = await alfa.rpc('delete_quote', { p_quote_id: randomUUID() });
    expect(missing.error?.message).toBe('Cotação não encontrada');

    expect((await alfa.rpc('delete_quote', { p_quote_id: draft.id })).error).toBeNull();
    expect(unwrap(await buyer.from('quotes').select('id').eq('batch_id', batch.id))).toEqual([{ id: sent.id }]);
    expect(unwrap(await buyer.from('quote_items').select('id').eq('quote_id', draft.id))).toEqual([]);
  });

  it('an item in an active quote cannot be removed from the batch', async () => {
    const { batch, shortages } = await quotedBatch(2, { alfa: [1, 2], beta: [2, 1] });
    const { error } = await (await as('compras')).rpc('remove_shortage_from_batch', {
      p_shortage_id: shortages[0]!,
      p_batch_id: batch.id,
    });
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('Este item está em uma cotação ativa e não pode ser removido do lote.');
    expect((await shortageStatuses([shortages[0]!]))[shortages[0]!]?.batch_id).toBe(batch.id);
  });

  it('items added while the batch is in quotation join as EM_COTACAO and appear in quotes in progress', async () => {
    const { batch, buyer } = await sentBatch(1);
    const rep = await as('representante');
    const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    const [extra] = await pendingShortages(1);
    expect(unwrap(await buyer.rpc('add_shortages_to_batch', { p_batch_id: batch.id, p_shortage_ids: [extra!] }))).toMatchObject({
      added: 1,
    });
    expect((await shortageStatuses([extra!]))[extra!]?.status).toBe('EM_COTACAO');
    const items = unwrap(await rep.from('quote_items').select('shortage_id').eq('quote_id', quote.id)) as { shortage_id: string }[];
    expect(items.map((i) => i.shortage_id)).toContain(extra!);
  });
});

describe('winners, orders and deletion', () => {
  it('select_winning_quotes_native flags only the listed pairs, sets quote results and finalises batch and shortages', async () => {
    const { batch, shortages, quotes } = await quotedBatch(3, { alfa: [5, 9, 4], beta: [6, 8, 7] });
    const buyer = await as('compras');
    const pairs = [
      { shortage_id: shortages[0]!, quote_id: quotes.alfa.id },
      { shortage_id: shortages[1]!, quote_id: quotes.beta.id },
      { shortage_id: shortages[2]!, quote_id: quotes.alfa.id },
    ];
    // Spec §7: the answer has success and error (null on success).
    expect(unwrap(await buyer.rpc('select_winning_quotes_native', { p_batch_id: batch.id, p_quote_items: pairs }))).toEqual({ success: true, error: null });

    const items = unwrap(await buyer.from('quote_items').select('quote_id, shortage_id, is_winner').in('quote_id', [quotes.alfa.id, quotes.beta.id])) as QuoteItem[];
    const winners = items.filter((i) => i.is_winner).map((i) => `${i.quote_id}:${i.shortage_id}`).sort();
    expect(winners).toEqual(pairs.map((p) => `${p.quote_id}:${p.shortage_id}`).sort());
    const quoteRows = unwrap(await buyer.from('quotes').select('id, status, selected').eq('batch_id', batch.id)) as Quote[];
    expect(quoteRows.every((q) => q.status === 'VENCEDORA' && q.selected)).toBe(true);
    const finalBatch = unwrap(await buyer.from('quote_batches').select('status, closed_at').eq('id', batch.id).single()) as Batch;
    expect(finalBatch.status).toBe('COTACAO_FINALIZADA');
    expect(finalBatch.closed_at).not.toBeNull();
    expect(Object.values(await shortageStatuses(shortages)).every((s) => s.status === 'COTACAO_FINALIZADA')).toBe(true);

    const again = unwrap(await buyer.rpc('select_winning_quotes_native', { p_batch_id: batch.id, p_quote_items: pairs })) as {
      success: boolean;
      error?: string;
    };
    expect(again).toEqual({ success: false, error: 'Os vencedores deste lote já foram selecionados' });
  });

  it('a quote none of whose pairs is listed becomes PERDEDORA; invalid pairs and non-buyers are refused', async () => {
    const { batch, shortages, quotes } = await quotedBatch(1, { alfa: [5], beta: [6] });
    const buyer = await as('compras');
    const rep = await as('representante');
    const denied = unwrap(
      await rep.rpc('select_winning_quotes_native', {
        p_batch_id: batch.id,
        p_quote_items: [{ shortage_id: shortages[0]!, quote_id: quotes.alfa.id }],
      }),
    ) as { success: boolean };
    expect(denied.success).toBe(false);
    const invalid = unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batch.id,
        p_quote_items: [{ shortage_id: randomUUID(), quote_id: quotes.alfa.id }],
      }),
    ) as { success: boolean; error: string };
    expect(invalid.success).toBe(false);
    expect(invalid.error).toContain('inválidos');
    const twice = unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batch.id,
        p_quote_items: [
          { shortage_id: shortages[0]!, quote_id: quotes.alfa.id },
          { shortage_id: shortages[0]!, quote_id: quotes.beta.id },
        ],
      }),
    ) as { success: boolean; error: string };
    expect(twice).toEqual({ success: false, error: 'Cada item pode ter apenas um vencedor' });

    expect(
      unwrap(
        await buyer.rpc('select_winning_quotes_native', {
          p_batch_id: batch.id,
          p_quote_items: [{ shortage_id: shortages[0]!, quote_id: quotes.beta.id }],
        }),
      ),
    ).toEqual({ success: true, error: null });
    const statuses = unwrap(await buyer.from('quotes').select('supplier_id, status').eq('batch_id', batch.id)) as Quote[];
    expect(Object.fromEntries(statuses.map((q) => [q.supplier_id, q.status]))).toEqual({
      [supplierIds.alfa]: 'PERDEDORA',
      [supplierIds.beta]: 'VENCEDORA',
    });
  });

  it("generate_purchase_orders makes one order per winning supplier with totals, idempotently; 'Recebido' asks the receiving unit", async () => {
    const { batch, shortages, quotes } = await quotedBatch(3, { alfa: [2.5, 9, 1.333], beta: [3, 8, 7] });
    const buyer = await as('compras');
    unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batch.id,
        p_quote_items: [
          { shortage_id: shortages[0]!, quote_id: quotes.alfa.id },
          { shortage_id: shortages[1]!, quote_id: quotes.beta.id },
          { shortage_id: shortages[2]!, quote_id: quotes.alfa.id },
        ],
      }),
    );
    const orders = unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id, p_delivery_date: '2026-12-01' })) as Order[];
    expect(orders).toHaveLength(2);
    const bySupplier = Object.fromEntries(orders.map((o) => [o.supplier_id, o]));
    // requested_quantity is 10 for every fixture shortage.
    expect(Number(bySupplier[supplierIds.alfa]?.total_amount)).toBe(38.33);
    expect(Number(bySupplier[supplierIds.beta]?.total_amount)).toBe(80);
    const lines = unwrap(
      await buyer.from('purchase_order_items').select('shortage_id, quantity, unit_price, total_price').eq('order_id', bySupplier[supplierIds.alfa]!.id),
    ) as { shortage_id: string; quantity: number; unit_price: number; total_price: number }[];
    expect(lines.map((l) => [l.shortage_id, l.quantity, l.unit_price, l.total_price]).sort()).toEqual(
      [
        [shortages[0]!, 10, 2.5, 25],
        [shortages[2]!, 10, 1.333, 13.33],
      ].sort(),
    );
    expect((unwrap(await buyer.from('quote_batches').select('status').eq('id', batch.id).single()) as Batch).status).toBe('PEDIDO_ENVIADO');
    expect(Object.values(await shortageStatuses(shortages)).every((s) => s.status === 'PEDIDO_ENVIADO')).toBe(true);

    const again = unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id })) as Order[];
    expect(again.map((o) => o.id).sort()).toEqual(orders.map((o) => o.id).sort());

    const refused = await buyer.rpc('delete_quote_batch', { p_batch_id: batch.id });
    expect(refused.error?.message).toBe('Não é possível excluir um lote com pedidos de compra gerados');

    // A client-supplied total is refused (not an updatable column); the trigger keeps the sum of the items.
    const forgedTotal = await buyer.from('purchase_orders').update({ total_amount: 1 }).eq('id', bySupplier[supplierIds.beta]!.id).select();
    expect(forgedTotal.error?.code).toBe('42501');
    // The order's status is not written by hand: it follows the units' confirmations.
    const forgedStatus = await buyer.from('purchase_orders').update({ status: 'RECEBIDO' }).eq('id', bySupplier[supplierIds.beta]!.id).select();
    expect(forgedStatus.error?.code).toBe('42501');
    // The fixture unit is not the buyer's: 'Recebido' asks that unit to confirm, and confirms nothing for it.
    const received = unwrap(await buyer.rpc('receive_purchase_order', { p_order_id: bySupplier[supplierIds.beta]!.id }));
    expect(received).toEqual({ status: 'SOLICITADO', confirmed: 0, requested: 1, awaiting_units: [`Unidade ${tag}`] });
    const after = await shortageStatuses(shortages);
    expect(after[shortages[1]!]?.status).toBe('PEDIDO_ENVIADO');
    expect(after[shortages[0]!]?.status).toBe('PEDIDO_ENVIADO');
    const order = unwrap(await buyer.from('purchase_orders').select('status, total_amount').eq('id', bySupplier[supplierIds.beta]!.id).single());
    expect({ status: order.status, total: Number(order.total_amount) }).toEqual({ status: 'SOLICITADO', total: 80 });
  });

  it('generating orders returns items nobody won to the queue (PENDENTE, no batch), ready for the next batch', async () => {
    const { batch, shortages, quotes } = await quotedBatch(2, { alfa: [4, 5], beta: [6, 7] });
    const buyer = await as('compras');
    unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batch.id,
        p_quote_items: [{ shortage_id: shortages[0]!, quote_id: quotes.alfa.id }],
      }),
    );
    unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id }));
    const statuses = await shortageStatuses(shortages);
    expect(statuses[shortages[0]!]).toEqual({ status: 'PEDIDO_ENVIADO', batch_id: batch.id });
    expect(statuses[shortages[1]!]).toEqual({ status: 'PENDENTE', batch_id: null });
    const next = await createBatch([shortages[1]!]);
    expect((await shortageStatuses([shortages[1]!]))[shortages[1]!]).toEqual({ status: 'LOTE_CRIADO', batch_id: next.id });
  });

  it('after the award an item leaves the batch with its quote lines; once ordered it stays', async () => {
    const { batch, shortages, quotes } = await quotedBatch(2, { alfa: [1, 2], beta: [2, 1] });
    const buyer = await as('compras');
    unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batch.id,
        p_quote_items: [{ shortage_id: shortages[0]!, quote_id: quotes.alfa.id }],
      }),
    );
    ok(await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: shortages[1]!, p_batch_id: batch.id }));
    expect((await shortageStatuses([shortages[1]!]))[shortages[1]!]).toEqual({ status: 'PENDENTE', batch_id: null });
    expect(unwrap(await buyer.from('quote_items').select('id').eq('shortage_id', shortages[1]!))).toEqual([]);

    unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id }));
    const { error } = await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: shortages[0]!, p_batch_id: batch.id });
    expect(error?.message).toBe('Este item já possui pedido de compra e não pode ser removido do lote.');
  });

  it('orders need winners first', async () => {
    const shortages = await pendingShortages(1);
    const batch = await createBatch(shortages);
    const { error } = await (await as('compras')).rpc('generate_purchase_orders', { p_batch_id: batch.id });
    expect(error?.message).toBe('Selecione os vencedores antes de gerar os pedidos');
  });

  it('delete_quote_batch removes the batch and all its quotes and returns its shortages to PENDENTE', async () => {
    const { batch, shortages, quotes } = await quotedBatch(2, { alfa: [1, 2], beta: [2, 1] });
    const buyer = await as('compras');
    expect((await buyer.rpc('delete_quote_batch', { p_batch_id: batch.id })).error).toBeNull();
    expect(unwrap(await buyer.from('quote_batches').select('id').eq('id', batch.id))).toEqual([]);
    expect(unwrap(await buyer.from('quotes').select('id').in('id', [quotes.alfa.id, quotes.beta.id]))).toEqual([]);
    expect(unwrap(await buyer.from('quote_items').select('id').in('quote_id', [quotes.alfa.id, quotes.beta.id]))).toEqual([]);
    expect(Object.values(await shortageStatuses(shortages))).toEqual([
      { status: 'PENDENTE', batch_id: null },
      { status: 'PENDENTE', batch_id: null },
    ]);
    const rep = await as('representante');
    expect((await rep.rpc('delete_quote_batch', { p_batch_id: batch.id })).error?.code).toBe('42501');
  });
});

/** Pending shortages in one of the seeded units, registered by that unit's clerk. */
async function shortagesIn(unitName: string, count: number, requested = 10): Promise<string[]> {
  const db = await sql(backend);
  try {
    const unit = await db.query<{ id: string }>(`select id from public.store_units where name = $1`, [unitName]);
    const creator = await db.query<{ id: string }>(`select id from auth.users where email = 'balconista@farmacia.local'`);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      productSeq += 1;
      const product = await db.query<{ id: string }>(`insert into public.products (name) values ($1) returning id`, [
        `Produto ${tag} ${String(productSeq).padStart(3, '0')}`,
      ]);
      const shortage = await db.query<{ id: string }>(
        `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, observation)
         values ($1, $2, $3, $4, $5) returning id`,
        [product.rows[0]?.id, unit.rows[0]?.id, requested, creator.rows[0]?.id, tag],
      );
      ids.push(shortage.rows[0]?.id ?? '');
    }
    return ids;
  } finally {
    await db.end();
  }
}

/** The shortages in a batch sent to quotation, quoted by Distribuidora Alfa with the given offers, and all awarded to it. */
async function awardedToAlfa(shortages: string[], offers: Record<string, unknown>[]) {
  const batch = await createBatch(shortages);
  const buyer = await as('compras');
  unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
  const rep = await as('representante');
  const quote = unwrap(await rep.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
  for (const [index, shortageId] of shortages.entries()) {
    unwrap(await rep.from('quote_items').update(offers[index] ?? {}).eq('quote_id', quote.id).eq('shortage_id', shortageId).select('id'));
  }
  unwrap(await rep.rpc('submit_quote', { p_quote_id: quote.id }));
  unwrap(
    await buyer.rpc('select_winning_quotes_native', {
      p_batch_id: batch.id,
      p_quote_items: shortages.map((shortage_id) => ({ shortage_id, quote_id: quote.id })),
    }),
  );
  return { batch, buyer };
}

interface OrderLine {
  shortage_id: string;
  quantity: number;
  requested_quantity: number;
  minimum_quantity: number | null;
  raised_to_minimum: boolean;
  substitute_product_name: string | null;
  substitute_manufacturer: string | null;
  bonus_quantity: number;
  bonus_product_name: string | null;
  received_by_name: string | null;
  received_at: string | null;
  receipt_requested_at: string | null;
}

const LINE_COLUMNS =
  'shortage_id, quantity, requested_quantity, minimum_quantity, raised_to_minimum, substitute_product_name, substitute_manufacturer, bonus_quantity, bonus_product_name, received_by_name, received_at, receipt_requested_at';

async function orderLines(client: SupabaseClient, batchId: string): Promise<Record<string, OrderLine>> {
  const orders = unwrap(await client.from('purchase_orders').select('id').eq('batch_id', batchId)) as { id: string }[];
  const rows = unwrap(
    await client.from('purchase_order_items').select(LINE_COLUMNS).in('order_id', orders.map((o) => o.id)),
  ) as unknown as OrderLine[];
  return Object.fromEntries(rows.map((r) => [r.shortage_id, r]));
}

describe('orders say what won', () => {
  const BELOW_MINIMUM = 'Só é possível elevar à quantidade mínima um item vencedor deste lote cuja necessidade está abaixo do mínimo do fornecedor';

  it('order lines carry the substitute, the bonus and the supplier minimum; a line below the minimum is raised only when the buyer chose so', async () => {
    const shortages = await pendingShortages(3);
    const { batch, buyer } = await awardedToAlfa(shortages, [
      { unit_price: 2, minimum_quantity: 24, wants_substitute: true, substitute_product_name: 'Dipirona 500 mg genérica', substitute_manufacturer: 'EMS' },
      { unit_price: 3, minimum_quantity: 12, has_bonus: true, bonus_quantity: 2, bonus_product_name: 'Mesmo produto (bonificação)' },
      { unit_price: 4, minimum_quantity: 5 },
    ]);

    // The choice names only winning lines below their minimum: anything else is refused and nothing is generated.
    for (const wrong of [[shortages[2]!], [randomUUID()]]) {
      const refused = await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id, p_raise_to_minimum: wrong });
      expect(refused.error?.message).toBe(BELOW_MINIMUM);
    }
    expect(unwrap(await buyer.from('purchase_orders').select('id').eq('batch_id', batch.id))).toEqual([]);
    expect((unwrap(await buyer.from('quote_batches').select('status').eq('id', batch.id).single()) as Batch).status).toBe('COTACAO_FINALIZADA');

    const orders = unwrap(
      await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id, p_raise_to_minimum: [shortages[0]!] }),
    ) as Order[];
    expect(orders).toHaveLength(1);
    // 24 × 2,00 (raised) + 10 × 3,00 (kept below the minimum of 12) + 10 × 4,00.
    expect(Number(orders[0]?.total_amount)).toBe(118);
    const lines = await orderLines(buyer, batch.id);
    expect(lines[shortages[0]!]).toMatchObject({
      quantity: 24, requested_quantity: 10, minimum_quantity: 24, raised_to_minimum: true,
      substitute_product_name: 'Dipirona 500 mg genérica', substitute_manufacturer: 'EMS', bonus_quantity: 0, bonus_product_name: null,
    });
    expect(lines[shortages[1]!]).toMatchObject({
      quantity: 10, requested_quantity: 10, minimum_quantity: 12, raised_to_minimum: false,
      substitute_product_name: null, bonus_quantity: 2, bonus_product_name: 'Mesmo produto (bonificação)',
    });
    expect(lines[shortages[2]!]).toMatchObject({ quantity: 10, requested_quantity: 10, minimum_quantity: 5, raised_to_minimum: false, bonus_quantity: 0 });

    // The representative of the winning supplier reads the same lines (what to deliver).
    const rep = await as('representante');
    expect((await orderLines(rep, batch.id))[shortages[0]!]?.substitute_product_name).toBe('Dipirona 500 mg genérica');
  });

  it('without a choice every line keeps its need (the default), and the order still shows the minimum', async () => {
    const shortages = await pendingShortages(1);
    const { batch, buyer } = await awardedToAlfa(shortages, [{ unit_price: 1.5, minimum_quantity: 30 }]);
    unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id }));
    expect((await orderLines(buyer, batch.id))[shortages[0]!]).toMatchObject({ quantity: 10, requested_quantity: 10, minimum_quantity: 30, raised_to_minimum: false });
  });

  it('a repeated request id applies once: retries (in parallel too) return the first result, even with another choice', async () => {
    const shortages = await pendingShortages(2);
    const { batch, buyer } = await awardedToAlfa(shortages, [{ unit_price: 2, minimum_quantity: 20 }, { unit_price: 3, minimum_quantity: 15 }]);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id, p_raise_to_minimum: [shortages[0]!], p_request_id: requestId }),
      ),
    );
    const ids = results.map((r) => (unwrap(r) as Order[]).map((o) => o.id).join());
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBe('');
    // A retry that now asks to raise the other line too changes nothing: the first request was applied.
    const retry = unwrap(
      await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id, p_raise_to_minimum: shortages, p_request_id: requestId }),
    ) as Order[];
    expect(retry.map((o) => o.id).join()).toBe(ids[0]);
    const lines = await orderLines(buyer, batch.id);
    expect([lines[shortages[0]!]?.quantity, lines[shortages[1]!]?.quantity]).toEqual([20, 10]);
    expect(unwrap(await buyer.from('purchase_order_items').select('id').in('shortage_id', shortages))).toHaveLength(2);

    // The same id for another batch is refused; request ids are per caller, so another buyer's call with the
    // same id is a call of its own (here: the batch's orders, which exist once).
    const other = await pendingShortages(1);
    const second = await awardedToAlfa(other, [{ unit_price: 1 }]);
    const reused = await buyer.rpc('generate_purchase_orders', { p_batch_id: second.batch.id, p_request_id: requestId });
    expect(reused.error?.message).toBe('Esta solicitação já foi usada para outro pedido. Recarregue a página e tente novamente.');
    expect(unwrap(await buyer.from('purchase_orders').select('id').eq('batch_id', second.batch.id))).toEqual([]);
    const admin = await as('admin');
    const own = unwrap(await admin.rpc('generate_purchase_orders', { p_batch_id: batch.id, p_request_id: requestId })) as Order[];
    expect(own.map((o) => o.id).join()).toBe(ids[0]);
    expect(unwrap(await buyer.from('purchase_order_items').select('id').in('shortage_id', shortages))).toHaveLength(2);
  });
});

describe('order and shortage statuses agree, unit by unit', () => {
  const OTHER_UNIT = 'Apenas quem trabalha na unidade que recebe pode confirmar a entrega desta falta';

  it("the buyer's 'Recebido' confirms the buyer's own unit and asks the other; that unit's confirmation completes the order", async () => {
    const [centro] = await shortagesIn('Unidade Centro', 1);
    const [norte] = await shortagesIn('Unidade Norte', 1);
    const { batch, buyer } = await awardedToAlfa([centro!, norte!], [{ unit_price: 2, wants_substitute: true, substitute_product_name: 'Genérico X' }, { unit_price: 3 }]);
    const [order] = unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id })) as Order[];

    // Neither the buyer nor a clerk of a third unit confirms Norte's delivery; the order is not set by hand.
    const byBuyer = await buyer.from('shortages').update({ status: 'ENTREGUE' }).eq('id', norte!).select('status');
    expect([byBuyer.error?.code, byBuyer.error?.message]).toEqual(['42501', OTHER_UNIT]);
    const forged = await buyer.from('purchase_orders').update({ status: 'RECEBIDO' }).eq('id', order!.id).select('id');
    expect(forged.error?.code).toBe('42501');

    const received = unwrap(await buyer.rpc('receive_purchase_order', { p_order_id: order!.id }));
    expect(received).toEqual({ status: 'SOLICITADO', confirmed: 1, requested: 1, awaiting_units: ['Unidade Norte'] });
    expect(await shortageStatuses([centro!, norte!])).toEqual({
      [centro!]: { status: 'ENTREGUE', batch_id: batch.id },
      [norte!]: { status: 'PEDIDO_ENVIADO', batch_id: batch.id },
    });
    let lines = await orderLines(buyer, batch.id);
    expect(lines[centro!]).toMatchObject({ received_by_name: 'Carla Compras', receipt_requested_at: null });
    expect(lines[centro!]?.received_at).not.toBeNull();
    expect(lines[norte!]).toMatchObject({ received_by_name: null, received_at: null });
    expect(lines[norte!]?.receipt_requested_at).not.toBeNull();

    // Norte's clerk sees the order behind the shortage: the product actually bought and the request to confirm.
    const norteClerk = await as('balconista2');
    const info = unwrap(await norteClerk.rpc('get_shortage_order', { p_shortage_id: norte! })) as Record<string, unknown>[];
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject({ order_id: order!.id, order_status: 'SOLICITADO', supplier_name: 'Distribuidora Alfa', quantity: 10, received_at: null });
    expect(info[0]?.receipt_requested_at).not.toBeNull();
    const centroInfo = unwrap(await (await as('balconista')).rpc('get_shortage_order', { p_shortage_id: centro! })) as Record<string, unknown>[];
    expect(centroInfo[0]).toMatchObject({ substitute_product_name: 'Genérico X', received_by_name: 'Carla Compras' });
    // A clerk of another unit learns nothing about it.
    expect(unwrap(await (await as('farmaceutico')).rpc('get_shortage_order', { p_shortage_id: norte! }))).toEqual([]);
    const sul = await (await as('farmaceutico')).from('shortages').update({ status: 'ENTREGUE' }).eq('id', norte!).select('status');
    expect(sul.data ?? []).toEqual([]);

    unwrap(await norteClerk.from('shortages').update({ status: 'ENTREGUE' }).eq('id', norte!).select('status'));
    lines = await orderLines(buyer, batch.id);
    expect(lines[norte!]?.received_by_name).toBe('Beatriz Balconista');
    const done = unwrap(await buyer.from('purchase_orders').select('status, received_at').eq('id', order!.id).single());
    expect(done.status).toBe('RECEBIDO');
    expect(done.received_at).not.toBeNull();
    // Receiving again changes nothing.
    expect(unwrap(await buyer.rpc('receive_purchase_order', { p_order_id: order!.id }))).toEqual({
      status: 'RECEBIDO', confirmed: 0, requested: 0, awaiting_units: [],
    });
  });

  it("the units' own 'Entregue' completes the order without the buyer, each line recording who confirmed", async () => {
    const [norte] = await shortagesIn('Unidade Norte', 1);
    const [sul] = await shortagesIn('Unidade Sul', 1);
    const { batch, buyer } = await awardedToAlfa([norte!, sul!], [{ unit_price: 2 }, { unit_price: 3 }]);
    const [order] = unwrap(await buyer.rpc('generate_purchase_orders', { p_batch_id: batch.id })) as Order[];

    unwrap(await (await as('balconista2')).from('shortages').update({ status: 'ENTREGUE' }).eq('id', norte!).select('status'));
    expect(unwrap(await buyer.from('purchase_orders').select('status').eq('id', order!.id).single()).status).toBe('SOLICITADO');
    unwrap(await (await as('farmaceutico')).from('shortages').update({ status: 'ENTREGUE' }).eq('id', sul!).select('status'));
    expect(unwrap(await buyer.from('purchase_orders').select('status').eq('id', order!.id).single()).status).toBe('RECEBIDO');
    const lines = await orderLines(buyer, batch.id);
    expect([lines[norte!]?.received_by_name, lines[sul!]?.received_by_name]).toEqual(['Beatriz Balconista', 'Fernando Farmacêutico']);
    expect([lines[norte!]?.receipt_requested_at, lines[sul!]?.receipt_requested_at]).toEqual([null, null]);
  });

  it('receive_purchase_order is the buyers\' and names a missing order', async () => {
    const clerk = await as('balconista');
    const buyer = await as('compras');
    const anyOrder = unwrap(await buyer.from('purchase_orders').select('id').limit(1).single()) as { id: string };
    expect((await clerk.rpc('receive_purchase_order', { p_order_id: anyOrder.id })).error?.code).toBe('42501');
    const missing = await buyer.rpc('receive_purchase_order', { p_order_id: randomUUID() });
    expect([missing.error?.code, missing.error?.message]).toEqual(['PT404', 'Pedido não encontrado']);
  });
});

describe('reports', () => {
  it('get_batch_comparison gives buyers every item × quote with the best submitted price', async () => {
    const { batch, shortages, quotes } = await quotedBatch(2, { alfa: [5, 9], beta: [6, 8] });
    const buyer = await as('compras');
    const comparison = unwrap(await buyer.rpc('get_batch_comparison', { p_batch_id: batch.id })) as {
      batch: { id: string; status: string };
      offer_columns: string[];
      quotes: { id: string; supplier_name: string; status: string; priced_items: number }[];
      items: { shortage_id: string; product_name: string; requested_quantity: number; best_unit_price: number; offers: unknown[][] }[];
    };
    expect(comparison.batch).toMatchObject({ id: batch.id, status: 'EM_COTACAO' });
    expect(comparison.quotes.map((q) => [q.id, q.supplier_name, q.priced_items])).toEqual([
      [quotes.alfa.id, 'Distribuidora Alfa', 2],
      [quotes.beta.id, 'Distribuidora Beta', 2],
    ]);
    expect(comparison.items).toHaveLength(2);
    const first = comparison.items.find((i) => i.shortage_id === shortages[0]);
    expect(first?.requested_quantity).toBe(10);
    expect(first?.best_unit_price).toBe(5);
    expect(comparison.items.find((i) => i.shortage_id === shortages[1])?.best_unit_price).toBe(8);
    // An item's offers are rows of offer_columns, each naming its quote by position in `quotes`, in that order.
    expect(comparison.offer_columns).toEqual([
      'quote', 'unit_price', 'minimum_quantity', 'is_winner', 'wants_substitute', 'substitute_product_name', 'substitute_manufacturer',
      'has_bonus', 'bonus_product_name', 'bonus_manufacturer', 'bonus_expiry_date', 'bonus_quantity', 'effective_unit_cost', 'price_rank',
      'effective_rank',
    ]);
    expect(first?.offers.map((row) => row[0])).toEqual([0, 1]);
    expect(offersOf(comparison, shortages[0]!).map((o) => [o.quote_id, o.unit_price, o.price_rank])).toEqual([
      [quotes.alfa.id, 5, 1],
      [quotes.beta.id, 6, 2],
    ]);
    expect(offersOf(comparison, shortages[1]!).map((o) => [o.quote_id, o.unit_price, o.price_rank])).toEqual([
      [quotes.alfa.id, 9, 2],
      [quotes.beta.id, 8, 1],
    ]);

    for (const key of ['representante', 'balconista'] as const) {
      const { data, error } = await (await as(key)).rpc('get_batch_comparison', { p_batch_id: batch.id });
      expect(data).toBeNull();
      expect(error?.code).toBe('42501');
    }
  });

  it("get_batch_comparison answers 'unchanged' to the checksum of the document still current, the whole document after any change", async () => {
    const { batch, shortages, quotes } = await quotedBatch(2, { alfa: [5, 9], beta: [6, 8] });
    const buyer = await as('compras');
    type Document = { checksum: string; items: { shortage_id: string; product_name: string }[] };
    const read = async (args: Record<string, unknown>) => unwrap(await buyer.rpc('get_batch_comparison', { p_batch_id: batch.id, ...args })) as Document;
    let { checksum } = await read({});
    expect(checksum).toMatch(/^[0-9a-f]{32}$/);
    expect(await read({ p_known_checksum: checksum })).toEqual({ unchanged: true, checksum });
    // The same checksum at another cost of money, or a forged one: the whole document.
    const atFive = await read({ p_monthly_rate: 0.05, p_known_checksum: checksum });
    expect([atFive.items.length, atFive.checksum === checksum]).toEqual([2, false]);
    expect((await read({ p_known_checksum: 'forged' })).checksum).toBe(checksum);
    // Authorization first: the checksum opens nothing to whoever may not read the comparison.
    for (const key of ['representante', 'balconista'] as const) {
      const { data, error } = await (await as(key)).rpc('get_batch_comparison', { p_batch_id: batch.id, p_known_checksum: checksum });
      expect([data, error?.code]).toEqual([null, '42501']);
    }

    const changes: [string, string, unknown[]][] = [
      ['a product renamed', `update public.products set name = name || ' (novo nome)' where id = (select product_id from public.shortages where id = $1)`, [shortages[0]]],
      ['a requested quantity', `update public.shortages set requested_quantity = requested_quantity + 1 where id = $1`, [shortages[1]]],
      ['a minimum quantity on a submitted quote', `update public.quote_items set minimum_quantity = 12 where quote_id = $1 and shortage_id = $2`, [quotes.alfa.id, shortages[0]]],
      ['a payment term', `update public.quotes set payment_term_days = 28 where id = $1`, [quotes.beta.id]],
      ['the batch renamed', `update public.quote_batches set name = name || ' (novo nome)' where id = $1`, [batch.id]],
    ];
    const db = await sql(backend);
    try {
      for (const [what, statement, params] of changes) {
        await db.query(statement, params);
        const next = await read({ p_known_checksum: checksum });
        expect([next.items?.length, next.checksum === checksum], what).toEqual([2, false]);
        checksum = next.checksum;
        expect(await read({ p_known_checksum: checksum }), what).toEqual({ unchanged: true, checksum });
      }
    } finally {
      await db.end();
    }
    expect((await read({})).items.find((item) => item.shortage_id === shortages[0])?.product_name).toMatch(/\(novo nome\)$/);
  });

  it('get_winning_items: a representative gets only its supplier\'s items; admins get every supplier', async () => {
    const rep = await as('representante');
    const own = unwrap(await rep.rpc('get_winning_items', {})) as { supplier_name: string; total: number; quantity: number; unit_price: number }[];
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((r) => r.supplier_name))).toEqual(new Set(['Distribuidora Alfa']));
    for (const row of own) expect(row.total).toBeCloseTo(row.quantity * row.unit_price, 2);
    const admin = unwrap(await (await as('admin')).rpc('get_winning_items', {})) as { supplier_name: string }[];
    // Every seeded supplier has won items: Alfa and Beta (20_purchasing.sql), Gama and Delta (21_purchasing_history.sql).
    expect(new Set(admin.map((r) => r.supplier_name))).toEqual(new Set(['Distribuidora Alfa', 'Distribuidora Beta', 'Distribuidora Gama', 'Distribuidora Delta']));
    const future = unwrap(await rep.rpc('get_winning_items', { p_from: '2999-01-01' })) as unknown[];
    expect(future).toEqual([]);
    expect((await (await as('balconista')).rpc('get_winning_items', {})).error?.code).toBe('42501');
  });

  it('get_supplier_win_rates for buyers and admins only', async () => {
    const rates = unwrap(await (await as('admin')).rpc('get_supplier_win_rates', {})) as {
      supplier_name: string;
      quotes_sent: number;
      quotes_won: number;
      win_rate: number | null;
      value_won: number;
    }[];
    const alfa = rates.find((r) => r.supplier_name === 'Distribuidora Alfa');
    expect(alfa?.quotes_sent).toBeGreaterThan(0);
    expect(alfa?.quotes_won).toBeGreaterThan(0);
    expect(alfa?.win_rate).toBeGreaterThan(0);
    expect(alfa?.value_won).toBeGreaterThan(0);
    expect((await (await as('representante')).rpc('get_supplier_win_rates', {})).error?.code).toBe('42501');
  });

  it('win rates and won items filter the period on the same date: the day the batch\'s winners were chosen', async () => {
    const { batch, shortages, quotes } = await quotedBatch(2, { alfa: [5, 9], beta: [6, 8] });
    const buyer = await as('compras');
    unwrap(
      await buyer.rpc('select_winning_quotes_native', {
        p_batch_id: batch.id,
        p_quote_items: shortages.map((shortage_id) => ({ shortage_id, quote_id: quotes.alfa.id })),
      }),
    );
    // Fixture: the winners were chosen on 03/02/2001 (São Paulo), long after nothing else; the quotes were created today.
    const db = await sql(backend);
    try {
      await db.query(`update public.quote_batches set closed_at = '2001-02-03 15:00:00-03' where id = $1`, [batch.id]);
    } finally {
      await db.end();
    }
    const admin = await as('admin');
    const period = { p_from: '2001-02-03', p_to: '2001-02-03' };
    const won = unwrap(await admin.rpc('get_winning_items', period)) as { batch_id: string; supplier_name: string; total: number }[];
    expect(won.map((r) => [r.batch_id, r.supplier_name, r.total])).toEqual([
      [batch.id, 'Distribuidora Alfa', 50],
      [batch.id, 'Distribuidora Alfa', 90],
    ]);
    const rates = unwrap(await admin.rpc('get_supplier_win_rates', period)) as {
      supplier_name: string;
      quotes_sent: number;
      quotes_won: number;
      quotes_lost: number;
      win_rate: number | null;
      items_quoted: number;
      items_won: number;
      value_won: number;
    }[];
    const bySupplier = Object.fromEntries(rates.map((r) => [r.supplier_name, r]));
    expect(bySupplier['Distribuidora Alfa']).toMatchObject({ quotes_sent: 1, quotes_won: 1, quotes_lost: 0, win_rate: 1, items_quoted: 2, items_won: 2, value_won: 140 });
    expect(bySupplier['Distribuidora Beta']).toMatchObject({ quotes_sent: 1, quotes_won: 0, quotes_lost: 1, win_rate: 0, items_quoted: 2, items_won: 0, value_won: 0 });
    // The day after: neither the items nor the rates count them.
    const next = { p_from: '2001-02-04', p_to: '2001-02-04' };
    expect(unwrap(await admin.rpc('get_winning_items', next))).toEqual([]);
    const none = unwrap(await admin.rpc('get_supplier_win_rates', next)) as { quotes_sent: number; items_quoted: number }[];
    expect(none.every((r) => r.quotes_sent === 0 && r.items_quoted === 0)).toBe(true);
  });

  it('get_representative_dashboard summarises the caller\'s supplier only', async () => {
    const rep = await as('representante2');
    const dashboard = unwrap(await rep.rpc('get_representative_dashboard')) as {
      supplier: { name: string };
      awaiting_batches: { batch_id: string }[];
      quotes_in_progress: unknown[];
      sent_count: number;
      won_count: number;
      lost_count: number;
      win_rate: number | null;
      value_won: number;
      recent_results: { status: string }[];
    };
    expect(dashboard.supplier.name).toBe('Distribuidora Beta');
    expect(dashboard.won_count).toBeGreaterThan(0);
    expect(dashboard.lost_count).toBeGreaterThan(0);
    expect(dashboard.win_rate).toBeGreaterThan(0);
    expect(dashboard.recent_results.length).toBeGreaterThan(0);
    expect((await (await as('compras')).rpc('get_representative_dashboard')).error?.code).toBe('42501');
  });

  it('the dashboard: a representative sees only its own supplier; ADMIN picks one supplier or all of them', async () => {
    interface Dashboard {
      scope: string;
      supplier: { id: string; name: string } | null;
      awaiting_batches: { batch_id: string }[];
      quotes_in_progress: { quote_id: string; batch_id: string; batch_name: string; supplier_name: string; priced_items: number; total_items: number; updated_at: string }[];
      recent_results: { supplier_name: string }[];
    }
    const { shortages, batch } = await sentBatch(3, `Painel ${tag}`);
    const beta = await as('representante2');
    const quote = unwrap(await beta.rpc('get_or_create_quote', { p_batch_id: batch.id })) as Quote;
    unwrap(await beta.from('quote_items').update({ unit_price: 4.2 }).eq('quote_id', quote.id).eq('shortage_id', shortages[0]!).select('id'));
    const updatedAt = (unwrap(await beta.from('quotes').select('updated_at').eq('id', quote.id).single()) as { updated_at: string }).updated_at;
    const inProgress = expect.objectContaining({ quote_id: quote.id, batch_id: batch.id, batch_name: `Painel ${tag}`, supplier_name: 'Distribuidora Beta', priced_items: 1, total_items: 3, updated_at: updatedAt });

    // The representatives: their own supplier, with or without naming it; never another one.
    const own = unwrap(await beta.rpc('get_representative_dashboard')) as Dashboard;
    expect(own).toMatchObject({ scope: 'SUPPLIER', supplier: { id: supplierIds.beta, name: 'Distribuidora Beta' } });
    expect(own.quotes_in_progress).toContainEqual(inProgress);
    expect(own.awaiting_batches.map((b) => b.batch_id)).not.toContain(batch.id);
    expect((unwrap(await beta.rpc('get_representative_dashboard', { p_supplier_id: supplierIds.beta })) as Dashboard).supplier?.name).toBe('Distribuidora Beta');
    const alfa = await as('representante');
    const alfaOwn = unwrap(await alfa.rpc('get_representative_dashboard')) as Dashboard;
    expect(alfaOwn.quotes_in_progress.map((q) => q.quote_id)).not.toContain(quote.id);
    expect(alfaOwn.awaiting_batches.map((b) => b.batch_id)).toContain(batch.id);
    const peek = await alfa.rpc('get_representative_dashboard', { p_supplier_id: supplierIds.beta });
    expect(peek.data).toBeNull();
    expect(peek.error?.code).toBe('42501');

    // ADMIN: one supplier at a time ...
    const admin = await as('admin');
    const adminBeta = unwrap(await admin.rpc('get_representative_dashboard', { p_supplier_id: supplierIds.beta })) as Dashboard;
    expect(adminBeta).toMatchObject({ scope: 'SUPPLIER', supplier: { name: 'Distribuidora Beta' } });
    expect(adminBeta.quotes_in_progress).toContainEqual(inProgress);
    const adminAlfa = unwrap(await admin.rpc('get_representative_dashboard', { p_supplier_id: supplierIds.alfa })) as Dashboard;
    expect(adminAlfa.quotes_in_progress.map((q) => q.quote_id)).not.toContain(quote.id);
    expect(adminAlfa.awaiting_batches.map((b) => b.batch_id)).toContain(batch.id);
    // ... or every supplier ('Todos os fornecedores'): a batch someone started quoting no longer awaits an answer.
    const all = unwrap(await admin.rpc('get_representative_dashboard')) as Dashboard;
    expect(all).toMatchObject({ scope: 'ALL', supplier: null });
    expect(all.quotes_in_progress).toContainEqual(inProgress);
    // The seeded Lote Reposição Norte has Alfa's quote in progress: the aggregate lists both suppliers' quotes.
    expect(all.quotes_in_progress.map((q) => q.supplier_name)).toEqual(expect.arrayContaining(['Distribuidora Alfa', 'Distribuidora Beta']));
    expect(all.recent_results.length).toBeGreaterThan(0);
    for (const result of all.recent_results) expect(['Distribuidora Alfa', 'Distribuidora Beta']).toContain(result.supplier_name);
    expect(all.awaiting_batches.map((b) => b.batch_id)).not.toContain(batch.id);
    const missing = await admin.rpc('get_representative_dashboard', { p_supplier_id: randomUUID() });
    expect(missing.error?.message).toBe('Fornecedor não encontrado');

    for (const key of ['compras', 'analista', 'balconista'] as const) {
      const denied = await (await as(key)).rpc('get_representative_dashboard', { p_supplier_id: supplierIds.beta });
      expect(denied.error?.code, key).toBe('42501');
    }
  });
});
