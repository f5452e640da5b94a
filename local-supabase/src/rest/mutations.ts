/**
 * INSERT / UPSERT / UPDATE / DELETE statements. The body is sent once as a jsonb parameter
 * and expanded with jsonb_populate_record, so JSON→column coercion follows Postgres rules
 * (what PostgREST gets from json_to_recordset). The written rows feed the representation
 * select through a data-modifying CTE.
 */
import { RestError } from './errors.ts';
import type { BodyFormat } from './media.ts';
import type { ReadNode } from './select.ts';
import { Params, columnsForInsert, conditionSql, q, renderRead } from './select.ts';
import type { Relation } from './schema-cache.ts';

export interface WriteOptions {
  representation: boolean;
  count: boolean;
  /** Needed for `return=headers-only` (Location of the first row). */
  location: boolean;
  /** The representation's format (negotiated: rest/media.ts); JSON when absent. */
  format?: BodyFormat;
}

/** rows of the write → total/page_total/body/location. */
function finalSelect(root: ReadNode, rel: Relation, options: WriteOptions, params: Params, inserted = 'null::bigint'): string {
  const location = options.location && rel.primaryKey.length > 0
    ? `(SELECT row_to_json(_l)::text FROM (SELECT ${rel.primaryKey.map(q).join(', ')} FROM pgrst_m LIMIT 1) _l)`
    : 'null::text';
  if (!options.representation) {
    return `SELECT null::bigint AS total, (SELECT count(*) FROM pgrst_m) AS page_total, null::text AS body, ${location} AS location, ${inserted} AS inserted`;
  }
  // the output plan keeps select and embeds; the write's own filters already applied
  const out: ReadNode = { ...root, conditions: [], limit: undefined, offset: undefined };
  const read = renderRead(out, false, { rootFrom: `pgrst_m AS ${q(root.alias)}`, ...(options.format ? { format: options.format } : {}) }, params);
  return `SELECT r.total, r.page_total, r.body, ${location} AS location, ${inserted} AS inserted FROM (${read.sql}) r`;
}

export interface InsertRequest {
  rel: Relation;
  body: unknown;
  columnsParam: string | null;
  missingDefault: boolean;
  onConflict: string[] | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
}

function parseColumnsParam(value: string): string[] {
  return value
    .split(',')
    .map((c) => c.trim())
    .map((c) => (c.length >= 2 && c.startsWith('"') && c.endsWith('"') ? c.slice(1, -1) : c))
    .filter((c) => c !== '');
}

function invalidBody(message: string): RestError {
  return new RestError(400, 'PGRST102', message, null, null);
}

export function payloadColumns(body: unknown, columnsParam: string | null): string[] {
  if (columnsParam !== null) return parseColumnsParam(columnsParam);
  if (Array.isArray(body)) {
    if (body.length === 0) return [];
    const first = body[0] as unknown;
    if (typeof first !== 'object' || first === null || Array.isArray(first)) throw invalidBody('All object keys must match');
    const keys = Object.keys(first);
    for (const row of body as unknown[]) {
      if (typeof row !== 'object' || row === null || Array.isArray(row)) throw invalidBody('All object keys must match');
      const rk = Object.keys(row);
      if (rk.length !== keys.length || !rk.every((k) => keys.includes(k))) throw invalidBody('All object keys must match');
    }
    return keys;
  }
  if (typeof body === 'object' && body !== null) return Object.keys(body);
  throw invalidBody('Empty or invalid json');
}

export function buildInsert(req: InsertRequest, root: ReadNode, options: WriteOptions): { sql: string; params: unknown[] } {
  const { rel } = req;
  if (!Array.isArray(req.body) && (typeof req.body !== 'object' || req.body === null)) throw invalidBody('Empty or invalid json');
  const names = payloadColumns(req.body, req.columnsParam);
  let cols = columnsForInsert(rel, names);
  if (req.missingDefault) {
    // A generated or GENERATED ALWAYS column takes only DEFAULT: when no row gives it a value,
    // leave it out of the INSERT so Postgres computes it (a row that does give one still
    // fails with 428C9, as on PostgREST).
    const rows = (Array.isArray(req.body) ? req.body : [req.body]) as Record<string, unknown>[];
    cols = cols.filter((c) => !c.generated || rows.some((row) => Object.hasOwn(row, c.name)));
  }
  const params = new Params();
  const table = `${q(rel.schema)}.${q(rel.name)}`;
  // The write as CTEs ending in pgrst_m (the written rows), and for merge-duplicates the count of inserted rows.
  let write: string;
  let inserted: string | undefined;
  if (cols.length === 0) {
    write = `pgrst_m AS (INSERT INTO ${table} DEFAULT VALUES RETURNING ${table}.*)`;
  } else {
    // Bound only when the statement uses it: a parameter the SQL never mentions fails the whole statement (08P01).
    const bodyParam = params.add(JSON.stringify(req.body));
    const exprs = cols.map((c) => {
      const value = `pgrst_rec.${q(c.name)}`;
      if (!req.missingDefault) return value;
      const fallback = c.defaultExpr ?? 'NULL';
      return `CASE WHEN pgrst_el.v ? ${params.add(c.name)}::text THEN ${value} ELSE ${fallback} END`;
    });
    let insert = `INSERT INTO ${table} AS ${q('pgrst_ins')} (${cols.map((c) => q(c.name)).join(', ')})
      SELECT ${exprs.join(', ')}
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${bodyParam}::jsonb) = 'array' THEN ${bodyParam}::jsonb ELSE jsonb_build_array(${bodyParam}::jsonb) END) AS pgrst_el(v),
             LATERAL jsonb_populate_record(null::${table}, pgrst_el.v) AS pgrst_rec`;
    if (req.resolution) {
      const target = req.onConflict ?? rel.primaryKey;
      for (const c of target) {
        if (!rel.columns.has(c)) throw new RestError(400, '42703', `column ${rel.name}.${c} does not exist`, null, null);
      }
      if (target.length === 0) throw new RestError(400, '42P10', 'there is no unique or exclusion constraint matching the ON CONFLICT specification', null, null);
      const conflict = `ON CONFLICT (${target.map(q).join(', ')})`;
      const updatable = cols.filter((c) => !c.generated);
      if (req.resolution === 'ignore-duplicates' || updatable.length === 0) insert += ` ${conflict} DO NOTHING`;
      else insert += ` ${conflict} DO UPDATE SET ${updatable.map((c) => `${q(c.name)} = EXCLUDED.${q(c.name)}`).join(', ')}`;
    }
    if (req.resolution === 'merge-duplicates') {
      // PostgREST answers 200 instead of 201 when a merge inserted nothing (every row was an
      // update): count the inserted rows, which are the ones without an xmax.
      const columns = rel.columnList.map((c) => q(c.name)).join(', ');
      write = `pgrst_w AS (${insert} RETURNING ${q('pgrst_ins')}.*, ${q('pgrst_ins')}.xmax = 0 AS pgrst_inserted), pgrst_m AS (SELECT ${columns} FROM pgrst_w)`;
      inserted = '(SELECT count(*) FROM pgrst_w WHERE pgrst_inserted)';
    } else {
      write = `pgrst_m AS (${insert} RETURNING ${q('pgrst_ins')}.*)`;
    }
  }
  return { sql: `WITH ${write} ${finalSelect(root, rel, options, params, inserted)}`, params: params.values };
}

export function buildUpdate(rel: Relation, body: unknown, root: ReadNode, options: WriteOptions): { sql: string; params: unknown[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidBody('Empty or invalid json');
  const cols = columnsForInsert(rel, Object.keys(body));
  const params = new Params();
  const table = `${q(rel.schema)}.${q(rel.name)}`;
  const where = root.conditions.map((c) => `(${conditionSql(root, c, params)})`);
  let write: string;
  if (cols.length === 0) {
    // nothing to set: affects no rows (PostgREST answers without touching the table)
    write = `SELECT ${q(root.alias)}.* FROM ${table} AS ${q(root.alias)} WHERE FALSE`;
  } else {
    const bodyParam = params.add(JSON.stringify(body));
    write = `UPDATE ${table} AS ${q(root.alias)} SET ${cols.map((c) => `${q(c.name)} = pgrst_rec.${q(c.name)}`).join(', ')}
      FROM jsonb_populate_record(null::${table}, ${bodyParam}::jsonb) AS pgrst_rec
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} RETURNING ${q(root.alias)}.*`;
  }
  const sql = `WITH pgrst_m AS (${write}) ${finalSelect(root, rel, options, params)}`;
  return { sql, params: params.values };
}

export function buildDelete(rel: Relation, root: ReadNode, options: WriteOptions): { sql: string; params: unknown[] } {
  const params = new Params();
  const table = `${q(rel.schema)}.${q(rel.name)}`;
  const where = root.conditions.map((c) => `(${conditionSql(root, c, params)})`);
  const write = `DELETE FROM ${table} AS ${q(root.alias)} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} RETURNING ${q(root.alias)}.*`;
  const sql = `WITH pgrst_m AS (${write}) ${finalSelect(root, rel, options, params)}`;
  return { sql, params: params.values };
}
