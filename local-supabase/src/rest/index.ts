/**
 * `/rest/v1`: a PostgREST v14-compatible data API over the schema cache. HTTP concerns live
 * here (auth, profiles, Prefer/Accept/Range, status codes and headers); SQL is built by
 * select.ts / mutations.ts / rpc.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { BackendContext, JwtClaims, Service, ServiceFactory } from '../context.ts';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../http.ts';
import { verifyJwt } from '../jwt.ts';
import { RestError, fromPgError, isPgError } from './errors.ts';
import type { SelectItem } from './grammar.ts';
import { parseSelect } from './grammar.ts';
import { buildDelete, buildInsert, buildUpdate } from './mutations.ts';
import { callFrom, findFunction, resultRelation } from './rpc.ts';
import type { SchemaCache } from './schema-cache.ts';
import { loadSchemaCache } from './schema-cache.ts';
import { InlineParams, Params, applyParams, findRelation, newPlanContext, planRead, q, renderRead } from './select.ts';
import { Rollback, withRoleStatement, withRoleTransaction, type RequestIdentity } from '../db/transaction.ts';
import { statement } from './statements.ts';

interface QueryResult {
  total: string | null;
  page_total: string | number;
  body: string | null;
  location?: string | null;
  /** Writes with `resolution=merge-duplicates`: how many rows were inserted (not merged). */
  inserted?: string | null;
}

interface Prefer {
  count: 'exact' | 'planned' | 'estimated' | undefined;
  return: 'minimal' | 'headers-only' | 'representation' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | 'null' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  maxAffected: number | undefined;
  unknown: string[];
}

function parsePrefer(header: string | string[] | undefined): Prefer {
  const out: Prefer = { count: undefined, return: undefined, resolution: undefined, missing: undefined, handling: undefined, maxAffected: undefined, unknown: [] };
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [k, v = ''] = part.split('=').map((s) => s.trim()) as [string, string?];
    if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) out.count = v;
    else if (k === 'return' && (v === 'minimal' || v === 'headers-only' || v === 'representation')) out.return = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) out.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) out.missing = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) out.handling = v;
    else if (k === 'max-affected' && /^\d+$/.test(v)) out.maxAffected = Number(v);
    else if (k === 'tx' || k === 'timezone' || k === 'params') continue;
    else out.unknown.push(part);
  }
  return out;
}

function appliedPrefs(p: Prefer, method: string): string {
  const out: string[] = [];
  if (p.resolution && method === 'POST') out.push(`resolution=${p.resolution}`);
  if (p.missing === 'default' && method !== 'GET') out.push('missing=default');
  if (p.return && method !== 'GET' && method !== 'HEAD') out.push(`return=${p.return}`);
  if (p.count) out.push(`count=${p.count}`);
  if (p.handling) out.push(`handling=${p.handling}`);
  if (p.maxAffected !== undefined && p.handling === 'strict') out.push(`max-affected=${p.maxAffected}`);
  return out.join(', ');
}

const MAX_BODY_BYTES = 50 * 1024 * 1024;

/**
 * The request body as text, at most 50 MB. Past that the rest is read and dropped (not kept in
 * memory) so the client receives the 413 instead of a reset connection; a client that keeps
 * sending far beyond the limit is cut off.
 */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 4 * MAX_BODY_BYTES) {
        req.destroy();
        return;
      }
      if (size <= MAX_BODY_BYTES) chunks.push(c);
      else chunks.length = 0;
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new RestError(413, 'PGRST413', 'Payload too large', null, null));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new RestError(413, 'PGRST413', 'Payload too large', null, null));
    });
  });
}

function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  // Bounded before anything walks it recursively (JSON.stringify of a 10,000-level array
  // overflowed the stack and answered 500).
  if (jsonDepthExceeds(text)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, null);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
}

const SINGULAR = 'application/vnd.pgrst.object+json';

function acceptKind(accept: string | undefined): 'json' | 'singular' {
  if (!accept) return 'json';
  const types = accept.split(',').map((t) => (t.split(';')[0] ?? '').trim().toLowerCase());
  if (types.includes(SINGULAR)) return 'singular';
  if (types.some((t) => t === 'application/json' || t === '*/*' || t === 'application/*' || t === '' || t === 'application/vnd.pgrst.array+json' || t === 'application/openapi+json')) {
    return 'json';
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`, null, null);
}

function contentRange(lower: number, count: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return count > 0 ? `${lower}-${lower + count - 1}/${t}` : `*/${t}`;
}

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

function send(res: ServerResponse, reply: Reply, head: boolean): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body !== null && !headers['Content-Type']) headers['Content-Type'] = 'application/json; charset=utf-8';
  if (reply.body !== null) headers['Content-Length'] = String(Buffer.byteLength(reply.body));
  res.writeHead(reply.status, STATUS_CODES[reply.status] ?? 'Unknown', headers);
  res.end(head || reply.body === null ? undefined : reply.body);
}

function errorReply(e: RestError): Reply {
  return {
    status: e.status,
    headers: { ...e.headers, 'Proxy-Status': `PostgREST; error=${e.code}` },
    body: JSON.stringify(e.body()),
  };
}

function singularError(n: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`, null);
}

export const createRestService: ServiceFactory = async (ctx: BackendContext): Promise<Service> => {
  const { config } = ctx;
  let cache: SchemaCache = await loadSchemaCache(ctx.pool, config.api.schemas);
  let cacheStartedAt = 0;
  let reloading: { promise: Promise<void>; startedAt: number } | null = null;
  const reload = (): Promise<void> => {
    if (reloading) return reloading.promise;
    const startedAt = performance.now();
    const promise = (async () => {
      try {
        cache = await loadSchemaCache(ctx.pool, config.api.schemas);
        cacheStartedAt = startedAt;
      } catch (error) {
        ctx.log(`rest: schema cache reload failed: ${(error as Error).message}`);
      } finally {
        reloading = null;
      }
    })();
    reloading = { promise, startedAt };
    return promise;
  };
  const unsubscribe = ctx.onSchemaChange(() => {
    void reload();
  });

  /**
   * A miss may be an object created a moment ago whose change notification has not been
   * processed yet: make sure the cache was loaded after the request arrived, then retry.
   */
  async function withReloadOnMiss<T>(requestStart: number, fn: () => T): Promise<T> {
    try {
      return fn();
    } catch (error) {
      const retriable = ['PGRST205', 'PGRST202', 'PGRST200', 'PGRST204', '42703'];
      if (!(error instanceof RestError) || !retriable.includes(error.code) || cacheStartedAt >= requestStart) throw error;
      while (cacheStartedAt < requestStart) {
        const current = reloading;
        if (current) await current.promise;
        else await reload();
        if (!current && cacheStartedAt < requestStart) break;
      }
      return fn();
    }
  }

  function authenticate(req: IncomingMessage): { role: string; claims: JwtClaims } {
    const auth = req.headers.authorization;
    let token: string | undefined;
    if (typeof auth === 'string' && /^bearer /i.test(auth)) token = auth.slice(7).trim();
    else if (typeof req.headers.apikey === 'string' && req.headers.apikey.split('.').length === 3) token = req.headers.apikey;
    if (!token) return { role: 'anon', claims: { role: 'anon' } };
    const result = verifyJwt(token, config.jwtSecret);
    if (!result.ok) {
      const code = result.kind === 'expired' || result.kind === 'not_yet_valid' ? 'PGRST303' : 'PGRST301';
      throw new RestError(401, code, result.message, null, null, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${result.message}"`,
      });
    }
    const role = typeof result.claims.role === 'string' ? result.claims.role : 'anon';
    if (!cache.roles.has(role)) {
      throw new RestError(401, '22023', `role "${role}" does not exist`, null, null, { 'WWW-Authenticate': 'Bearer' });
    }
    return { role, claims: result.claims };
  }

  function profile(req: IncomingMessage, method: string): string {
    const header = method === 'GET' || method === 'HEAD' ? req.headers['accept-profile'] : req.headers['content-profile'];
    const schemas = config.api.schemas;
    if (header === undefined || header === '') return schemas[0] ?? 'public';
    const name = String(header);
    if (!schemas.includes(name)) {
      throw new RestError(406, 'PGRST106', `Invalid schema: ${name}`, null, `Only the following schemas are exposed: ${schemas.join(', ')}`);
    }
    return name;
  }

  async function handleRequest(req: IncomingMessage, path: string): Promise<Reply> {
    const requestStart = performance.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(path, 'http://local');
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const params = [...url.searchParams.entries()];
    const identity = authenticate(req);
    const schema = profile(req, method);
    const prefer = parsePrefer(req.headers.prefer);
    if (prefer.handling === 'strict' && prefer.unknown.length > 0) {
      throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefer.unknown.join(', ')}`, null);
    }
    const accept = acceptKind(req.headers.accept);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    // Hosted Supabase's gateway appends the address it saw to X-Forwarded-For before PostgREST copies the
    // headers into request.headers, so SQL can record where a request came from (the time clock does).
    // A test harness started with LOCAL_SUPABASE_TRUST_FORWARDED_FOR=1 simulates many devices with
    // `Sb-Forwarded-For` (as for the auth limits): that address stands for the one the gateway saw.
    const simulated = config.auth.trustForwardedFor ? req.headers['sb-forwarded-for'] : undefined;
    const seen = (typeof simulated === 'string' && simulated.split(',')[0]?.trim()) || (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    if (seen) headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${seen}` : seen;
    const txIdentity = { role: identity.role, claims: identity.claims, method, path: url.pathname, headers };
    const searchPath = [schema, ...config.api.extraSearchPath.filter((s) => s !== schema)];
    const roleSettings = cache.roleSettings.get(identity.role) ?? [];
    const applied = appliedPrefs(prefer, method);
    const baseHeaders: Record<string, string> = applied ? { 'Preference-Applied': applied } : {};
    if (accept === 'singular') baseHeaders['Content-Type'] = `${SINGULAR}; charset=utf-8`;

    if (segments.length === 0) {
      if (method !== 'GET' && method !== 'HEAD') throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`, null, null);
      const paths: Record<string, unknown> = {};
      for (const r of cache.relations.values()) if (r.schema === schema) paths[`/${r.name}`] = {};
      return { status: 200, headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' }, body: JSON.stringify({ swagger: '2.0', info: { title: 'local-supabase REST', version: '14' }, paths }) };
    }

    // Range header (offset/limit for the top level)
    let rangeOffset: number | undefined;
    let rangeLimit: number | undefined;
    const range = req.headers.range;
    if ((method === 'GET' || method === 'HEAD') && typeof range === 'string') {
      const m = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim());
      if (m) {
        rangeOffset = Number(m[1]);
        if (m[2]) rangeLimit = Number(m[2]) - rangeOffset + 1;
        if (rangeLimit !== undefined && rangeLimit < 0) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null, null);
      }
    }

    const finishRead = (r: QueryResult, offset: number, count: boolean, singular: boolean): Reply => {
      const pageTotal = Number(r.page_total);
      const total = count && r.total !== null ? Number(r.total) : null;
      if (singular) {
        if (pageTotal !== 1) throw singularError(pageTotal);
        const body = (r.body ?? '[]').trim();
        return { status: 200, headers: { ...baseHeaders, 'Content-Range': contentRange(offset, pageTotal, total) }, body: body.slice(1, -1) };
      }
      if (total !== null && offset > total && !(offset === 0)) {
        throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null);
      }
      const status = total !== null && pageTotal < total ? 206 : 200;
      const headersOut: Record<string, string> = { ...baseHeaders, 'Content-Range': contentRange(offset, pageTotal, total) };
      headersOut['Content-Location'] = `/${segments.join('/')}${url.search}`;
      return { status, headers: headersOut, body: r.body ?? '[]' };
    };

    // ---------------------------------------------------------------------------------------
    // RPC
    if (segments[0] === 'rpc' && segments.length === 2) {
      const fnName = segments[1] as string;
      if (method !== 'GET' && method !== 'POST' && method !== 'HEAD') {
        throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`, null, null);
      }
      let args: Record<string, unknown> = {};
      let rawBody: unknown = {};
      const filterParams: [string, string][] = [];
      const candidates = cache.functions.get(`${schema}\u0000${fnName}`) ?? [];
      const argNamesAll = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
      if (method === 'POST') {
        rawBody = parseJsonBody(await readBody(req));
        if (typeof rawBody === 'object' && rawBody !== null && !Array.isArray(rawBody)) args = rawBody as Record<string, unknown>;
        filterParams.push(...params);
      } else {
        for (const [k, v] of params) {
          if (argNamesAll.has(k) && !['select', 'order', 'limit', 'offset', 'or', 'and'].includes(k)) args[k] = v;
          else filterParams.push([k, v]);
        }
      }
      const { fn, wholeBody } = await withReloadOnMiss(requestStart, () => findFunction(cache, schema, fnName, Object.keys(args)));
      const readOnly = method !== 'POST' || fn.volatility !== 'v';
      const p = new Params();
      const argsValue = JSON.stringify(wholeBody ? rawBody : args);
      const rel = resultRelation(cache, fn);
      const count = prefer.count !== undefined;
      const selectParam = filterParams.find(([k]) => k === 'select')?.[1];
      const result = await runTx(txIdentity, readOnly, searchPath, roleSettings, async (client) => {
        if (rel) {
          const pctx = newPlanContext(cache, schema);
          const root = planRead(pctx, rel, parseSelect(selectParam ?? '*'));
          applyParams(root, filterParams);
          if (rangeOffset !== undefined) root.offset = rangeOffset;
          if (rangeLimit !== undefined) root.limit = rangeLimit;
          const from = callFrom(fn, wholeBody, args, argsValue, p, root.alias, false);
          const read = renderRead(root, count, { rootFrom: from, maxRows: fn.returnsSet ? config.api.maxRows : undefined }, p);
          const r = (await client.query<QueryResult>(statement(read.sql, read.params))).rows[0] as QueryResult;
          if (!fn.returnsSet) {
            const body = r.body && r.body !== '[]' ? r.body.trim().slice(1, -1) : 'null';
            return { kind: 'object' as const, body, r };
          }
          return { kind: 'rows' as const, r, offset: root.offset ?? 0 };
        }
        const from = callFrom(fn, wholeBody, args, argsValue, p, 'pgrst_s', true);
        if (fn.returnKind === 'void') {
          await client.query(statement(`SELECT 1 FROM ${from}`, p.values));
          return { kind: 'void' as const };
        }
        if (fn.returnsSet) {
          const num = (k: string): number | undefined => {
            const v = filterParams.find(([key]) => key === k)?.[1];
            return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
          };
          const limit = Math.min(num('limit') ?? rangeLimit ?? config.api.maxRows, config.api.maxRows);
          const offset = num('offset') ?? rangeOffset ?? 0;
          const page = `SELECT "pgrst_s"."pgrst_scalar" AS v FROM ${from} LIMIT ${p.add(limit)}::bigint OFFSET ${p.add(offset)}::bigint`;
          const sql = `SELECT null::bigint AS total, count(*) AS page_total, coalesce(json_agg(_pgrst_r.v), '[]'::json)::text AS body FROM (${page}) _pgrst_r`;
          const r = (await client.query<QueryResult>(statement(sql, p.values))).rows[0] as QueryResult;
          if (count) r.total = String(r.page_total);
          return { kind: 'rows' as const, r, offset };
        }
        const sql = `SELECT to_json("pgrst_s"."pgrst_scalar")::text AS body, current_setting('response.status', true) AS response_status FROM ${from}`;
        const r = (await client.query<{ body: string | null; response_status: string | null }>(statement(sql, p.values))).rows[0];
        return { kind: 'object' as const, body: r?.body ?? 'null', r: undefined, responseStatus: responseStatusOf(r?.response_status) };
      });
      if (result.kind === 'void') return { status: 204, headers: baseHeaders, body: null };
      if (result.kind === 'object') {
        // PostgREST's `response.status` GUC: a function answers with another status without raising,
        // so what it wrote (an attempt counter, say) commits.
        return { status: result.responseStatus ?? 200, headers: baseHeaders, body: result.body };
      }
      return finishRead(result.r, result.offset, count, accept === 'singular');
    }

    // ---------------------------------------------------------------------------------------
    // Tables and views
    if (segments.length !== 1) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL', null, null);
    const tableName = segments[0] as string;
    const selectParam = params.find(([k]) => k === 'select')?.[1];
    const count = prefer.count !== undefined;
    const plan = (selectItems: SelectItem[]) => {
      const pctx = newPlanContext(cache, schema);
      const rel = findRelation(pctx, tableName);
      const root = planRead(pctx, rel, selectItems);
      applyParams(root, params);
      return { rel, root };
    };

    if (method === 'GET' || method === 'HEAD') {
      const { root } = await withReloadOnMiss(requestStart, () => plan(parseSelect(selectParam ?? '*')));
      if (rangeOffset !== undefined) root.offset = rangeOffset;
      if (rangeLimit !== undefined) root.limit = rangeLimit;
      // One round trip: the statement's values are literals and it goes with its transaction (withRoleStatement).
      const read = renderRead(root, count, { maxRows: config.api.maxRows }, new InlineParams());
      const r = await runStatement<QueryResult>(txIdentity, searchPath, roleSettings, read.sql);
      return finishRead(r, root.offset ?? 0, count, accept === 'singular');
    }

    if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
      const bodyText = method === 'DELETE' ? '' : await readBody(req);
      const body = method === 'DELETE' ? null : parseJsonBody(bodyText);
      const representation = prefer.return === 'representation';
      const { rel, root } = await withReloadOnMiss(requestStart, () => plan(representation ? parseSelect(selectParam ?? '*') : []));
      if (method !== 'POST' && root.conditions.length === 0) {
        throw new RestError(400, '21000', `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`, null, null);
      }
      const options = { representation, count, location: method === 'POST' && prefer.return === 'headers-only' };
      let stmt: { sql: string; params: unknown[] };
      if (method === 'POST') {
        const onConflictRaw = params.find(([k]) => k === 'on_conflict')?.[1];
        stmt = await withReloadOnMiss(requestStart, () =>
          buildInsert(
            {
              rel, body, columnsParam: params.find(([k]) => k === 'columns')?.[1] ?? null, missingDefault: prefer.missing === 'default',
              onConflict: onConflictRaw ? onConflictRaw.split(',').map((s) => s.trim()) : null, resolution: prefer.resolution ?? null,
            },
            root, options,
          ),
        );
      } else if (method === 'PATCH') stmt = buildUpdate(rel, body, root, options);
      else stmt = buildDelete(rel, root, options);
      const singular = accept === 'singular';
      const strictMax = prefer.handling === 'strict' ? prefer.maxAffected : undefined;
      const r = await runTx(txIdentity, false, searchPath, roleSettings, async (client) => {
        const row = (await client.query<QueryResult>(statement(stmt.sql, stmt.params))).rows[0] as QueryResult;
        const n = Number(row.page_total);
        if (singular && n !== 1) throw new Rollback<RestError>(singularError(n));
        if (strictMax !== undefined && n > strictMax) {
          throw new Rollback<RestError>(new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`, null));
        }
        return row;
      });
      if (r instanceof RestError) throw r;
      const n = Number(r.page_total);
      const h: Record<string, string> = { ...baseHeaders };
      if (method === 'POST') {
        h['Content-Range'] = `*/${count ? n : '*'}`;
        if (options.location && r.location) {
          const loc = JSON.parse(r.location) as Record<string, unknown>;
          const qs = Object.entries(loc).map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`).join('&');
          h.Location = `/${tableName}?${qs}`;
        }
      } else if (method === 'PATCH') h['Content-Range'] = n > 0 ? `0-${n - 1}/${count ? n : '*'}` : `*/${count ? n : '*'}`;
      else h['Content-Range'] = `*/${count ? n : '*'}`;
      // PostgREST (Response.hs): a POST answers 201, except a merge-duplicates one that inserted no row
      // (`inserted` is counted only for merge-duplicates): 200.
      const postStatus = r.inserted != null && Number(r.inserted) <= 0 ? 200 : 201;
      if (representation) {
        const bodyOut = singular ? (r.body ?? '[]').trim().slice(1, -1) : (r.body ?? '[]');
        return { status: method === 'POST' ? postStatus : 200, headers: h, body: bodyOut };
      }
      return { status: method === 'POST' ? postStatus : 204, headers: h, body: null };
    }
    if (method === 'PUT') throw new RestError(405, 'PGRST117', 'Unsupported HTTP method: PUT', null, null);
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`, null, null);
  }

  async function runStatement<T>(identity: RequestIdentity, searchPath: string[], roleSettings: [string, string][], sql: string): Promise<T> {
    try {
      return await withRoleStatement<T>(ctx.requestPool, identity, { readOnly: true, searchPath, roleSettings }, sql);
    } catch (error) {
      if (isPgError(error)) throw fromPgError(error, identity.role);
      throw error;
    }
  }

  async function runTx<T>(
    identity: RequestIdentity,
    readOnly: boolean,
    searchPath: string[],
    roleSettings: [string, string][],
    fn: (client: import('pg').PoolClient) => Promise<T>,
  ): Promise<T> {
    try {
      return await withRoleTransaction(ctx.requestPool, identity, { readOnly, searchPath, roleSettings }, fn);
    } catch (error) {
      if (isPgError(error)) throw fromPgError(error, identity.role);
      throw error;
    }
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
      const head = (req.method ?? '').toUpperCase() === 'HEAD';
      let reply: Reply;
      try {
        reply = await handleRequest(req, path);
      } catch (error) {
        if (error instanceof RestError) reply = errorReply(error);
        else {
          ctx.log(`rest: internal error: ${(error as Error).stack ?? String(error)}`);
          reply = errorReply(new RestError(500, 'PGRSTX00', 'Internal server error', null, null));
        }
      }
      if (!res.headersSent) send(res, reply, head);
    },
    async close(): Promise<void> {
      unsubscribe();
      if (reloading) await reloading.promise;
    },
  };
};

/** Exposed for the bench: renders identifiers the same way the service does. */
export const quoteIdentifier = q;

/** The status a function set with `set_config('response.status', …, true)`, when it is a valid HTTP status. */
function responseStatusOf(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{3}$/.test(value.trim())) return undefined;
  const status = Number(value.trim());
  return status >= 100 && status <= 599 ? status : undefined;
}
