/**
 * Turns committed changes into `postgres_changes` payloads per subscriber, applying the rules of
 * hosted Realtime's `realtime.apply_rls`:
 *  1. binding match: schema / table / event, then the filters, evaluated in SQL on the typed values
 *     (new row for INSERT / UPDATE, old row for DELETE);
 *  2. the subscriber's role must be able to SELECT the primary-key columns; `columns`, `record` and
 *     `old_record` only carry the columns the role may SELECT;
 *  3. INSERT / UPDATE on an RLS-enabled table: the row must be visible to the subscriber under RLS
 *     (`select 1 from table where pk = ...` as its role with its JWT claims, read-only transaction);
 *     DELETEs are not RLS-checked (as on hosted) and carry only the primary key when RLS is on.
 * Values are typed like hosted (`to_jsonb(text::type)`), so realtime-js sees the same JSON.
 */
import type pg from 'pg';
import type { JwtClaims, ServicePools } from '../context.ts';
import { withRoleTransaction } from '../db/transaction.ts';
import type { Filter, SubscriptionParams } from './params.ts';
import type { JsonObject, JsonValue } from './protocol.ts';
import type { Change, Transaction, TupleValue } from './replication.ts';

export interface ActiveBinding {
  id: number;
  params: SubscriptionParams;
}

/** One joined channel with active postgres_changes bindings. */
export interface Subscriber {
  role: string;
  claims: JwtClaims;
  bindings: ActiveBinding[];
  deliver(payload: JsonObject): void;
}

interface ColumnMeta {
  typname: string;
  /** A type expression usable after `::` (regtype output, quoted/qualified as needed). */
  cast: string;
}

interface RelationMeta {
  rls: boolean;
  primaryKey: string[];
  columns: Map<string, ColumnMeta>;
  /** role → columns it may SELECT. */
  selectable: Map<string, Set<string>>;
}

interface Candidate {
  subscriber: Subscriber;
  bindings: ActiveBinding[];
}

interface Work {
  change: Change;
  /** Subscribers whose bindings are evaluated in SQL, one expression per distinct filter (see KeyedBindings). */
  candidates: Candidate[];
  /** Bindings matched in JS on canonical text (shared by every change of the same relation and event). */
  keyed: KeyedBindings;
}

/**
 * Bindings whose filters are all `eq` on a type whose `=` is exactly equality of its canonical text (uuid, the
 * integers, bool, oid): `user_id=eq.<uid>`, one per open session. Comparing `(column)::text` with
 * `(value::type)::text` decides them like `column = value::type` does, so a change needs one expression per column
 * instead of one per subscriber, and finding a change's subscribers is one map lookup instead of a scan.
 */
interface KeyedBindings {
  /** column → canonical value of the binding's first filter → the bindings. */
  byFirst: Map<string, Map<string, { candidate: Candidate; binding: ActiveBinding }[]>>;
  /** Every column a keyed filter reads. */
  columns: Set<string>;
}

/** Types whose equality is equality of canonical text output (no collation, no scale, no padding). */
const EXACT_TEXT_EQUALITY = new Set(['uuid', 'int2', 'int4', 'int8', 'bool', 'oid']);

/** `(value::cast)::text` of filter values, or null when the value does not cast: computed once, kept across transactions. */
const canonicalValues = new Map<string, string | null>();
const CANONICAL_CACHE_LIMIT = 50_000;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function matchesEntity(params: SubscriptionParams, change: Change): boolean {
  if (params.action !== '*' && params.action !== change.type) return false;
  if (params.schema !== '*' && params.schema !== change.relation.schema) return false;
  if (params.table !== '*' && params.table !== change.relation.name) return false;
  return true;
}

export function formatCommitTimestamp(micros: bigint): string {
  return new Date(Number(micros / 1000n)).toISOString();
}

async function loadRelationMeta(pool: pg.Pool, oid: number, roles: string[]): Promise<RelationMeta | null> {
  const result = await pool.query<{
    rls: boolean;
    pk: string[];
    columns: { name: string; typname: string; cast: string }[];
    privileges: { role: string; columns: string[] }[];
  }>(
    `select c.relrowsecurity as rls,
            coalesce((select array_agg(a.attname::text order by a.attnum)
                        from pg_index i
                        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                       where i.indrelid = c.oid and i.indisprimary), '{}') as pk,
            coalesce((select json_agg(json_build_object('name', a.attname, 'typname', t.typname,
                                                        'cast', a.atttypid::regtype::text) order by a.attnum)
                        from pg_attribute a join pg_type t on t.oid = a.atttypid
                       where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
            coalesce((select json_agg(json_build_object('role', r.rolname, 'columns',
                        coalesce((select json_agg(a.attname order by a.attnum)
                                    from pg_attribute a
                                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                                     and has_column_privilege(r.oid, c.oid, a.attnum, 'SELECT')), '[]')))
                        from pg_roles r where r.rolname = any($2::text[])), '[]') as privileges
       from pg_class c where c.oid = $1`,
    [oid, roles],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    rls: row.rls,
    primaryKey: row.pk,
    columns: new Map(row.columns.map((column) => [column.name, { typname: column.typname, cast: column.cast }])),
    selectable: new Map(row.privileges.map((privilege) => [privilege.role, new Set(privilege.columns)])),
  };
}

/** Collects expressions and parameters for one `select array_to_json(array[...])` query. */
class ExpressionBatch {
  readonly params: (string | string[])[] = [];
  readonly expressions: string[] = [];
  private readonly byKey = new Map<string, number>();

  param(value: string | string[]): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(key: string, expression: string): number {
    const existing = this.byKey.get(key);
    if (existing !== undefined) return existing;
    this.expressions.push(expression);
    const index = this.expressions.length - 1;
    this.byKey.set(key, index);
    return index;
  }

  async run(pool: pg.Pool): Promise<JsonValue[]> {
    if (this.expressions.length === 0) return [];
    const sql = `select array_to_json(array[${this.expressions.join(', ')}]::jsonb[]) as values`;
    const result = await pool.query<{ values: JsonValue[] }>(sql, this.params);
    return result.rows[0]?.values ?? [];
  }
}

/** Column name → SQL expression typing its value (a parameter), or null for SQL NULL; unchanged TOAST omitted. */
type TypedTuple = Map<string, { sql: string } | null>;

function typedTuple(batch: ExpressionBatch, change: Change, tuple: TupleValue[] | null, meta: RelationMeta, keysOnly: boolean): TypedTuple {
  const typed: TypedTuple = new Map();
  if (!tuple) return typed;
  change.relation.columns.forEach((column, index) => {
    if (keysOnly && !column.isKey) return;
    const value = tuple[index];
    const columnMeta = meta.columns.get(column.name);
    if (value === undefined || !columnMeta) return;
    if (value === null) {
      typed.set(column.name, null);
    } else if (typeof value === 'string') {
      typed.set(column.name, { sql: `${batch.param(value)}::${columnMeta.cast}` });
    }
  });
  return typed;
}

function filterCondition(batch: ExpressionBatch, filter: Filter, tuple: TypedTuple, meta: RelationMeta): string | null {
  const columnMeta = meta.columns.get(filter.column);
  if (!columnMeta || !tuple.has(filter.column)) return null;
  const typed = tuple.get(filter.column);
  const column = typed ? `(${typed.sql})` : `null::${columnMeta.cast}`;
  const value = (): string => `${batch.param(filter.value)}::${columnMeta.cast}`;
  let condition: string;
  switch (filter.op) {
    case 'eq':
      condition = `${column} = ${value()}`;
      break;
    case 'neq':
      condition = `${column} <> ${value()}`;
      break;
    case 'lt':
      condition = `${column} < ${value()}`;
      break;
    case 'lte':
      condition = `${column} <= ${value()}`;
      break;
    case 'gt':
      condition = `${column} > ${value()}`;
      break;
    case 'gte':
      condition = `${column} >= ${value()}`;
      break;
    case 'in':
      condition = `${column} = any(${batch.param(filter.value)}::${columnMeta.cast}[])`;
      break;
    case 'like':
      condition = `${column}::text like ${batch.param(filter.value)}`;
      break;
    case 'ilike':
      condition = `${column}::text ilike ${batch.param(filter.value)}`;
      break;
    case 'match':
      condition = `${column}::text ~ ${batch.param(filter.value)}`;
      break;
    case 'imatch':
      condition = `${column}::text ~* ${batch.param(filter.value)}`;
      break;
    case 'is': {
      const keyword = filter.value.toLowerCase();
      if (keyword === 'null') condition = `${column} is null`;
      else if (keyword === 'true' || keyword === 'false' || keyword === 'unknown') condition = `${column} is ${keyword}`;
      else return null;
      break;
    }
    case 'isdistinct':
      condition = `${column} is distinct from ${value()}`;
      break;
  }
  return filter.negate ? `not coalesce(${condition}, false)` : `coalesce(${condition}, false)`;
}

interface Prepared {
  work: Work;
  meta: RelationMeta;
  record: Map<string, number | null>;
  oldRecord: Map<string, number | null>;
  /** Results of the value / filter expressions, indexed as in record / oldRecord. */
  values: JsonValue[];
  /** Per candidate: ids of bindings whose filters all hold. */
  matched: { candidate: Candidate; ids: number[] }[];
}

function canonicalKey(value: string, cast: string): string {
  return `${cast}\u0000${value}`;
}

/** Splits the candidates of one relation and event into keyed bindings and the rest (evaluated in SQL). */
function splitBindings(candidates: Candidate[], meta: RelationMeta): { general: Candidate[]; keyed: KeyedBindings } {
  const general: Candidate[] = [];
  const keyed: KeyedBindings = { byFirst: new Map(), columns: new Set() };
  for (const candidate of candidates) {
    const rest: ActiveBinding[] = [];
    for (const binding of candidate.bindings) {
      const filters = binding.params.filters;
      const isKeyed =
        filters.length > 0 &&
        filters.every((f) => f.op === 'eq' && !f.negate && EXACT_TEXT_EQUALITY.has(meta.columns.get(f.column)?.typname ?? ''));
      if (!isKeyed) {
        rest.push(binding);
        continue;
      }
      const first = filters[0]!;
      const wanted = canonicalValues.get(canonicalKey(first.value, meta.columns.get(first.column)!.cast));
      for (const filter of filters) keyed.columns.add(filter.column);
      // A value that does not cast to the column's type matches no row.
      if (wanted === undefined || wanted === null) continue;
      let byValue = keyed.byFirst.get(first.column);
      if (!byValue) keyed.byFirst.set(first.column, (byValue = new Map()));
      let list = byValue.get(wanted);
      if (!list) byValue.set(wanted, (list = []));
      list.push({ candidate, binding });
    }
    if (rest.length > 0) general.push({ subscriber: candidate.subscriber, bindings: rest });
  }
  return { general, keyed };
}

/** Fills canonicalValues for the given (value, cast) pairs: one query for all, then one by one if a value does not cast. */
async function loadCanonicalValues(pool: pg.Pool, pairs: { value: string; cast: string }[]): Promise<void> {
  const missing = new Map<string, { value: string; cast: string }>();
  for (const pair of pairs) {
    const key = canonicalKey(pair.value, pair.cast);
    if (!canonicalValues.has(key)) missing.set(key, pair);
  }
  if (missing.size === 0) return;
  if (canonicalValues.size + missing.size > CANONICAL_CACHE_LIMIT) canonicalValues.clear();
  const run = async (items: [string, { value: string; cast: string }][]): Promise<void> => {
    const batch = new ExpressionBatch();
    for (const [key, { value, cast }] of items) batch.add(key, `to_jsonb((${batch.param(value)}::${cast})::text)`);
    try {
      const values = await batch.run(pool);
      items.forEach(([key], index) => {
        const text = values[index];
        canonicalValues.set(key, typeof text === 'string' ? text : null);
      });
    } catch {
      if (items.length === 1) {
        canonicalValues.set(items[0]![0], null);
        return;
      }
      for (const item of items) await run([item]);
    }
  };
  await run([...missing]);
}

function filterKey(filter: Filter): string {
  return `${filter.column}\u0000${filter.op}\u0000${filter.value}\u0000${filter.negate}`;
}

/** Parameters one change adds to a batch: its tuples, one per distinct non-equality filter, one per equality column. */
function paramEstimate(work: Work): number {
  const keys = new Set<string>();
  for (const candidate of work.candidates) {
    for (const binding of candidate.bindings) {
      for (const filter of binding.params.filters) keys.add(filter.op === 'eq' ? `eq\u0000${filter.column}` : filterKey(filter));
    }
  }
  return (work.change.newTuple?.length ?? 0) + (work.change.oldTuple?.length ?? 0) + keys.size + work.keyed.columns.size + 8;
}

/** Adds the value and filter expressions of one change to `batch`; `finish` reads their results. */
function planChange(batch: ExpressionBatch, work: Work, meta: RelationMeta, prefix: string): (values: JsonValue[]) => Prepared {
  const { change } = work;
  const newTuple = typedTuple(batch, change, change.newTuple, meta, false);
  // Without a replica-identity old tuple, an UPDATE's old record is its key columns (as wal2json sends).
  const oldTuple =
    change.type === 'UPDATE' && !change.oldTuple
      ? typedTuple(batch, change, change.newTuple, meta, true)
      : typedTuple(batch, change, change.oldTuple, meta, false);
  const toIndexes = (tuple: TypedTuple, kind: string): Map<string, number | null> => {
    const indexes = new Map<string, number | null>();
    for (const [name, typed] of tuple) {
      indexes.set(name, typed ? batch.add(`${prefix}:${kind}:${name}`, `to_jsonb(${typed.sql})`) : null);
    }
    return indexes;
  };
  const record = change.type === 'DELETE' ? new Map<string, number | null>() : toIndexes(newTuple, 'new');
  const oldRecord = change.type === 'INSERT' ? new Map<string, number | null>() : toIndexes(oldTuple, 'old');
  const filterTuple = change.type === 'DELETE' ? oldTuple : newTuple;
  const keyedText = new Map<string, number | null>();
  for (const column of work.keyed.columns) {
    const typed = filterTuple.get(column);
    if (!filterTuple.has(column)) continue;
    keyedText.set(column, typed ? batch.add(`${prefix}:text:${column}`, `to_jsonb((${typed.sql})::text)`) : null);
  }
  const filterIndexes = new Map<string, number | false>();
  // Equality filters on one column (typically one per subscriber: `user_id=eq.<uid>`) are evaluated together, in
  // one expression per column that answers the 1-based positions of the values equal to the row's, with the same
  // cast and the same `=` as one condition each: N subscribers cost one parameter and one expression per change
  // instead of N (a notice to 500 people is 500 changes × 500 subscribers).
  const eqGroups = new Map<string, { values: string[]; positions: Map<string, number> }>();
  const eqPositions = new Map<string, { column: string; position: number }>();
  for (const candidate of work.candidates) {
    for (const binding of candidate.bindings) {
      for (const filter of binding.params.filters) {
        if (filter.op !== 'eq' || !meta.columns.has(filter.column) || !filterTuple.has(filter.column)) continue;
        const key = filterKey(filter);
        if (eqPositions.has(key)) continue;
        let group = eqGroups.get(filter.column);
        if (!group) {
          group = { values: [], positions: new Map() };
          eqGroups.set(filter.column, group);
        }
        let position = group.positions.get(filter.value);
        if (position === undefined) {
          group.values.push(filter.value);
          position = group.values.length;
          group.positions.set(filter.value, position);
        }
        eqPositions.set(key, { column: filter.column, position });
      }
    }
  }
  const eqIndexes = new Map<string, number>();
  for (const [column, group] of eqGroups) {
    const cast = meta.columns.get(column)?.cast ?? 'text';
    const typed = filterTuple.get(column);
    const value = typed ? `(${typed.sql})` : `null::${cast}`;
    eqIndexes.set(
      column,
      batch.add(
        `${prefix}:eq:${column}`,
        `to_jsonb(array(select v.i::int from unnest(${batch.param(group.values)}::text[]) with ordinality as v(x, i) where ${value} = v.x::${cast}))`,
      ),
    );
  }
  for (const candidate of work.candidates) {
    for (const binding of candidate.bindings) {
      for (const filter of binding.params.filters) {
        const key = filterKey(filter);
        if (filterIndexes.has(key) || eqPositions.has(key)) continue;
        const condition = filterCondition(batch, filter, filterTuple, meta);
        filterIndexes.set(key, condition === null ? false : batch.add(`${prefix}:filter:${key}`, `to_jsonb(${condition})`));
      }
    }
  }
  return (values) => {
    const equal = new Map<string, Set<number>>();
    for (const [column, index] of eqIndexes) {
      const positions = values[index];
      equal.set(column, new Set(Array.isArray(positions) ? positions.filter((p): p is number => typeof p === 'number') : []));
    }
    const holds = (filter: Filter): boolean => {
      const key = filterKey(filter);
      const grouped = eqPositions.get(key);
      if (grouped) {
        // `coalesce(col = value, false)`, negated as `not coalesce(...)`: a null column equals nothing.
        const isEqual = equal.get(grouped.column)?.has(grouped.position) ?? false;
        return filter.negate ? !isEqual : isEqual;
      }
      const index = filterIndexes.get(key);
      return index !== undefined && index !== false && values[index] === true;
    };
    const byCandidate = new Map<Candidate, Set<number>>();
    for (const candidate of work.candidates) {
      for (const binding of candidate.bindings) {
        if (!binding.params.filters.every(holds)) continue;
        let ids = byCandidate.get(candidate);
        if (!ids) byCandidate.set(candidate, (ids = new Set()));
        ids.add(binding.id);
      }
    }
    const textOf = (column: string): string | null => {
      const index = keyedText.get(column);
      if (index === undefined || index === null) return null;
      const value = values[index];
      return typeof value === 'string' ? value : null;
    };
    for (const [column, byValue] of work.keyed.byFirst) {
      const text = textOf(column);
      if (text === null) continue;
      for (const { candidate, binding } of byValue.get(text) ?? []) {
        const all = binding.params.filters.every((filter) => {
          const wanted = canonicalValues.get(canonicalKey(filter.value, meta.columns.get(filter.column)?.cast ?? ''));
          return wanted !== undefined && wanted !== null && textOf(filter.column) === wanted;
        });
        if (!all) continue;
        let ids = byCandidate.get(candidate);
        if (!ids) byCandidate.set(candidate, (ids = new Set()));
        ids.add(binding.id);
      }
    }
    const matched: Prepared['matched'] = [...byCandidate].map(([candidate, ids]) => ({ candidate, ids: [...ids] }));
    return { work, meta, record, oldRecord, values, matched };
  };
}

/** Above this many parameters a batch is sent and a new one started (Postgres allows 65535). */
const MAX_BATCH_PARAMS = 20_000;

/**
 * Types values and evaluates filters of all changes of a transaction in as few queries as possible.
 * If a batch fails (a value that no longer casts, say), its changes are retried one by one so that a
 * single bad change does not hide the others.
 */
async function prepareChanges(
  pool: pg.Pool,
  works: { work: Work; meta: RelationMeta }[],
  log: (message: string) => void,
): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  const runChunk = async (chunk: { work: Work; meta: RelationMeta }[]): Promise<void> => {
    const batch = new ExpressionBatch();
    const finishers = chunk.map(({ work, meta }, index) => planChange(batch, work, meta, String(index)));
    try {
      const values = await batch.run(pool);
      for (const finish of finishers) prepared.push(finish(values));
    } catch (error) {
      if (chunk.length === 1) {
        log(`realtime: dropped a change of ${chunk[0]?.work.change.relation.schema}.${chunk[0]?.work.change.relation.name}: ${String(error)}`);
        return;
      }
      for (const item of chunk) await runChunk([item]);
    }
  };
  let chunk: { work: Work; meta: RelationMeta }[] = [];
  let params = 0;
  for (const item of works) {
    chunk.push(item);
    params += paramEstimate(item.work);
    if (params >= MAX_BATCH_PARAMS) {
      await runChunk(chunk);
      chunk = [];
      params = 0;
    }
  }
  if (chunk.length > 0) await runChunk(chunk);
  return prepared.filter((item) => item.matched.length > 0);
}

function identityKey(subscriber: Subscriber): string {
  return `${subscriber.role}\u0000${JSON.stringify(subscriber.claims)}`;
}

/**
 * For an RLS-enabled table: which of `rows` (primary-key values as typed SQL text) the identity may
 * SELECT, in one query run as that role with its claims.
 */
async function visibleRows(
  pool: pg.Pool,
  subscriber: Subscriber,
  relation: { schema: string; name: string },
  primaryKey: string[],
  meta: RelationMeta,
  rows: { index: number; key: (string | null)[] }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const params: (string | number | null)[] = [];
  const tuples = rows.map((row) => {
    params.push(row.index);
    const cells = [`$${params.length}::int`];
    row.key.forEach((value, position) => {
      params.push(value);
      cells.push(`$${params.length}::${meta.columns.get(primaryKey[position] ?? '')?.cast ?? 'text'}`);
    });
    return `(${cells.join(', ')})`;
  });
  const keyNames = primaryKey.map((_, position) => `k${position}`);
  const conditions = primaryKey.map((column, position) => `t.${quoteIdent(column)} = v.k${position}`).join(' and ');
  const sql = `select coalesce(array_agg(v.i), '{}') as visible
                 from (values ${tuples.join(', ')}) as v(i, ${keyNames.join(', ')})
                where exists (select 1 from ${quoteIdent(relation.schema)}.${quoteIdent(relation.name)} as t where ${conditions})`;
  try {
    return await withRoleTransaction(
      pool,
      { role: subscriber.role, claims: subscriber.claims, method: 'GET', path: '', headers: {} },
      { readOnly: true },
      async (client) => {
        const result = await client.query<{ visible: number[] }>(sql, params);
        return new Set(result.rows[0]?.visible ?? []);
      },
    );
  } catch {
    // Unknown role, missing privilege, failing policy: nothing is visible, as on hosted.
    return new Set();
  }
}

interface PendingCheck {
  subscriber: Subscriber;
  meta: RelationMeta;
  relation: Change['relation'];
  rows: { index: number; key: (string | null)[] }[];
}

/** How many identities' RLS checks share one round trip (and one read-only transaction). */
const RLS_CHECKS_PER_ROUND_TRIP = 50;
/** How many of those scripts run at once (the request pool holds 10 connections). */
const RLS_PARALLEL_SCRIPTS = 4;

/**
 * The RLS checks of many identities in one round trip: one read-only transaction in which each identity gets, in
 * turn, exactly the settings withRoleTransaction gives a request (search_path, role, JWT claims, method, path,
 * headers) followed by its own visibility query, all sent as one simple-protocol script (each statement is planned
 * under the role and claims set just before it). Hosted Realtime likewise checks every subscriber of a change in one
 * database call (realtime.apply_rls). Any failure (an unknown role, a failing policy) rolls the script back and the
 * checks run one transaction each, so one bad identity hides nothing from the others.
 */
async function visibleRowsMany(pool: pg.Pool, checks: PendingCheck[]): Promise<Set<number>[]> {
  if (checks.length === 1) {
    const [only] = checks as [PendingCheck];
    return [await visibleRows(pool, only.subscriber, only.relation, only.meta.primaryKey, only.meta, only.rows)];
  }
  const client = await pool.connect();
  let released = false;
  const release = (broken = false): void => {
    if (released) return;
    released = true;
    client.release(broken);
  };
  try {
    const literal = (value: string): string => client.escapeLiteral(value);
    const statements: string[] = ['begin isolation level read committed read only'];
    for (const check of checks) {
      const { subscriber, meta, relation, rows } = check;
      const settings = [
        ['search_path', ['public', 'extensions'].map(quoteIdent).join(', ')],
        ['role', subscriber.role],
        ['request.jwt.claims', JSON.stringify(subscriber.claims)],
        ['request.method', 'GET'],
        ['request.path', ''],
        ['request.headers', JSON.stringify({})],
      ];
      statements.push(`select ${settings.map(([name, value]) => `set_config(${literal(name!)}, ${literal(value!)}, true)`).join(', ')}`);
      const tuples = rows.map((row) => {
        const cells = [`${row.index}::int`];
        row.key.forEach((value, position) => {
          const cast = meta.columns.get(meta.primaryKey[position] ?? '')?.cast ?? 'text';
          cells.push(value === null ? `null::${cast}` : `${literal(value)}::${cast}`);
        });
        return `(${cells.join(', ')})`;
      });
      const keyNames = meta.primaryKey.map((_, position) => `k${position}`);
      const conditions = meta.primaryKey.map((column, position) => `t.${quoteIdent(column)} = v.k${position}`).join(' and ');
      statements.push(
        `select coalesce(array_agg(v.i), '{}') as visible
           from (values ${tuples.join(', ')}) as v(i, ${keyNames.join(', ')})
          where exists (select 1 from ${quoteIdent(relation.schema)}.${quoteIdent(relation.name)} as t where ${conditions})`,
      );
    }
    statements.push('commit');
    let results: pg.QueryResult<{ visible?: number[] }>[];
    try {
      const answer = (await client.query(statements.join(';\n'))) as unknown as pg.QueryResult<{ visible?: number[] }>[] | pg.QueryResult<{ visible?: number[] }>;
      results = Array.isArray(answer) ? answer : [answer];
    } catch {
      let broken = false;
      await client.query('rollback').catch(() => {
        broken = true;
      });
      release(broken);
      const one: Set<number>[] = [];
      for (const check of checks) one.push(await visibleRows(pool, check.subscriber, check.relation, check.meta.primaryKey, check.meta, check.rows));
      return one;
    }
    release();
    // begin, then (settings, visibility) per identity, then commit.
    return checks.map((_, index) => new Set(results[2 + 2 * index]?.rows[0]?.visible ?? []));
  } finally {
    release();
  }
}

export async function dispatchTransaction(
  /** `admin` reads the catalog and types decoded values; `request` runs the per-subscriber RLS checks under the subscriber's role. */
  pools: ServicePools,
  transaction: Transaction,
  subscribers: Subscriber[],
  log: (message: string) => void,
): Promise<void> {
  if (subscribers.length === 0) return;
  // Subscribers are matched to a relation and event once per transaction, not once per change: a notice to 500
  // people is 500 changes of one relation.
  const byEntity = new Map<string, Candidate[]>();
  const candidatesOf = (change: Change): Candidate[] => {
    const key = `${change.relation.oid}\u0000${change.type}`;
    let candidates = byEntity.get(key);
    if (!candidates) {
      candidates = [];
      for (const subscriber of subscribers) {
        const bindings = subscriber.bindings.filter((binding) => matchesEntity(binding.params, change));
        if (bindings.length > 0) candidates.push({ subscriber, bindings });
      }
      byEntity.set(key, candidates);
    }
    return candidates;
  };
  const matching: { change: Change; candidates: Candidate[]; entity: string }[] = [];
  for (const change of transaction.changes) {
    const candidates = candidatesOf(change);
    if (candidates.length > 0) matching.push({ change, candidates, entity: `${change.relation.oid}\u0000${change.type}` });
  }
  if (matching.length === 0) return;

  const metas = new Map<number, RelationMeta | null>();
  for (const { change } of matching) {
    const oid = change.relation.oid;
    if (metas.has(oid)) continue;
    const roles = new Set<string>();
    for (const other of matching) {
      if (other.change.relation.oid === oid) for (const candidate of other.candidates) roles.add(candidate.subscriber.role);
    }
    metas.set(oid, await loadRelationMeta(pools.admin, oid, [...roles]));
  }

  // Canonical text of the keyed filters' values (cached across transactions), then the split per relation and event.
  const pairs: { value: string; cast: string }[] = [];
  for (const [entity, candidates] of byEntity) {
    const meta = metas.get(Number(entity.split('\u0000')[0]));
    if (!meta) continue;
    for (const candidate of candidates) {
      for (const binding of candidate.bindings) {
        for (const filter of binding.params.filters) {
          const column = meta.columns.get(filter.column);
          if (filter.op === 'eq' && !filter.negate && column && EXACT_TEXT_EQUALITY.has(column.typname)) pairs.push({ value: filter.value, cast: column.cast });
        }
      }
    }
  }
  await loadCanonicalValues(pools.admin, pairs);
  const splits = new Map<string, { general: Candidate[]; keyed: KeyedBindings }>();

  const planned: { work: Work; meta: RelationMeta }[] = [];
  for (const { change, candidates, entity } of matching) {
    const meta = metas.get(change.relation.oid);
    if (!meta) continue;
    let split = splits.get(entity);
    if (!split) splits.set(entity, (split = splitBindings(candidates, meta)));
    planned.push({ work: { change, candidates: split.general, keyed: split.keyed }, meta });
  }
  const prepared = await prepareChanges(pools.admin, planned, log);
  if (prepared.length === 0) return;

  const commitTimestamp = formatCommitTimestamp(transaction.commitTimeMicros);

  // RLS checks: one query per (identity, relation) for all INSERT/UPDATE rows it would receive.
  const visibility = new Map<string, Set<number>>();
  const pending = new Map<string, PendingCheck>();
  prepared.forEach((item, index) => {
    const { change } = item.work;
    if (!item.meta.rls || change.type === 'DELETE' || item.meta.primaryKey.length === 0) return;
    const key = item.meta.primaryKey.map((column) => {
      const position = change.relation.columns.findIndex((c) => c.name === column);
      const value = position >= 0 ? change.newTuple?.[position] : undefined;
      return typeof value === 'string' ? value : null;
    });
    for (const { candidate } of item.matched) {
      const pendingKey = `${identityKey(candidate.subscriber)}\u0000${change.relation.oid}`;
      let entry = pending.get(pendingKey);
      if (!entry) {
        entry = { subscriber: candidate.subscriber, meta: item.meta, relation: change.relation, rows: [] };
        pending.set(pendingKey, entry);
      }
      if (!entry.rows.some((row) => row.index === index)) entry.rows.push({ index, key });
    }
  });
  const checks: { pendingKey: string; entry: PendingCheck }[] = [];
  for (const [pendingKey, entry] of pending) {
    const selectable = entry.meta.selectable.get(entry.subscriber.role);
    if (!selectable || !entry.meta.primaryKey.every((column) => selectable.has(column))) {
      visibility.set(pendingKey, new Set());
      continue;
    }
    checks.push({ pendingKey, entry });
  }
  const chunks: (typeof checks)[] = [];
  for (let offset = 0; offset < checks.length; offset += RLS_CHECKS_PER_ROUND_TRIP) chunks.push(checks.slice(offset, offset + RLS_CHECKS_PER_ROUND_TRIP));
  // A few scripts at once, on separate connections of the request pool (never all of it: requests keep flowing).
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) {
      const results = await visibleRowsMany(pools.request, chunk.map(({ entry }) => entry));
      chunk.forEach(({ pendingKey }, index) => visibility.set(pendingKey, results[index] ?? new Set()));
    }
  };
  await Promise.all(Array.from({ length: Math.min(RLS_PARALLEL_SCRIPTS, chunks.length) }, worker));
  prepared.forEach((item, index) => {
    const { change } = item.work;
    const { meta } = item;
    for (const { candidate, ids } of item.matched) {
      const { subscriber } = candidate;
      const selectable = meta.selectable.get(subscriber.role);
      if (!selectable) continue;
      // Without a primary key, RLS cannot be checked: deliver only where RLS is off (hosted reports an error).
      if (meta.primaryKey.length === 0 && meta.rls && change.type !== 'DELETE') continue;
      if (!meta.primaryKey.every((column) => selectable.has(column))) continue;
      if (meta.rls && change.type !== 'DELETE') {
        const visible = visibility.get(`${identityKey(subscriber)}\u0000${change.relation.oid}`);
        if (!visible?.has(index)) continue;
      }
      const selected = selectedColumns(candidate.bindings.filter((binding) => ids.includes(binding.id)), meta.primaryKey);
      const allowed = (name: string): boolean => selectable.has(name) && (selected === null || selected.has(name));
      const columns: JsonObject[] = [];
      for (const column of change.relation.columns) {
        const columnMeta = meta.columns.get(column.name);
        if (columnMeta && allowed(column.name)) columns.push({ name: column.name, type: columnMeta.typname });
      }
      const data: JsonObject = {
        schema: change.relation.schema,
        table: change.relation.name,
        commit_timestamp: commitTimestamp,
        type: change.type,
        columns,
      };
      const values = item.values;
      if (change.type !== 'DELETE') data.record = buildRecord(item.record, values, allowed);
      if (change.type !== 'INSERT') {
        const pkOnly = change.type === 'DELETE' && meta.rls;
        data.old_record = buildRecord(item.oldRecord, values, (name) => allowed(name) && (!pkOnly || meta.primaryKey.includes(name)));
      }
      data.errors = null;
      subscriber.deliver({ ids, data });
    }
  });
}

function selectedColumns(bindings: ActiveBinding[], primaryKey: string[]): Set<string> | null {
  const selected = new Set<string>(primaryKey);
  for (const binding of bindings) {
    if (binding.params.selectedColumns === null) return null;
    for (const column of binding.params.selectedColumns) selected.add(column);
  }
  return selected;
}

function buildRecord(indexes: Map<string, number | null>, values: JsonValue[], allowed: (name: string) => boolean): JsonObject {
  const record: JsonObject = {};
  for (const [name, index] of indexes) {
    if (!allowed(name)) continue;
    record[name] = index === null ? null : (values[index] ?? null);
  }
  return record;
}
