/**
 * What the attacker suite attacks, read from the database catalogue rather than
 * from a list someone has to remember: every table privilege and column privilege
 * the API roles hold in `public`, every function they may execute, the primary
 * keys, foreign keys and enumerated check values that let the suite forge a
 * plausible value for any column. A new table, column or RPC therefore shows up
 * here by itself, and attacker-catalog.test.ts fails until it has a plan.
 */
import type pg from 'pg';

export type ApiRole = 'anon' | 'authenticated';
export type TablePrivilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface ColumnInfo {
  name: string;
  type: string;
  /** The referenced table, schema-qualified and quoted, and its column. */
  references: { table: string; column: string } | null;
  /** Literal values a check constraint on this column alone enumerates (statuses). */
  enumerated: string[];
}

export interface TableInfo {
  name: string;
  primaryKey: string[];
  columns: Map<string, ColumnInfo>;
  /** Per API role: table-level privileges (SELECT/DELETE) and columns per INSERT/UPDATE. */
  grants: Record<ApiRole, { table: Set<TablePrivilege>; insert: string[]; update: string[] }>;
}

export interface FunctionInfo {
  name: string;
  args: string;
  anon: boolean;
  authenticated: boolean;
}

export interface Catalog {
  tables: Map<string, TableInfo>;
  functions: FunctionInfo[];
}

function emptyGrants(): TableInfo['grants'] {
  return {
    anon: { table: new Set(), insert: [], update: [] },
    authenticated: { table: new Set(), insert: [], update: [] },
  };
}

export async function loadCatalog(db: pg.Client): Promise<Catalog> {
  const tables = new Map<string, TableInfo>();
  const tableRows = await db.query<{ name: string; pk: string[] }>(`
    select c.relname as name,
           coalesce((select array_agg(a.attname::text order by a.attnum)
                       from pg_index i
                       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
                      where i.indrelid = c.oid and i.indisprimary), '{}'::text[]) as pk
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')`);
  for (const row of tableRows.rows) {
    tables.set(row.name, { name: row.name, primaryKey: row.pk, columns: new Map(), grants: emptyGrants() });
  }

  const columns = await db.query<{ table_name: string; column_name: string; type: string; ref_table: string | null; ref_column: string | null; checks: string[] }>(`
    select c.table_name, c.column_name, c.udt_name as type,
           fk.ref_table, fk.ref_column,
           coalesce((select array_agg(pg_get_constraintdef(k.oid))
                       from pg_constraint k
                      where k.conrelid = format('public.%I', c.table_name)::regclass and k.contype = 'c'
                        and array_length(k.conkey, 1) = 1
                        and k.conkey[1] = (select attnum from pg_attribute
                                            where attrelid = k.conrelid and attname = c.column_name)), '{}') as checks
      from information_schema.columns c
      left join lateral (
        select format('%I.%I', rt.relnamespace::regnamespace, rt.relname) as ref_table, ra.attname as ref_column
          from pg_constraint k
          join pg_class rt on rt.oid = k.confrelid
          join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
          join pg_attribute la on la.attrelid = k.conrelid and la.attnum = k.conkey[1]
         where k.conrelid = format('public.%I', c.table_name)::regclass and k.contype = 'f'
           and array_length(k.conkey, 1) = 1 and la.attname = c.column_name
         limit 1) fk on true
     where c.table_schema = 'public'`);
  for (const row of columns.rows) {
    const table = tables.get(row.table_name);
    if (!table) continue;
    const enumerated = row.checks.flatMap((def) => [...def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]!));
    table.columns.set(row.column_name, {
      name: row.column_name,
      type: row.type,
      references: row.ref_table ? { table: row.ref_table, column: row.ref_column! } : null,
      enumerated: [...new Set(enumerated)],
    });
  }

  const tablePrivileges = await db.query<{ table_name: string; grantee: ApiRole; privilege_type: TablePrivilege }>(`
    select table_name, grantee, privilege_type from information_schema.table_privileges
     where table_schema = 'public' and grantee in ('anon', 'authenticated')
       and privilege_type in ('SELECT', 'INSERT', 'UPDATE', 'DELETE')`);
  for (const row of tablePrivileges.rows) tables.get(row.table_name)?.grants[row.grantee].table.add(row.privilege_type);

  const columnPrivileges = await db.query<{ table_name: string; grantee: ApiRole; privilege_type: 'INSERT' | 'UPDATE'; column_name: string }>(`
    select table_name, grantee, privilege_type, column_name from information_schema.column_privileges
     where table_schema = 'public' and grantee in ('anon', 'authenticated') and privilege_type in ('INSERT', 'UPDATE')
     order by column_name`);
  for (const row of columnPrivileges.rows) {
    const grants = tables.get(row.table_name)?.grants[row.grantee];
    if (!grants) continue;
    (row.privilege_type === 'INSERT' ? grants.insert : grants.update).push(row.column_name);
  }

  const functions = await db.query<FunctionInfo>(`
    select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
           has_function_privilege('anon', p.oid, 'execute') as anon,
           has_function_privilege('authenticated', p.oid, 'execute') as authenticated
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f'
       and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
     order by 1`);

  return { tables, functions: functions.rows };
}

/** Whether an API role can reach a table at all (any privilege). */
export function reachable(table: TableInfo, role: ApiRole): boolean {
  const g = table.grants[role];
  return g.table.size > 0 || g.insert.length > 0 || g.update.length > 0;
}

/**
 * A value for `column` that differs from `current` and that the column's type,
 * foreign key and enumerated checks would accept, so that a refusal can only come
 * from authorization (RLS, grants, guard triggers), never from a malformed value.
 */
export async function forgeValue(db: pg.Client, column: ColumnInfo, current: unknown, marker: string): Promise<unknown> {
  if (column.references) {
    const { table, column: refColumn } = column.references;
    const other = await db.query(
      `select ${quoteIdent(refColumn)} as v from ${table}
        where ${quoteIdent(refColumn)} is distinct from $1 order by 1 limit 1`,
      [current],
    );
    if (other.rows[0]) return other.rows[0].v;
  }
  if (column.enumerated.length > 0) {
    return column.enumerated.filter((v) => v !== current).at(-1) ?? current;
  }
  switch (column.type) {
    case 'uuid':
      return '00000000-0000-4000-8000-00000000a77c';
    case 'text':
    case 'varchar':
      return `${marker} ${String(current ?? '')}`.trim().slice(0, 60);
    case 'int2':
    case 'int4':
    case 'int8':
      return (Number(current) || 0) + 7;
    case 'numeric':
    case 'float8':
      return (Number(current) || 0) + 7.5;
    case 'bool':
      return !current;
    case 'date':
      return '2001-02-03';
    case 'timestamptz':
    case 'timestamp':
      return '2001-02-03T04:05:06Z';
    case 'jsonb':
    case 'json':
      return { forged: marker };
    case '_text':
      return [marker];
    case '_int4':
      // Seven small numbers: valid for a schedule's minutes per weekday, different from any seeded one.
      return [7, 7, 7, 7, 7, 7, 7];
    default:
      throw new Error(`No forged value for ${column.name} of type ${column.type}: teach forgeValue this type`);
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Compares a value read back through pg with one sent through PostgREST. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (v instanceof Date) return v.getTime();
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return new Date(v).getTime();
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    return v;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
