/**
 * The schema cache: relations, columns, keys, relationships and functions of the exposed
 * schemas, loaded with a handful of catalog queries and rebuilt on schema change. Every
 * identifier the SQL builder emits comes from here.
 */
import type pg from 'pg';

export interface Column {
  name: string;
  /** format_type() output, e.g. `integer`, `text[]`, `timestamp with time zone`. */
  type: string;
  /** Base type name (typname), e.g. `tsvector`, `int4`, `_text`. */
  typname: string;
  nullable: boolean;
  /** pg_get_expr() of the column default, if any. */
  defaultExpr: string | null;
  generated: boolean;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  columnList: Column[];
  primaryKey: string[];
  /** Column sets of PK and unique constraints/indexes. */
  uniqueKeys: string[][];
  insertable: boolean;
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  origin: string;
  target: string;
  /** Constraint name (for M2M: the junction table name is in `junction`). */
  constraint: string;
  /** Join pairs origin.col = target.col (direct relationships). */
  pairs: [string, string][];
  /** M2M only. */
  junction?: { table: string; fkOrigin: ForeignKey; fkTarget: ForeignKey };
  /** The relationship's FK lives on the origin (M2O or O2O from the FK side). */
  fkOnOrigin: boolean;
  fk: ForeignKey;
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface RestFunction {
  schema: string;
  name: string;
  oid: number;
  args: FunctionArg[];
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  /** Return type as format_type. */
  returnType: string;
  returnTypname: string;
  /** 'void' | 'scalar' | 'composite' */
  returnKind: 'void' | 'scalar' | 'composite';
  /** When the function returns rows of a relation in the cache. */
  returnRelation: { schema: string; name: string } | undefined;
  /** RETURNS TABLE(...) output columns / composite type columns. */
  returnColumns: Column[];
  variadic: boolean;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  relationships: Map<string, Relationship[]>;
  functions: Map<string, RestFunction[]>;
  roles: Set<string>;
  /** Role → tx-local settings from `ALTER ROLE ... SET` (statement_timeout, ...). */
  roleSettings: Map<string, [string, string][]>;
}

export function relKey(schema: string, name: string): string {
  return `${schema}\u0000${name}`;
}

const ALLOWED_ROLE_SETTINGS = new Set(['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout', 'search_path_unused']);

export async function loadSchemaCache(pool: pg.Pool, schemas: string[]): Promise<SchemaCache> {
  const client = await pool.connect();
  try {
    const rels = await client.query<{ schema: string; name: string; relkind: string; insertable: boolean }>(
      `select n.nspname as schema, c.relname as name, c.relkind::text as relkind,
              (c.relkind in ('r','p') or pg_relation_is_updatable(c.oid, true) & 8 = 8) as insertable
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and c.relkind in ('r','v','m','f','p')`,
      [schemas],
    );
    const cols = await client.query<{
      schema: string; table: string; name: string; type: string; typname: string; notnull: boolean; def: string | null; generated: boolean;
    }>(
      `select n.nspname as schema, c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
              t.typname as typname, a.attnotnull as notnull, pg_get_expr(d.adbin, d.adrelid) as def,
              (a.attgenerated <> '' or a.attidentity = 'a') as generated
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_type t on t.oid = a.atttypid
         left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = any($1) and c.relkind in ('r','v','m','f','p') and a.attnum > 0 and not a.attisdropped
        order by n.nspname, c.relname, a.attnum`,
      [schemas],
    );
    const keys = await client.query<{ schema: string; table: string; contype: string; name: string; cols: string[]; refschema: string | null; reftable: string | null; refcols: string[] | null }>(
      `select n.nspname as schema, c.relname as table, k.contype::text as contype, k.conname as name,
              array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as cols,
              rn.nspname as refschema, rc.relname as reftable,
              case when k.contype = 'f' then array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                      join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) end as refcols
         from pg_constraint k
         join pg_class c on c.oid = k.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_class rc on rc.oid = k.confrelid
         left join pg_namespace rn on rn.oid = rc.relnamespace
        where n.nspname = any($1) and k.contype in ('p','u','f')
        order by k.conname`,
      [schemas],
    );
    const uniqIdx = await client.query<{ schema: string; table: string; cols: string[] }>(
      `select n.nspname as schema, c.relname as table,
              array(select a.attname::text from unnest(i.indkey::int2[]) u(n) join pg_attribute a on a.attrelid = i.indrelid and a.attnum = u.n) as cols
         from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and i.indisunique and i.indpred is null and i.indexprs is null`,
      [schemas],
    );
    const fns = await client.query<{
      schema: string; name: string; oid: number; argnames: string[] | null; argtypes: string[]; argmodes: string[] | null;
      nargdefaults: number; nargs: number; volatility: string; retset: boolean; rettype: string; rettypname: string;
      rettyptype: string; retrelschema: string | null; retrelname: string | null; variadic: boolean;
      outcols: { name: string; type: string; typname: string }[] | null;
    }>(
      `select n.nspname as schema, p.proname as name, p.oid::int as oid, p.proargnames as argnames,
              array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as argtypes,
              p.proargmodes::text[] as argmodes, p.pronargdefaults::int as nargdefaults, p.pronargs::int as nargs,
              p.provolatile::text as volatility, p.proretset as retset, format_type(p.prorettype, null) as rettype,
              rt.typname as rettypname, rt.typtype::text as rettyptype, rn.nspname as retrelschema, rc.relname as retrelname,
              p.provariadic <> 0 as variadic,
              case when rc.oid is not null then (
                select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', at.typname) order by a.attnum)
                  from pg_attribute a join pg_type at on at.oid = a.atttypid
                 where a.attrelid = rc.oid and a.attnum > 0 and not a.attisdropped) end as outcols
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type rt on rt.oid = p.prorettype
         left join pg_class rc on rc.oid = rt.typrelid
         left join pg_namespace rn on rn.oid = rc.relnamespace
        where n.nspname = any($1) and p.prokind = 'f'`,
      [schemas],
    );
    const roles = await client.query<{ rolname: string; settings: string[] | null }>(
      // only roles the authenticator may switch to (as under PostgREST, which connects as authenticator)
      `select r.rolname, s.setconfig as settings
         from pg_roles r left join pg_db_role_setting s on s.setrole = r.oid and s.setdatabase = 0
        where case when exists (select 1 from pg_roles where rolname = 'authenticator')
                   then pg_has_role('authenticator', r.oid, 'MEMBER') and r.rolname <> 'authenticator'
                   else r.rolname in ('anon', 'authenticated', 'service_role') end`,
    );

    const relations = new Map<string, Relation>();
    for (const r of rels.rows) {
      relations.set(relKey(r.schema, r.name), {
        schema: r.schema,
        name: r.name,
        kind: r.relkind === 'r' || r.relkind === 'p' || r.relkind === 'f' ? 'table' : 'view',
        columns: new Map(),
        columnList: [],
        primaryKey: [],
        uniqueKeys: [],
        insertable: r.insertable,
      });
    }
    for (const c of cols.rows) {
      const rel = relations.get(relKey(c.schema, c.table));
      if (!rel) continue;
      const col: Column = { name: c.name, type: c.type, typname: c.typname, nullable: !c.notnull, defaultExpr: c.def, generated: c.generated };
      rel.columns.set(c.name, col);
      rel.columnList.push(col);
    }
    const fks: ForeignKey[] = [];
    for (const k of keys.rows) {
      const rel = relations.get(relKey(k.schema, k.table));
      if (!rel) continue;
      if (k.contype === 'p') {
        rel.primaryKey = k.cols;
        rel.uniqueKeys.push(k.cols);
      } else if (k.contype === 'u') rel.uniqueKeys.push(k.cols);
      else if (k.contype === 'f' && k.refschema === k.schema && k.reftable && k.refcols) {
        fks.push({ name: k.name, schema: k.schema, table: k.table, columns: k.cols, refTable: k.reftable, refColumns: k.refcols });
      }
    }
    for (const u of uniqIdx.rows) relations.get(relKey(u.schema, u.table))?.uniqueKeys.push(u.cols);

    const relationships = buildRelationships(relations, fks);

    const functions = new Map<string, RestFunction[]>();
    for (const f of fns.rows) {
      const modes = f.argmodes ?? f.argtypes.map(() => 'i');
      const args: FunctionArg[] = [];
      const returnColumns: Column[] = [];
      const inputCount = modes.filter((m) => m === 'i' || m === 'b' || m === 'v').length;
      let inputIndex = 0;
      modes.forEach((mode, i) => {
        const name = f.argnames?.[i] ?? '';
        const type = f.argtypes[i] ?? 'unknown';
        if (mode === 'i' || mode === 'b' || mode === 'v') {
          args.push({ name, type, hasDefault: inputIndex >= inputCount - f.nargdefaults });
          inputIndex++;
        }
        if (mode === 't' || mode === 'o' || mode === 'b') {
          returnColumns.push({ name, type, typname: type, nullable: true, defaultExpr: null, generated: false });
        }
      });
      let returnKind: RestFunction['returnKind'] = 'scalar';
      if (f.rettypname === 'void') returnKind = 'void';
      // OUT / TABLE columns make rows even when there is only one (Postgres then reports
      // the column's own type as the return type): PostgREST answers [{"col": v}].
      else if (f.rettyptype === 'c' || returnColumns.length > 0) returnKind = 'composite';
      if (f.outcols && returnColumns.length === 0) {
        for (const oc of f.outcols) returnColumns.push({ name: oc.name, type: oc.type, typname: oc.typname, nullable: true, defaultExpr: null, generated: false });
      }
      const retRel = f.retrelschema && f.retrelname && relations.has(relKey(f.retrelschema, f.retrelname))
        ? { schema: f.retrelschema, name: f.retrelname }
        : undefined;
      const fn: RestFunction = {
        schema: f.schema, name: f.name, oid: f.oid, args, volatility: f.volatility as 'i' | 's' | 'v', returnsSet: f.retset,
        returnType: f.rettype, returnTypname: f.rettypname, returnKind, returnRelation: retRel, returnColumns, variadic: f.variadic,
      };
      const key = relKey(f.schema, f.name);
      const list = functions.get(key) ?? [];
      list.push(fn);
      functions.set(key, list);
    }

    const roleSet = new Set<string>();
    const roleSettings = new Map<string, [string, string][]>();
    for (const r of roles.rows) {
      roleSet.add(r.rolname);
      const settings: [string, string][] = [];
      for (const s of r.settings ?? []) {
        const eq = s.indexOf('=');
        const key = s.slice(0, eq);
        if (ALLOWED_ROLE_SETTINGS.has(key)) settings.push([key, s.slice(eq + 1)]);
      }
      roleSettings.set(r.rolname, settings);
    }
    return { relations, relationships, functions, roles: roleSet, roleSettings };
  } finally {
    client.release();
  }
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function isUnique(rel: Relation | undefined, cols: string[]): boolean {
  return rel !== undefined && rel.uniqueKeys.some((k) => sameSet(k, cols));
}

function buildRelationships(relations: Map<string, Relation>, fks: ForeignKey[]): Map<string, Relationship[]> {
  const out = new Map<string, Relationship[]>();
  const add = (schema: string, origin: string, r: Relationship): void => {
    const key = relKey(schema, origin);
    const list = out.get(key) ?? [];
    list.push(r);
    out.set(key, list);
  };
  for (const fk of fks) {
    const originRel = relations.get(relKey(fk.schema, fk.table));
    const oneToOne = isUnique(originRel, fk.columns);
    const pairs = fk.columns.map((c, i) => [c, fk.refColumns[i] as string] as [string, string]);
    add(fk.schema, fk.table, {
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      origin: fk.table, target: fk.refTable, constraint: fk.name, pairs, fkOnOrigin: true, fk,
    });
    add(fk.schema, fk.refTable, {
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      origin: fk.refTable, target: fk.table, constraint: fk.name,
      pairs: pairs.map(([a, b]) => [b, a] as [string, string]), fkOnOrigin: false, fk,
    });
  }
  // junctions: a table with two FKs whose columns are both part of its primary key
  const byTable = new Map<string, ForeignKey[]>();
  for (const fk of fks) {
    const key = relKey(fk.schema, fk.table);
    byTable.set(key, [...(byTable.get(key) ?? []), fk]);
  }
  for (const [key, list] of byTable) {
    const junction = relations.get(key);
    if (!junction || list.length < 2) continue;
    const pk = junction.primaryKey;
    for (const a of list) {
      for (const b of list) {
        if (a === b) continue;
        if (!a.columns.every((c) => pk.includes(c)) || !b.columns.every((c) => pk.includes(c))) continue;
        add(a.schema, a.refTable, {
          cardinality: 'many-to-many', origin: a.refTable, target: b.refTable, constraint: `${a.name},${b.name}`,
          pairs: [], junction: { table: junction.name, fkOrigin: a, fkTarget: b }, fkOnOrigin: false, fk: a,
        });
      }
    }
  }
  return out;
}
