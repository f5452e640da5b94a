/**
 * Attacking documents (issue 27) as an attacker sends requests, not as the screens do:
 *
 *  - other users' ids: receipts, acknowledgements and actions are written only for auth.uid() through the
 *    RPCs; a forged table insert naming someone else (or oneself) is refused; someone else's receipts and
 *    a unit's actions are not readable; an unseen document and an unknown id give the same PT404;
 *  - forged columns: no table write at all, for the publisher either (title, ack_version, content_hash);
 *  - files: paths of another document or unit, and a document that demands no action, are refused;
 *  - another user's request id never returns that user's result;
 *  - anon: every documents RPC refused, no table;
 *  - a disabled publisher whose token is still valid: nothing;
 *  - a user manager who is not an administrator (MANAGE_USERS alone): no publishing, no receipts.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql, userClient } from '../../utils/env.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `atk-doc-${randomUUID().slice(0, 8)}`;

let db: Awaited<ReturnType<typeof sql>>;
let centro = '';
let norte = '';
let sul = '';
let today = '';
let clerkId = '';
let clerk2Id = '';
const created: string[] = [];
let hrRole = '';

/** A recall for Centro and Norte, and a notice for Norte only, both published by the administrator. */
let recall = '';
let norteOnly = '';

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function publish(document: Record<string, unknown>): Promise<string> {
  const admin = await as('admin');
  return (unwrap(await admin.rpc('save_document', {
    p_id: null, p_request_id: randomUUID(), p_document: { body: 'Texto.', category: 'COMUNICADO', demand: 'NENHUMA', ...document, title: `${tag} ${String(document.title)}` },
  })) as { id: string }).id;
}

/** A new account with a role (by id) in a unit, signed in. */
async function account(label: string, roleId: string, unitId: string): Promise<{ id: string; client: SupabaseClient }> {
  const email = `${tag}-${label}@exemplo.com`;
  const made = await serviceClient(backend).auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true });
  if (made.error) throw made.error;
  const id = made.data.user.id;
  created.push(id);
  await db.query('insert into public.user_roles (user_id, role_id) values ($1, $2)', [id, roleId]);
  await db.query('update public.profiles set full_name = $2, unit_id = $3 where id = $1', [id, `${tag} ${label}`, unitId]);
  return { id, client: await userClient(backend, email, DEMO_PASSWORD) };
}

beforeAll(async () => {
  db = await sql(backend);
  const units = (await db.query<{ id: string; name: string }>(`select id, name from public.store_units where name like 'Unidade %'`)).rows;
  centro = units.find((u) => u.name === 'Unidade Centro')!.id;
  norte = units.find((u) => u.name === 'Unidade Norte')!.id;
  sul = units.find((u) => u.name === 'Unidade Sul')!.id;
  today = (await db.query<{ d: string }>(`select to_char(private.documents_today(), 'YYYY-MM-DD') as d`)).rows[0]!.d;
  clerkId = (await db.query<{ id: string }>(`select id from auth.users where email = 'balconista@farmacia.local'`)).rows[0]!.id;
  clerk2Id = (await db.query<{ id: string }>(`select id from auth.users where email = 'balconista2@farmacia.local'`)).rows[0]!.id;
  recall = await publish({ title: 'recolhimento', category: 'RECALL', demand: 'ACAO', due_date: addDays(today, 2), audience_unit_ids: [centro, norte], allow_replies: true });
  norteOnly = await publish({ title: 'só Norte', demand: 'LEITURA', due_date: addDays(today, 2), audience_unit_ids: [norte], allow_replies: true });
  hrRole = (await db.query<{ id: string }>(`insert into public.custom_roles (name) values ($1) returning id`, [`${tag} RH`])).rows[0]!.id;
  await db.query(`insert into public.role_permissions (role_id, permission) values ($1, 'MANAGE_USERS')`, [hrRole]);
});

afterAll(async () => {
  await db.query('delete from public.documents where title like $1', [`${tag}%`]);
  for (const id of created) await serviceClient(backend).auth.admin.deleteUser(id);
  await db.query('delete from public.custom_roles where name = $1', [`${tag} RH`]);
  await db.end();
});

describe('other users\' ids', () => {
  it('no receipt, acknowledgement, action or reply is written through the tables, for anyone', async () => {
    const clerk2 = await as('balconista2');
    const hash = '0'.repeat(64);
    for (const userId of [clerkId, clerk2Id]) {
      const forged = await clerk2.from('document_reads').insert({ document_id: norteOnly, user_id: userId, version: 1, kind: 'CIENCIA', content_hash: hash }).select('id');
      expect(forged.error?.code).toBe('42501');
    }
    expect((await clerk2.from('document_actions').insert({ document_id: recall, version: 1, unit_id: norte, lot: 'X', quantity: 1, responsible_name: 'Outra Pessoa' }).select('id')).error?.code).toBe('42501');
    expect((await clerk2.from('document_replies').insert({ document_id: recall, user_id: clerkId, body: 'forjada' }).select('id')).error?.code).toBe('42501');
    expect((await db.query('select count(*)::int as n from public.document_reads where document_id = $1', [norteOnly])).rows[0].n).toBe(0);
  });

  it('someone else\'s receipts and another unit\'s actions are not readable; publishers read them', async () => {
    const clerk = await as('balconista');
    const clerk2 = await as('balconista2');
    unwrap(await clerk2.rpc('acknowledge_document', { p_document_id: norteOnly, p_version: 1 }));
    unwrap(await clerk.rpc('confirm_document_action', { p_document_id: recall, p_request_id: randomUUID(), p_unit_id: centro, p_lot: 'C1', p_quantity: 3 }));
    expect(unwrap(await clerk.from('document_reads').select('id').eq('user_id', clerk2Id).eq('document_id', norteOnly))).toEqual([]);
    expect(unwrap(await (await as('analista')).from('document_actions').select('id').eq('document_id', recall).eq('unit_id', centro))).toEqual([]);
    expect(unwrap(await (await as('farmaceutico')).from('document_reads').select('user_id').eq('document_id', norteOnly))).toEqual([
      { user_id: clerk2Id }, { user_id: clerk2Id },
    ]);
  });

  it('an unseen document and an unknown id answer the same, whatever the RPC', async () => {
    const buyer = await as('compras');
    for (const id of [norteOnly, randomUUID()]) {
      for (const [fn, args] of [
        ['get_document', { p_id: id }],
        ['record_document_read', { p_document_id: id }],
        ['acknowledge_document', { p_document_id: id, p_version: 1 }],
        ['add_document_reply', { p_document_id: id, p_body: 'sondando' }],
        ['confirm_document_action', { p_document_id: id, p_request_id: randomUUID(), p_unit_id: centro, p_lot: 'L', p_quantity: 1 }],
      ] as const) {
        const { error } = await buyer.rpc(fn, args);
        expect({ fn, code: error?.code, message: error?.message }).toEqual({ fn, code: 'PT404', message: 'Documento não encontrado' });
      }
    }
  });

  it('an action for a unit that is not the caller\'s, or with a photo from another folder, is refused and writes nothing', async () => {
    const clerk2 = await as('balconista2');
    const before = (await db.query('select count(*)::int as n from public.document_actions where document_id = $1', [recall])).rows[0].n;
    const other = await clerk2.rpc('confirm_document_action', { p_document_id: recall, p_request_id: randomUUID(), p_unit_id: centro, p_lot: 'L', p_quantity: 1 });
    expect(other.error).toMatchObject({ code: '42501', message: 'Você não pode confirmar pela unidade escolhida' });
    const clerk = await as('balconista');
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    const centroPhoto = `${recall}/acoes/${centro}/${randomUUID()}.jpg`;
    expect((await clerk.storage.from('documentos').upload(centroPhoto, photo, { contentType: 'image/jpeg' })).error).toBeNull();
    // Beatriz (Norte) points her action at the Centro photo, and at the document's own folder.
    for (const path of [centroPhoto, `${recall}/${randomUUID()}.jpg`, `${norteOnly}/acoes/${norte}/x.jpg`]) {
      const forged = await clerk2.rpc('confirm_document_action', { p_document_id: recall, p_request_id: randomUUID(), p_unit_id: norte, p_lot: 'L', p_quantity: 1, p_photo_path: path });
      expect(forged.error).toMatchObject({ code: '22023', message: 'Arquivo não encontrado: envie-o de novo' });
    }
    // A document that demands no action takes no photos; a representative uploads nowhere.
    expect((await clerk2.storage.from('documentos').upload(`${norteOnly}/acoes/${norte}/x.jpg`, photo, { contentType: 'image/jpeg' })).error).not.toBeNull();
    expect((await (await as('representante')).storage.from('documentos').upload(`${recall}/acoes/${centro}/x.jpg`, photo, { contentType: 'image/jpeg' })).error).not.toBeNull();
    expect((await db.query('select count(*)::int as n from public.document_actions where document_id = $1', [recall])).rows[0].n).toBe(before);
  });

  it('another user\'s request id never returns that user\'s action', async () => {
    const clerk = await as('balconista');
    const request = randomUUID();
    const first = unwrap(await clerk.rpc('confirm_document_action', { p_document_id: recall, p_request_id: request, p_unit_id: norte, p_lot: 'N1', p_quantity: 2 })) as { id: string };
    const again = unwrap(await clerk.rpc('confirm_document_action', { p_document_id: recall, p_request_id: request, p_unit_id: norte, p_lot: 'N1', p_quantity: 2 })) as { id: string };
    expect(again.id).toBe(first.id);
    const other = unwrap(await (await as('balconista2')).rpc('confirm_document_action', { p_document_id: recall, p_request_id: request, p_unit_id: norte, p_lot: 'N2', p_quantity: 1 })) as { id: string; lot: string };
    expect(other.id).not.toBe(first.id);
    expect(other.lot).toBe('N2');
  });
});

describe('forged columns', () => {
  it('nobody writes documents or their evidence through the tables, the publisher included', async () => {
    for (const who of ['admin', 'farmaceutico', 'balconista'] as const) {
      const client = await as(who);
      for (const change of [{ title: 'forjado' }, { ack_version: 1 }, { content_hash: '0'.repeat(64) }, { archived_at: new Date().toISOString() }, { audience_all: true }]) {
        const { data, error } = await client.from('documents').update(change).eq('id', norteOnly).select('id');
        expect({ who, change, code: error?.code, data }).toEqual({ who, change, code: '42501', data: null });
      }
      expect((await client.from('documents').insert({ title: 'forjado', body: 'x', audience_all: true }).select('id')).error?.code).toBe('42501');
      expect((await client.from('documents').delete().eq('id', norteOnly).select('id')).error?.code).toBe('42501');
      expect((await client.from('document_versions').update({ body: 'forjado' }).eq('document_id', norteOnly).select('id')).error?.code).toBe('42501');
    }
    const stored = (await db.query('select title, version, ack_version, archived_at from public.documents where id = $1', [norteOnly])).rows[0];
    expect(stored).toEqual({ title: `${tag} só Norte`, version: 1, ack_version: 1, archived_at: null });
  });

  it('a publisher cannot attach another document\'s object, nor a photo of a unit', async () => {
    const admin = await as('admin');
    const pdf = new Blob(['%PDF-1.4 x'], { type: 'application/pdf' });
    const path = `${recall}/${randomUUID()}-x.pdf`;
    expect((await admin.storage.from('documentos').upload(path, pdf, { contentType: 'application/pdf' })).error).toBeNull();
    for (const [documentId, p] of [[norteOnly, path], [recall, `${recall}/acoes/${centro}/foto.jpg`]] as const) {
      const { error } = await admin.rpc('add_document_file', { p_document_id: documentId, p_path: p, p_file_name: 'x.pdf', p_mime_type: 'application/pdf', p_size_bytes: 10 });
      expect(error).toMatchObject({ code: '22023', message: 'Arquivo não encontrado: envie-o de novo' });
    }
    expect((await admin.rpc('add_document_file', { p_document_id: recall, p_path: path, p_file_name: 'x.html', p_mime_type: 'text/html', p_size_bytes: 10 })).error)
      .toMatchObject({ code: '22023', message: 'Envie um arquivo PDF, JPEG, PNG ou WebP' });
    expect((await admin.rpc('add_document_file', { p_document_id: recall, p_path: path, p_file_name: 'x.pdf', p_mime_type: 'application/pdf', p_size_bytes: 10_485_761 })).error)
      .toMatchObject({ code: '22023', message: 'O arquivo deve ter no máximo 10 MB' });
  });
});

describe('anon', () => {
  it('reaches no documents table and no documents RPC', async () => {
    const anon = anonClient(backend);
    for (const table of ['documents', 'document_reads', 'document_actions', 'document_files', 'document_versions', 'document_replies', 'document_reminders']) {
      expect((await anon.from(table).select('id')).error?.code).toBe('42501');
    }
    for (const [fn, args] of [
      ['list_documents', {}], ['get_document', { p_id: recall }], ['count_pending_documents', {}], ['record_document_read', { p_document_id: recall }],
      ['acknowledge_document', { p_document_id: recall, p_version: 1 }], ['save_document', { p_id: null, p_request_id: randomUUID(), p_document: {} }],
      ['archive_document', { p_id: recall }], ['get_document_receipts', { p_document_id: recall }], ['remind_document_pending', { p_document_id: recall }],
      ['add_document_reply', { p_document_id: recall, p_body: 'x' }], ['remove_document_file', { p_id: randomUUID() }],
    ] as const) {
      expect({ fn, refused: (await anon.rpc(fn, args)).error !== null }).toEqual({ fn, refused: true });
    }
  });
});

describe('a disabled account and a user manager who is not an administrator', () => {
  it('a publisher disabled while signed in reads, publishes and downloads nothing', async () => {
    const pharmacistRole = (await db.query<{ id: string }>(`select id from public.custom_roles where name = 'FARMACEUTICO'`)).rows[0]!.id;
    const { id, client } = await account('desativado', pharmacistRole, sul);
    const admin = await as('admin');
    const pdf = new Blob(['%PDF-1.4 y'], { type: 'application/pdf' });
    const path = `${recall}/${randomUUID()}-y.pdf`;
    expect((await admin.storage.from('documentos').upload(path, pdf, { contentType: 'application/pdf' })).error).toBeNull();
    // While active, a pharmacist publishes and reads the file of any document.
    expect((await client.storage.from('documentos').download(path)).error).toBeNull();
    expect((unwrap(await client.rpc('list_documents', { p_filter: 'GERENCIAR', p_search: tag })) as { total: number }).total).toBeGreaterThanOrEqual(2);

    const ban = await serviceClient(backend).auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect(ban.error).toBeNull();
    expect((await client.rpc('list_documents', {})).error?.code).toBe('42501');
    expect((await client.rpc('get_document', { p_id: recall })).error?.code).toBe('PT404');
    expect((await client.rpc('save_document', { p_id: null, p_request_id: randomUUID(), p_document: { title: 'x', body: 'y', audience_all: true } })).error)
      .toMatchObject({ code: '42501', message: 'Você não tem permissão para publicar documentos' });
    expect((await client.rpc('get_document_receipts', { p_document_id: recall })).error?.code).toBe('42501');
    expect(unwrap(await client.rpc('count_pending_documents'))).toBe(0);
    expect(unwrap(await client.from('documents').select('id').like('title', `${tag}%`))).toEqual([]);
    expect(unwrap(await client.from('document_reads').select('id'))).toEqual([]);
    expect((await client.storage.from('documentos').download(path)).error).not.toBeNull();
  });

  it('a user manager (MANAGE_USERS alone) neither publishes, archives, reminds nor reads receipts', async () => {
    const { client } = await account('rh', hrRole, centro);
    const denied = { code: '42501', message: 'Você não tem permissão para publicar documentos' };
    expect((await client.rpc('save_document', { p_id: null, p_request_id: randomUUID(), p_document: { title: 'x', body: 'y', audience_all: true } })).error).toMatchObject(denied);
    expect((await client.rpc('save_document', { p_id: recall, p_request_id: randomUUID(), p_document: { title: 'x', body: 'y', audience_all: true } })).error).toMatchObject(denied);
    expect((await client.rpc('archive_document', { p_id: recall })).error).toMatchObject(denied);
    expect((await client.rpc('remind_document_pending', { p_document_id: recall })).error).toMatchObject(denied);
    expect((await client.rpc('get_document_receipts', { p_document_id: recall })).error)
      .toMatchObject({ code: '42501', message: 'Você não tem permissão para ver as confirmações deste documento' });
    expect((await client.rpc('list_documents', { p_filter: 'GERENCIAR' })).error).toMatchObject(denied);
    // Not in the Norte audience: the notice is unknown to them.
    expect((await client.rpc('get_document', { p_id: norteOnly })).error?.code).toBe('PT404');
    expect((await db.query('select archived_at from public.documents where id = $1', [recall])).rows[0].archived_at).toBeNull();
  });
});
