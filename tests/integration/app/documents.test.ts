/**
 * Documents (issue 27) through supabase-js as the demo users: who sees which document (by table and by
 * RPC) for every audience kind; the publishing refusals with their exact Portuguese messages; read
 * receipts and acknowledgements recorded once and never changed (not by the owner, not by the service
 * role); a material new version asks again and a non-material one does not; actions per unit; replies;
 * reminders only to the pending and at most once an hour; one notification per audience member on
 * publishing; files of the private bucket readable only by who sees the document.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, demoSessions, type DemoUserKey } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { listenTo, until } from '../../utils/realtime.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `doc-${randomUUID().slice(0, 8)}`;

let db: Awaited<ReturnType<typeof sql>>;
let centro = '';
let norte = '';
let sul = '';
let today = '';
const ids = new Map<DemoUserKey, string>();

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface MyStatus {
  read_at: string | null;
  acknowledged_at: string | null;
  acknowledged_version: number | null;
  pending: boolean;
  unit_done: boolean | null;
}
interface Detail {
  id: string;
  title: string;
  version: number;
  ack_version: number;
  content_hash: string;
  can_manage: boolean;
  my: MyStatus;
  files: { id: string; path: string; file_name: string }[];
  actions: { unit_id: string; unit_name: string; lot: string; quantity: number; responsible_name: string; photo_path: string | null }[];
  replies: { body: string; user_name: string | null }[];
  versions: { version: number; material: boolean }[];
  my_units: { id: string; name: string }[];
}
interface Page {
  total: number;
  pending: number;
  items: { id: string; title: string; overdue: boolean; my: MyStatus }[];
}

/** Publishes as `who` and returns the detail. */
async function publish(who: DemoUserKey, doc: Record<string, unknown>): Promise<Detail> {
  const client = await as(who);
  const { title, ...rest } = doc;
  return unwrap(await client.rpc('save_document', {
    p_id: null, p_request_id: randomUUID(),
    p_document: { body: 'Texto do documento.', category: 'COMUNICADO', demand: 'NENHUMA', ...rest, title: `${tag} ${String(title)}` },
  })) as Detail;
}

async function errorOf(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<{ code: string; message: string } | null> {
  const { error } = await client.rpc(fn, args);
  return error ? { code: error.code, message: error.message } : null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  db = await sql(backend);
  const units = (await db.query<{ id: string; name: string }>(`select id, name from public.store_units where name like 'Unidade %'`)).rows;
  centro = units.find((u) => u.name === 'Unidade Centro')!.id;
  norte = units.find((u) => u.name === 'Unidade Norte')!.id;
  sul = units.find((u) => u.name === 'Unidade Sul')!.id;
  today = (await db.query<{ d: string }>(`select to_char(private.documents_today(), 'YYYY-MM-DD') as d`)).rows[0]!.d;
  for (const key of Object.keys(DEMO_USERS) as DemoUserKey[]) {
    ids.set(key, (await db.query<{ id: string }>('select id from auth.users where email = $1', [DEMO_USERS[key].email])).rows[0]!.id);
  }
});

afterAll(async () => {
  // Documents are removed by the owner (their evidence goes with them through the cascade exception).
  await db.query(`delete from public.documents where title like $1`, [`${tag}%`]);
  await db.end();
});

describe('who sees which document', () => {
  const docs: Record<string, Detail> = {};
  const ALL: DemoUserKey[] = ['admin', 'balconista', 'balconista2', 'farmaceutico', 'compras', 'representante', 'representante2', 'analista'];
  // Publishers (admin, farmaceutico) see everything; the rest follow the audience.
  const expected: Record<string, DemoUserKey[]> = {
    todos: ['admin', 'balconista', 'balconista2', 'farmaceutico', 'compras', 'analista'],
    norte: ['admin', 'balconista', 'balconista2', 'farmaceutico', 'analista'],
    farmaceuticos: ['admin', 'farmaceutico'],
    balconistasCentro: ['admin', 'balconista', 'farmaceutico'],
    representantes: ['admin', 'farmaceutico', 'representante', 'representante2'],
    futuro: ['admin', 'farmaceutico'],
    expirado: ['admin', 'farmaceutico'],
    arquivado: ['admin', 'farmaceutico'],
  };

  beforeAll(async () => {
    docs.todos = await publish('admin', { title: 'para todos', audience_all: true });
    docs.norte = await publish('admin', { title: 'para a Norte', audience_unit_ids: [norte] });
    docs.farmaceuticos = await publish('admin', { title: 'para farmacêuticos', audience_roles: ['FARMACEUTICO'] });
    docs.balconistasCentro = await publish('farmaceutico', { title: 'para balconistas do Centro', audience_roles: ['BALCONISTA'], audience_unit_ids: [centro] });
    docs.representantes = await publish('admin', { title: 'para representantes', audience_roles: ['REPRESENTANTE'] });
    docs.futuro = await publish('admin', { title: 'futuro', audience_all: true, valid_from: addDays(today, 3) });
    docs.expirado = await publish('admin', { title: 'expirado', audience_all: true, valid_from: addDays(today, -10), valid_until: addDays(today, -1) });
    docs.arquivado = await publish('admin', { title: 'arquivado', audience_all: true });
    expect((await (await as('farmaceutico')).rpc('archive_document', { p_id: docs.arquivado!.id })).error).toBeNull();
  });

  it.each(ALL)('as %s: by table, by get_document and in the feed', async (who) => {
    const client = await as(who);
    const seenByTable = new Set(((unwrap(await client.from('documents').select('id, title').like('title', `${tag}%`)) as { id: string }[])).map((d) => d.id));
    const feed = unwrap(await client.rpc('list_documents', { p_search: null, p_filter: 'TODOS', p_limit: 100 })) as Page;
    const inFeed = new Set(feed.items.map((d) => d.id));
    for (const [name, doc] of Object.entries(docs)) {
      const sees = expected[name]!.includes(who);
      expect({ name, table: seenByTable.has(doc.id) }).toEqual({ name, table: sees });
      const got = await client.rpc('get_document', { p_id: doc.id });
      expect({ name, error: got.error?.code ?? null }).toEqual({ name, error: sees ? null : 'PT404' });
      if (!sees) expect(got.error?.message).toBe('Documento não encontrado');
      // The feed shows only current documents: never future, expired or archived ones, not even to publishers.
      const current = !['futuro', 'expirado', 'arquivado'].includes(name);
      expect({ name, feed: inFeed.has(doc.id) }).toEqual({ name, feed: sees && current });
    }
  });

  it('publishers manage every document, archived, expired and future ones included; nobody else may', async () => {
    const pharmacist = await as('farmaceutico');
    const managed = unwrap(await pharmacist.rpc('list_documents', { p_search: tag, p_filter: 'GERENCIAR', p_limit: 100 })) as Page;
    expect(new Set(managed.items.map((d) => d.id))).toEqual(new Set(Object.values(docs).map((d) => d.id)));
    expect(await errorOf(await as('balconista'), 'list_documents', { p_filter: 'GERENCIAR' })).toEqual({ code: '42501', message: 'Você não tem permissão para publicar documentos' });
    expect((unwrap(await pharmacist.rpc('get_document', { p_id: docs.todos!.id })) as Detail).can_manage).toBe(true);
    expect((unwrap(await (await as('balconista')).rpc('get_document', { p_id: docs.todos!.id })) as Detail).can_manage).toBe(false);
  });

  it('anon and a representative outside the audience read nothing', async () => {
    const anon = anonClient(backend);
    for (const table of ['documents', 'document_reads', 'document_actions', 'document_versions', 'document_files', 'document_replies', 'document_reminders']) {
      expect((await anon.from(table).select('*')).error?.code).toBe('42501');
    }
    expect((await anon.rpc('list_documents', {})).error).not.toBeNull();
    const rep = await as('representante');
    const reads = unwrap(await rep.from('document_versions').select('document_id').in('document_id', [docs.todos!.id, docs.norte!.id]));
    expect(reads).toEqual([]);
  });

  it('searches title and body in Portuguese, accent-insensitive, by word prefixes', async () => {
    const pharmacist = await as('farmaceutico');
    const found = (unwrap(await pharmacist.rpc('list_documents', { p_search: 'FARMACEUTICOS', p_filter: 'GERENCIAR', p_limit: 100 })) as Page).items.map((d) => d.id);
    expect(found).toContain(docs.farmaceuticos!.id);
    expect(found).not.toContain(docs.todos!.id);
    const byBody = (unwrap(await pharmacist.rpc('list_documents', { p_search: 'documen', p_filter: 'GERENCIAR', p_limit: 100 })) as Page).items.map((d) => d.id);
    expect(byBody).toContain(docs.todos!.id);
  });

  it('finds a lot code the text parser could read as a number, typed alone or as written in the text', async () => {
    // '2e67b073' typed alone parses as the number 2e67 and the word b073; inside 'LOTE-2E67B073' the parser kept it whole.
    const recall = await publish('farmaceutico', { title: 'Recolhimento LOTE-2E67B073', body: 'Lotes 85E348E0/19e34e51 e 5e66861b.', audience_all: true });
    const pharmacist = await as('farmaceutico');
    for (const search of ['2e67b073', 'LOTE-2E67B073', 'lote 2e67', '85e348e0', '19E34E51', '5e66861b', 'recolhimento 5e66']) {
      const found = (unwrap(await pharmacist.rpc('list_documents', { p_search: search, p_filter: 'GERENCIAR', p_limit: 100 })) as Page).items.map((d) => d.id);
      expect({ search, found: found.includes(recall.id) }).toEqual({ search, found: true });
    }
  });
});

describe('publishing refusals', () => {
  const base = { title: 'ok', body: 'Texto.', category: 'COMUNICADO', demand: 'NENHUMA', audience_all: true };
  it.each([
    ['an empty title', { title: '  ' }, '22023', 'Informe o título do documento'],
    ['a long title', { title: 'x'.repeat(201) }, '22023', 'O título deve ter no máximo 200 caracteres'],
    ['an empty body', { body: ' \n ' }, '22023', 'Informe o texto do documento'],
    ['a long body', { body: 'x'.repeat(50_001) }, '22023', 'O texto deve ter no máximo 50.000 caracteres'],
    ['a demand without due date', { demand: 'LEITURA' }, '22023', 'Informe o prazo da exigência'],
    ['a due date before the start', { demand: 'ACAO', valid_from: '2030-01-10', due_date: '2030-01-09' }, '22023', 'O prazo não pode ser anterior ao início da validade'],
    ['an end before the start', { valid_from: '2030-01-10', valid_until: '2030-01-09' }, '22023', 'O fim da validade não pode ser anterior ao início'],
    ['no audience', { audience_all: false }, '22023', 'Escolha o público do documento'],
    ['an audience of nobody', { audience_all: false, audience_roles: ['REPRESENTANTE'], audience_unit_ids: ['__norte__'] }, '22023', 'O público escolhido não inclui ninguém'],
  ])('refuses %s', async (_name, change, code, message) => {
    const admin = await as('admin');
    const document = { ...base, ...change } as Record<string, unknown>;
    if (Array.isArray(document.audience_unit_ids)) document.audience_unit_ids = [norte];
    expect(await errorOf(admin, 'save_document', { p_id: null, p_request_id: randomUUID(), p_document: document })).toEqual({ code, message });
    expect(Number((await db.query(`select count(*) from public.documents where title = $1`, [document.title])).rows[0].count)).toBe(0);
  });

  it('refuses callers without MANAGE_DOCUMENTS, and unknown documents', async () => {
    for (const who of ['balconista', 'balconista2', 'compras', 'analista', 'representante'] as const) {
      expect(await errorOf(await as(who), 'save_document', { p_id: null, p_request_id: randomUUID(), p_document: base }))
        .toEqual({ code: '42501', message: 'Você não tem permissão para publicar documentos' });
    }
    expect(await errorOf(await as('admin'), 'save_document', { p_id: randomUUID(), p_request_id: randomUUID(), p_document: base }))
      .toEqual({ code: 'PT404', message: 'Documento não encontrado' });
  });

  it('a retried publication with the same request id applies once', async () => {
    const admin = await as('admin');
    const request = randomUUID();
    const args = { p_id: null, p_request_id: request, p_document: { ...base, title: `${tag} repetido`, audience_unit_ids: [sul], audience_all: false } };
    const first = unwrap(await admin.rpc('save_document', args)) as Detail;
    const second = unwrap(await admin.rpc('save_document', args)) as Detail;
    expect(second.id).toBe(first.id);
    expect(Number((await db.query('select count(*) from public.documents where title = $1', [`${tag} repetido`])).rows[0].count)).toBe(1);
  });
});

describe('receipts and acknowledgements', () => {
  it('records a read once, an acknowledgement once per version with the hash of that version, and neither can change', async () => {
    const doc = await publish('admin', { title: 'leitura', body: 'Leia **isto**.', demand: 'LEITURA', due_date: addDays(today, 5), audience_unit_ids: [norte] });
    expect(doc.content_hash).toBe(sha256(`${tag} leitura\n\nLeia **isto**.`));
    const clerk2 = await as('balconista2');
    const first = unwrap(await clerk2.rpc('record_document_read', { p_document_id: doc.id })) as MyStatus;
    const again = unwrap(await clerk2.rpc('record_document_read', { p_document_id: doc.id })) as MyStatus;
    expect(first.read_at).not.toBeNull();
    expect(again.read_at).toBe(first.read_at);
    expect(first).toMatchObject({ pending: true, acknowledged_at: null });

    expect(await errorOf(clerk2, 'acknowledge_document', { p_document_id: doc.id, p_version: 2 }))
      .toEqual({ code: '22023', message: 'Este documento mudou desde que você o abriu: leia a nova versão' });
    const ack = unwrap(await clerk2.rpc('acknowledge_document', { p_document_id: doc.id, p_version: 1 })) as MyStatus;
    expect(ack).toMatchObject({ pending: false, acknowledged_version: 1 });
    const ackAgain = unwrap(await clerk2.rpc('acknowledge_document', { p_document_id: doc.id, p_version: 1 })) as MyStatus;
    expect(ackAgain.acknowledged_at).toBe(ack.acknowledged_at);

    const rows = (await db.query('select kind, version, content_hash, user_id from public.document_reads where document_id = $1 order by kind', [doc.id])).rows;
    expect(rows).toEqual([
      { kind: 'CIENCIA', version: 1, content_hash: doc.content_hash, user_id: ids.get('balconista2') },
      { kind: 'LEITURA', version: 1, content_hash: doc.content_hash, user_id: ids.get('balconista2') },
    ]);

    // The person: no update or delete grant. The service role and the owner: refused by the trigger.
    const own = await clerk2.from('document_reads').update({ recorded_at: '2020-01-01T00:00:00Z' }).eq('document_id', doc.id).select('id');
    expect(own.error?.code).toBe('42501');
    expect((await clerk2.from('document_reads').delete().eq('document_id', doc.id).select('id')).error?.code).toBe('42501');
    const service = serviceClient(backend);
    const serviceUpdate = await service.from('document_reads').update({ recorded_at: '2020-01-01T00:00:00Z' }).eq('document_id', doc.id).select('id');
    expect(serviceUpdate.error?.message).toBe('Confirmações de leitura e ciência não podem ser alteradas nem excluídas');
    expect((await service.from('document_reads').delete().eq('document_id', doc.id).select('id')).error?.message)
      .toBe('Confirmações de leitura e ciência não podem ser alteradas nem excluídas');
    await expect(db.query('update public.document_reads set content_hash = $2 where document_id = $1', [doc.id, '0'.repeat(64)]))
      .rejects.toThrow('Confirmações de leitura e ciência não podem ser alteradas nem excluídas');
    await expect(db.query('delete from public.document_reads where document_id = $1', [doc.id]))
      .rejects.toThrow('Confirmações de leitura e ciência não podem ser alteradas nem excluídas');
    expect((await db.query('select count(*)::int as n from public.document_reads where document_id = $1', [doc.id])).rows[0].n).toBe(2);
  });

  it('the author is not asked to acknowledge their own text, while the rest of the audience is', async () => {
    const doc = await publish('admin', { title: 'do autor', demand: 'LEITURA', due_date: addDays(today, 2), audience_all: true });
    expect((unwrap(await (await as('admin')).rpc('get_document', { p_id: doc.id })) as Detail).my.pending).toBe(false);
    expect((unwrap(await (await as('compras')).rpc('get_document', { p_id: doc.id })) as Detail).my.pending).toBe(true);
    const own = unwrap(await (await as('admin')).rpc('list_documents', { p_filter: 'PENDENTES', p_limit: 100 })) as Page;
    expect(own.items.map((d) => d.id)).not.toContain(doc.id);
  });

  it('a document without a demand asks no acknowledgement', async () => {
    const doc = await publish('admin', { title: 'sem exigência', audience_all: true });
    expect(await errorOf(await as('balconista'), 'acknowledge_document', { p_document_id: doc.id, p_version: 1 }))
      .toEqual({ code: '22023', message: 'Este documento não pede ciência' });
  });

  it('a material new version asks again; a non-material one does not', async () => {
    const admin = await as('admin');
    const clerk2 = await as('balconista2');
    const doc = await publish('admin', { title: 'versões', body: 'Primeira versão.', demand: 'LEITURA', due_date: addDays(today, 5), audience_unit_ids: [norte] });
    unwrap(await clerk2.rpc('acknowledge_document', { p_document_id: doc.id, p_version: 1 }));
    const document = { title: `${tag} versões`, demand: 'LEITURA', due_date: addDays(today, 5), audience_unit_ids: [norte] };

    const typo = unwrap(await admin.rpc('save_document', { p_id: doc.id, p_request_id: randomUUID(), p_document: { ...document, body: 'Primeira versão, corrigida.' }, p_material: false })) as Detail;
    expect(typo).toMatchObject({ version: 2, ack_version: 1 });
    expect(typo.content_hash).toBe(sha256(`${tag} versões\n\nPrimeira versão, corrigida.`));
    let mine = unwrap(await clerk2.rpc('get_document', { p_id: doc.id })) as Detail;
    expect(mine.my).toMatchObject({ pending: false, acknowledged_version: 1 });
    expect((await db.query(`select count(*)::int as n from public.notifications where document_id = $1 and title like 'Nova versão:%'`, [doc.id])).rows[0].n).toBe(0);

    const material = unwrap(await admin.rpc('save_document', { p_id: doc.id, p_request_id: randomUUID(), p_document: { ...document, body: 'Segunda versão: mudou a regra.' }, p_material: true })) as Detail;
    expect(material).toMatchObject({ version: 3, ack_version: 3 });
    expect(material.versions.map((v) => [v.version, v.material])).toEqual([[3, true], [2, false], [1, true]]);
    mine = unwrap(await clerk2.rpc('get_document', { p_id: doc.id })) as Detail;
    expect(mine.my).toMatchObject({ pending: true, acknowledged_version: 1 });
    const pendingFeed = unwrap(await clerk2.rpc('list_documents', { p_filter: 'PENDENTES', p_limit: 100 })) as Page;
    expect(pendingFeed.items.map((d) => d.id)).toContain(doc.id);
    expect(unwrap(await clerk2.rpc('count_pending_documents'))).toBe(pendingFeed.total);
    // The whole audience but the publisher hears of it once.
    const notified = (await db.query(`select user_id from public.notifications where document_id = $1 and title = $2 order by user_id`, [doc.id, `Nova versão: ${tag} versões`])).rows.map((r) => r.user_id);
    const audience = (await db.query(`select u from private.audience_user_ids(false, array[$1]::uuid[], '{}') u where u <> $2 order by u`, [norte, ids.get('admin')])).rows.map((r) => r.u);
    expect(notified).toEqual(audience);

    const ack = unwrap(await clerk2.rpc('acknowledge_document', { p_document_id: doc.id, p_version: 3 })) as MyStatus;
    expect(ack).toMatchObject({ pending: false, acknowledged_version: 3 });
    const hashes = (await db.query(`select version, content_hash from public.document_reads where document_id = $1 and kind = 'CIENCIA' order by version`, [doc.id])).rows;
    expect(hashes).toEqual([
      { version: 1, content_hash: doc.content_hash },
      { version: 3, content_hash: material.content_hash },
    ]);
    // The text changes only through a version, for the owner too.
    await expect(db.query('update public.documents set body = $2 where id = $1', [doc.id, 'forjado'])).rejects.toThrow('O texto de um documento publicado muda apenas por uma nova versão');
    await expect(db.query('delete from public.document_versions where document_id = $1', [doc.id])).rejects.toThrow('As versões de um documento não podem ser alteradas nem excluídas');
  });

  it('an overdue required reading is flagged and sorted first for who has not acknowledged it', async () => {
    const doc = await publish('admin', { title: 'atrasado', demand: 'LEITURA', valid_from: addDays(today, -10), due_date: addDays(today, -1), audience_unit_ids: [norte] });
    const analyst = await as('analista');
    const feed = unwrap(await analyst.rpc('list_documents', { p_limit: 100 })) as Page;
    const pendingIds = feed.items.filter((d) => d.my.pending).map((d) => d.id);
    expect(feed.items.slice(0, pendingIds.length).every((d) => d.my.pending)).toBe(true);
    expect(feed.items.find((d) => d.id === doc.id)).toMatchObject({ overdue: true, my: { pending: true } });
    expect(feed.pending).toBe(unwrap(await analyst.rpc('count_pending_documents')));
  });
});

describe('actions per unit', () => {
  it('each unit of the audience confirms with lot and quantity, by a named person, for its own units only', async () => {
    const doc = await publish('admin', { title: 'recolhimento', category: 'RECALL', demand: 'ACAO', due_date: addDays(today, 3), audience_unit_ids: [centro, norte], allow_replies: true });
    const clerk = await as('balconista');
    const clerk2 = await as('balconista2');
    const pharmacist = await as('farmaceutico');
    const confirm = (client: SupabaseClient, unit: string, lot: string | null, quantity: number | null) =>
      client.rpc('confirm_document_action', { p_document_id: doc.id, p_request_id: randomUUID(), p_unit_id: unit, p_lot: lot, p_quantity: quantity, p_notes: null, p_photo_path: null });

    expect((await confirm(pharmacist, sul, 'L1', 1)).error).toMatchObject({ code: '42501', message: 'Você não pode confirmar pela unidade escolhida' });
    expect((await confirm(clerk2, centro, 'L1', 1)).error).toMatchObject({ code: '42501', message: 'Você não pode confirmar pela unidade escolhida' });
    expect((await confirm(clerk2, norte, '  ', 1)).error).toMatchObject({ code: '22023', message: 'Informe o lote' });
    expect((await confirm(clerk2, norte, 'L1', 0)).error).toMatchObject({ code: '22023', message: 'Informe a quantidade recolhida (maior que zero)' });
    expect((await confirm(clerk2, norte, 'L1', -2)).error).toMatchObject({ code: '22023', message: 'Informe a quantidade recolhida (maior que zero)' });

    expect((unwrap(await clerk.rpc('get_document', { p_id: doc.id })) as Detail).my_units.map((u) => u.id).sort()).toEqual([centro, norte].sort());
    expect((unwrap(await clerk2.rpc('get_document', { p_id: doc.id })) as Detail).my_units.map((u) => u.id)).toEqual([norte]);

    const action = unwrap(await confirm(clerk2, norte, ' DP2311 ', 4.5)) as Detail['actions'][number];
    expect(action).toMatchObject({ unit_id: norte, unit_name: 'Unidade Norte', lot: 'DP2311', quantity: 4.5, responsible_name: 'Beatriz Balconista', version: 1 });

    expect((unwrap(await clerk2.rpc('get_document', { p_id: doc.id })) as Detail).my).toMatchObject({ pending: false, unit_done: true });
    // Bruno works in Centro and Norte: Centro has not acted yet.
    expect((unwrap(await clerk.rpc('get_document', { p_id: doc.id })) as Detail).my).toMatchObject({ pending: true, unit_done: false });
    expect((unwrap(await (await as('analista')).rpc('get_document', { p_id: doc.id })) as Detail).my).toMatchObject({ pending: false, unit_done: true });

    const receipts = unwrap(await pharmacist.rpc('get_document_receipts', { p_document_id: doc.id })) as {
      totals: { units: number; units_done: number };
      units: { unit_id: string; done: boolean; actions: unknown[] }[];
    };
    expect(receipts.totals).toMatchObject({ units: 2, units_done: 1 });
    expect(receipts.units.map((u) => [u.unit_id, u.done, u.actions.length])).toEqual([[centro, false, 0], [norte, true, 1]]);
    expect(await errorOf(clerk, 'get_document_receipts', { p_document_id: doc.id }))
      .toEqual({ code: '42501', message: 'Você não tem permissão para ver as confirmações deste documento' });

    // Actions are append-only, for the service role and the owner too.
    expect((await serviceClient(backend).from('document_actions').update({ lot: 'X' }).eq('document_id', doc.id).select('id')).error?.message)
      .toBe('As ações confirmadas por unidade não podem ser alteradas nem excluídas');
    await expect(db.query('delete from public.document_actions where document_id = $1', [doc.id])).rejects.toThrow('As ações confirmadas por unidade não podem ser alteradas nem excluídas');

    // A unit's actions are read by its people and publishers, not by other units.
    const seenByCompras = unwrap(await (await as('compras')).from('document_actions').select('id').eq('document_id', doc.id));
    expect(seenByCompras).toEqual([]);
    expect(unwrap(await clerk2.from('document_actions').select('unit_id').eq('document_id', doc.id))).toEqual([{ unit_id: norte }]);

    const plain = await publish('admin', { title: 'sem ação', audience_all: true });
    expect((await clerk.rpc('confirm_document_action', { p_document_id: plain.id, p_request_id: randomUUID(), p_unit_id: centro, p_lot: 'L1', p_quantity: 1 })).error)
      .toMatchObject({ code: '22023', message: 'Este documento não pede ação por unidade' });
  });

  it('a photo of the action stays with the unit and the publishers', async () => {
    const doc = await publish('admin', { title: 'recolhimento com foto', category: 'RECALL', demand: 'ACAO', due_date: addDays(today, 3), audience_all: true });
    const clerk = await as('balconista');
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' });
    const path = `${doc.id}/acoes/${centro}/${randomUUID()}-prateleira.jpg`;
    expect((await clerk.storage.from('documentos').upload(path, photo, { contentType: 'image/jpeg' })).error).toBeNull();
    // Not into another unit's folder (Sul), nor into the publisher's files.
    expect((await clerk.storage.from('documentos').upload(`${doc.id}/acoes/${sul}/x.jpg`, photo, { contentType: 'image/jpeg' })).error).not.toBeNull();
    expect((await clerk.storage.from('documentos').upload(`${doc.id}/x.jpg`, photo, { contentType: 'image/jpeg' })).error).not.toBeNull();

    expect((await clerk.rpc('confirm_document_action', { p_document_id: doc.id, p_request_id: randomUUID(), p_unit_id: centro, p_lot: 'L9', p_quantity: 2, p_photo_path: `${doc.id}/acoes/${centro}/nao-existe.jpg` })).error)
      .toMatchObject({ code: '22023', message: 'Arquivo não encontrado: envie-o de novo' });
    const action = unwrap(await clerk.rpc('confirm_document_action', { p_document_id: doc.id, p_request_id: randomUUID(), p_unit_id: centro, p_lot: 'L9', p_quantity: 2, p_photo_path: path })) as { photo_path: string };
    expect(action.photo_path).toBe(path);

    expect((await clerk.storage.from('documentos').download(path)).error).toBeNull();
    expect((await (await as('admin')).storage.from('documentos').download(path)).error).toBeNull();
    expect((await (await as('balconista2')).storage.from('documentos').download(path)).error).not.toBeNull();
    expect((await anonClient(backend).storage.from('documentos').download(path)).error).not.toBeNull();
  });
});

describe('replies', () => {
  it('are refused when the publisher did not allow them, and shown to everyone who sees the document otherwise', async () => {
    const closed = await publish('admin', { title: 'sem respostas', audience_all: true });
    const clerk = await as('balconista');
    expect(await errorOf(clerk, 'add_document_reply', { p_document_id: closed.id, p_body: 'Oi' })).toEqual({ code: '22023', message: 'Este documento não aceita respostas' });
    const open = await publish('admin', { title: 'com respostas', audience_all: true, allow_replies: true });
    expect(await errorOf(clerk, 'add_document_reply', { p_document_id: open.id, p_body: '   ' })).toEqual({ code: '22023', message: 'Escreva a resposta' });
    const reply = unwrap(await clerk.rpc('add_document_reply', { p_document_id: open.id, p_body: '  Recebido, obrigado.  ' })) as { body: string; user_name: string };
    expect(reply).toMatchObject({ body: 'Recebido, obrigado.', user_name: 'Bruno Balconista' });
    const seen = unwrap(await (await as('analista')).rpc('get_document', { p_id: open.id })) as Detail;
    expect(seen.replies.map((r) => [r.user_name, r.body])).toEqual([['Bruno Balconista', 'Recebido, obrigado.']]);
    expect(await errorOf(await as('representante'), 'add_document_reply', { p_document_id: open.id, p_body: 'Oi' })).toEqual({ code: 'PT404', message: 'Documento não encontrado' });
  });
});

describe('reminders', () => {
  it('alert only the pending people, once an hour, and only publishers send them', async () => {
    const doc = await publish('admin', { title: 'lembrete', demand: 'LEITURA', due_date: addDays(today, 2), audience_unit_ids: [norte] });
    unwrap(await (await as('balconista2')).rpc('acknowledge_document', { p_document_id: doc.id, p_version: 1 }));
    expect(await errorOf(await as('balconista'), 'remind_document_pending', { p_document_id: doc.id }))
      .toEqual({ code: '42501', message: 'Você não tem permissão para publicar documentos' });

    const admin = await as('admin');
    const pending = (await db.query(
      `select u from private.audience_user_ids(false, array[$1]::uuid[], '{}') u where u not in ($2, $3) order by u`,
      [norte, ids.get('balconista2'), ids.get('admin')])).rows.map((r) => r.u);
    expect(pending).toEqual(expect.arrayContaining([ids.get('balconista'), ids.get('analista')]));
    expect(unwrap(await admin.rpc('remind_document_pending', { p_document_id: doc.id }))).toBe(pending.length);
    const alerted = (await db.query(`select user_id from public.notifications where document_id = $1 and type = 'ALERTA' and title = $2 order by user_id`, [doc.id, `Lembrete: ${tag} lembrete`])).rows.map((r) => r.user_id);
    expect(alerted).toEqual(pending);

    const again = await errorOf(admin, 'remind_document_pending', { p_document_id: doc.id });
    expect(again?.code).toBe('22023');
    expect(again?.message).toMatch(/^Um lembrete deste documento já foi enviado às \d{2}:\d{2}; aguarde 1 hora$/);
    const receipts = unwrap(await admin.rpc('get_document_receipts', { p_document_id: doc.id })) as { last_reminder_at: string | null; people: { user_id: string; pending: boolean }[] };
    expect(receipts.last_reminder_at).not.toBeNull();
    expect(receipts.people.filter((p) => p.pending).map((p) => p.user_id).sort()).toEqual(pending.slice().sort());
  });
});

describe('notifications', () => {
  it('publishing writes one DOCUMENTO per audience member but the publisher, each read only by its recipient', async () => {
    const doc = await publish('admin', { title: 'notificação', audience_unit_ids: [norte] });
    const rows = (await db.query(`select id, user_id, type, title from public.notifications where document_id = $1 order by user_id`, [doc.id])).rows;
    const audience = (await db.query(`select u from private.audience_user_ids(false, array[$1]::uuid[], '{}') u where u <> $2 order by u`, [norte, ids.get('admin')])).rows.map((r) => r.u);
    expect(rows.map((r) => r.user_id)).toEqual(audience);
    expect(rows.every((r) => r.type === 'DOCUMENTO' && r.title === `${tag} notificação`)).toBe(true);
    expect(audience).not.toContain(ids.get('admin'));

    const clerk = await as('balconista');
    const mine = unwrap(await clerk.from('notifications').select('id, user_id').eq('document_id', doc.id));
    expect(mine).toEqual([{ id: rows.find((r) => r.user_id === ids.get('balconista'))!.id, user_id: ids.get('balconista') }]);
    const other = rows.find((r) => r.user_id === ids.get('balconista2'))!;
    expect(unwrap(await clerk.from('notifications').select('id').eq('id', other.id))).toEqual([]);
    expect(await errorOf(clerk, 'open_notification', { p_id: other.id })).toEqual({ code: 'PT404', message: 'Notificação não encontrada' });
  });
});

describe('realtime', () => {
  it('receipts reach the publisher live and nobody else\'s; a published notice reaches each recipient alone', async () => {
    const [publisherReads, clerk2Reads, clerkNotes, clerk2Notes, buyerNotes] = await Promise.all([
      listenTo(await as('farmaceutico'), 'document_reads', 'publisher'),
      listenTo(await as('balconista2'), 'document_reads', 'clerk2'),
      listenTo(await as('balconista'), 'notifications', 'clerk'),
      listenTo(await as('balconista2'), 'notifications', 'clerk2'),
      listenTo(await as('compras'), 'notifications', 'buyer'),
    ]);
    try {
      const doc = await publish('admin', { title: 'ao vivo', demand: 'LEITURA', due_date: addDays(today, 2), audience_unit_ids: [norte] });
      await until(() => clerkNotes.inbox.some((c) => c.new.document_id === doc.id) && clerk2Notes.inbox.some((c) => c.new.document_id === doc.id));
      expect(clerkNotes.inbox.filter((c) => c.new.document_id === doc.id).map((c) => c.new.user_id)).toEqual([ids.get('balconista')]);
      expect(clerk2Notes.inbox.filter((c) => c.new.document_id === doc.id).map((c) => c.new.user_id)).toEqual([ids.get('balconista2')]);

      unwrap(await (await as('balconista')).rpc('acknowledge_document', { p_document_id: doc.id, p_version: 1 }));
      await until(() => publisherReads.inbox.filter((c) => c.new.document_id === doc.id).length === 2);
      expect(publisherReads.inbox.filter((c) => c.new.document_id === doc.id).map((c) => [c.new.user_id, c.new.kind]).sort())
        .toEqual([[ids.get('balconista'), 'CIENCIA'], [ids.get('balconista'), 'LEITURA']]);
      // Compras (Centro) is not in the audience: no notification; Beatriz hears nothing of Bruno's receipts.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(buyerNotes.inbox.filter((c) => c.new.document_id === doc.id)).toEqual([]);
      expect(clerk2Reads.inbox.filter((c) => c.new.document_id === doc.id)).toEqual([]);
    } finally {
      await Promise.all([publisherReads, clerk2Reads, clerkNotes, clerk2Notes, buyerNotes].map((l) => l.stop()));
    }
  });
});

describe('files', () => {
  it('a document file is read only by who sees the document', async () => {
    const doc = await publish('admin', { title: 'com arquivo', audience_unit_ids: [norte] });
    const admin = await as('admin');
    const pdf = new Blob(['%PDF-1.4 documento'], { type: 'application/pdf' });
    const path = `${doc.id}/${randomUUID()}-tabela.pdf`;
    expect((await admin.storage.from('documentos').upload(path, pdf, { contentType: 'application/pdf' })).error).toBeNull();
    expect(await errorOf(admin, 'add_document_file', { p_document_id: doc.id, p_path: `${doc.id}/nao-existe.pdf`, p_file_name: 'x.pdf', p_mime_type: 'application/pdf', p_size_bytes: 10 }))
      .toEqual({ code: '22023', message: 'Arquivo não encontrado: envie-o de novo' });
    const file = unwrap(await admin.rpc('add_document_file', { p_document_id: doc.id, p_path: path, p_file_name: 'tabela.pdf', p_mime_type: 'application/pdf', p_size_bytes: 18 })) as { id: string; path: string };
    expect(file.path).toBe(path);

    const clerk2 = await as('balconista2');
    expect((unwrap(await clerk2.rpc('get_document', { p_id: doc.id })) as Detail).files.map((f) => f.file_name)).toEqual(['tabela.pdf']);
    expect((await clerk2.storage.from('documentos').download(path)).error).toBeNull();
    // Another unit's clerk, a buyer of Centro, a representative, anon: no download; nobody but publishers uploads.
    for (const who of ['compras', 'representante'] as const) {
      expect((await (await as(who)).storage.from('documentos').download(path)).error).not.toBeNull();
    }
    expect((await anonClient(backend).storage.from('documentos').download(path)).error).not.toBeNull();
    expect((await clerk2.storage.from('documentos').upload(`${doc.id}/outro.pdf`, pdf, { contentType: 'application/pdf' })).error).not.toBeNull();
    expect(await errorOf(clerk2, 'add_document_file', { p_document_id: doc.id, p_path: path, p_file_name: 'x.pdf', p_mime_type: 'application/pdf', p_size_bytes: 10 }))
      .toEqual({ code: '42501', message: 'Você não tem permissão para publicar documentos' });

    expect((await admin.rpc('remove_document_file', { p_id: file.id })).error).toBeNull();
    expect((unwrap(await clerk2.rpc('get_document', { p_id: doc.id })) as Detail).files).toEqual([]);
  });
});
