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
  candidates: Candidate[];
}

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
  readonly params: string[] = [];
  readonly expressions: string[] = [];
  private readonly byKey = new Map<string, number>();

  param(value: string): string {
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
  const filterIndexes = new Map<string, number | false>();
  for (const candidate of work.candidates) {
    for (const binding of candidate.bindings) {
      for (const filter of binding.params.filters) {
        const key = `${filter.column}\u0000${filter.op}\u0000${filter.value}\u0000${filter.negate}`;
        if (filterIndexes.has(key)) continue;
        const condition = filterCondition(batch, filter, filterTuple, meta);
        filterIndexes.set(key, condition === null ? false : batch.add(`${prefix}:filter:${key}`, `to_jsonb(${condition})`));
      }
    }
  }
  return (values) => {
    const matched: Prepared['matched'] = [];
    for (const candidate of work.candidates) {
      const ids = new Set<number>();
      for (const binding of candidate.bindings) {
        const holds = binding.params.filters.every((filter) => {
          const index = filterIndexes.get(`${filter.column}\u0000${filter.op}\u0000${filter.value}\u0000${filter.negate}`);
          return index !== undefined && index !== false && values[index] === true;
        });
        if (holds) ids.add(binding.id);
      }
      if (ids.size > 0) matched.push({ candidate, ids: [...ids] });
    }
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
    params += (item.work.change.newTuple?.length ?? 0) + (item.work.change.oldTuple?.length ?? 0) + 8;
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

export async function dispatchTransaction(
  /** `admin` reads the catalog and types decoded values; `request` runs the per-subscriber RLS checks under the subscriber's role. */
  pools: ServicePools,
  transaction: Transaction,
  subscribers: Subscriber[],
  log: (message: string) => void,
): Promise<void> {
  if (subscribers.length === 0) return;
  const works: Work[] = [];
  for (const change of transaction.changes) {
    const candidates: Candidate[] = [];
    for (const subscriber of subscribers) {
      const bindings = subscriber.bindings.filter((binding) => matchesEntity(binding.params, change));
      if (bindings.length > 0) candidates.push({ subscriber, bindings });
    }
    if (candidates.length > 0) works.push({ change, candidates });
  }
  if (works.length === 0) return;

  const metas = new Map<number, RelationMeta | null>();
  for (const work of works) {
    const oid = work.change.relation.oid;
    if (metas.has(oid)) continue;
    const roles = new Set<string>();
    for (const other of works) {
      if (other.change.relation.oid === oid) for (const candidate of other.candidates) roles.add(candidate.subscriber.role);
    }
    metas.set(oid, await loadRelationMeta(pools.admin, oid, [...roles]));
  }

  const planned: { work: Work; meta: RelationMeta }[] = [];
  for (const work of works) {
    const meta = metas.get(work.change.relation.oid);
    if (meta) planned.push({ work, meta });
  }
  const prepared = await prepareChanges(pools.admin, planned, log);
  if (prepared.length === 0) return;

  const commitTimestamp = formatCommitTimestamp(transaction.commitTimeMicros);

  // RLS checks: one query per (identity, relation) for all INSERT/UPDATE rows it would receive.
  const visibility = new Map<string, Set<number>>();
  const pending = new Map<string, { subscriber: Subscriber; meta: RelationMeta; relation: Change['relation']; rows: { index: number; key: (string | null)[] }[] }>();
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
  for (const [pendingKey, entry] of pending) {
    const selectable = entry.meta.selectable.get(entry.subscriber.role);
    if (!selectable || !entry.meta.primaryKey.every((column) => selectable.has(column))) {
      visibility.set(pendingKey, new Set());
      continue;
    }
    visibility.set(
      pendingKey,
      await visibleRows(pools.request, entry.subscriber, entry.relation, entry.meta.primaryKey, entry.meta, entry.rows),
    );
  }

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
