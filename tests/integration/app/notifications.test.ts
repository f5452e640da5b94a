/**
 * Notifications (issue 27): one row per recipient, written only by the database, read by its recipient alone
 * (by table and by realtime), marked read once at server time. Audiences resolve in SQL.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql } from '../../utils/env.ts';
import { listenTo, until } from '../../utils/realtime.ts';

const backend = appBackend();
const tag = `ntf-${randomUUID().slice(0, 8)}`;
let db: pg.Client;
let bruno: SupabaseClient;
let beatriz: SupabaseClient;
let ids: Record<string, string>;

async function notify(userIds: string[], title: string, type = 'DOCUMENTO'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select private.notify($1::uuid[], $2, $3) as n`, [userIds, type, title]);
  return rows[0]!.n;
}

beforeAll(async () => {
  db = await sql(backend);
  const { rows } = await db.query<{ email: string; id: string }>(`select email, id from auth.users where email like '%@farmacia.local'`);
  ids = Object.fromEntries(rows.map((r) => [r.email.split('@')[0]!, r.id]));
  bruno = (await signInAs(backend, 'balconista')).client;
  beatriz = (await signInAs(backend, 'balconista2')).client;
});

afterAll(async () => {
  await db.query(`delete from public.notifications where title like '${tag}%'`);
  await db.end();
});

describe('audiences', () => {
  const audience = async (all: boolean, units: string[], roles: string[]): Promise<string[]> =>
    (
      await db.query<{ email: string }>(
        `select u.email from private.audience_user_ids($1, (select coalesce(array_agg(id), '{}') from public.store_units where name = any($2)), $3) a
           join auth.users u on u.id = a where u.email like '%@farmacia.local' order by u.email`,
        [all, units, roles],
      )
    ).rows
      .map((r) => r.email.split('@')[0]!)
      .sort();

  it.each([
    ['everyone is the staff, never the representatives', true, [], [], ['admin', 'analista', 'balconista', 'balconista2', 'compras', 'farmaceutico']],
    ['a unit is the people working there', false, ['Unidade Centro'], [], ['admin', 'balconista', 'compras']],
    ['a role is that role in every unit', false, [], ['BALCONISTA', 'BALCONISTA_II'], ['balconista', 'balconista2']],
    ['roles inside units are the intersection', false, ['Unidade Centro'], ['BALCONISTA'], ['balconista']],
    ['representatives only when their role is named', false, [], ['REPRESENTANTE'], ['representante', 'representante2']],
    ['a unit never includes a representative', false, ['Unidade Centro'], ['REPRESENTANTE'], []],
    ['nothing named is nobody', false, [], [], []],
  ])('%s', async (_name, all, units, roles, expected) => {
    expect((await audience(all, units, roles)).filter((e) => !e.includes('-'))).toEqual(expected);
  });
});

describe('reading', () => {
  it('each user reads only their own rows, by table', async () => {
    expect(await notify([ids.balconista!, ids.balconista2!], `${tag} ambos`)).toBe(2);
    const mine = await bruno.from('notifications').select('user_id, title').like('title', `${tag}%`);
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ user_id: ids.balconista, title: `${tag} ambos` }]);
    const anon = await anonClient(backend).from('notifications').select('id').like('title', `${tag}%`);
    expect(anon.data ?? []).toEqual([]);
  });

  it('a notice reaches its recipient by realtime and never anyone else', async () => {
    const brunoInbox = await listenTo(bruno, 'notifications', 'bruno');
    const beatrizInbox = await listenTo(beatriz, 'notifications', 'beatriz');
    try {
      await notify([ids.balconista!], `${tag} só Bruno`);
      await until(() => brunoInbox.inbox.some((c) => c.new.title === `${tag} só Bruno`));
      // A later notice to Beatriz arrives to her: by then anything addressed to Bruno would have reached her too.
      await notify([ids.balconista2!], `${tag} só Beatriz`);
      await until(() => beatrizInbox.inbox.some((c) => c.new.title === `${tag} só Beatriz`));
      expect(beatrizInbox.inbox.map((c) => c.new.title)).not.toContain(`${tag} só Bruno`);
      expect(brunoInbox.inbox.map((c) => c.new.title)).not.toContain(`${tag} só Beatriz`);
    } finally {
      await brunoInbox.stop();
      await beatrizInbox.stop();
    }
  });

  it('skips disabled accounts and repeated ids', async () => {
    expect(await notify([ids.balconista!, ids.balconista!, randomUUID()], `${tag} repetido`)).toBe(1);
  });
});

describe('writing', () => {
  it('no signed-in user inserts, updates or deletes a row by table', async () => {
    const inserted = await bruno.from('notifications').insert({ user_id: ids.balconista, type: 'ALERTA', title: `${tag} forjada` });
    expect(inserted.error?.code).toBe('42501');
    await notify([ids.balconista!], `${tag} intocada`);
    await bruno.from('notifications').update({ title: 'mudado', read_at: new Date().toISOString() }).like('title', `${tag} intocada`);
    await bruno.from('notifications').delete().like('title', `${tag} intocada`);
    const { rows } = await db.query(`select title, read_at from public.notifications where title = $1`, [`${tag} intocada`]);
    expect(rows).toEqual([{ title: `${tag} intocada`, read_at: null }]);
  });

  it('a notification never changes, the service role included; read_at is set once', async () => {
    await notify([ids.balconista!], `${tag} fixa`);
    const { rows } = await db.query<{ id: string }>(`select id from public.notifications where title = $1`, [`${tag} fixa`]);
    const service = serviceClient(backend);
    const changed = await service.from('notifications').update({ title: 'outra' }).eq('id', rows[0]!.id);
    expect(changed.error?.message).toBe('Uma notificação não pode ser alterada');
    await db.query(`update public.notifications set read_at = now() where id = $1`, [rows[0]!.id]);
    await expect(db.query(`update public.notifications set read_at = now() + interval '1 hour' where id = $1`, [rows[0]!.id])).rejects.toThrow(
      'Uma notificação não pode ser alterada',
    );
  });
});

describe('marking read', () => {
  it('open_notification marks the caller’s own notification read and says what it points at', async () => {
    await notify([ids.balconista!], `${tag} abrir`);
    const { rows } = await db.query<{ id: string }>(`select id from public.notifications where title = $1`, [`${tag} abrir`]);
    const opened = await bruno.rpc('open_notification', { p_id: rows[0]!.id });
    expect(opened.error).toBeNull();
    expect(opened.data).toMatchObject({ id: rows[0]!.id, type: 'DOCUMENTO', title: `${tag} abrir`, document_id: null, mail_message_id: null });
    const again = await bruno.rpc('open_notification', { p_id: rows[0]!.id });
    expect((again.data as { read_at: string }).read_at).toBe((opened.data as { read_at: string }).read_at);
  });

  it.each([
    ['someone else’s notification', 'other'],
    ['an unknown id', 'unknown'],
  ])('open_notification of %s is not found', async (_name, which) => {
    await notify([ids.balconista2!], `${tag} de Beatriz`);
    const { rows } = await db.query<{ id: string }>(`select id from public.notifications where title = $1 limit 1`, [`${tag} de Beatriz`]);
    const id = which === 'other' ? rows[0]!.id : randomUUID();
    const opened = await bruno.rpc('open_notification', { p_id: id });
    expect(opened.error).toMatchObject({ code: 'PT404', message: 'Notificação não encontrada' });
    const { rows: after } = await db.query(`select read_at from public.notifications where id = $1`, [rows[0]!.id]);
    expect(after[0]).toEqual({ read_at: null });
  });

  it('mark_notifications_read marks the caller’s unread rows only', async () => {
    await notify([ids.balconista!, ids.balconista2!], `${tag} todas`);
    const { rows } = await db.query<{ id: string }>(`select id from public.notifications where title = $1 and user_id = $2`, [`${tag} todas`, ids.balconista2]);
    // Beatriz's id in Bruno's call changes nothing.
    expect((await bruno.rpc('mark_notifications_read', { p_ids: [rows[0]!.id] })).data).toBe(0);
    const all = await bruno.rpc('mark_notifications_read', {});
    expect(all.error).toBeNull();
    expect(all.data).toBeGreaterThan(0);
    const unread = await bruno.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
    expect(unread.count).toBe(0);
    const { rows: theirs } = await db.query(`select read_at from public.notifications where id = $1`, [rows[0]!.id]);
    expect(theirs[0]).toEqual({ read_at: null });
  });

  it('anon cannot call either', async () => {
    const anon = anonClient(backend);
    expect((await anon.rpc('mark_notifications_read', {})).error).not.toBeNull();
    expect((await anon.rpc('open_notification', { p_id: randomUUID() })).error).not.toBeNull();
  });
});

describe('reading what a notification announces clears it', () => {
  const notifyAbout = async (column: 'document_id' | 'mail_message_id', id: string, title: string): Promise<string> => {
    await db.query(
      `select private.notify(array[$1]::uuid[], 'ALERTA', $2, null, ${column === 'document_id' ? '$3::uuid, null' : 'null, $3::uuid'})`,
      [ids.balconista, title, id],
    );
    return (await db.query<{ id: string }>(`select id from public.notifications where title = $1`, [title])).rows[0]!.id;
  };
  const readAt = async (id: string): Promise<unknown> => (await db.query(`select read_at from public.notifications where id = $1`, [id])).rows[0]!.read_at;

  it('opening a document marks the caller’s notifications about it read', async () => {
    const feed = await bruno.rpc('list_documents', {});
    const documentId = (feed.data as { items: { id: string }[] }).items[0]!.id;
    const mine = await notifyAbout('document_id', documentId, `${tag} lembrete`);
    await db.query(`select private.notify(array[$1]::uuid[], 'ALERTA', $2, null, $3::uuid)`, [ids.balconista2, `${tag} lembrete dela`, documentId]);
    expect((await bruno.rpc('record_document_read', { p_document_id: documentId })).error).toBeNull();
    expect(await readAt(mine)).not.toBeNull();
    const { rows } = await db.query(`select read_at from public.notifications where title = $1`, [`${tag} lembrete dela`]);
    expect(rows).toEqual([{ read_at: null }]);
  });

  it('reading a mail thread marks the caller’s notifications of its messages read', async () => {
    const { rows } = await db.query<{ id: string; thread_id: string }>(
      `select m.id, m.thread_id from public.mail_messages m join public.mail_recipients r on r.message_id = m.id where r.user_id = $1 limit 1`,
      [ids.balconista],
    );
    const mine = await notifyAbout('mail_message_id', rows[0]!.id, `${tag} mensagem`);
    expect((await bruno.rpc('mark_mail_thread_read', { p_thread_id: rows[0]!.thread_id })).error).toBeNull();
    expect(await readAt(mine)).not.toBeNull();
  });
});
