/**
 * `/realtime/v1`: Supabase Realtime's Phoenix channel socket (`/websocket`) for realtime-js 2.x —
 * postgres_changes (logical replication + per-subscriber RLS), public broadcast and presence —
 * plus REST broadcast (`POST /api/broadcast`).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BackendContext, JwtClaims, Service, ServiceFactory } from '../context.ts';
import { apiKeyOf } from '../http.ts';
import { verifyJwt } from '../jwt.ts';
import { dispatchTransaction, type ActiveBinding, type Subscriber } from './dispatch.ts';
import { bindingId, paramsToLog, parseSubscriptionParams, type SubscriptionParams } from './params.ts';
import {
  decodeIncoming,
  encodeFrame,
  encodeUserBroadcast,
  type Frame,
  type JsonObject,
  type JsonValue,
  type UserBroadcast,
  type Vsn,
} from './protocol.ts';
import { startChangeStream } from './replication.ts';

const PUBLICATION = 'supabase_realtime';
/** Re-confirmation of a channel's token is capped at this interval, as on hosted. */
const MAX_CONFIRM_TOKEN_MS = 60 * 60 * 1000;
const READY_TIMEOUT_MS = 10_000;
/** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
const IDLE_TIMEOUT_MS = 60_000;

type TokenCheck = { ok: true; claims: JwtClaims; role: string; exp: number } | { ok: false; reason: string; message: string };

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  /** The socket's apikey (used when a join carries no access_token). */
  token: string;
  channels: Map<string, Channel>;
  queue: Promise<void>;
  lastSeen: number;
}

interface Channel {
  connection: Connection;
  topic: string;
  subTopic: string;
  joinRef: string | null;
  token: string;
  claims: JwtClaims;
  role: string;
  bindings: ActiveBinding[];
  /** postgres_changes bindings are subscribed (validated). */
  pgActive: boolean;
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  presenceMeta: JsonObject | null;
  confirmTimer: NodeJS.Timeout | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unverifiedExp(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isObject(claims) && typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/** Token validation with hosted Realtime's error codes and wording (`ChannelsAuthorization`). */
function checkToken(token: string, secret: string): TokenCheck {
  const now = Math.floor(Date.now() / 1000);
  const cleaned = token.replace(/\s/g, '');
  // Realtime (Joken) validates exp without leeway.
  const result = verifyJwt(cleaned, secret, now, 0);
  if (!result.ok) {
    if (result.kind === 'expired') {
      const exp = unverifiedExp(cleaned) ?? now;
      return { ok: false, reason: 'InvalidJWTToken', message: `Token has expired ${now - exp} seconds ago` };
    }
    if (result.kind === 'signature') return { ok: false, reason: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    if (result.kind === 'malformed') return { ok: false, reason: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
    return { ok: false, reason: 'InvalidJWTToken', message: result.message };
  }
  const { claims } = result;
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  // Hosted checks `exp` without clock skew.
  if (claims.exp - now <= 0) {
    return { ok: false, reason: 'InvalidJWTToken', message: `Token has expired ${now - claims.exp} seconds ago` };
  }
  return { ok: true, claims, role: claims.role, exp: claims.exp };
}

function send(connection: Connection, data: string | Buffer): void {
  if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(data);
}

function push(connection: Connection, frame: Frame): void {
  send(connection, encodeFrame(frame, connection.vsn));
}

function reply(connection: Connection, frame: Frame, status: 'ok' | 'error', response: JsonValue): void {
  push(connection, { joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: { status, response } });
}

function systemMessage(channel: Channel, extension: string, status: 'ok' | 'error', message: string): void {
  push(channel.connection, {
    joinRef: channel.joinRef,
    ref: null,
    topic: channel.topic,
    event: 'system',
    payload: { extension, status, message, channel: channel.subTopic },
  });
}

type Validation = { ok: true; bindings: ActiveBinding[] } | { ok: false; message: string };

/**
 * What hosted does when it inserts `realtime.subscription` rows: the entity must be a table of the
 * publication, filter columns must exist and filter values must cast to the column type.
 */
async function validateBindings(pool: pg.Pool, raw: Record<string, unknown>[]): Promise<Validation> {
  const bindings: ActiveBinding[] = [];
  for (const entry of raw) {
    const parsed = parseSubscriptionParams(entry);
    if (!parsed.ok) return { ok: false, message: parsed.error };
    const params = parsed.params;
    const tables = await pool.query<{ oid: number }>(
      `select c.oid::int as oid
         from pg_publication_tables p
         join pg_namespace n on n.nspname = p.schemaname
         join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
        where p.pubname = $1 and ($2 = '*' or p.schemaname = $2) and ($3 = '*' or p.tablename = $3)`,
      [PUBLICATION, params.schema, params.table],
    );
    if (tables.rows.length === 0) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${paramsToLog(params)}]`,
      };
    }
    const problem = await checkFilters(pool, params, tables.rows.map((row) => row.oid));
    if (problem) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${paramsToLog(params)}]. Exception: ${problem}`,
      };
    }
    bindings.push({ id: bindingId(entry), params });
  }
  return { ok: true, bindings };
}

async function checkFilters(pool: pg.Pool, params: SubscriptionParams, oids: number[]): Promise<string | null> {
  for (const oid of oids) {
    for (const filter of params.filters) {
      const column = await pool.query<{ cast: string }>(
        `select a.atttypid::regtype::text as cast from pg_attribute a
          where a.attrelid = $1 and a.attname = $2 and a.attnum > 0 and not a.attisdropped`,
        [oid, filter.column],
      );
      const cast = column.rows[0]?.cast;
      if (!cast) return `ERROR P0001 (raise_exception) invalid column for filter ${filter.column}`;
      try {
        if (filter.op === 'in') {
          const count = await pool.query<{ n: number | null }>(`select cardinality($1::${cast}[]) as n`, [filter.value]);
          if ((count.rows[0]?.n ?? 0) > 100) return 'ERROR P0001 (raise_exception) too many values for `in` filter. Maximum 100';
        } else if (filter.op === 'is') {
          if (!['null', 'true', 'false', 'unknown'].includes(filter.value.toLowerCase())) {
            return `ERROR P0001 (raise_exception) invalid value for \`is\` filter: ${filter.value}`;
          }
        } else if (!['like', 'ilike', 'match', 'imatch'].includes(filter.op)) {
          await pool.query(`select $1::${cast}`, [filter.value]);
        }
      } catch (error) {
        const pgError = error as { code?: string; message?: string };
        return `ERROR ${pgError.code ?? 'XX000'} ${pgError.message ?? String(error)}`;
      }
    }
  }
  return null;
}

export const createRealtimeService: ServiceFactory = (ctx: BackendContext): Service => {
  // Realtime has its own connections, as hosted Realtime does: its per-subscriber RLS
  // checks must not queue behind REST traffic on the shared pool (nor starve it).
  // Catalog reads and value typing need no client rights (superuser); the RLS checks run on
  // connections logged in as `authenticator`, switched to each subscriber's role.
  const pool = new pg.Pool({ connectionString: ctx.config.db.url, max: 2, application_name: 'local-supabase realtime' });
  pool.on('error', (error) => ctx.log(`realtime: idle database connection error: ${error.message}`));
  const rlsPool = new pg.Pool({ connectionString: ctx.config.db.authenticatorUrl, max: 4, application_name: 'local-supabase realtime rls' });
  rlsPool.on('error', (error) => ctx.log(`realtime: idle database connection error: ${error.message}`));
  const secret = ctx.config.jwtSecret;
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Set<Connection>();
  const topics = new Map<string, Set<Channel>>();
  let closing = false;

  const stream = startChangeStream(
    ctx.config.db,
    pool,
    (transaction) => dispatchTransaction({ admin: pool, request: rlsPool }, transaction, activeSubscribers(), ctx.log),
    ctx.log,
  );
  const idleSweep = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.lastSeen > IDLE_TIMEOUT_MS) connection.ws.terminate();
    }
  }, IDLE_TIMEOUT_MS / 4);
  idleSweep.unref();
  let streamReady = false;
  void stream.ready.then(() => {
    streamReady = true;
  });

  function activeSubscribers(): Subscriber[] {
    const subscribers: Subscriber[] = [];
    for (const connection of connections) {
      for (const channel of connection.channels.values()) {
        if (!channel.pgActive || channel.bindings.length === 0) continue;
        subscribers.push({
          role: channel.role,
          claims: channel.claims,
          bindings: channel.bindings,
          deliver: (payload) =>
            push(channel.connection, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload }),
        });
      }
    }
    return subscribers;
  }

  async function waitForStream(): Promise<boolean> {
    if (streamReady) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    });
    const ready = await Promise.race([stream.ready.then(() => true), timeout]);
    clearTimeout(timer);
    return ready;
  }

  function presenceState(topic: string): JsonObject {
    const state: Record<string, JsonObject[]> = {};
    for (const channel of topics.get(topic) ?? []) {
      if (!channel.presenceMeta) continue;
      (state[channel.presenceKey] ??= []).push(channel.presenceMeta);
    }
    return Object.fromEntries(Object.entries(state).map(([key, metas]) => [key, { metas }]));
  }

  function presenceDiff(topic: string, joins: JsonObject, leaves: JsonObject): void {
    for (const channel of topics.get(topic) ?? []) {
      if (!channel.presenceEnabled) continue;
      push(channel.connection, { joinRef: null, ref: null, topic, event: 'presence_diff', payload: { joins, leaves } });
    }
  }

  function scheduleConfirm(channel: Channel, exp: number): void {
    if (channel.confirmTimer) clearTimeout(channel.confirmTimer);
    const delay = Math.min(MAX_CONFIRM_TOKEN_MS, Math.max(0, exp * 1000 - Date.now()) + 50);
    channel.confirmTimer = setTimeout(() => {
      channel.confirmTimer = null;
      const check = checkToken(channel.token, secret);
      if (check.ok) scheduleConfirm(channel, check.exp);
      else shutdownChannel(channel, check.message);
    }, delay);
    channel.confirmTimer.unref();
  }

  function removeChannel(channel: Channel): void {
    if (channel.confirmTimer) clearTimeout(channel.confirmTimer);
    channel.confirmTimer = null;
    if (channel.connection.channels.get(channel.topic) === channel) channel.connection.channels.delete(channel.topic);
    const peers = topics.get(channel.topic);
    peers?.delete(channel);
    if (peers && peers.size === 0) topics.delete(channel.topic);
    if (channel.presenceMeta) {
      const leaves = { [channel.presenceKey]: { metas: [channel.presenceMeta] } };
      channel.presenceMeta = null;
      presenceDiff(channel.topic, {}, leaves);
    }
  }

  function closeChannel(channel: Channel): void {
    removeChannel(channel);
    push(channel.connection, { joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  /** Hosted's `shutdown_response`: a system error, then the channel stops. */
  function shutdownChannel(channel: Channel, message: string): void {
    systemMessage(channel, 'system', 'error', message);
    closeChannel(channel);
  }

  async function handleJoin(connection: Connection, frame: Frame): Promise<void> {
    const { topic } = frame;
    if (topic === 'realtime:') {
      reply(connection, frame, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    const subTopic = topic.slice('realtime:'.length);
    const existing = connection.channels.get(topic);
    if (existing) closeChannel(existing);

    const payload = isObject(frame.payload) ? frame.payload : {};
    const config = isObject(payload.config) ? payload.config : {};
    const given = typeof payload.access_token === 'string' ? payload.access_token : typeof payload.user_token === 'string' ? payload.user_token : null;
    const token = given === null || given.startsWith('sb_') ? connection.token : given;
    const check = checkToken(token, secret);
    if (!check.ok) {
      reply(connection, frame, 'error', { reason: `${check.reason}: ${check.message}` });
      return;
    }
    if (config.private === true) {
      // Private channels need RLS policies on realtime.messages, which this backend does not implement: deny.
      reply(connection, frame, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
      });
      return;
    }

    const rawBindings: Record<string, unknown>[] = [];
    if (Array.isArray(config.postgres_changes)) {
      for (const entry of config.postgres_changes as unknown[]) if (isObject(entry)) rawBindings.push(entry);
    }
    const response = rawBindings.map((entry) => ({ ...(entry as JsonObject), id: bindingId(entry) }));
    let validation: Validation = { ok: true, bindings: [] };
    if (rawBindings.length > 0) {
      validation = await validateBindings(pool, rawBindings).catch(
        (error: unknown): Validation => ({ ok: false, message: `Unable to subscribe to changes: ${String(error)}` }),
      );
      if (validation.ok && !(await waitForStream())) {
        validation = { ok: false, message: 'Realtime was unable to connect to the project database' };
      }
      const options = isObject(config.postgres_changes_options) ? config.postgres_changes_options : {};
      if (!validation.ok && options.wait === true) {
        reply(connection, frame, 'error', { reason: `RealtimeDisabledForConfiguration: ${validation.message}` });
        return;
      }
    }
    if (connection.ws.readyState !== connection.ws.OPEN) return;

    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const presence = isObject(config.presence) ? config.presence : {};
    const channel: Channel = {
      connection,
      topic,
      subTopic,
      joinRef: frame.joinRef,
      token,
      claims: check.claims,
      role: check.role,
      bindings: validation.ok ? validation.bindings : [],
      pgActive: validation.ok && validation.bindings.length > 0,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceEnabled: presence.enabled === true,
      presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
      presenceMeta: null,
      confirmTimer: null,
    };
    connection.channels.set(topic, channel);
    let peers = topics.get(topic);
    if (!peers) {
      peers = new Set();
      topics.set(topic, peers);
    }
    peers.add(channel);
    scheduleConfirm(channel, check.exp);

    reply(connection, frame, 'ok', { postgres_changes: response });
    if (rawBindings.length > 0) {
      if (validation.ok) systemMessage(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
      else systemMessage(channel, 'postgres_changes', 'error', validation.message);
    }
    if (broadcast.replication_ready === true) {
      systemMessage(channel, 'system', 'ok', 'Replication connection established');
    }
    if (channel.presenceEnabled) {
      push(connection, { joinRef: channel.joinRef, ref: null, topic, event: 'presence_state', payload: presenceState(topic) });
    }
  }

  function handleAccessToken(channel: Channel, frame: Frame): void {
    const payload = isObject(frame.payload) ? frame.payload : {};
    const token = payload.access_token;
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return;
    channel.token = token;
    const check = checkToken(token, secret);
    if (!check.ok) {
      shutdownChannel(channel, check.message);
      return;
    }
    channel.claims = check.claims;
    channel.role = check.role;
    scheduleConfirm(channel, check.exp);
  }

  function deliverBroadcast(sender: Channel, broadcast: UserBroadcast | null, jsonPayload: JsonObject | null): void {
    for (const channel of topics.get(sender.topic) ?? []) {
      if (channel === sender && !sender.broadcastSelf) continue;
      if (broadcast) {
        const data = encodeUserBroadcast(channel.topic, broadcast.event, broadcast.payload, broadcast.meta, channel.connection.vsn);
        if (data !== null) send(channel.connection, data);
      } else if (jsonPayload) {
        push(channel.connection, { joinRef: null, ref: null, topic: channel.topic, event: 'broadcast', payload: jsonPayload });
      }
    }
  }

  function handlePresence(channel: Channel, frame: Frame): void {
    const payload = isObject(frame.payload) ? frame.payload : {};
    const event = typeof payload.event === 'string' ? payload.event.toLowerCase() : '';
    if (event === 'track') {
      if (!isObject(payload.payload)) {
        reply(channel.connection, frame, 'error', { reason: 'Presence track payload must be a map' });
        return;
      }
      const previous = channel.presenceMeta;
      const meta: JsonObject = { ...(payload.payload as JsonObject), phx_ref: randomUUID().replaceAll('-', '').slice(0, 20) };
      if (previous) meta.phx_ref_prev = previous.phx_ref ?? null;
      channel.presenceMeta = meta;
      reply(channel.connection, frame, 'ok', {});
      if (!channel.presenceEnabled) {
        channel.presenceEnabled = true;
        push(channel.connection, {
          joinRef: channel.joinRef,
          ref: null,
          topic: channel.topic,
          event: 'presence_state',
          payload: presenceState(channel.topic),
        });
      }
      const leaves = previous ? { [channel.presenceKey]: { metas: [previous] } } : {};
      presenceDiff(channel.topic, { [channel.presenceKey]: { metas: [meta] } }, leaves);
    } else if (event === 'untrack') {
      const previous = channel.presenceMeta;
      channel.presenceMeta = null;
      reply(channel.connection, frame, 'ok', {});
      if (previous) presenceDiff(channel.topic, {}, { [channel.presenceKey]: { metas: [previous] } });
    } else {
      reply(channel.connection, frame, 'error', {});
    }
  }

  async function handleFrame(connection: Connection, frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') reply(connection, frame, 'ok', {});
      return;
    }
    if (frame.event === 'phx_join') {
      if (!frame.topic.startsWith('realtime:')) {
        reply(connection, frame, 'error', { reason: 'unmatched topic' });
        return;
      }
      await handleJoin(connection, frame);
      return;
    }
    const channel = connection.channels.get(frame.topic);
    if (!channel || (frame.joinRef !== null && channel.joinRef !== null && frame.joinRef !== channel.joinRef)) {
      if (frame.event !== 'phx_leave') reply(connection, frame, 'error', { reason: 'unmatched topic' });
      else reply(connection, frame, 'ok', {});
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        reply(connection, frame, 'ok', {});
        closeChannel(channel);
        return;
      case 'access_token':
        handleAccessToken(channel, frame);
        return;
      case 'broadcast': {
        const payload = isObject(frame.payload) ? (frame.payload as JsonObject) : {};
        deliverBroadcast(channel, null, payload);
        if (channel.broadcastAck) reply(connection, frame, 'ok', {});
        return;
      }
      case 'presence':
        handlePresence(channel, frame);
        return;
      default:
        // Unexpected client events are ignored, as on hosted.
        return;
    }
  }

  function handleBinaryBroadcast(connection: Connection, broadcast: UserBroadcast): void {
    const channel = connection.channels.get(broadcast.topic);
    if (!channel) return;
    deliverBroadcast(channel, broadcast, null);
    if (channel.broadcastAck && broadcast.ref !== null) {
      reply(connection, { joinRef: broadcast.joinRef, ref: broadcast.ref, topic: broadcast.topic, event: 'broadcast', payload: {} }, 'ok', {});
    }
  }

  function onConnection(ws: WebSocket, vsn: Vsn, token: string): void {
    const connection: Connection = { ws, vsn, token, channels: new Map(), queue: Promise.resolve(), lastSeen: Date.now() };
    connections.add(connection);
    ws.on('message', (data, isBinary) => {
      connection.lastSeen = Date.now();
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      const incoming = decodeIncoming(buffer, isBinary, vsn);
      if (!incoming) return;
      connection.queue = connection.queue
        .then(async () => {
          if (incoming.kind === 'frame') await handleFrame(connection, incoming.frame);
          else handleBinaryBroadcast(connection, incoming.broadcast);
        })
        .catch((error: unknown) => ctx.log(`realtime: error handling a message: ${String(error)}`));
    });
    ws.on('close', () => {
      connections.delete(connection);
      for (const channel of [...connection.channels.values()]) removeChannel(channel);
    });
    ws.on('error', () => ws.terminate());
  }

  function refuse(socket: Duplex, status: string): void {
    socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  async function handleRestBroadcast(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const respond = (status: number, body: JsonObject | null): void => {
      res.statusCode = status;
      if (body) {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
      } else {
        res.end();
      }
    };
    const header = req.headers.authorization;
    const bearer = typeof header === 'string' && header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : null;
    const apikey = typeof req.headers.apikey === 'string' ? req.headers.apikey : null;
    const token = bearer ?? apikey;
    if (!token || !checkToken(token, secret).ok) {
      respond(401, { message: 'Unauthorized' });
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      respond(400, { message: 'Invalid JSON body' });
      return;
    }
    const messages = isObject(body) && Array.isArray(body.messages) ? body.messages : null;
    if (!messages) {
      respond(422, { message: 'messages is required' });
      return;
    }
    for (const message of messages) {
      if (!isObject(message) || typeof message.topic !== 'string' || typeof message.event !== 'string') continue;
      if (message.private === true) continue; // private channels are not supported (see README)
      const topic = `realtime:${message.topic}`;
      const payload: JsonObject = { type: 'broadcast', event: message.event, payload: (message.payload ?? {}) as JsonValue };
      for (const channel of topics.get(topic) ?? []) {
        push(channel.connection, { joinRef: null, ref: null, topic, event: 'broadcast', payload });
      }
    }
    respond(202, null);
  }

  return {
    async handle(req, res, path) {
      const pathname = path.split('?')[0] ?? '';
      if (pathname === '/api/broadcast' && req.method === 'POST') {
        await handleRestBroadcast(req, res);
        return;
      }
      res.statusCode = 404;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ message: 'Not found' }));
    },

    upgrade(req, socket, head, path) {
      if (closing) {
        refuse(socket, '503 Service Unavailable');
        return;
      }
      const url = new URL(path, 'http://localhost');
      if (url.pathname !== '/websocket' && url.pathname !== '/websocket/') {
        refuse(socket, '404 Not Found');
        return;
      }
      // The gateway let the upgrade through only with the project's anon or service_role key.
      const token = apiKeyOf(req, path);
      if (token === undefined) {
        refuse(socket, '403 Forbidden');
        return;
      }
      const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, vsn, token));
    },

    async close() {
      closing = true;
      clearInterval(idleSweep);
      for (const connection of connections) {
        for (const channel of connection.channels.values()) {
          if (channel.confirmTimer) clearTimeout(channel.confirmTimer);
        }
        connection.ws.close(1001, 'server shutting down');
      }
      await stream.close();
      for (const connection of connections) connection.ws.terminate();
      connections.clear();
      topics.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await pool.end();
      await rlsPool.end();
    },
  };
};
