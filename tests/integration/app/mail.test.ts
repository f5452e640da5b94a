/**
 * Correio through supabase-js (20261129200000_mail.sql): refusals with their exact Portuguese messages and
 * nothing written; recipients by person, unit and role; only the sender and the recipients read a message,
 * its recipient rows, its notification and its attachment, by table, by RPC, by storage and by realtime;
 * a representative writes only to purchasing staff and finds names only; Portuguese full-text search over
 * one's own mail; read and archive state per person; a sent message never changes.
 *
 * Other test files run at the same time against the same backend and may mail the demo users, so what is
 * counted exactly belongs to two accounts made here (no unit, reached only by name) or is scoped by a word
 * unique to this run.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoSessions } from '../../utils/app-users.ts';
import { anonClient, appBackend, serviceClient, sql, userClient } from '../../utils/env.ts';
import { listenTo, until, type Change } from '../../utils/realtime.ts';
import { unwrap } from '../../utils/results.ts';

const backend = appBackend();
const as = demoSessions(backend);
const tag = randomUUID().slice(0, 8);
/** A word of letters only, unique to this run: the full-text search finds exactly this run's mail by it. */
const word = `zq${[...tag].map((c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;
const ID = {
  ana: '5eed0000-0000-4000-8000-000000000001',
  bruno: '5eed0000-0000-4000-8000-000000000002',
  beatriz: '5eed0000-0000-4000-8000-000000000003',
  fernando: '5eed0000-0000-4000-8000-000000000004',
  carla: '5eed0000-0000-4000-8000-000000000005',
  rafael: '5eed0000-0000-4000-8000-000000000006',
  renata: '5eed0000-0000-4000-8000-000000000007',
  amanda: '5eed0000-0000-4000-8000-000000000008',
};
const REPRESENTATIVE_RULE = 'Representantes escrevem apenas para a equipe de compras';

interface MailMessage {
  id: string;
  thread_id: string;
  reply_to_id: string | null;
  subject: string;
  body: string;
  created_at: string;
  sender: { id: string; name: string | null };
  addressed_to: { users: { id: string; name: string | null }[]; units: { id: string; name: string }[]; roles: string[] };
  recipients: { id: string; name: string | null; read_at: string | null }[];
  attachments: { id: string; file_name: string; mime_type: string; size_bytes: number; path: string }[];
  mine: boolean;
}
interface ThreadSummary {
  thread_id: string;
  subject: string;
  unread: boolean;
  messages: number;
  has_attachments: boolean;
  last_sender: { id: string; name: string | null };
  excerpt: string;
  participants: { id: string; name: string | null }[];
}
interface MailList {
  total: number;
  unread: number;
  items: ThreadSummary[];
}

let units: Record<'centro' | 'norte' | 'sul', string>;
/** Two clerks made for this file, in no unit: only mail naming them reaches them. */
const fresh: { id: string; client: SupabaseClient; name: string }[] = [];

interface Send {
  subject?: string;
  body?: string;
  users?: string[];
  units?: string[];
  roles?: string[];
  replyTo?: string;
  attachments?: unknown[];
}

const sendArgs = (s: Send) => ({
  p_request_id: randomUUID(),
  p_subject: s.subject ?? `Assunto ${word}`,
  p_body: s.body ?? `Mensagem ${word}`,
  p_user_ids: s.users ?? [],
  p_unit_ids: s.units ?? [],
  p_roles: s.roles ?? [],
  p_reply_to: s.replyTo ?? null,
  p_attachments: s.attachments ?? [],
});

async function send(client: SupabaseClient, s: Send): Promise<MailMessage> {
  return unwrap(await client.rpc('send_mail', sendArgs(s))) as MailMessage;
}

async function list(client: SupabaseClient, folder = 'ENTRADA', search: string | null = word): Promise<MailList> {
  return unwrap(await client.rpc('list_mail', { p_folder: folder, p_search: search, p_limit: 100, p_offset: 0 })) as MailList;
}

beforeAll(async () => {
  const db = await sql(backend);
  const service = serviceClient(backend);
  try {
    const rows = (await db.query<{ id: string; name: string }>(`select id, name from public.store_units where name like 'Unidade %'`)).rows;
    units = {
      centro: rows.find((u) => u.name === 'Unidade Centro')!.id,
      norte: rows.find((u) => u.name === 'Unidade Norte')!.id,
      sul: rows.find((u) => u.name === 'Unidade Sul')!.id,
    };
    for (const name of ['Gil', 'Helena']) {
      const email = `correio-${name.toLowerCase()}-${tag}@exemplo.com`;
      const fullName = `${name} Correio ${tag}`;
      const created = await service.auth.admin.createUser({ email, password: DEMO_PASSWORD, email_confirm: true, user_metadata: { full_name: fullName } });
      if (created.error) throw created.error;
      const id = created.data.user.id;
      await db.query(`update public.profiles set full_name = $2, unit_id = null where id = $1`, [id, fullName]);
      await db.query(`insert into public.user_roles (user_id, role_id) select $1, id from public.custom_roles where name = 'BALCONISTA'`, [id]);
      fresh.push({ id, client: await userClient(backend, email, DEMO_PASSWORD), name: fullName });
    }
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const service = serviceClient(backend);
  for (const user of fresh) await service.auth.admin.deleteUser(user.id);
});

describe('refusals: exact messages, nothing written', () => {
  it('refuses bad input before writing anything', async () => {
    const clerk = await as('balconista');
    const to = { users: [ID.beatriz] };
    const cases: [Send, string, string][] = [
      [{ ...to, subject: '   ' }, '22023', 'Informe o assunto'],
      [{ ...to, subject: `${word} ${'a'.repeat(200)}` }, '22023', 'O assunto deve ter no máximo 200 caracteres'],
      [{ ...to, body: ' \n ' }, '22023', 'Escreva a mensagem'],
      [{ ...to, body: `${word} ${'a'.repeat(20_000)}` }, '22023', 'A mensagem deve ter no máximo 20.000 caracteres'],
      [{}, '22023', 'Escolha ao menos um destinatário'],
      [{ users: [randomUUID()] }, '22023', 'Os destinatários escolhidos não incluem ninguém'],
      [{ users: [ID.bruno] }, '22023', 'Os destinatários escolhidos não incluem ninguém'],
      [{ units: [randomUUID()] }, '22023', 'Os destinatários escolhidos não incluem ninguém'],
      [{ roles: ['NINGUEM'] }, '22023', 'Os destinatários escolhidos não incluem ninguém'],
      [{ ...to, replyTo: randomUUID() }, 'PT404', 'Mensagem não encontrada'],
      [{ ...to, attachments: [{ path: `${ID.bruno}/${randomUUID()}/nada.pdf`, file_name: 'nada.pdf', mime_type: 'application/pdf', size_bytes: 10 }] }, '22023', 'Anexo não encontrado: envie-o de novo'],
    ];
    for (const [input, code, message] of cases) {
      const { data, error } = await clerk.rpc('send_mail', sendArgs(input));
      expect({ input: Object.keys(input), code: error?.code, message: error?.message, data }).toEqual({ input: Object.keys(input), code, message, data: null });
    }
    const db = await sql(backend);
    try {
      const written = await db.query(`select 1 from public.mail_messages where subject like $1 or body like $1`, [`%${word}%`]);
      expect(written.rows).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it("a reply to someone else's message is the same not-found as an unknown one", async () => {
    const clerk = await as('balconista');
    const message = await send(clerk, { users: [ID.beatriz], subject: `Privada ${word}` });
    const outsider = await as('farmaceutico');
    const { error } = await outsider.rpc('send_mail', sendArgs({ replyTo: message.id, users: [ID.bruno] }));
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'PT404', message: 'Mensagem não encontrada' });
  });

  it('anon and a table write reach nothing', async () => {
    const anon = anonClient(backend);
    for (const table of ['mail_messages', 'mail_recipients', 'mail_attachments']) {
      const { data, error } = await anon.from(table).select('*');
      expect({ table, code: error?.code, data }).toEqual({ table, code: '42501', data: null });
    }
    expect((await anon.rpc('send_mail', sendArgs({ users: [ID.carla] }))).error).not.toBeNull();
    expect((await anon.rpc('count_unread_mail')).error).not.toBeNull();
    const clerk = await as('balconista');
    const insert = await clerk.from('mail_messages').insert({ id: randomUUID(), thread_id: randomUUID(), subject: 'x', body: 'y' });
    expect(insert.error?.code).toBe('42501');
  });
});

describe('recipients by person, unit and role', () => {
  it('a unit reaches its people, a role its holders, each once, minus the sender; each gets one ALERTA', async () => {
    const clerk = await as('balconista');
    const toSul = await send(clerk, { units: [units.sul], subject: `Para a Sul ${word}` });
    const sulIds = toSul.recipients.map((r) => r.id);
    expect(sulIds).toContain(ID.fernando);
    for (const outside of [ID.bruno, ID.beatriz, ID.amanda, ID.carla, ID.ana, ID.rafael, ID.renata]) expect(sulIds).not.toContain(outside);
    expect(toSul.addressed_to).toEqual({ users: [], units: [{ id: units.sul, name: 'Unidade Sul' }], roles: [] });
    expect(toSul).toMatchObject({ mine: true, reply_to_id: null, thread_id: toSul.id, sender: { id: ID.bruno, name: 'Bruno Balconista' }, attachments: [] });

    // Norte: Beatriz, Amanda, and Bruno himself (assigned there too) left out as the sender.
    const toNorte = await send(clerk, { units: [units.norte], roles: ['ANALISTA'], users: [ID.amanda], subject: `Para a Norte ${word}` });
    const norteIds = toNorte.recipients.map((r) => r.id);
    expect(norteIds).toEqual(expect.arrayContaining([ID.beatriz, ID.amanda]));
    expect(norteIds).not.toContain(ID.bruno);
    expect(new Set(norteIds).size).toBe(norteIds.length);

    const toRole = await send(await as('farmaceutico'), { roles: ['ANALISTA'], subject: `Para analistas ${word}` });
    expect(toRole.recipients.map((r) => r.id)).toContain(ID.amanda);
    expect(toRole.recipients.map((r) => r.id)).not.toContain(ID.bruno);

    // How each was reached: the sender reads the recipient rows of what they sent.
    const rows = unwrap(await clerk.from('mail_recipients').select('user_id, via_unit_id, via_role, read_at, archived_at').eq('message_id', toNorte.id));
    expect(rows.find((r) => r.user_id === ID.amanda)).toMatchObject({ via_unit_id: null, via_role: null, read_at: null });
    expect(rows.find((r) => r.user_id === ID.beatriz)).toMatchObject({ via_unit_id: units.norte, via_role: null });

    // One notification per recipient, readable by that recipient alone.
    const amanda = await as('analista');
    const notes = unwrap(await amanda.from('notifications').select('type, title, mail_message_id').eq('mail_message_id', toNorte.id));
    expect(notes).toEqual([{ type: 'ALERTA', title: `Nova mensagem de Bruno Balconista: Para a Norte ${word}`, mail_message_id: toNorte.id }]);
    const db = await sql(backend);
    try {
      const all = await db.query<{ user_id: string; n: number }>(
        `select user_id, count(*)::int as n from public.notifications where mail_message_id = $1 group by user_id order by user_id`,
        [toNorte.id],
      );
      expect(all.rows.map((r) => r.user_id).sort()).toEqual([...norteIds].sort());
      expect(all.rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await db.end();
    }
  });

  it('a retry with the same request id sends once and answers the first message', async () => {
    const clerk = await as('balconista');
    const args = sendArgs({ users: [ID.beatriz], subject: `Repetida ${word}` });
    const first = unwrap(await clerk.rpc('send_mail', args)) as MailMessage;
    const again = unwrap(await clerk.rpc('send_mail', args)) as MailMessage;
    expect(again.id).toBe(first.id);
    const db = await sql(backend);
    try {
      expect((await db.query(`select 1 from public.mail_messages where subject = $1`, [`Repetida ${word}`])).rowCount).toBe(1);
    } finally {
      await db.end();
    }
  });

  it('a reply without recipients goes back to the people of that message and keeps the thread', async () => {
    const clerk = await as('balconista');
    const first = await send(clerk, { users: [ID.beatriz, ID.amanda], subject: `Conversa ${word}` });
    const beatriz = await as('balconista2');
    const reply = await send(beatriz, { replyTo: first.id, subject: '', body: `Resposta ${word}` });
    expect(reply).toMatchObject({ thread_id: first.id, reply_to_id: first.id, subject: `Re: Conversa ${word}` });
    expect(reply.recipients.map((r) => r.id).sort()).toEqual([ID.bruno, ID.amanda].sort());
    const thread = unwrap(await clerk.rpc('get_mail_thread', { p_thread_id: first.id })) as { thread_id: string; subject: string; archived: boolean; messages: MailMessage[] };
    expect(thread).toMatchObject({ thread_id: first.id, subject: `Conversa ${word}`, archived: false });
    expect(thread.messages.map((m) => [m.id, m.mine])).toEqual([[first.id, true], [reply.id, false]]);
    expect(unwrap(await beatriz.rpc('mail_thread_of', { p_message_id: reply.id }))).toBe(first.id);
  });
});

describe('only the sender and the recipients', () => {
  it('table, RPC, notification and storage: the recipient and the sender read; nobody else', async () => {
    const clerk = await as('balconista');
    const path = `${ID.bruno}/${randomUUID()}/relatorio-${tag}.pdf`;
    const pdf = new Blob([new TextEncoder().encode(`%PDF-1.4\n% ${tag}\n`)], { type: 'application/pdf' });
    expect((await clerk.storage.from('correio').upload(path, pdf, { contentType: 'application/pdf' })).error).toBeNull();
    // Nobody uploads into another's folder.
    const beatriz = await as('balconista2');
    expect((await beatriz.storage.from('correio').upload(`${ID.bruno}/${randomUUID()}/alheio.pdf`, pdf, { contentType: 'application/pdf' })).error).not.toBeNull();

    const message = await send(clerk, {
      users: [ID.beatriz],
      subject: `Com anexo ${word}`,
      attachments: [{ path, file_name: `relatorio-${tag}.pdf`, mime_type: 'application/pdf', size_bytes: pdf.size }],
    });
    expect(message.attachments).toEqual([{ id: expect.any(String), file_name: `relatorio-${tag}.pdf`, mime_type: 'application/pdf', size_bytes: pdf.size, path }]);

    // The recipient.
    expect(unwrap(await beatriz.from('mail_messages').select('id').eq('id', message.id))).toHaveLength(1);
    expect(unwrap(await beatriz.from('mail_attachments').select('path').eq('message_id', message.id))).toEqual([{ path }]);
    expect((await beatriz.storage.from('correio').download(path)).error).toBeNull();
    expect(unwrap(await beatriz.from('notifications').select('id').eq('mail_message_id', message.id))).toHaveLength(1);
    const inbox = await list(beatriz);
    expect(inbox.items.find((t) => t.thread_id === message.id)).toMatchObject({ has_attachments: true, unread: true, messages: 1 });

    // The sender.
    expect((await clerk.storage.from('correio').download(path)).error).toBeNull();
    expect(unwrap(await clerk.from('mail_recipients').select('user_id').eq('message_id', message.id))).toEqual([{ user_id: ID.beatriz }]);

    // Everyone else: Norte's analyst (same unit as the recipient), the buyer, a representative, the admin.
    for (const key of ['analista', 'compras', 'representante', 'admin', 'farmaceutico'] as const) {
      const other = await as(key);
      expect({ key, rows: unwrap(await other.from('mail_messages').select('id').eq('id', message.id)) }).toEqual({ key, rows: [] });
      expect({ key, rows: unwrap(await other.from('mail_recipients').select('user_id').eq('message_id', message.id)) }).toEqual({ key, rows: [] });
      expect({ key, rows: unwrap(await other.from('mail_attachments').select('id').eq('message_id', message.id)) }).toEqual({ key, rows: [] });
      expect({ key, rows: unwrap(await other.from('notifications').select('id').eq('mail_message_id', message.id)) }).toEqual({ key, rows: [] });
      expect({ key, failed: (await other.storage.from('correio').download(path)).error !== null }).toEqual({ key, failed: true });
      for (const [fn, args] of [
        ['get_mail_thread', { p_thread_id: message.id }],
        ['mail_thread_of', { p_message_id: message.id }],
        ['mark_mail_thread_read', { p_thread_id: message.id }],
        ['archive_mail_thread', { p_thread_id: message.id, p_archived: true }],
      ] as const) {
        const { error } = await other.rpc(fn, args);
        expect({ key, fn, code: error?.code, message: error?.message }).toEqual({ key, fn, code: 'PT404', message: 'Mensagem não encontrada' });
      }
      expect({ key, found: (await list(other, 'ENTRADA', `anexo ${word}`)).items.map((t) => t.thread_id) }).toEqual({ key, found: [] });
    }
    expect((await anonClient(backend).storage.from('correio').download(path)).error).not.toBeNull();
    // Nothing another tried changed the recipient's state.
    const rows = await sql(backend);
    try {
      expect((await rows.query(`select read_at, archived_at from public.mail_recipients where message_id = $1`, [message.id])).rows).toEqual([{ read_at: null, archived_at: null }]);
    } finally {
      await rows.end();
    }
  });

  it('realtime: the recipient hears the new row and its notification; a non-recipient hears nothing', async () => {
    const recipient = await as('balconista2');
    const outsider = await as('farmaceutico');
    const listeners = [
      await listenTo(recipient, 'mail_recipients', 'rcpt-mail'),
      await listenTo(recipient, 'notifications', 'rcpt-notes'),
      await listenTo(outsider, 'mail_recipients', 'out-mail'),
      await listenTo(outsider, 'notifications', 'out-notes'),
    ];
    try {
      const [rcptMail, rcptNotes, outMail, outNotes] = listeners.map((l) => l.inbox) as [Change[], Change[], Change[], Change[]];
      const message = await send(await as('balconista'), { users: [ID.beatriz], subject: `Ao vivo ${word}` });
      const about = (inbox: Change[]) => inbox.filter((c) => c.new.message_id === message.id || c.new.mail_message_id === message.id);
      await until(() => about(rcptMail).length === 1 && about(rcptNotes).length === 1);
      expect(about(rcptMail)[0]).toMatchObject({ eventType: 'INSERT', new: { user_id: ID.beatriz, read_at: null } });
      expect(about(rcptNotes)[0]).toMatchObject({ eventType: 'INSERT', new: { user_id: ID.beatriz, type: 'ALERTA' } });
      // The recipient reading it is an UPDATE the sender may hear, the outsider never.
      unwrap(await recipient.rpc('mark_mail_thread_read', { p_thread_id: message.id }));
      await until(() => about(rcptMail).length === 2);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(about(outMail)).toEqual([]);
      expect(about(outNotes)).toEqual([]);
    } finally {
      for (const l of listeners) await l.stop();
    }
  });
});

describe('representatives write only to purchasing staff and see names only', () => {
  it('no unit, no role, no staff outside purchasing; the buyer is fine', async () => {
    const rep = await as('representante');
    for (const input of [{ units: [units.centro] }, { roles: ['ADMIN_COMPRAS'] }, { users: [ID.bruno] }, { users: [ID.carla, ID.fernando] }, { users: [ID.renata] }] as Send[]) {
      const { data, error } = await rep.rpc('send_mail', sendArgs(input));
      expect({ input, code: error?.code, message: error?.message, data }).toEqual({ input, code: '42501', message: REPRESENTATIVE_RULE, data: null });
    }
    const sent = await send(rep, { users: [ID.carla], subject: `Cotação ${word}` });
    expect(sent.recipients).toEqual([{ id: ID.carla, name: 'Carla Compras', read_at: null }]);

    // Carla answers copying Bruno; the representative's reply-to-all keeps only purchasing staff.
    const buyer = await as('compras');
    const answer = await send(buyer, { users: [ID.rafael, ID.bruno], replyTo: sent.id, subject: '' });
    const back = await send(rep, { replyTo: answer.id, subject: '' });
    expect(back.recipients.map((r) => r.id)).toEqual([ID.carla]);
    // Naming Bruno explicitly in a reply is still refused.
    const { error } = await rep.rpc('send_mail', sendArgs({ replyTo: answer.id, users: [ID.bruno] }));
    expect(error?.message).toBe(REPRESENTATIVE_RULE);
  });

  it('their recipient search answers purchasing staff by name only; staff see units and roles, never an e-mail', async () => {
    const rep = await as('representante');
    const options = unwrap(await rep.rpc('search_mail_recipients', { p_query: '', p_limit: 50 })) as Record<string, unknown>[];
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) {
      expect(Object.keys(option).sort()).toEqual(['detail', 'id', 'kind', 'name']);
      expect(option).toMatchObject({ kind: 'user', detail: null });
    }
    const ids = options.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([ID.carla, ID.ana]));
    for (const staff of [ID.bruno, ID.beatriz, ID.fernando, ID.amanda, ID.renata, ID.rafael]) expect(ids).not.toContain(staff);
    expect(unwrap(await rep.rpc('search_mail_recipients', { p_query: 'unidade' }))).toEqual([]);
    expect(unwrap(await rep.rpc('search_mail_recipients', { p_query: 'bruno' }))).toEqual([]);
    expect(JSON.stringify(options)).not.toMatch(/@|Unidade/);

    const clerk = await as('balconista');
    const staffOptions = unwrap(await clerk.rpc('search_mail_recipients', { p_query: 'norte', p_limit: 20 })) as Record<string, unknown>[];
    expect(staffOptions).toContainEqual({ kind: 'unit', id: units.norte, name: 'Unidade Norte', detail: null });
    const people = unwrap(await clerk.rpc('search_mail_recipients', { p_query: 'beatriz' })) as Record<string, unknown>[];
    expect(people).toEqual([{ kind: 'user', id: ID.beatriz, name: 'Beatriz Balconista', detail: 'Unidade Norte' }]);
    const roles = unwrap(await clerk.rpc('search_mail_recipients', { p_query: 'farmac' })) as Record<string, unknown>[];
    expect(roles).toContainEqual({ kind: 'role', id: 'FARMACEUTICO', name: 'Farmacêutico', detail: null });
    const everyone = unwrap(await clerk.rpc('search_mail_recipients', { p_query: '', p_limit: 50 }));
    expect(JSON.stringify(everyone)).not.toContain('@');
    expect((everyone as { id: string }[]).map((o) => o.id)).not.toContain(ID.bruno);
  });
});

describe('full-text search in Portuguese, own mail only', () => {
  it('finds a lot code the text parser could read as a number, typed alone, hyphenated or as a phrase', async () => {
    const clerk = await as('balconista');
    const message = await send(clerk, { users: [ID.beatriz], subject: `Recolhimento ${word}`, body: `Separar o LOTE-2E67B073 e o lote 85e348e0. ${word}` });
    const beatriz = await as('balconista2');
    for (const search of [`2e67b073 ${word}`, `lote-2e67b073 ${word}`, `"lote 2e67b073" ${word}`, `85E348E0 ${word}`, `recolhimento-${word}`]) {
      expect({ search, found: (await list(beatriz, 'ENTRADA', search)).items.map((t) => t.thread_id) }).toEqual({ search, found: [message.id] });
    }
    expect((await list(beatriz, 'ENTRADA', `${word} -2e67b073`)).items.map((t) => t.thread_id)).not.toContain(message.id);
  });

  it("'receita' finds 'Receitas' and 'preco' finds 'preço' in the recipient's and the sender's mail, nobody else's", async () => {
    const clerk = await as('balconista');
    const message = await send(clerk, { users: [ID.beatriz], subject: `Receitas pendentes ${word}`, body: `O preço das receitas mudou. ${word}` });
    const beatriz = await as('balconista2');
    for (const search of [`receita ${word}`, `preco ${word}`, `"receitas pendentes" ${word}`]) {
      expect({ search, found: (await list(beatriz, 'ENTRADA', search)).items.map((t) => t.thread_id) }).toEqual({ search, found: [message.id] });
    }
    expect((await list(beatriz, 'ENTRADA', `receita -${word}`)).items.map((t) => t.thread_id)).not.toContain(message.id);
    expect((await list(clerk, 'ENVIADOS', `receita ${word}`)).items.map((t) => t.thread_id)).toContain(message.id);
    expect((await list(clerk, 'ENTRADA', `receita ${word}`)).items.map((t) => t.thread_id)).not.toContain(message.id);
    for (const key of ['analista', 'admin', 'compras'] as const) {
      expect({ key, total: (await list(await as(key), 'ENTRADA', `receita ${word}`)).items.filter((t) => t.thread_id === message.id) }).toEqual({ key, total: [] });
    }
  });

  it('an unknown folder is refused', async () => {
    const { error } = await (await as('balconista')).rpc('list_mail', { p_folder: 'LIXEIRA' });
    expect({ code: error?.code, message: error?.message }).toEqual({ code: '22023', message: 'Pasta desconhecida' });
  });
});

describe('read and archive state is each person’s own', () => {
  it('reading and archiving move the caller’s copy only; a new reply brings the thread back to the inbox', async () => {
    const [gil, helena] = fresh as [(typeof fresh)[0], (typeof fresh)[0]];
    const clerk = await as('balconista');
    expect(unwrap(await gil.client.rpc('count_unread_mail'))).toBe(0);
    const message = await send(clerk, { users: [gil.id, helena.id], subject: `Estado ${word}` });
    expect(unwrap(await gil.client.rpc('count_unread_mail'))).toBe(1);
    expect(unwrap(await helena.client.rpc('count_unread_mail'))).toBe(1);
    expect(await list(gil.client, 'ENTRADA', null)).toMatchObject({ total: 1, unread: 1, items: [{ thread_id: message.id, unread: true, subject: `Estado ${word}`, last_sender: { id: ID.bruno, name: 'Bruno Balconista' } }] });

    expect(unwrap(await gil.client.rpc('mark_mail_thread_read', { p_thread_id: message.id }))).toBe(1);
    expect(unwrap(await gil.client.rpc('mark_mail_thread_read', { p_thread_id: message.id }))).toBe(0);
    expect(unwrap(await gil.client.rpc('count_unread_mail'))).toBe(0);
    expect(unwrap(await helena.client.rpc('count_unread_mail'))).toBe(1);
    // The sender sees who read it.
    const seen = (unwrap(await clerk.rpc('get_mail_thread', { p_thread_id: message.id })) as { messages: MailMessage[] }).messages[0]!;
    expect(seen.recipients.find((r) => r.id === gil.id)?.read_at).not.toBeNull();
    expect(seen.recipients.find((r) => r.id === helena.id)?.read_at).toBeNull();

    expect(unwrap(await gil.client.rpc('archive_mail_thread', { p_thread_id: message.id, p_archived: true }))).toBe(1);
    expect((await list(gil.client, 'ENTRADA', null)).items).toEqual([]);
    expect((await list(gil.client, 'ARQUIVO', null)).items.map((t) => t.thread_id)).toEqual([message.id]);
    expect((unwrap(await gil.client.rpc('get_mail_thread', { p_thread_id: message.id })) as { archived: boolean }).archived).toBe(true);
    expect((await list(helena.client, 'ENTRADA', null)).items.map((t) => t.thread_id)).toEqual([message.id]);
    // The sender's copy is untouched: still in their sent folder.
    expect((await list(clerk, 'ENVIADOS', `estado ${word}`)).items.map((t) => t.thread_id)).toEqual([message.id]);

    // Helena answers everyone: the thread comes back to Gil's inbox, unread.
    await send(helena.client, { replyTo: message.id, subject: '' });
    expect(await list(gil.client, 'ENTRADA', null)).toMatchObject({ total: 1, unread: 1, items: [{ thread_id: message.id, messages: 2, unread: true }] });
    expect((await list(gil.client, 'ARQUIVO', null)).items).toEqual([]);
    expect((await list(helena.client, 'ENVIADOS', null)).items.map((t) => t.thread_id)).toEqual([message.id]);

    // Archiving as sender and recipient at once, then restoring.
    expect(unwrap(await helena.client.rpc('archive_mail_thread', { p_thread_id: message.id, p_archived: true }))).toBe(2);
    expect((await list(helena.client, 'ENVIADOS', null)).items).toEqual([]);
    expect((await list(helena.client, 'ARQUIVO', null)).items.map((t) => t.thread_id)).toEqual([message.id]);
    expect(unwrap(await helena.client.rpc('archive_mail_thread', { p_thread_id: message.id, p_archived: false }))).toBe(2);
    expect((await list(helena.client, 'ENTRADA', null)).items.map((t) => t.thread_id)).toEqual([message.id]);

    // Archiving an unread thread clears the badge; the archive still shows it unread.
    expect(unwrap(await gil.client.rpc('count_unread_mail'))).toBe(1);
    unwrap(await gil.client.rpc('archive_mail_thread', { p_thread_id: message.id, p_archived: true }));
    expect(unwrap(await gil.client.rpc('count_unread_mail'))).toBe(0);
    expect(await list(gil.client, 'ENTRADA', null)).toMatchObject({ total: 0, unread: 0, items: [] });
    expect(await list(gil.client, 'ARQUIVO', null)).toMatchObject({ total: 1, unread: 1, items: [{ thread_id: message.id, unread: true }] });
  });

  it('a sent message never changes, for the owner and the service role alike', async () => {
    const message = await send(await as('balconista'), { users: [ID.beatriz], subject: `Imutável ${word}` });
    const db = await sql(backend);
    try {
      for (const statement of [
        `update public.mail_messages set subject = 'outro' where id = $1`,
        `update public.mail_messages set body = 'outro' where id = $1`,
        `update public.mail_messages set sender_id = '${ID.ana}' where id = $1`,
        `delete from public.mail_messages where id = $1`,
      ]) {
        await expect(db.query(statement, [message.id])).rejects.toThrow('Uma mensagem enviada não pode ser alterada nem excluída');
      }
      for (const statement of [
        `update public.mail_recipients set user_id = '${ID.ana}' where message_id = $1`,
        `delete from public.mail_recipients where message_id = $1`,
      ]) {
        await expect(db.query(statement, [message.id])).rejects.toThrow('Os destinatários de uma mensagem não podem ser alterados');
      }
      await db.query(`update public.mail_recipients set read_at = now() where message_id = $1`, [message.id]);
      await expect(db.query(`update public.mail_recipients set read_at = null where message_id = $1`, [message.id])).rejects.toThrow(
        'Os destinatários de uma mensagem não podem ser alterados',
      );
      await expect(db.query(`truncate public.mail_attachments`)).rejects.toThrow('Os anexos de uma mensagem enviada não podem ser alterados');
      expect((await db.query(`select subject from public.mail_messages where id = $1`, [message.id])).rows).toEqual([{ subject: `Imutável ${word}` }]);
    } finally {
      await db.end();
    }
    // Through the API there is no write at all.
    const beatriz = await as('balconista2');
    const { error, count } = await beatriz.from('mail_recipients').update({ archived_at: new Date().toISOString() }, { count: 'exact' }).eq('message_id', message.id);
    expect(error?.code ?? (count === 0 ? 'nothing' : 'changed')).toMatch(/42501|nothing/);
  });
});
