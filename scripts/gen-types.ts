/**
 * Generates src/types/database.types.ts from a migrated database, in the shape
 * `supabase gen types typescript` produces (Database → schema → Tables / Views /
 * Functions / Enums / CompositeTypes, plus the Tables<> / TablesInsert<> /
 * TablesUpdate<> / Enums<> / CompositeTypes<> helpers and Constants).
 *
 * Usage:
 *   npx tsx scripts/gen-types.ts [--db-url <url>] [--schema public] [--check]
 * The database URL comes from --db-url, else $SUPABASE_DB_URL / $DATABASE_URL,
 * else DB_URL in .local-supabase/status.json (written by `npm run backend`).
 * With --check nothing is written; the exit code is 1 when the file is stale.
 * The output is deterministic: everything is sorted by name.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUT = path.join(REPO_ROOT, 'src/types/database.types.ts');
/** The PostgREST major line the local backend follows (selects supabase-js typing features). */
const POSTGREST_VERSION = '14.1';

interface Options {
  dbUrl: string;
  schemas: string[];
  check: boolean;
}

function parseArgs(argv: string[]): Options {
  let dbUrl: string | undefined;
  const schemas: string[] = [];
  let check = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--check') check = true;
    else if (arg === '--db-url') dbUrl = argv[++i];
    else if (arg === '--schema') {
      const value = argv[++i];
      if (value) schemas.push(value);
    } else if (arg?.startsWith('postgres')) dbUrl = arg;
    else throw new Error(`Unknown argument: ${arg ?? ''}`);
  }
  dbUrl ??= process.env.SUPABASE_DB_URL || process.env.DATABASE_URL || readStatusDbUrl();
  if (!dbUrl) {
    throw new Error('No database URL: pass --db-url, set SUPABASE_DB_URL, or start the local backend (npm run backend).');
  }
  return { dbUrl, schemas: schemas.length > 0 ? schemas : ['public'], check };
}

function readStatusDbUrl(): string | undefined {
  const dataDir = process.env.LOCAL_SUPABASE_DATA_DIR || path.join(REPO_ROOT, '.local-supabase');
  const file = path.join(dataDir, 'status.json');
  if (!existsSync(file)) return undefined;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed === 'object' && parsed !== null && 'DB_URL' in parsed && typeof parsed.DB_URL === 'string') {
    return parsed.DB_URL;
  }
  return undefined;
}

interface ColumnRow {
  schema: string;
  table_name: string;
  kind: string;
  name: string;
  type_schema: string;
  type_name: string;
  type_type: string;
  elem_schema: string | null;
  elem_name: string | null;
  elem_type: string | null;
  nullable: boolean;
  has_default: boolean;
  is_identity: boolean;
  identity_always: boolean;
  is_generated: boolean;
  updatable: boolean;
}

interface FkRow {
  schema: string;
  table_name: string;
  name: string;
  columns: string[];
  ref_schema: string;
  ref_table: string;
  ref_columns: string[];
  one_to_one: boolean;
}

interface FunctionRow {
  schema: string;
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  nargs_default: number;
  ret_type: string;
  ret_set: boolean;
  ret_table_relname: string | null;
  ret_table_kind: string | null;
  out_cols: { name: string; type: string }[] | null;
}

interface TypeInfo {
  schema: string;
  name: string;
  typtype: string;
  elem: string | null;
}

interface EnumRow {
  schema: string;
  name: string;
  values: string[];
}

interface CompositeRow {
  schema: string;
  name: string;
  attrs: { name: string; type: string }[];
}

const byName = <T extends { name: string }>(a: T, b: T): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function quoteKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

class TypeMapper {
  constructor(
    private readonly types: Map<string, TypeInfo>,
    private readonly schemas: string[],
  ) {}

  /** TypeScript type of a PostgreSQL type given by oid. */
  fromOid(oid: string): string {
    const info = this.types.get(oid);
    if (!info) return 'unknown';
    return this.fromInfo(info);
  }

  private fromInfo(info: TypeInfo): string {
    if (info.elem && info.name.startsWith('_')) {
      const inner = this.fromOid(info.elem);
      return /^[A-Za-z0-9_[\]"]+$/.test(inner) ? `${inner}[]` : `(${inner})[]`;
    }
    if (info.typtype === 'e') {
      return this.schemas.includes(info.schema) ? `Database[${JSON.stringify(info.schema)}]["Enums"][${JSON.stringify(info.name)}]` : 'string';
    }
    if (info.typtype === 'c') {
      return this.schemas.includes(info.schema)
        ? `Database[${JSON.stringify(info.schema)}]["CompositeTypes"][${JSON.stringify(info.name)}]`
        : 'unknown';
    }
    if (info.typtype === 'd' && info.elem) return this.fromOid(info.elem);
    return scalar(info.name);
  }
}

function scalar(name: string): string {
  switch (name) {
    case 'bool':
      return 'boolean';
    case 'int2':
    case 'int4':
    case 'int8':
    case 'float4':
    case 'float8':
    case 'numeric':
    case 'oid':
      return 'number';
    case 'json':
    case 'jsonb':
      return 'Json';
    case 'void':
      return 'undefined';
    case 'record':
      return 'Record<string, unknown>';
    case 'bytea':
    case 'bpchar':
    case 'char':
    case 'varchar':
    case 'text':
    case 'citext':
    case 'name':
    case 'uuid':
    case 'date':
    case 'time':
    case 'timetz':
    case 'timestamp':
    case 'timestamptz':
    case 'interval':
    case 'inet':
    case 'cidr':
    case 'macaddr':
    case 'tsvector':
    case 'tsquery':
    case 'vector':
      return 'string';
    default:
      return 'unknown';
  }
}

async function introspect(client: pg.Client, schemas: string[]) {
  const types = new Map<string, TypeInfo>();
  const typeRows = await client.query<{ oid: string; schema: string; name: string; typtype: string; elem: string | null }>(`
    select t.oid::text as oid, n.nspname as schema, t.typname as name, t.typtype::text as typtype,
           case when t.typelem <> 0 then t.typelem::text when t.typtype = 'd' then t.typbasetype::text end as elem
    from pg_type t join pg_namespace n on n.oid = t.typnamespace`);
  for (const row of typeRows.rows) types.set(row.oid, row);

  const columns = await client.query<ColumnRow & { type_oid: string }>(
    `
    select n.nspname as schema, c.relname as table_name, c.relkind::text as kind, a.attname as name,
           a.atttypid::text as type_oid, '' as type_schema, '' as type_name, '' as type_type,
           null as elem_schema, null as elem_name, null as elem_type,
           not a.attnotnull as nullable, a.atthasdef as has_default,
           a.attidentity <> '' as is_identity, a.attidentity = 'a' as identity_always,
           a.attgenerated <> '' as is_generated,
           (pg_relation_is_updatable(c.oid, false) & 8) = 8 as updatable
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and a.attnum > 0 and not a.attisdropped
    order by n.nspname, c.relname, a.attname`,
    [schemas],
  );

  const fks = await client.query<FkRow>(
    `
    select n.nspname as schema, c.relname as table_name, con.conname as name,
           array(select a.attname from unnest(con.conkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord)::text[] as columns,
           rn.nspname as ref_schema, rc.relname as ref_table,
           array(select a.attname from unnest(con.confkey) with ordinality k(attnum, ord)
                 join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord)::text[] as ref_columns,
           exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                   and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class rc on rc.oid = con.confrelid
    join pg_namespace rn on rn.oid = rc.relnamespace
    where con.contype = 'f' and n.nspname = any($1)
    order by n.nspname, c.relname, con.conname`,
    [schemas],
  );

  const functions = await client.query<FunctionRow>(
    `
    select n.nspname as schema, p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
           coalesce(p.proallargtypes::oid[], p.proargtypes::oid[])::text[] as arg_types,
           p.pronargdefaults as nargs_default, p.prorettype::text as ret_type, p.proretset as ret_set,
           rc.relname as ret_table_relname, rc.relkind::text as ret_table_kind,
           null::jsonb as out_cols
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    left join pg_type rt on rt.oid = p.prorettype
    left join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'p', 'v', 'm', 'f')
      and rc.relnamespace = any(select oid from pg_namespace where nspname = any($1))
    where n.nspname = any($1) and p.prokind = 'f'
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`,
    [schemas],
  );

  const enums = await client.query<EnumRow>(
    `
    select n.nspname as schema, t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as values
    from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
    where n.nspname = any($1)
    group by n.nspname, t.typname
    order by n.nspname, t.typname`,
    [schemas],
  );

  const composites = await client.query<CompositeRow>(
    `
    select n.nspname as schema, t.typname as name,
           coalesce(jsonb_agg(jsonb_build_object('name', a.attname, 'type', a.atttypid::text) order by a.attname)
                    filter (where a.attname is not null), '[]'::jsonb) as attrs
    from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    join pg_class c on c.oid = t.typrelid and c.relkind = 'c'
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = any($1)
    group by n.nspname, t.typname
    order by n.nspname, t.typname`,
    [schemas],
  );

  return { types, columns: columns.rows, fks: fks.rows, functions: functions.rows, enums: enums.rows, composites: composites.rows };
}

type Introspection = Awaited<ReturnType<typeof introspect>>;

function render(data: Introspection, schemas: string[]): string {
  const mapper = new TypeMapper(data.types, schemas);
  const out: string[] = [];
  const line = (indent: number, text: string) => out.push(`${'  '.repeat(indent)}${text}`);

  out.push('// Generated by scripts/gen-types.ts from the migrated database. Do not edit by hand:');
  out.push('// change a migration, then run `npm run gen:types`.');
  out.push('export type Json =');
  out.push('  | string');
  out.push('  | number');
  out.push('  | boolean');
  out.push('  | null');
  out.push('  | { [key: string]: Json | undefined }');
  out.push('  | Json[]');
  out.push('');
  out.push('export type Database = {');
  line(1, '// Lets createClient<Database>() pick the PostgREST version without a second type argument.');
  line(1, '__InternalSupabase: {');
  line(2, `PostgrestVersion: ${JSON.stringify(POSTGREST_VERSION)}`);
  line(1, '}');

  for (const schema of [...schemas].sort()) {
    const relations = new Map<string, { kind: string; columns: (ColumnRow & { type_oid: string })[] }>();
    for (const col of data.columns as (ColumnRow & { type_oid: string })[]) {
      if (col.schema !== schema) continue;
      const rel = relations.get(col.table_name) ?? { kind: col.kind, columns: [] };
      rel.columns.push(col);
      relations.set(col.table_name, rel);
    }
    const names = [...relations.keys()].sort();
    const tables = names.filter((n) => ['r', 'p', 'f'].includes(relations.get(n)?.kind ?? ''));
    const views = names.filter((n) => ['v', 'm'].includes(relations.get(n)?.kind ?? ''));

    line(1, `${quoteKey(schema)}: {`);
    for (const [section, list] of [
      ['Tables', tables],
      ['Views', views],
    ] as const) {
      if (list.length === 0) {
        line(2, `${section}: {`);
        line(3, '[_ in never]: never');
        line(2, '}');
        continue;
      }
      line(2, `${section}: {`);
      for (const name of list) {
        const rel = relations.get(name);
        if (!rel) continue;
        const isView = section === 'Views';
        line(3, `${quoteKey(name)}: {`);
        line(4, 'Row: {');
        for (const col of rel.columns) {
          const ts = mapper.fromOid(col.type_oid);
          line(5, `${quoteKey(col.name)}: ${ts}${col.nullable || isView ? ' | null' : ''}`);
        }
        line(4, '}');
        if (!isView || rel.columns.some((c) => c.updatable)) {
          for (const kind of ['Insert', 'Update'] as const) {
            line(4, `${kind}: {`);
            for (const col of rel.columns) {
              const ts = mapper.fromOid(col.type_oid);
              if (col.is_generated || col.identity_always) {
                line(5, `${quoteKey(col.name)}?: never`);
                continue;
              }
              const optional = kind === 'Update' || isView || col.nullable || col.has_default || col.is_identity;
              line(5, `${quoteKey(col.name)}${optional ? '?' : ''}: ${ts}${col.nullable || isView ? ' | null' : ''}`);
            }
            line(4, '}');
          }
        }
        const rels = data.fks
          .filter((fk) => fk.schema === schema && fk.table_name === name && fk.ref_schema === schema)
          .sort(byName);
        if (rels.length === 0) {
          line(4, 'Relationships: []');
        } else {
          line(4, 'Relationships: [');
          for (const fk of rels) {
            line(5, '{');
            line(6, `foreignKeyName: ${JSON.stringify(fk.name)}`);
            line(6, `columns: [${fk.columns.map((c) => JSON.stringify(c)).join(', ')}]`);
            line(6, `isOneToOne: ${fk.one_to_one ? 'true' : 'false'}`);
            line(6, `referencedRelation: ${JSON.stringify(fk.ref_table)}`);
            line(6, `referencedColumns: [${fk.ref_columns.map((c) => JSON.stringify(c)).join(', ')}]`);
            line(5, '},');
          }
          line(4, ']');
        }
        line(3, '}');
      }
      line(2, '}');
    }

    // Functions: overloads become a union, as the CLI does.
    const fnGroups = new Map<string, string[][]>();
    for (const fn of data.functions.filter((f) => f.schema === schema)) {
      const variant: string[] = [];
      const modes = fn.arg_modes ?? fn.arg_types.map(() => 'i');
      const inputs: { name: string; type: string; optional: boolean }[] = [];
      const outputs: { name: string; type: string }[] = [];
      const inputCount = modes.filter((m) => m === 'i' || m === 'b' || m === 'v').length;
      let inputIndex = 0;
      fn.arg_types.forEach((typeOid, i) => {
        const mode = modes[i] ?? 'i';
        const argName = fn.arg_names?.[i] ?? '';
        const ts = mapper.fromOid(typeOid);
        if (mode === 'i' || mode === 'b' || mode === 'v') {
          const optional = inputIndex >= inputCount - fn.nargs_default;
          inputIndex += 1;
          if (argName !== '') inputs.push({ name: argName, type: ts, optional });
          else inputs.push({ name: '', type: ts, optional });
        }
        if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name: argName, type: ts });
      });
      const unnamed = inputs.filter((a) => a.name === '');
      if (inputs.length === 0) {
        variant.push('Args: never');
      } else if (unnamed.length === 1 && inputs.length === 1) {
        variant.push(`Args: { "": ${unnamed[0]?.type ?? 'unknown'} }`);
      } else {
        variant.push('Args: {');
        for (const a of [...inputs].filter((x) => x.name !== '').sort(byName)) {
          variant.push(`  ${quoteKey(a.name)}${a.optional ? '?' : ''}: ${a.type}`);
        }
        variant.push('}');
      }
      let returns: string;
      if (outputs.length > 0 && (fn.ret_set || outputs.length > 1)) {
        const fields = [...outputs].sort(byName).map((o) => `${quoteKey(o.name)}: ${o.type}`);
        returns = `{\n${fields.map((f) => `  ${f}`).join('\n')}\n}${fn.ret_set ? '[]' : ''}`;
      } else if (fn.ret_table_relname) {
        const section = fn.ret_table_kind === 'v' || fn.ret_table_kind === 'm' ? 'Views' : 'Tables';
        returns = `Database[${JSON.stringify(schema)}][${JSON.stringify(section)}][${JSON.stringify(fn.ret_table_relname)}]["Row"]${fn.ret_set ? '[]' : ''}`;
      } else {
        const ts = mapper.fromOid(fn.ret_type);
        returns = fn.ret_set ? `${/^[A-Za-z0-9_]+$/.test(ts) ? ts : `(${ts})`}[]` : ts;
      }
      const retLines = returns.split('\n');
      variant.push(`Returns: ${retLines[0] ?? ''}`);
      for (const l of retLines.slice(1)) variant.push(l);
      const group = fnGroups.get(fn.name) ?? [];
      group.push(variant);
      fnGroups.set(fn.name, group);
    }
    if (fnGroups.size === 0) {
      line(2, 'Functions: {');
      line(3, '[_ in never]: never');
      line(2, '}');
    } else {
      line(2, 'Functions: {');
      for (const name of [...fnGroups.keys()].sort()) {
        const variants = fnGroups.get(name) ?? [];
        if (variants.length === 1) {
          line(3, `${quoteKey(name)}: {`);
          for (const l of variants[0] ?? []) line(4, l);
          line(3, '}');
        } else {
          line(3, `${quoteKey(name)}:`);
          for (const v of variants) {
            line(4, '| {');
            for (const l of v) line(6, l);
            line(5, '}');
          }
        }
      }
      line(2, '}');
    }

    const enums = data.enums.filter((e) => e.schema === schema);
    if (enums.length === 0) {
      line(2, 'Enums: {');
      line(3, '[_ in never]: never');
      line(2, '}');
    } else {
      line(2, 'Enums: {');
      for (const e of enums) line(3, `${quoteKey(e.name)}: ${e.values.map((v) => JSON.stringify(v)).join(' | ')}`);
      line(2, '}');
    }

    const composites = data.composites.filter((c) => c.schema === schema);
    if (composites.length === 0) {
      line(2, 'CompositeTypes: {');
      line(3, '[_ in never]: never');
      line(2, '}');
    } else {
      line(2, 'CompositeTypes: {');
      for (const c of composites) {
        line(3, `${quoteKey(c.name)}: {`);
        for (const a of c.attrs) line(4, `${quoteKey(a.name)}: ${mapper.fromOid(a.type)} | null`);
        line(3, '}');
      }
      line(2, '}');
    }
    line(1, '}');
  }
  out.push('}');
  out.push('');
  out.push(HELPERS.trimStart());
  out.push('export const Constants = {');
  for (const schema of [...schemas].sort()) {
    line(1, `${quoteKey(schema)}: {`);
    line(2, 'Enums: {');
    for (const e of data.enums.filter((x) => x.schema === schema)) {
      line(3, `${quoteKey(e.name)}: [${e.values.map((v) => JSON.stringify(v)).join(', ')}],`);
    }
    line(2, '},');
    line(1, '},');
  }
  out.push('} as const');
  return `${out.join('\n')}\n`;
}

const HELPERS = `
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends { Row: infer R }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends { Row: infer R }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Insert: infer I }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Insert: infer I }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Update: infer U }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Update: infer U }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const client = new pg.Client({ connectionString: options.dbUrl });
  await client.connect();
  let text: string;
  try {
    text = render(await introspect(client, options.schemas), options.schemas);
  } finally {
    await client.end();
  }
  const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
  const relative = path.relative(REPO_ROOT, OUTPUT);
  if (options.check) {
    if (current === text) {
      console.log(`${relative} is up to date.`);
      return 0;
    }
    console.error(`${relative} is stale: run \`npm run gen:types\` against the migrated database and commit the result.`);
    return 1;
  }
  if (current === text) {
    console.log(`${relative} unchanged.`);
    return 0;
  }
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, text);
  console.log(`Wrote ${relative}.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
