/**
 * Correio attacked as an attacker sends requests, not as /correio does (20261129200000_mail.sql):
 *
 *  - table writes: adding oneself as a recipient of someone's message, marking another's copy read,
 *    editing or deleting a sent message: no grant, nothing changes;
 *  - attachments: another's file (by its path, or a path that climbs out of one's folder) is never
 *    attached; nobody uploads into another's folder, lists it, or replaces a file once sent;
 *  - a disabled account's still-valid token reads none of its mail (table, RPC, storage);
 *  - a representative never learns staff e-mails, units or other people by search, never reads a
 *    staff thread, and hears nothing of others' mail by realtime; the sender hears the read receipt.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSessions } from '../../utils/app-users.ts';
import { appBackend, serviceClient, sql, userClient } from '../../utils/env.ts';
import { listenTo, until, type Change } from '../../utils/realtime.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = `atk-mail-${randomUUID().slice(0, 8)}`;
const ID = {
  bruno: '5eed0000-0000-4000-8000-000000000002',
  beatriz: '5eed0000-0000-4000-8000-000000000003',
  fernando: '5eed0000-0000-4000-8000-000000000004',
  carla: '5eed0000-0000-4000-8000-000000000005',
  rafael: '5eed0000-0000-4000-8000-000000000006',
};
const NO_ATTACHMENT = 'Anexo não encontrado: envie-o de novo';
const pdf = () => new Blob([new TextEncoder().encode(`%PDF-1.4\n% ${tag}\n`)], { type: 'application/pdf' });

const sendArgs = (subject: string, extra: Record<string, unknown> = {}) => ({
  p_request_id: randomUUID(),
  p_subject: `${subject} ${tag}`,
  p_body: `Mensagem ${tag}`,
  p_user_ids: [],
  p_unit_ids: [],
  p_roles: [],
  p_reply_to: null,
  p_attachments: [],
  ...extra,
});

interface Sent {
  id: string;
  thread_id: string;
  attachments: { path: string }[];
}

async function send(client: SupabaseClient, subject: string, extra: Record<string, unknown>): Promise<Sent> {
  return unwrap(await client.rpc('send_mail', sendArgs(subject, extra))) as Sent;
}

const extraUsers: string[] = [];

afterAll(async () => {
  const service = serviceClient(backend);
  for (const id of extraUsers) await service.auth.admin.deleteUser(id);
});

describe('table writes', () => {
  let message: Sent;
  beforeAll(async () => {
    message = await send(await as('balconista'), 'Tabela', { p_user_ids: [ID.beatriz] });
  });

  it("nobody adds themselves to another's message, marks another's copy, or edits what was sent", async () => {
    const outsider = await as('farmaceutico');
    const recipient = await as('balconista2');
    const sender = await as('balconista');
    const attempts = [
      await outsider.from('mail_recipients').insert({ message_id: message.id, user_id: ID.fernando }),
      await outsider.from('mail_messages').insert({ id: randomUUID(), thread_id: message.thread_id, reply_to_id: message.id, sender_id: ID.bruno, subject: 'x', body: 'y' }),
      await outsider.from('mail_attachments').insert({ message_id: message.id, path: `${ID.fernando}/x.pdf`, file_name: 'x.pdf', mime_type: 'application/pdf', size_bytes: 1 }),
      await sender.from('mail_recipients').update({ read_at: new Date().toISOString() }).eq('message_id', message.id),
      await recipient.from('mail_recipients').update({ archived_at: new Date().toISOString() }).eq('message_id', message.id),
      await sender.from('mail_messages').update({ subject: 'alterado', body: 'alterado' }).eq('id', message.id),
      await sender.from('mail_messages').delete().eq('id', message.id),
      await recipient.from('mail_recipients').delete().eq('message_id', message.id),
    ];
    expect(attempts.map((r) => r.error?.code)).toEqual(Array(attempts.length).fill('42501'));
    const db = await sql(backend);
    try {
      const state = await db.query(
        `select m.subject, r.user_id, r.read_at, r.archived_at from public.mail_messages m join public.mail_recipients r on r.message_id = m.id where m.id = $1`,
        [message.id],
      );
      expect(state.rows).toEqual([{ subject: `Tabela ${tag}`, user_id: ID.beatriz, read_at: null, archived_at: null }]);
    } finally {
      await db.end();
    }
  });
});

describe('attachments', () => {
  it("another's file is never attached, by its path or by climbing out of one's folder", async () => {
    const bruno = await as('balconista');
    const beatriz = await as('balconista2');
    const path = `${ID.bruno}/${randomUUID()}/contrato.pdf`;
    expect((await bruno.storage.from('correio').upload(path, pdf(), { contentType: 'application/pdf' })).error).toBeNull();
    const received = await send(bruno, 'Contrato', {
      p_user_ids: [ID.beatriz],
      p_attachments: [{ path, file_name: 'contrato.pdf', mime_type: 'application/pdf', size_bytes: 20 }],
    });
    expect(received.attachments.map((a) => a.path)).toEqual([path]);

    // Beatriz may read it, yet may not send it on as hers (it is not in her folder), to Fernando or anyone.
    const forged = [
      { path, file_name: 'contrato.pdf', mime_type: 'application/pdf', size_bytes: 20 },
      { path: `${ID.beatriz}/../${path}`, file_name: 'contrato.pdf', mime_type: 'application/pdf', size_bytes: 20 },
      { path: `${ID.beatriz}`, file_name: 'contrato.pdf', mime_type: 'application/pdf', size_bytes: 20 },
    ];
    for (const attachment of forged) {
      const { data, error } = await beatriz.rpc('send_mail', sendArgs('Reenvio', { p_user_ids: [ID.fernando], p_attachments: [attachment] }));
      expect({ path: attachment.path, data, message: error?.message }).toEqual({ path: attachment.path, data: null, message: NO_ATTACHMENT });
    }
    const fernando = await as('farmaceutico');
    expect((await fernando.storage.from('correio').download(path)).error).not.toBeNull();
  });

  it("nobody uploads into another's folder, lists it, or replaces a file once sent", async () => {
    const bruno = await as('balconista');
    const beatriz = await as('balconista2');
    const folder = `${ID.bruno}/${randomUUID()}`;
    const path = `${folder}/original.pdf`;
    expect((await bruno.storage.from('correio').upload(path, pdf(), { contentType: 'application/pdf' })).error).toBeNull();
    await send(bruno, 'Original', { p_user_ids: [ID.beatriz], p_attachments: [{ path, file_name: 'original.pdf', mime_type: 'application/pdf', size_bytes: 20 }] });

    expect((await beatriz.storage.from('correio').upload(`${folder}/intruso.pdf`, pdf(), { contentType: 'application/pdf' })).error).not.toBeNull();
    const fernando = await as('farmaceutico');
    const listed = await fernando.storage.from('correio').list(folder);
    expect(listed.data ?? []).toEqual([]);
    // Not even the sender replaces the file the recipient was sent.
    const replaced = await bruno.storage.from('correio').upload(path, new Blob([new TextEncoder().encode('%PDF-1.4 trocado')]), { contentType: 'application/pdf', upsert: true });
    expect(replaced.error).not.toBeNull();
    const download = await beatriz.storage.from('correio').download(path);
    expect(await download.data?.text()).toBe(`%PDF-1.4\n% ${tag}\n`);
    // A type the bucket does not take.
    expect((await bruno.storage.from('correio').upload(`${ID.bruno}/${randomUUID()}/pagina.html`, new Blob(['<script>1</script>']), { contentType: 'text/html' })).error).not.toBeNull();
  });
});

describe('a disabled account', () => {
  it('reads none of its mail with its still-valid token', async () => {
    const service = serviceClient(backend);
    const email = `${tag}-desativado@exemplo.com`;
    const created = await service.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { full_name: `${tag} desativado` } });
    if (created.error) throw created.error;
    const id = created.data.user.id;
    extraUsers.push(id);
    const db = await sql(backend);
    try {
      await db.query(`insert into public.user_roles (user_id, role_id) select $1, id from public.custom_roles where name = 'BALCONISTA'`, [id]);
      const client = await userClient(backend, email, DEMO_PASSWORD);
      const bruno = await as('balconista');
      const path = `${ID.bruno}/${randomUUID()}/aviso.pdf`;
      expect((await bruno.storage.from('correio').upload(path, pdf(), { contentType: 'application/pdf' })).error).toBeNull();
      const message = await send(bruno, 'Antes de desativar', { p_user_ids: [id], p_attachments: [{ path, file_name: 'aviso.pdf', mime_type: 'application/pdf', size_bytes: 20 }] });
      expect(unwrap(await client.from('mail_messages').select('id').eq('id', message.id))).toHaveLength(1);

      await db.query(`update auth.users set banned_until = now() + interval '10 years' where id = $1`, [id]);
      expect(unwrap(await client.from('mail_messages').select('id').eq('id', message.id))).toEqual([]);
      expect(unwrap(await client.from('mail_recipients').select('message_id').eq('message_id', message.id))).toEqual([]);
      expect(unwrap(await client.from('mail_attachments').select('id').eq('message_id', message.id))).toEqual([]);
      for (const [fn, args] of [
        ['list_mail', {}],
        ['get_mail_thread', { p_thread_id: message.id }],
        ['count_unread_mail', {}],
        ['search_mail_recipients', { p_query: '' }],
        ['send_mail', sendArgs('Desativado', { p_user_ids: [ID.bruno] })],
      ] as const) {
        const { error } = await client.rpc(fn, args);
        expect({ fn, code: error?.code }).toEqual({ fn, code: '42501' });
      }
      expect((await client.storage.from('correio').download(path)).error).not.toBeNull();
      // Nor does new mail reach it.
      const { error } = await bruno.rpc('send_mail', sendArgs('Depois', { p_user_ids: [id] }));
      expect(error?.message).toBe('Os destinatários escolhidos não incluem ninguém');
    } finally {
      await db.end();
    }
  });
});

describe('representatives', () => {
  it('learn no e-mail, unit or staff outside purchasing by searching, and read no staff thread', async () => {
    const rep = await as('representante');
    for (const query of ['farmacia.local', '@', 'Centro', 'Unidade', 'Bruno', 'Balconista', 'Farmac', 'Renata', 'Distribuidora']) {
      const options = unwrap(await rep.rpc('search_mail_recipients', { p_query: query })) as { kind: string; id: string; detail: unknown }[];
      expect({ query, options: options.filter((o) => o.kind !== 'user' || o.detail !== null || ![ID.carla, '5eed0000-0000-4000-8000-000000000001'].includes(o.id)) }).toEqual({ query, options: [] });
    }
    const staffThread = await send(await as('compras'), 'Interna', { p_user_ids: [ID.bruno] });
    const { error } = await rep.rpc('get_mail_thread', { p_thread_id: staffThread.thread_id });
    expect(error?.code).toBe('PT404');
    // Replying into it, or addressing its people, is refused just the same.
    expect((await rep.rpc('send_mail', sendArgs('Intrusa', { p_reply_to: staffThread.id }))).error?.code).toBe('PT404');
  });

  it('hear nothing of staff mail by realtime; the sender hears the read receipt', async () => {
    const rep = await as('representante');
    const sender = await as('compras');
    const recipient = await as('balconista');
    const listeners = [await listenTo(rep, 'mail_recipients', 'rep'), await listenTo(rep, 'notifications', 'rep-n'), await listenTo(sender, 'mail_recipients', 'sender')];
    try {
      const [repMail, repNotes, senderMail] = listeners.map((l) => l.inbox) as [Change[], Change[], Change[]];
      const message = await send(sender, 'Ao vivo', { p_user_ids: [ID.bruno] });
      const about = (inbox: Change[]) => inbox.filter((c) => c.new.message_id === message.id || c.new.mail_message_id === message.id);
      await until(() => about(senderMail).length === 1);
      unwrap(await recipient.rpc('mark_mail_thread_read', { p_thread_id: message.thread_id }));
      await until(() => about(senderMail).some((c) => c.eventType === 'UPDATE' && c.new.read_at !== null));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(about(repMail)).toEqual([]);
      expect(about(repNotes)).toEqual([]);
    } finally {
      for (const l of listeners) await l.stop();
    }
  });
});
