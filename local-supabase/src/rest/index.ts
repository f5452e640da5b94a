/**
 * `/rest/v1`: a PostgREST v14-compatible data API over the schema cache. HTTP concerns live
 * here (auth, profiles, Prefer/Accept/Range, status codes and headers); SQL is built by
 * select.ts / mutations.ts / rpc.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PoolClient } from 'pg';
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
import { Params, applyParams, bodySql, findRelation, newPlanContext, planRead, q, renderCountQuery, renderRead } from './select.ts';
import { Rollback, withRoleStatement, withRoleTransaction, type RequestIdentity } from '../db/transaction.ts';
import { runPrepared } from '../db/pipeline.ts';
import { negotiate, negotiateRoot, parseAccept, type Output } from './media.ts';
import { appliedPrefs, parsePrefer, transactionEnd } from './preferences.ts';

interface QueryResult {
  total: string | null;
  page_total: string | number;
  body: string | null;
  location?: string | null;
  /** Writes with `resolution=merge-duplicates`: how many rows were inserted (not merged). */
  inserted?: string | null;
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

function maxAffectedError(n: number): RestError {
  return new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`, null);
}

/** What a function call answers, or what ends its transaction early (a plan, a refusal). */
type RpcOutcome =
  | { kind: 'plan'; body: string }
  | { kind: 'void' }
  | { kind: 'object'; body: string; responseStatus: number | undefined }
  | { kind: 'rows'; r: QueryResult; offset: number }
  | RestError;

/** The planner's estimate of the rows of `sql` (EXPLAIN's top node "Plan Rows"), as PostgREST reads it. */
async function plannedRows(client: PoolClient, sql: string, values: unknown[]): Promise<number> {
  const result = await client.query<Record<string, string>>({ text: `EXPLAIN (FORMAT JSON) ${sql}`, values, types: RAW_TEXT });
  const plan = JSON.parse(Object.values(result.rows[0] ?? {})[0] ?? '[]') as { Plan?: { 'Plan Rows'?: number } }[];
  return plan[0]?.Plan?.['Plan Rows'] ?? 0;
}

/** node-postgres hands every column back as the text PostgreSQL sent (EXPLAIN's JSON exactly as written). */
const RAW_TEXT = { getTypeParser: () => (value: string) => value };

/**
 * The statement's plan instead of its rows (PostgREST's `application/vnd.pgrst.plan`): EXPLAIN with the format and
 * options asked for; the text format's lines each end with a newline, the JSON format is PostgreSQL's own text.
 */
async function explainStatement(client: PoolClient, sql: string, values: unknown[], plan: NonNullable<Output['plan']>): Promise<string> {
  const options = [`FORMAT ${plan.format.toUpperCase()}`, ...plan.options.map((o) => o.toUpperCase())].join(', ');
  const result = await client.query<Record<string, string>>({ text: `EXPLAIN (${options}) ${sql}`, values, types: RAW_TEXT });
  const lines = result.rows.map((row) => Object.values(row)[0] ?? '');
  return plan.format === 'json' ? lines.join('') : lines.map((line) => `${line}\n`).join('');
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
    const { dbConfig } = cache;
    const prefer = parsePrefer(req.headers.prefer, dbConfig.txEnd.endsWith('-allow-override'));
    const accepts = parseAccept(req.headers.accept);
    if (segments.length === 0) negotiateRoot(accepts);
    const output: Output = segments.length === 0 ? negotiate([{ kind: 'json' }], false) : negotiate(accepts, dbConfig.planEnabled);
    if (prefer.handling === 'strict' && prefer.unknown.length > 0) {
      throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefer.unknown.join(', ')}`, null);
    }
    // The transaction's end (PostgREST's optionalRollback): `pgrst.db_tx_end`, overridden by `Prefer: tx=` when allowed.
    const rollback = transactionEnd(dbConfig.txEnd, prefer.tx) === 'rollback';
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
    // The role's own settings, then the request's time zone (PostgREST's PreQuery order): set_config refuses an unknown
    // zone with PostgreSQL's 22023, which is the answer.
    const roleSettings: [string, string][] = [...(cache.roleSettings.get(identity.role) ?? []), ...(prefer.timezone !== undefined ? [['timezone', prefer.timezone] as [string, string]] : [])];
    const applied = appliedPrefs(prefer, method);
    const baseHeaders: Record<string, string> = applied ? { 'Preference-Applied': applied } : {};
    if (output.contentType !== 'application/json; charset=utf-8') baseHeaders['Content-Type'] = output.contentType;
    const planReply = (body: string): Reply => ({ status: 200, headers: { ...baseHeaders }, body });

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
      // A function's rows are counted exactly for count=exact and count=estimated; count=planned gives no total (PostgREST
      // explains only table and view reads: MainTx.actionResult).
      const count = prefer.count === 'exact' || prefer.count === 'estimated';
      const selectParam = filterParams.find(([k]) => k === 'select')?.[1];
      if (prefer.maxAffected !== undefined && prefer.handling === 'strict' && !fn.returnsSet) {
        throw new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict', null, null);
      }
      const format = output.format;
      const result = await runTx(txIdentity, readOnly, searchPath, roleSettings, async (client): Promise<RpcOutcome> => {
        const main = async <T>(sql: string, values: unknown[]): Promise<T | undefined> => {
          if (output.plan) throw new Rollback<RpcOutcome>({ kind: 'plan', body: await explainStatement(client, sql, values, output.plan) });
          return (await runPrepared(client, sql, values)).rows[0] as T | undefined;
        };
        const done = async (value: RpcOutcome, rows: number | undefined): Promise<RpcOutcome> => {
          if (rows !== undefined && prefer.maxAffected !== undefined && prefer.handling === 'strict' && rows > prefer.maxAffected) {
            throw new Rollback<RpcOutcome>(maxAffectedError(rows));
          }
          if (rollback) {
            await client.query('SET CONSTRAINTS ALL IMMEDIATE');
            throw new Rollback<RpcOutcome>(value);
          }
          return value;
        };
        if (rel) {
          const pctx = newPlanContext(cache, schema);
          const root = planRead(pctx, rel, parseSelect(selectParam ?? '*'));
          applyParams(root, filterParams);
          if (rangeOffset !== undefined) root.offset = rangeOffset;
          if (rangeLimit !== undefined) root.limit = rangeLimit;
          const from = callFrom(fn, wholeBody, args, argsValue, p, root.alias, false);
          const read = renderRead(root, count, { rootFrom: from, maxRows: fn.returnsSet ? config.api.maxRows : undefined, format }, p);
          const r = (await main<QueryResult>(read.sql, read.params)) as QueryResult;
          if (!fn.returnsSet && format !== 'csv') {
            const body = r.body && r.body !== '[]' ? r.body.trim().slice(1, -1) : 'null';
            return done({ kind: 'object', body, responseStatus: undefined }, Number(r.page_total));
          }
          return done({ kind: 'rows', r, offset: root.offset ?? 0 }, Number(r.page_total));
        }
        const from = callFrom(fn, wholeBody, args, argsValue, p, 'pgrst_s', true);
        if (fn.returnKind === 'void') {
          await main(`SELECT 1 FROM ${from}`, p.values);
          return done({ kind: 'void' }, undefined);
        }
        if (fn.returnsSet) {
          const num = (k: string): number | undefined => {
            const v = filterParams.find(([key]) => key === k)?.[1];
            return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
          };
          const limit = Math.min(num('limit') ?? rangeLimit ?? config.api.maxRows, config.api.maxRows);
          const offset = num('offset') ?? rangeOffset ?? 0;
          const page = `SELECT "pgrst_s"."pgrst_scalar" FROM ${from} LIMIT ${p.add(limit)}::bigint OFFSET ${p.add(offset)}::bigint`;
          const body = format === 'csv' ? bodySql('csv', '_pgrst_r', '_pgrst_page') : bodySql(format, '_pgrst_r.pgrst_scalar', '');
          const sql = `WITH _pgrst_page AS (${page}) SELECT null::bigint AS total, count(*) AS page_total, ${body} AS body FROM _pgrst_page _pgrst_r`;
          const r = (await main<QueryResult>(sql, p.values)) as QueryResult;
          if (count) r.total = String(r.page_total);
          return done({ kind: 'rows', r, offset }, Number(r.page_total));
        }
        // One scalar: its JSON (nulls stripped when asked), or as CSV the column `pgrst_scalar` and its record text.
        const scalarBody =
          format === 'csv'
            ? `'pgrst_scalar' || E'\\n' || substring(_pgrst_r::text, 2, length(_pgrst_r::text) - 2)`
            : format === 'json-stripped'
              ? 'json_strip_nulls(to_json(_pgrst_r.pgrst_scalar))::text'
              : 'to_json(_pgrst_r.pgrst_scalar)::text';
        const sql = `SELECT ${scalarBody} AS body, current_setting('response.status', true) AS response_status FROM (SELECT "pgrst_s"."pgrst_scalar" FROM ${from}) _pgrst_r`;
        const r = await main<{ body: string | null; response_status: string | null }>(sql, p.values);
        return done({ kind: 'object', body: r?.body ?? 'null', responseStatus: responseStatusOf(r?.response_status) }, 1);
      });
      if (result instanceof RestError) throw result;
      if (result.kind === 'plan') return planReply(result.body);
      if (result.kind === 'void') return { status: 204, headers: baseHeaders, body: null };
      if (result.kind === 'object') {
        // PostgREST's `response.status` GUC: a function answers with another status without raising,
        // so what it wrote (an attempt counter, say) commits.
        return { status: result.responseStatus ?? 200, headers: baseHeaders, body: result.body };
      }
      return finishRead(result.r, result.offset, count, output.singular);
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
      const maxRows = config.api.maxRows;
      const exact = prefer.count === 'exact' || prefer.count === 'estimated';
      const renderOptions = { maxRows, format: output.format, ...(prefer.count === 'estimated' ? { countLimit: maxRows + 1 } : {}) };
      const bound = new Params();
      const read = renderRead(root, exact, renderOptions, bound);
      if (!output.plan && (prefer.count === undefined || prefer.count === 'exact')) {
        // One round trip: the statement goes with its transaction as one pipeline of prepared statements
        // (withRoleStatement); a read of the same shape with other values reuses the statement PostgreSQL prepared.
        const r = await runStatement<QueryResult>(txIdentity, searchPath, roleSettings, read.sql, bound.values);
        return finishRead(r, root.offset ?? 0, count, output.singular);
      }
      const outcome = await runTx(txIdentity, true, searchPath, roleSettings, async (client): Promise<{ plan: string } | QueryResult> => {
        if (output.plan) return { plan: await explainStatement(client, read.sql, bound.values, output.plan) };
        const r = (await client.query<QueryResult>(read.sql, bound.values)).rows[0] as QueryResult;
        // count=planned: the planner's estimate of the rows the read would count; count=estimated: the exact count
        // up to db-max-rows, past it the larger of the two (PostgREST's MainTx.actionResult).
        const exactTotal = r.total === null ? null : Number(r.total);
        if (prefer.count === 'estimated' && exactTotal !== null && exactTotal <= maxRows) return r;
        const countValues = new Params();
        const planned = await plannedRows(client, renderCountQuery(root, renderOptions, countValues), countValues.values);
        const total = prefer.count === 'planned' ? planned : Math.max(exactTotal ?? 0, planned);
        return { ...r, total: String(total) };
      });
      if ('plan' in outcome) return planReply(outcome.plan);
      return finishRead(outcome, root.offset ?? 0, count, output.singular);
    }

    if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
      const bodyText = method === 'DELETE' ? '' : await readBody(req);
      const body = method === 'DELETE' ? null : parseJsonBody(bodyText);
      const representation = prefer.return === 'representation';
      const { rel, root } = await withReloadOnMiss(requestStart, () => plan(representation ? parseSelect(selectParam ?? '*') : []));
      if (method !== 'POST' && root.conditions.length === 0) {
        throw new RestError(400, '21000', `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`, null, null);
      }
      const options = { representation, count, location: method === 'POST' && prefer.return === 'headers-only', format: output.format };
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
      const singular = output.singular;
      // max-affected applies to PATCH and DELETE (PostgREST's failExceedsMaxAffectedPref), with handling=strict.
      const strictMax = prefer.handling === 'strict' && method !== 'POST' ? prefer.maxAffected : undefined;
      const r = await runTx(txIdentity, false, searchPath, roleSettings, async (client): Promise<QueryResult | RestError | { plan: string }> => {
        if (output.plan) {
          const plan = await explainStatement(client, stmt.sql, stmt.params, output.plan);
          if (rollback) throw new Rollback({ plan });
          return { plan };
        }
        const row = (await runPrepared<QueryResult>(client, stmt.sql, stmt.params)).rows[0] as QueryResult;
        const n = Number(row.page_total);
        if (singular && n !== 1) throw new Rollback<RestError>(singularError(n));
        if (strictMax !== undefined && n > strictMax) throw new Rollback<RestError>(maxAffectedError(n));
        if (rollback) {
          // Deferred constraints are checked now, so a request that would fail at COMMIT fails here too.
          await client.query('SET CONSTRAINTS ALL IMMEDIATE');
          throw new Rollback<QueryResult>(row);
        }
        return row;
      });
      if ('plan' in r) return planReply(r.plan);
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

  async function runStatement<T>(
    identity: RequestIdentity, searchPath: string[], roleSettings: [string, string][], sql: string, values: readonly unknown[],
  ): Promise<T> {
    try {
      return await withRoleStatement<T>(ctx.requestPool, identity, { readOnly: true, searchPath, roleSettings }, sql, values);
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
