/**
 * Realtime (`/realtime/v1/websocket`) conformance, driven through supabase-js / realtime-js against
 * the conformance fixture project (migration 20260101000200_realtime.sql).
 */
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { conformanceBackend, serviceClient, sql, userClient, type BackendInfo } from '../../utils/env.ts';
import { subscribed } from '../../utils/realtime.ts';
import { signJwt } from '../../utils/jwt.ts';

/**
 * How long a test waits for an event that must arrive. Generous, because a loaded 2-core machine can hold logical
 * replication back for seconds; it only bounds how long a real failure takes to report.
 */
const EVENT_TIMEOUT_MS = 15_000;

type Change = {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  commit_timestamp: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
  errors: unknown;
};

const PASSWORD = 'realtime-secret-123';

type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** A client with its own realtime options (Node 20 has no global WebSocket: `ws` is the transport). */
/**
 * A client without a session. With `token`, realtime authenticates with whatever it returns: supabase-js
 * re-reads its token source on every heartbeat, so a token pushed by hand with `realtime.setAuth(jwt)`
 * would be replaced by the anon key within one heartbeat; tests that switch tokens change what `token`
 * returns and call `realtime.setAuth()`, as an app with third-party auth does.
 */
function plainClient(
  realtime: Omit<NonNullable<SupabaseClientOptions<'public'>['realtime']>, 'transport'> = {},
  token?: () => string,
): SupabaseClient {
  const client = createClient(info.apiUrl, info.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { ...realtime, transport: WebSocket as unknown as Transport },
    ...(token ? { accessToken: () => Promise.resolve(token()) } : {}),
  });
  clients.push(client);
  return client;
}

let info: BackendInfo;
let admin: SupabaseClient;
const clients: SupabaseClient[] = [];
let userA: { client: SupabaseClient; id: string };
let userB: { client: SupabaseClient; id: string };

async function makeUser(label: string): Promise<{ client: SupabaseClient; id: string }> {
  const email = `rt-${label}-${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message ?? 'no user'}`);
  const client = await userClient(info, email, PASSWORD);
  clients.push(client);
  return { client, id: data.user.id };
}

/** Collects events of one channel and lets tests wait for them with a bounded timeout. */
class Inbox<T> {
  readonly items: T[] = [];
  private waiters: { predicate: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.predicate(item)) return true;
      waiter.resolve(item);
      return false;
    });
  };

  waitFor(predicate: (item: T) => boolean, timeoutMs = EVENT_TIMEOUT_MS): Promise<T> {
    const found = this.items.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for an event; got ${JSON.stringify(this.items)}`));
      }, timeoutMs);
      const done = (item: T): void => {
        clearTimeout(timer);
        resolve(item);
      };
      this.waiters.push({ predicate, resolve: done });
    });
  }
}


/** Subscribes to postgres_changes with the given bindings; returns the inbox of changes. */
async function listen(
  client: SupabaseClient,
  bindings: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string }[],
): Promise<{ channel: RealtimeChannel; changes: Inbox<Change>; system: Inbox<Record<string, unknown>> }> {
  const changes = new Inbox<Change>();
  const system = new Inbox<Record<string, unknown>>();
  let channel = client.channel(`rt-${randomUUID()}`);
  for (const binding of bindings) {
    channel = channel.on(
      'postgres_changes',
      { event: binding.event, schema: 'public', table: binding.table, ...(binding.filter ? { filter: binding.filter } : {}) },
      (payload) => changes.push(payload as unknown as Change),
    );
  }
  channel.on('system', {}, (payload: Record<string, unknown>) => system.push(payload));
  await subscribed(channel);
  await system.waitFor((message) => message.extension === 'postgres_changes');
  return { channel, changes, system };
}

async function waitUntil(condition: () => boolean, timeoutMs = EVENT_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** "Not received": after a later event that was received, give stragglers a bounded grace period. */
async function settle(ms = 1500): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function insertMessage(client: SupabaseClient, row: Record<string, unknown>): Promise<{ id: number }> {
  const { data, error } = await client.from('rt_messages').insert(row).select('id').single();
  if (error) throw new Error(`insert failed: ${error.message}`);
  return data as { id: number };
}

beforeAll(async () => {
  info = conformanceBackend();
  admin = serviceClient(info);
  clients.push(admin);
  userA = await makeUser('a');
  userB = await makeUser('b');
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.removeAllChannels()));
  for (const client of clients) client.realtime.disconnect();
});

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE with typed records; DELETE carries only the primary key', async () => {
    const { channel, changes } = await listen(userA.client, [{ event: '*', table: 'rt_messages' }]);
    const room = `room-${randomUUID()}`;
    const { id } = await insertMessage(userA.client, { room, body: 'hello', meta: { tags: ['x'] } });

    const inserted = await changes.waitFor((change) => change.eventType === 'INSERT' && change.new.id === id);
    expect(inserted.schema).toBe('public');
    expect(inserted.table).toBe('rt_messages');
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(inserted.errors).toBeNull();
    expect(inserted.new).toMatchObject({ id, owner_id: userA.id, room, body: 'hello', likes: 0, pinned: false, meta: { tags: ['x'] } });
    expect(typeof inserted.new.created_at).toBe('string');
    expect(inserted.old).toEqual({});

    const { error: updateError } = await userA.client.from('rt_messages').update({ likes: 5, pinned: true }).eq('id', id);
    expect(updateError).toBeNull();
    const updated = await changes.waitFor((change) => change.eventType === 'UPDATE' && change.new.id === id);
    expect(updated.new).toMatchObject({ id, likes: 5, pinned: true, body: 'hello' });
    // Replica identity full: the old row is sent for updates.
    expect(updated.old).toMatchObject({ id, likes: 0, pinned: false });

    const { error: deleteError } = await userA.client.from('rt_messages').delete().eq('id', id);
    expect(deleteError).toBeNull();
    const deleted = await changes.waitFor((change) => change.eventType === 'DELETE' && change.old.id === id);
    expect(deleted.old).toEqual({ id });
    expect(deleted.new).toEqual({});
    await userA.client.removeChannel(channel);
  });

  it('applies RLS per subscriber: B gets public rows of A, never private ones', async () => {
    const a = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages' }]);
    const b = await listen(userB.client, [{ event: 'INSERT', table: 'rt_messages' }]);
    const secret = await insertMessage(userA.client, { room: 'a-private', body: 'only for A' });
    const open = await insertMessage(userA.client, { room: 'public', body: 'for everyone' });

    await a.changes.waitFor((change) => change.new.id === secret.id);
    await a.changes.waitFor((change) => change.new.id === open.id);
    const received = await b.changes.waitFor((change) => change.new.id === open.id);
    expect(received.new).toMatchObject({ room: 'public', body: 'for everyone', owner_id: userA.id });
    await settle();
    expect(b.changes.items.some((change) => change.new.id === secret.id)).toBe(false);
    await userA.client.removeChannel(a.channel);
    await userB.client.removeChannel(b.channel);
  });

  it('sends DELETEs like hosted: primary key only to roles that may select the table, nothing to others', async () => {
    const a = await listen(userA.client, [{ event: 'DELETE', table: 'rt_messages' }]);
    const b = await listen(userB.client, [{ event: 'DELETE', table: 'rt_messages' }]);
    const anon = plainClient();
    const anonymous = await listen(anon, [{ event: '*', table: 'rt_messages' }]);
    const secret = await insertMessage(userA.client, { room: 'a-private', body: 'secret body' });
    const { error } = await userA.client.from('rt_messages').delete().eq('id', secret.id);
    expect(error).toBeNull();
    const seenByA = await a.changes.waitFor((change) => change.old.id === secret.id);
    const seenByB = await b.changes.waitFor((change) => change.old.id === secret.id);
    expect(seenByA.old).toEqual({ id: secret.id });
    expect(seenByB.old).toEqual({ id: secret.id });
    await settle();
    expect(anonymous.changes.items).toEqual([]);
    await userA.client.removeChannel(a.channel);
    await userB.client.removeChannel(b.channel);
    await anon.removeAllChannels();
  });

  it('narrows with filters: eq and in', async () => {
    const room = `filtered-${randomUUID()}`;
    const byRoom = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages', filter: `room=eq.${room}` }]);
    const all = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages' }]);
    const other = await insertMessage(userA.client, { room: 'elsewhere', body: 'no' });
    const match = await insertMessage(userA.client, { room, body: 'yes' });
    await byRoom.changes.waitFor((change) => change.new.id === match.id);
    await all.changes.waitFor((change) => change.new.id === match.id);
    await settle(500);
    expect(byRoom.changes.items.map((change) => change.new.id)).toEqual([match.id]);
    expect(all.changes.items.some((change) => change.new.id === other.id)).toBe(true);

    const rows = await Promise.all([1, 2, 3].map((n) => insertMessage(userA.client, { room, body: `row ${n}` })));
    const [first, second, third] = rows as [{ id: number }, { id: number }, { id: number }];
    const byId = await listen(userA.client, [{ event: 'UPDATE', table: 'rt_messages', filter: `id=in.(${first.id},${third.id})` }]);
    const { error } = await userA.client.from('rt_messages').update({ likes: 1 }).in('id', [first.id, second.id, third.id]);
    expect(error).toBeNull();
    await byId.changes.waitFor((change) => change.new.id === first.id);
    await byId.changes.waitFor((change) => change.new.id === third.id);
    await settle(500);
    expect(byId.changes.items.map((change) => change.new.id).sort()).toEqual([first.id, third.id].sort());
    await userA.client.removeAllChannels();
  });

  it('narrows with the comparison filters: neq, lt, lte, gt, gte', async () => {
    const room = `compared-${randomUUID()}`;
    const operators = ['neq', 'lt', 'lte', 'gt', 'gte'] as const;
    const listeners = await Promise.all(
      operators.map((op) => listen(userA.client, [{ event: 'INSERT', table: 'rt_messages', filter: `likes=${op}.3` }])),
    );
    for (const likes of [1, 2, 3, 4, 5]) await insertMessage(userA.client, { room, body: `likes ${likes}`, likes });
    const expected: Record<(typeof operators)[number], number[]> = {
      neq: [1, 2, 4, 5],
      lt: [1, 2],
      lte: [1, 2, 3],
      gt: [4, 5],
      gte: [3, 4, 5],
    };
    // Rows are inserted in likes order: each listener's last wanted row arrives last.
    for (const [index, op] of operators.entries()) {
      const want = expected[op];
      const last = want[want.length - 1];
      await listeners[index]!.changes.waitFor((change) => change.new.room === room && change.new.likes === last);
    }
    await settle(500);
    for (const [index, op] of operators.entries()) {
      const got = listeners[index]!.changes.items
        .filter((change) => change.new.room === room)
        .map((change) => change.new.likes as number)
        .sort((a, b) => a - b);
      expect({ op, got }).toEqual({ op, got: expected[op] });
    }
    await userA.client.removeAllChannels();
  });

  it('delivers every row of a multi-row transaction, filtered per row, in commit order', async () => {
    const room = `bulk-${randomUUID()}`;
    const { channel, changes } = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages', filter: `likes=gte.40` }]);
    const rows = Array.from({ length: 50 }, (_, n) => ({ room, body: `bulk ${n}`, likes: n }));
    const { data, error } = await userA.client.from('rt_messages').insert(rows).select('id, likes');
    expect(error).toBeNull();
    const expected = (data as { id: number; likes: number }[]).filter((row) => row.likes >= 40).map((row) => row.id);
    expect(expected).toHaveLength(10);
    await changes.waitFor((change) => change.new.id === expected[expected.length - 1]);
    await settle(300);
    expect(changes.items.filter((change) => change.new.room === room).map((change) => change.new.id)).toEqual(expected);
    await userA.client.removeChannel(channel);
  });

  it('routes a multi-row transaction to each subscriber by its own equality filter, RLS checked per subscriber', async () => {
    // The shape of a notice to many people: one transaction, one row per recipient, each session filtered by its id.
    const room = `per-owner-${randomUUID()}`;
    const aOwn = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages', filter: `owner_id=eq.${userA.id}` }]);
    // Equality decides as Postgres does: an upper-case uuid is the same uuid.
    const aUpper = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages', filter: `owner_id=eq.${userA.id.toUpperCase()}` }]);
    const bOwn = await listen(userB.client, [{ event: 'INSERT', table: 'rt_messages', filter: `owner_id=eq.${userB.id}` }]);
    // B asks for A's rows: RLS still lets only the public one through.
    const bOfA = await listen(userB.client, [{ event: 'INSERT', table: 'rt_messages', filter: `owner_id=eq.${userA.id}` }]);
    // An equality on an integer column.
    const aSeven = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages', filter: 'likes=eq.7' }]);
    const { data, error } = await userA.client
      .from('rt_messages')
      .insert([
        { room, body: 'private', likes: 7 },
        { room: 'public', body: `${room} public`, likes: 1 },
        { room, body: 'private too', likes: 2 },
      ])
      .select('id, likes');
    expect(error).toBeNull();
    const [privateSeven, open, privateTwo] = (data as { id: number }[]).map((row) => row.id) as [number, number, number];
    await aOwn.changes.waitFor((change) => change.new.id === privateTwo);
    await aUpper.changes.waitFor((change) => change.new.id === privateTwo);
    await bOfA.changes.waitFor((change) => change.new.id === open);
    await aSeven.changes.waitFor((change) => change.new.id === privateSeven);
    await settle();
    const ids = (inbox: Inbox<Change>) => inbox.items.map((change) => change.new.id as number).filter((id) => [privateSeven, open, privateTwo].includes(id));
    expect(ids(aOwn.changes)).toEqual([privateSeven, open, privateTwo]);
    expect(ids(aUpper.changes)).toEqual([privateSeven, open, privateTwo]);
    expect(ids(bOfA.changes)).toEqual([open]);
    expect(ids(bOwn.changes)).toEqual([]);
    expect(ids(aSeven.changes)).toEqual([privateSeven]);
    await userA.client.removeAllChannels();
    await userB.client.removeAllChannels();
  });

  it('routes events to event-specific bindings of one channel', async () => {
    const { channel, changes } = await listen(userA.client, [
      { event: 'INSERT', table: 'rt_messages' },
      { event: 'DELETE', table: 'rt_messages' },
    ]);
    const { id } = await insertMessage(userA.client, { room: 'events', body: 'x' });
    // The INSERT is RLS-checked against the live table when it is dispatched (as on hosted), so a row
    // deleted before that check is never announced: let the INSERT arrive before deleting the row.
    await changes.waitFor((change) => change.eventType === 'INSERT' && change.new.id === id);
    await userA.client.from('rt_messages').update({ likes: 9 }).eq('id', id);
    await userA.client.from('rt_messages').delete().eq('id', id);
    await changes.waitFor((change) => change.eventType === 'DELETE' && change.old.id === id);
    expect(changes.items.map((change) => change.eventType)).toEqual(['INSERT', 'DELETE']);
    await userA.client.removeChannel(channel);
  });

  it('sends only the columns the role may select', async () => {
    const { channel, changes } = await listen(userB.client, [{ event: 'INSERT', table: 'rt_notes' }]);
    const { data, error } = await admin.from('rt_notes').insert({ title: 'visible', secret: 'hidden' }).select('id').single();
    expect(error).toBeNull();
    const change = await changes.waitFor((item) => item.new.id === (data as { id: number }).id);
    expect(change.new).toEqual({ id: (data as { id: number }).id, title: 'visible' });
    await userB.client.removeChannel(channel);
  });

  it('produces nothing for a table outside the publication, and reports the subscription error', async () => {
    const unpublished = await listen(userA.client, [{ event: '*', table: 'rt_unpublished' }]);
    const error = await unpublished.system.waitFor((message) => message.extension === 'postgres_changes');
    expect(error.status).toBe('error');
    expect(String(error.message)).toContain('Unable to subscribe to changes with given parameters');
    const published = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages' }]);
    await admin.from('rt_unpublished').insert({ body: 'silent' });
    const later = await insertMessage(userA.client, { room: 'after-unpublished', body: 'x' });
    await published.changes.waitFor((change) => change.new.id === later.id);
    await settle();
    expect(unpublished.changes.items).toEqual([]);
    await userA.client.removeAllChannels();
  });

  it('picks up a table added to the publication while running', async () => {
    const db = await sql(info);
    try {
      await db.query('alter publication supabase_realtime add table public.rt_late');
    } finally {
      await db.end();
    }
    const { channel, changes, system } = await listen(userB.client, [{ event: 'INSERT', table: 'rt_late' }]);
    expect((await system.waitFor((message) => message.extension === 'postgres_changes')).status).toBe('ok');
    const { data, error } = await admin.from('rt_late').insert({ body: 'now published' }).select('id').single();
    expect(error).toBeNull();
    const change = await changes.waitFor((item) => item.new.id === (data as { id: number }).id);
    expect(change.new.body).toBe('now published');
    await userB.client.removeChannel(channel);
  });

  it('rejects a bad filter with the hosted system error', async () => {
    const channel = userA.client.channel(`rt-${randomUUID()}`);
    const system = new Inbox<Record<string, unknown>>();
    channel
      .on('postgres_changes', { event: '*', schema: 'public', table: 'rt_messages', filter: 'room=fts.x' }, () => {})
      .on('system', {}, (payload: Record<string, unknown>) => system.push(payload));
    await subscribed(channel);
    const message = await system.waitFor((item) => item.extension === 'postgres_changes');
    expect(message).toMatchObject({ status: 'error', message: 'Error parsing `filter` params: ["fts", "x"]' });
    await userA.client.removeChannel(channel);
  });

  it('stops delivering after removeChannel', async () => {
    const removed = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages' }]);
    expect(await userA.client.removeChannel(removed.channel)).toBe('ok');
    const kept = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages' }]);
    const { id } = await insertMessage(userA.client, { room: 'after-remove', body: 'x' });
    await kept.changes.waitFor((change) => change.new.id === id);
    await settle();
    expect(removed.changes.items).toEqual([]);
    await userA.client.removeAllChannels();
  });
});

describe('authorization of the socket and channels', () => {
  it('swaps the channel claims on access_token (setAuth) and closes the channel on an expired one', async () => {
    let watcherToken = info.anonKey;
    const watcher = plainClient({}, () => watcherToken);
    const sync = await listen(userA.client, [{ event: 'INSERT', table: 'rt_messages' }]);
    // As anon (no SELECT grant on rt_messages) nothing arrives.
    const watched = await listen(watcher, [{ event: 'INSERT', table: 'rt_messages' }]);
    const before = await insertMessage(userA.client, { room: 'a-private', body: 'before setAuth' });
    await sync.changes.waitFor((change) => change.new.id === before.id);
    await settle();
    expect(watched.changes.items).toEqual([]);

    const { data } = await userA.client.auth.getSession();
    watcherToken = data.session?.access_token ?? '';
    await watcher.realtime.setAuth();
    // The access_token push has no reply to wait for: insert until a change reaches the watcher
    // (on a loaded machine the push may land after the first insert was dispatched as anon).
    let change: Awaited<ReturnType<typeof watched.changes.waitFor>> | undefined;
    const deadline = Date.now() + 10_000;
    while (!change && Date.now() < deadline) {
      const after = await insertMessage(userA.client, { room: 'a-private', body: 'after setAuth' });
      change = await watched.changes.waitFor((item) => item.new.id === after.id, 1000).catch(() => undefined);
    }
    expect(change?.new.body).toBe('after setAuth');

    const now = Math.floor(Date.now() / 1000);
    watcherToken = signJwt({ role: 'authenticated', sub: userA.id, exp: now - 120, iat: now - 3720 }, info.jwtSecret);
    await watcher.realtime.setAuth();
    const shutdown = await watched.system.waitFor((message) => message.extension === 'system');
    expect(shutdown.status).toBe('error');
    expect(String(shutdown.message)).toMatch(/^Token has expired \d+ seconds ago$/);
    await waitUntil(() => watched.channel.state === 'closed');
    await userA.client.removeAllChannels();
    await watcher.removeAllChannels();
  });

  it('refuses a join with an expired token as InvalidJWTToken', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ role: 'authenticated', sub: userA.id, exp: now - 60 }, info.jwtSecret);
    const client = plainClient({}, () => expired);
    await client.realtime.setAuth();
    const channel = client.channel(`rt-${randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table: 'rt_messages' }, () => {});
    const error = await new Promise<Error | undefined>((resolve) => {
      channel.subscribe((status, err) => {
        if (status === 'CHANNEL_ERROR') resolve(err);
      });
    });
    expect(error?.message).toMatch(/InvalidJWTToken: Token has expired \d+ seconds ago/);
    await client.removeAllChannels();
  });

  it('answers heartbeats, keeping the socket open', async () => {
    const statuses: string[] = [];
    const client = plainClient({ heartbeatIntervalMs: 250, heartbeatCallback: (status) => statuses.push(status) });
    const channel = client.channel(`rt-${randomUUID()}`);
    await subscribed(channel);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(statuses.filter((status) => status === 'ok').length).toBeGreaterThanOrEqual(2);
    expect(statuses).not.toContain('timeout');
    expect(client.realtime.isConnected()).toBe(true);
    await client.removeChannel(channel);
  });

  it("refuses the WebSocket when the apikey is missing or not the project's key", async () => {
    const wsUrl = `${info.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket`;
    const statusOf = (apikey: string | undefined): Promise<number> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(apikey === undefined ? `${wsUrl}?vsn=2.0.0` : `${wsUrl}?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`);
        socket.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          socket.terminate();
        });
        socket.on('open', () => {
          resolve(101);
          socket.close();
        });
        socket.on('error', (error) => reject(error));
      });
    // The gateway's key check answers first (401), as Kong's key-auth does on hosted.
    expect(await statusOf(undefined)).toBe(401);
    expect(await statusOf('not-a-jwt')).toBe(401);
    expect(await statusOf(signJwt({ role: 'anon' }, info.jwtSecret))).toBe(401); // signed by the project, but not its anon key
    // A user's JWT is not an API key either.
    const userJwt = signJwt({ sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, info.jwtSecret);
    expect(await statusOf(userJwt)).toBe(401);
    expect(await statusOf(info.anonKey)).toBe(101);
  });

  it('speaks the vsn 1.0.0 object frames too', async () => {
    const { data } = await userA.client.auth.getSession();
    const tokenA = data.session?.access_token ?? '';
    const client = plainClient({ vsn: '1.0.0' }, () => tokenA);
    await client.realtime.setAuth();
    const { changes } = await listen(client, [{ event: 'INSERT', table: 'rt_messages' }]);
    const { id } = await insertMessage(userA.client, { room: 'vsn1', body: 'v1' });
    const change = await changes.waitFor((item) => item.new.id === id);
    expect(change.new.body).toBe('v1');
    await client.removeAllChannels();
  });
});

describe('broadcast and presence on public channels', () => {
  it('relays broadcasts to other subscribers (and to self when asked)', async () => {
    const topic = `room-${randomUUID()}`;
    const received = new Inbox<Record<string, unknown>>();
    const echoed = new Inbox<Record<string, unknown>>();
    const receiver = userB.client.channel(topic).on('broadcast', { event: 'ping' }, (message) => received.push(message));
    const sender = userA.client
      .channel(topic, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'ping' }, (message) => echoed.push(message));
    await subscribed(receiver);
    await subscribed(sender);
    expect(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    expect((await received.waitFor(() => true)).payload).toEqual({ n: 1 });
    expect((await echoed.waitFor(() => true)).payload).toEqual({ n: 1 });
    await userA.client.removeChannel(sender);
    await userB.client.removeChannel(receiver);
  });

  it('shares presence state and diffs', async () => {
    const topic = `lobby-${randomUUID()}`;
    const first = userA.client.channel(topic, { config: { presence: { key: 'alice' } } });
    const joins = new Inbox<string>();
    const second = userB.client.channel(topic, { config: { presence: { key: 'bob' } } });
    second.on('presence', { event: 'join' }, ({ key }: { key: string }) => joins.push(key));
    first.on('presence', { event: 'sync' }, () => {});
    await subscribed(first);
    await subscribed(second);
    expect(await first.track({ name: 'Alice' })).toBe('ok');
    await joins.waitFor((key) => key === 'alice');
    const state = second.presenceState<{ name: string }>();
    expect(state.alice?.[0]?.name).toBe('Alice');
    await userA.client.removeChannel(first);
    await userB.client.removeChannel(second);
  });
});
