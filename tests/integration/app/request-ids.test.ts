/**
 * Nothing applied twice (issue 22): the create RPCs a double click or a retry can repeat take a
 * client-generated request id, and a repeated id returns the first call's result without applying
 * again, also when twenty copies arrive at once; an import of the same rows for the same unit
 * within ten minutes is refused naming the earlier run; a shortage insert repeated with its request
 * id is refused and the first row stays the only one. Every assertion reads what the database holds.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSessions } from '../../utils/app-users.ts';
import { appBackend, sql } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `reqid-${randomUUID().slice(0, 8)}`;

function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
function randomEan13(): string {
  const body = `2${String(randomInt(0, 1e11)).padStart(11, '0')}`;
  return body + String(checkDigit(body));
}

interface Summary {
  import_run_id: string | null;
  accepted: number;
}

let unitId = '';
let clerkUnitId = '';
let productSeq = 0;

async function query<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const db = await sql(backend);
  try {
    return (await db.query<T>(text, values)).rows;
  } finally {
    await db.end();
  }
}

/** A new product (its barcode unique to this run). */
async function newProduct(): Promise<{ id: string; barcode: string }> {
  productSeq += 1;
  const barcode = randomEan13();
  const [row] = await query<{ id: string }>('insert into public.products (barcode, name) values ($1, $2) returning id', [
    barcode,
    `Produto ${tag} ${String(productSeq).padStart(3, '0')}`,
  ]);
  return { id: row!.id, barcode };
}

/** `count` pending shortages of new products in our own unit. */
async function pendingShortages(count: number): Promise<string[]> {
  const ids: string[] = [];
  const [creator] = await query<{ id: string }>(`select id from auth.users where email = 'balconista@farmacia.local'`);
  for (let i = 0; i < count; i++) {
    const product = await newProduct();
    const [row] = await query<{ id: string }>(
      `insert into public.shortages (product_id, unit_id, requested_quantity, created_by, observation) values ($1, $2, 10, $3, $4) returning id`,
      [product.id, unitId, creator!.id, tag],
    );
    ids.push(row!.id);
  }
  return ids;
}

const runsOf = (fileName: string) => query<{ id: string; content_hash: string | null }>('select id, content_hash from public.import_runs where file_name = $1', [fileName]);
const shortagesOf = (productId: string) => query<{ id: string; requested_quantity: number }>('select id, requested_quantity from public.shortages where product_id = $1', [productId]);
const batchItems = (batchId: string) => query<{ id: string }>('select id from public.shortages where batch_id = $1', [batchId]);

beforeAll(async () => {
  const [unit] = await query<{ id: string }>('insert into public.store_units (name) values ($1) returning id', [`Unidade ${tag}`]);
  unitId = unit!.id;
  const [clerk] = await query<{ unit_id: string }>(`select p.unit_id from public.profiles p join auth.users u on u.id = p.id where u.email = 'balconista@farmacia.local'`);
  clerkUnitId = clerk!.unit_id;
});

afterAll(async () => {
  const batches = `select b.id from public.quote_batches b where b.unit_id = $1 or b.name like '%' || $2 || '%'`;
  await query(`update public.shortages set batch_id = null where batch_id in (${batches})`, [unitId, tag]);
  await query(`delete from public.quote_batches where unit_id = $1 or name like '%' || $2 || '%'`, [unitId, tag]);
  await query('delete from public.import_runs where file_name like $1', [`%${tag}%`]);
  await query(`delete from public.shortages where product_id in (select id from public.products where name like $1)`, [`Produto ${tag}%`]);
  await query('delete from public.products where name like $1', [`Produto ${tag}%`]);
  await query('delete from public.store_units where id = $1', [unitId]);
});

describe('imports', () => {
  it('the same import request id twice creates one run and one set of shortages; the second call gets the first summary', async () => {
    const clerk = await as('balconista');
    const product = await newProduct();
    const fileName = `faltas-${tag}-a.csv`;
    const requestId = randomUUID();
    const args = { p_file_name: fileName, p_rows: [{ barcode: product.barcode, requested_quantity: 4 }], p_request_id: requestId };
    const first = unwrap(await clerk.rpc('import_shortages', args)) as Summary;
    const again = unwrap(await clerk.rpc('import_shortages', args)) as Summary;

    expect(first.accepted).toBe(1);
    expect(again).toEqual(first);
    const runs = await runsOf(fileName);
    expect(runs.map((r) => r.id)).toEqual([first.import_run_id]);
    expect(runs[0]?.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await shortagesOf(product.id)).toHaveLength(1);
  });

  it('20 parallel calls with one request id: one run, one shortage, every answer the same summary and no 5xx', async () => {
    const clerk = await as('balconista');
    const product = await newProduct();
    const fileName = `faltas-${tag}-paralelo.csv`;
    const args = { p_file_name: fileName, p_rows: [{ barcode: product.barcode, requested_quantity: 2 }], p_request_id: randomUUID() };
    const results = await Promise.all(Array.from({ length: 20 }, () => clerk.rpc('import_shortages', args)));

    expect(results.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    expect(results.map((r) => r.error)).toEqual(Array(20).fill(null));
    const runs = await runsOf(fileName);
    expect(runs).toHaveLength(1);
    expect(new Set(results.map((r) => (r.data as Summary).import_run_id))).toEqual(new Set([runs[0]?.id]));
    expect(await shortagesOf(product.id)).toHaveLength(1);
  });

  it('the same rows for the same unit within ten minutes are refused naming the earlier run, in the preview too, and nothing is applied', async () => {
    const clerk = await as('balconista');
    const product = await newProduct();
    const rows = [{ barcode: product.barcode, requested_quantity: 3 }];
    const first = unwrap(await clerk.rpc('import_shortages', { p_file_name: `faltas-${tag}-1.csv`, p_rows: rows, p_request_id: randomUUID() })) as Summary;
    const [run] = await query<{ created_at: string }>(
      `select to_char(created_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY "às" HH24:MI') as created_at from public.import_runs where id = $1`,
      [first.import_run_id],
    );
    const expected = new RegExp(
      `^Este arquivo já foi importado em ${run!.created_at} por Bruno Balconista \\(arquivo faltas-${tag}-1\\.csv\\)\\. ` +
        'Confira o resultado no histórico de importações; para importar as mesmas linhas de novo, aguarde até \\d\\d:\\d\\d\\.$',
    );

    for (const dryRun of [false, true]) {
      const { data, error } = await clerk.rpc('import_shortages', { p_file_name: `faltas-${tag}-2.csv`, p_rows: rows, p_dry_run: dryRun, p_request_id: randomUUID() });
      expect(data).toBeNull();
      expect(error?.code).toBe('P0001');
      expect(error?.message).toMatch(expected);
      expect(error?.hint).toBe('Arquivo já importado');
      expect(error?.details).toBe(first.import_run_id);
    }
    // A colleague of the same unit importing the same rows is refused too (the message names the first importer).
    const admin = await as('admin');
    const colleague = await admin.rpc('import_shortages', { p_file_name: `faltas-${tag}-3.csv`, p_rows: rows, p_unit_id: clerkUnitId, p_request_id: randomUUID() });
    expect(colleague.error?.message).toMatch(expected);

    expect(await runsOf(`faltas-${tag}-2.csv`)).toEqual([]);
    expect(await runsOf(`faltas-${tag}-3.csv`)).toEqual([]);
    expect(await shortagesOf(product.id)).toHaveLength(1);
    // The same rows for another unit are another file's business.
    const elsewhere = await admin.rpc('import_shortages', { p_file_name: `faltas-${tag}-4.csv`, p_rows: rows, p_unit_id: unitId, p_request_id: randomUUID() });
    expect(elsewhere.error).toBeNull();
    expect(await shortagesOf(product.id)).toHaveLength(2);
  });

  it('two imports of the same rows at once with different request ids: one run, the other refused', async () => {
    const clerk = await as('balconista');
    const product = await newProduct();
    const rows = [{ barcode: product.barcode, requested_quantity: 1 }];
    const results = await Promise.all(
      [1, 2].map((n) => clerk.rpc('import_shortages', { p_file_name: `faltas-${tag}-duplo-${n}.csv`, p_rows: rows, p_request_id: randomUUID() })),
    );
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    expect(results.find((r) => r.error)?.error?.hint).toBe('Arquivo já importado');
    expect(await shortagesOf(product.id)).toHaveLength(1);
  });

  it('import_products: a repeated request id imports once; the same rows again are refused', async () => {
    const admin = await as('admin');
    const name = `Produto ${tag} importado`;
    const args = { p_file_name: `produtos-${tag}.csv`, p_rows: [{ name }], p_request_id: randomUUID() };
    const first = unwrap(await admin.rpc('import_products', args)) as Summary;
    expect(unwrap(await admin.rpc('import_products', args))).toEqual(first);
    const repeated = await admin.rpc('import_products', { ...args, p_request_id: randomUUID() });
    expect(repeated.error?.hint).toBe('Arquivo já importado');
    expect(await query('select id from public.products where name = $1', [name])).toHaveLength(1);
  });

  it('a run written directly through the table cannot carry a content hash', async () => {
    const clerk = await as('balconista');
    const { error } = await clerk.from('import_runs').insert({ kind: 'shortages', file_name: `forjado-${tag}.csv`, unit_id: clerkUnitId, content_hash: 'f'.repeat(64) });
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('A identificação do arquivo é registrada pela importação');
    expect(await runsOf(`forjado-${tag}.csv`)).toEqual([]);
  });
});

describe('request ids are per user', () => {
  it('another user sending a request id already used gets a fresh call of its own, never the first user\'s result', async () => {
    const clerk = await as('balconista');
    const admin = await as('admin');
    const requestId = randomUUID();
    const mine = await newProduct();
    const theirs = await newProduct();
    const first = unwrap(
      await clerk.rpc('import_shortages', { p_file_name: `faltas-${tag}-dono.csv`, p_rows: [{ barcode: mine.barcode, requested_quantity: 1 }], p_request_id: requestId }),
    ) as Summary;
    const other = unwrap(
      await admin.rpc('import_shortages', {
        p_file_name: `faltas-${tag}-outro.csv`,
        p_rows: [{ barcode: theirs.barcode, requested_quantity: 1 }],
        p_unit_id: unitId,
        p_request_id: requestId,
      }),
    ) as Summary;
    expect(other.import_run_id).not.toBe(first.import_run_id);
    expect(await shortagesOf(theirs.id)).toHaveLength(1);
  });

  it('one user\'s request id reused for another operation is refused, changing nothing', async () => {
    const buyer = await as('compras');
    const requestId = randomUUID();
    const [a, b] = await pendingShortages(2);
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [a!], p_name: `Lote ${tag}`, p_request_id: requestId })) as { id: string };
    const { data, error } = await buyer.rpc('add_shortages_to_batch', { p_batch_id: batch.id, p_shortage_ids: [b!], p_request_id: requestId });
    expect(data).toBeNull();
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('Este identificador de requisição já foi usado em outra operação. Recarregue a página e tente novamente.');
    expect(await batchItems(batch.id)).toEqual([{ id: a }]);
  });
});

describe('batch RPCs apply once per request id', () => {
  let buyer: SupabaseClient;
  beforeAll(async () => {
    buyer = await as('compras');
  });

  it('create_quote_batch: a repeated id returns the first batch and creates no second one', async () => {
    const shortages = await pendingShortages(2);
    const args = { p_unit_id: unitId, p_shortage_ids: shortages, p_name: `Lote ${tag} criar`, p_request_id: randomUUID() };
    const first = unwrap(await buyer.rpc('create_quote_batch', args)) as { id: string; status: string };
    const again = unwrap(await buyer.rpc('create_quote_batch', args)) as { id: string; status: string };
    expect(again).toEqual(first);
    expect(await query('select id from public.quote_batches where name = $1', [`Lote ${tag} criar`])).toEqual([{ id: first.id }]);
  });

  it('create_quote_batch: 20 parallel calls with one id give one batch and no 5xx', async () => {
    const shortages = await pendingShortages(1);
    const args = { p_unit_id: unitId, p_shortage_ids: shortages, p_name: `Lote ${tag} paralelo`, p_request_id: randomUUID() };
    const results = await Promise.all(Array.from({ length: 20 }, () => buyer.rpc('create_quote_batch', args)));
    expect(results.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    expect(results.map((r) => r.error)).toEqual(Array(20).fill(null));
    const batches = await query<{ id: string }>('select id from public.quote_batches where name = $1', [`Lote ${tag} paralelo`]);
    expect(batches).toHaveLength(1);
    expect(new Set(results.map((r) => (r.data as { id: string }).id))).toEqual(new Set([batches[0]?.id]));
  });

  it('add_shortages_to_batch: a repeated id returns the first answer (no "Item já está em outro lote" failure) and adds nothing more', async () => {
    const [a, b, c] = await pendingShortages(3);
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [a!], p_name: `Lote ${tag} adicionar` })) as { id: string };
    const args = { p_batch_id: batch.id, p_shortage_ids: [b!], p_request_id: randomUUID() };
    const first = unwrap(await buyer.rpc('add_shortages_to_batch', args));
    expect(first).toEqual({ added: 1, total: 1, errors: [] });
    // c became pending meanwhile; the retry of the first request still adds only what the first did.
    const again = await Promise.all(Array.from({ length: 5 }, () => buyer.rpc('add_shortages_to_batch', args)));
    expect(again.map((r) => r.data)).toEqual(Array(5).fill(first));
    expect((await batchItems(batch.id)).map((r) => r.id).sort()).toEqual([a, b].sort());
    expect((await query<{ batch_id: string | null }>('select batch_id from public.shortages where id = $1', [c]))[0]?.batch_id).toBeNull();
  });

  it('set_batch_status (send): a late retry of the send does not undo a later change', async () => {
    const shortages = await pendingShortages(1);
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: shortages, p_name: `Lote ${tag} enviar` })) as { id: string };
    const send = { p_batch_id: batch.id, p_status: 'EM_COTACAO', p_request_id: randomUUID() };
    const sent = unwrap(await buyer.rpc('set_batch_status', send)) as { status: string; sent_at: string };
    expect(sent.status).toBe('EM_COTACAO');
    unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'ABERTO', p_request_id: randomUUID() }));
    // The first send arrives again (a retry): it answers as before and changes nothing.
    expect(unwrap(await buyer.rpc('set_batch_status', send))).toEqual(sent);
    expect(await query('select status from public.quote_batches where id = $1', [batch.id])).toEqual([{ status: 'ABERTO' }]);
  });

  it('assign_shortage_to_batch: a repeated id returns the first row and does not reassign after the item left the batch', async () => {
    const [a, b] = await pendingShortages(2);
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [a!], p_name: `Lote ${tag} atribuir` })) as { id: string };
    const args = { shortage_id: b!, batch_id: batch.id, request_id: randomUUID() };
    const first = unwrap(await buyer.rpc('assign_shortage_to_batch', args)) as { id: string; batch_id: string; status: string };
    expect(first).toMatchObject({ id: b, batch_id: batch.id, status: 'LOTE_CRIADO' });
    expect((await buyer.rpc('remove_shortage_from_batch', { p_shortage_id: b!, p_batch_id: batch.id })).error).toBeNull();
    expect(unwrap(await buyer.rpc('assign_shortage_to_batch', args))).toEqual(first);
    expect((await batchItems(batch.id)).map((r) => r.id)).toEqual([a]);
  });

  it('without a request id the RPCs behave as before (older callers)', async () => {
    const [a] = await pendingShortages(1);
    const batch = unwrap(await buyer.rpc('create_quote_batch', { p_unit_id: unitId, p_shortage_ids: [a!], p_name: `Lote ${tag} sem id` })) as { id: string };
    unwrap(await buyer.rpc('set_batch_status', { p_batch_id: batch.id, p_status: 'EM_COTACAO' }));
    expect(await query('select status from public.quote_batches where id = $1', [batch.id])).toEqual([{ status: 'EM_COTACAO' }]);
  });
});

describe('registering a shortage', () => {
  it('a repeated insert with the same request id is refused (23505, 409) and the first row stays the only one; 20 at once too', async () => {
    const clerk = await as('balconista');
    const product = await newProduct();
    const row = { product_id: product.id, unit_id: clerkUnitId, requested_quantity: 2, observation: tag, request_id: randomUUID() };
    const first = unwrap(await clerk.from('shortages').insert(row).select('id, request_id').single());
    const results = await Promise.all(Array.from({ length: 20 }, () => clerk.from('shortages').insert(row).select('id').single()));
    expect(results.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    expect(new Set(results.map((r) => r.error?.code))).toEqual(new Set(['23505']));
    expect((await shortagesOf(product.id)).map((r) => r.id)).toEqual([first.id]);
    // The screen reads the first row back by its request id.
    expect(unwrap(await clerk.from('shortages').select('id').eq('request_id', row.request_id))).toEqual([{ id: first.id }]);
  });

  it('another user may use the same request id for its own shortage; nobody changes a request id afterwards', async () => {
    const clerk = await as('balconista');
    const admin = await as('admin');
    const product = await newProduct();
    const requestId = randomUUID();
    const mine = unwrap(await clerk.from('shortages').insert({ product_id: product.id, unit_id: clerkUnitId, requested_quantity: 1, observation: tag, request_id: requestId }).select('id').single());
    unwrap(await admin.from('shortages').insert({ product_id: product.id, unit_id: unitId, requested_quantity: 1, observation: tag, request_id: requestId }).select('id').single());
    expect(await shortagesOf(product.id)).toHaveLength(2);

    const { error } = await clerk.from('shortages').update({ request_id: randomUUID() }).eq('id', mine.id).select('id');
    expect(error?.code).toBe('42501');
    expect(await query('select request_id from public.shortages where id = $1', [mine.id])).toEqual([{ request_id: requestId }]);
  });
});
