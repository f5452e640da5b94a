/**
 * Our own version of Supabase's database linter (splinter) over the app's
 * migrated database (see shared notes quality.md). The schema itself is what is
 * under test here, so these checks read the PostgreSQL catalogue directly.
 * Each check lists the offending objects, so a failure names what to fix.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appBackend, sql } from '../../utils/env.ts';

/**
 * Security-definer functions in an exposed schema that `anon` may execute on
 * purpose (for example the public signature page's RPC). Add with a reason.
 */
const ANON_SECURITY_DEFINER_ALLOWLIST: string[] = [
  // The registration page lists unit names before anyone is signed in.
  'public.list_unit_names',
  // The public signature page (/assinar/:token): a token-bound view of one shipment and its signing,
  // rate-limited per IP (tests/integration/app/shipments.test.ts).
  'public.get_shipment_for_signature',
  'public.sign_shipment',
];

/** Views in `public` allowed to read auth.users (none). */
const EXPOSED_SCHEMAS = ['public'];
const CHECKED_FUNCTION_SCHEMAS = ['public', 'private'];

let db: pg.Client;

async function rows(query: string, params: unknown[] = []): Promise<string[]> {
  const result = await db.query<{ item: string }>(query, params);
  return result.rows.map((r) => r.item).sort();
}

/** The exposed schemas' tables (relname as item) that meet `condition` (SQL over pg_class c). */
function tablesWhere(condition: string): Promise<string[]> {
  return rows(
    `select c.relname as item from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p') and ${condition}`,
    [EXPOSED_SCHEMAS],
  );
}

beforeAll(async () => {
  db = await sql(appBackend());
});

afterAll(async () => {
  await db.end();
});

describe('splinter-style lints on the migrated app database', () => {
  it('the lints inspect a migrated schema (sanity: the organisation tables exist)', async () => {
    const tables = await rows(
      `select c.relname as item from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    expect(tables).toEqual(expect.arrayContaining(['profiles', 'store_units', 'user_roles', 'permissions']));
  });

  it('rls_disabled_in_public / policy_exists_rls_disabled: every public table has RLS enabled', async () => {
    expect(await tablesWhere('not c.relrowsecurity')).toEqual([]);
  });

  it('rls_enabled_no_policy: every public table has at least one policy', async () => {
    expect(await tablesWhere('not exists (select 1 from pg_policy p where p.polrelid = c.oid)')).toEqual([]);
  });

  it('no_primary_key: every public table has a primary key', async () => {
    expect(await tablesWhere("not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')")).toEqual([]);
  });

  it('security_definer_view: every public view runs with security_invoker', async () => {
    const offenders = await rows(
      `select c.relname as item from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1) and c.relkind in ('v', 'm')
         and not coalesce(c.reloptions @> array['security_invoker=true'] or c.reloptions @> array['security_invoker=on'], false)`,
      [EXPOSED_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('auth_users_exposed: no public view reads auth.users', async () => {
    const offenders = await rows(
      `select distinct v.relname as item
       from pg_depend d
       join pg_rewrite r on r.oid = d.objid
       join pg_class v on v.oid = r.ev_class
       join pg_namespace vn on vn.oid = v.relnamespace
       where d.refobjid = 'auth.users'::regclass and vn.nspname = any($1) and v.relkind in ('v', 'm')`,
      [EXPOSED_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('rls_references_user_metadata: no policy trusts user_metadata', async () => {
    const offenders = await rows(
      `select schemaname || '.' || tablename || ': ' || policyname as item from pg_policies
       where coalesce(qual, '') ilike '%user_metadata%' or coalesce(with_check, '') ilike '%user_metadata%'`,
    );
    expect(offenders).toEqual([]);
  });

  it('auth_rls_initplan: policies wrap auth.*() and argument-less private.*() calls in (select ...)', async () => {
    const policies = await db.query<{ item: string; qual: string | null; with_check: string | null }>(
      `select schemaname || '.' || tablename || ': ' || policyname as item, qual, with_check from pg_policies
       where schemaname = any($1)`,
      [EXPOSED_SCHEMAS],
    );
    const bare = /(?<!SELECT )\b(auth\.(uid|jwt|role|email)|private\.\w+)\(\)/;
    const offenders = policies.rows
      .filter((p) => bare.test(p.qual ?? '') || bare.test(p.with_check ?? ''))
      .map((p) => p.item)
      .sort();
    expect(offenders).toEqual([]);
  });

  it('rls_policy_always_true: no insert, update or delete policy is simply true', async () => {
    const offenders = await rows(
      `select schemaname || '.' || tablename || ': ' || policyname as item from pg_policies
       where schemaname = any($1) and cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
         and (trim(coalesce(qual, '')) = 'true' or trim(coalesce(with_check, '')) = 'true')`,
      [EXPOSED_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('multiple_permissive_policies: one permissive policy per table, role and operation', async () => {
    const offenders = await rows(
      `with expanded as (
         select p.schemaname, p.tablename, p.policyname, r.role, c.cmd
         from pg_policies p
         cross join lateral unnest(p.roles) as r(role)
         cross join lateral unnest(case when p.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end) as c(cmd)
         where p.schemaname = any($1) and p.permissive = 'PERMISSIVE'
       )
       select schemaname || '.' || tablename || ' ' || role || ' ' || cmd || ': ' || string_agg(policyname, ', ' order by policyname) as item
       from expanded group by schemaname, tablename, role, cmd having count(*) > 1`,
      [EXPOSED_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('policy naming: every policy is named <table>_<command> (the reason lives in its comment)', async () => {
    const offenders = await rows(
      `select schemaname || '.' || tablename || ': ' || policyname as item from pg_policies
       where schemaname = any($1) and policyname <> tablename || '_' || lower(cmd)`,
      [EXPOSED_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('append-only tables refuse through private.refuse_change(), with one trigger name per kind', async () => {
    // A trigger function that only refuses is written once (private.refuse_change, message as argument);
    // its triggers are <table>_refuse_change (row, update or delete) and <table>_refuse_truncate.
    const triggers = await db.query<{ item: string; name: string; table_name: string; truncate: boolean }>(
      `select t.tgrelid::regclass::text || ': ' || t.tgname as item, t.tgname as name, c.relname as table_name,
              (t.tgtype & 32) <> 0 as truncate
       from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and t.tgfoid = 'private.refuse_change()'::regprocedure`,
    );
    expect(triggers.rows.length).toBeGreaterThanOrEqual(10);
    const misnamed = triggers.rows.filter((t) => t.name !== `${t.table_name}_${t.truncate ? 'refuse_truncate' : 'refuse_change'}`).map((t) => t.item);
    expect(misnamed).toEqual([]);
    // No other trigger function is a bare refusal (a body that only raises).
    const copies = await rows(
      `select n.nspname || '.' || p.proname as item
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any($1) and p.prorettype = 'trigger'::regtype and p.oid <> 'private.refuse_change()'::regprocedure
         and regexp_replace(p.prosrc, '\\s+', ' ', 'g') ~* '^ ?begin raise exception [^;]*; end;? ?$'`,
      [CHECKED_FUNCTION_SCHEMAS],
    );
    expect(copies).toEqual([]);
  });

  it('function_search_path_mutable: every function in public and private fixes its search_path', async () => {
    const offenders = await rows(
      `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as item
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any($1)
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
      [CHECKED_FUNCTION_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('anon_security_definer_function_executable: anon executes no security-definer function unless allow-listed', async () => {
    const offenders = await rows(
      `select n.nspname || '.' || p.proname as item
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any($1) and p.prosecdef
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
         and has_function_privilege('anon', p.oid, 'execute')`,
      [CHECKED_FUNCTION_SCHEMAS],
    );
    expect(offenders.filter((name) => !ANON_SECURITY_DEFINER_ALLOWLIST.includes(name))).toEqual([]);
  });

  it('the private helper schema is closed to anon and not exposed', async () => {
    const result = await db.query<{ anon: boolean; authenticated: boolean }>(
      `select has_schema_privilege('anon', 'private', 'usage') as anon,
              has_schema_privilege('authenticated', 'private', 'usage') as authenticated`,
    );
    expect(result.rows[0]).toEqual({ anon: false, authenticated: true });
  });

  it('the analyses plan each call with its own arguments (a generic plan after the fifth call doubled a report)', async () => {
    // The analysis RPCs (each checks its period with private.check_analysis_period) and the private helpers they
    // read; see 20261203100000_analyses_plan_each_call.sql.
    const helpers = [
      'private.quote_analysis_rows(date,date,uuid,uuid,uuid,numeric)',
      'private.quote_analysis_all(date,date,uuid,uuid,uuid,uuid,numeric,integer)',
      'private.quote_analysis_supplier(uuid,date,date,uuid,uuid,uuid)',
      'private.purchase_report_lines(date,date,uuid,uuid,uuid,uuid)',
      'private.last_prices_paid(uuid[],timestamptz[])',
      'public.get_supplier_win_rates(date,date)',
      'public.get_winning_items(date,date)',
    ];
    const result = await db.query<{ item: string; custom: boolean }>(
      `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as item,
              'plan_cache_mode=force_custom_plan' = any(coalesce(p.proconfig, '{}')) as custom
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = any($1)
         and (p.prosrc like '%private.check_analysis_period(%' or p.oid = any($2::text[]::regprocedure[]))`,
      [CHECKED_FUNCTION_SCHEMAS, helpers],
    );
    // The five RPCs that check a period, and the helpers.
    expect(result.rows.length).toBe(5 + helpers.length);
    expect(result.rows.filter((row) => !row.custom).map((row) => row.item)).toEqual([]);
  });

  it('the organisation RPCs are executable by authenticated and not by anon', async () => {
    const result = await db.query<{ item: string; anon: boolean; authenticated: boolean }>(
      `select p.proname as item, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname in ('get_visible_menu_paths', 'get_visible_homepage_actions', 'list_basic_users')
       order by p.proname`,
    );
    expect(result.rows).toEqual([
      { item: 'get_visible_homepage_actions', anon: false, authenticated: true },
      { item: 'get_visible_menu_paths', anon: false, authenticated: true },
      { item: 'list_basic_users', anon: false, authenticated: true },
    ]);
  });

  it('unindexed_foreign_keys: every foreign key in public is covered by an index', async () => {
    const offenders = await rows(
      `select c.relname || '.' || con.conname as item
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       where con.contype = 'f' and n.nspname = any($1)
         and not exists (
           select 1 from pg_index i
           where i.indrelid = con.conrelid
             and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey
             and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] <@ con.conkey
         )`,
      [EXPOSED_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('duplicate_index: no two identical indexes on a table', async () => {
    const offenders = await rows(
      `select c.relname || ': ' || string_agg(ic.relname, ', ' order by ic.relname) as item
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_class ic on ic.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1)
       group by c.relname, i.indkey::text, i.indclass::text, i.indcollation::text,
                coalesce(pg_get_expr(i.indexprs, i.indrelid), ''), coalesce(pg_get_expr(i.indpred, i.indrelid), '')
       having count(*) > 1`,
      [EXPOSED_SCHEMAS],
    );
    expect(offenders).toEqual([]);
  });

  it('extension_in_public: no extension is installed in public', async () => {
    const offenders = await rows(
      `select e.extname as item from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`,
    );
    expect(offenders).toEqual([]);
  });

  it('src/types/database.types.ts is generated from the current migrations (gen-types --check)', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = promisify(execFile);
    const result = await run(process.execPath, ['--import', 'tsx', 'scripts/gen-types.ts', '--check', '--db-url', appBackend().dbUrl], {
      cwd: root,
    }).then(
      (ok) => ({ code: 0, output: ok.stdout + ok.stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      }),
    );
    expect(result.output).toContain('up to date');
    expect(result.code).toBe(0);
  });

  it('every public table has a comment', async () => {
    expect(await tablesWhere("obj_description(c.oid, 'pg_class') is null")).toEqual([]);
  });
});

/**
 * The module boundaries the linter enforces (eslint.config.js), each shown failing on a fixture:
 * a rule that stops catching its case fails here.
 */
describe('eslint boundaries', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const rulesHit = async (filePath: string, code: string): Promise<string[]> => {
    const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: path.join(root, filePath) });
    return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
  };

  it('a feature cannot import another by a relative path that climbs out of its folder', async () => {
    const hit = await rulesHit('src/features/shortages/components/zz-fixture.tsx', "export { productKeys } from '../../products/api/keys';\n");
    expect(hit).toContain('import-x/no-restricted-paths');
  });

  it('a feature cannot import another by alias either', async () => {
    const hit = await rulesHit('src/features/shortages/components/zz-fixture.tsx', "export { productKeys } from '@/features/products/api/keys';\n");
    expect(hit).toContain('no-restricted-imports');
  });

  it("components, pages and shared hooks cannot import the Supabase client; a feature's api/ can", async () => {
    const code = "import { supabase } from '@/lib/supabase';\nexport const client = supabase;\n";
    expect(await rulesHit('src/features/shortages/components/zz-fixture.tsx', code)).toContain('no-restricted-imports');
    expect(await rulesHit('src/app/routes/zz-fixture.tsx', code)).toContain('no-restricted-imports');
    expect(await rulesHit('src/components/zz-fixture.tsx', code)).toContain('no-restricted-imports');
    expect(await rulesHit('src/features/shortages/components/zz-fixture.tsx', "import { supabase } from '../../../lib/supabase';\nexport const c = supabase;\n")).toContain(
      'no-restricted-imports',
    );
    expect(await rulesHit('src/features/shortages/api/zz-fixture.ts', code)).toEqual([]);
  });

  it('switching the react-router restriction off needs a comment saying why', async () => {
    const bare = "// eslint-disable-next-line no-restricted-imports\nexport { Link } from 'react-router';\n";
    expect(await rulesHit('src/app/routes/zz-fixture.tsx', bare)).toContain('@eslint-community/eslint-comments/require-description');
    const explained = "// eslint-disable-next-line no-restricted-imports -- fixture: the reason is given\nexport { Link } from 'react-router';\n";
    expect(await rulesHit('src/app/routes/zz-fixture.tsx', explained)).toEqual([]);
  });

  it('an import cycle is refused', async () => {
    // import-x/no-cycle follows real files: two of them, written for the duration of the check.
    const dir = path.join(root, 'src/features/zz-lint-cycle-fixture');
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from '@/features/zz-lint-cycle-fixture/b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from '@/features/zz-lint-cycle-fixture/a';\nexport const b = () => a;\n");
      const results = await new ESLint({ cwd: root }).lintFiles([path.join(dir, 'a.ts'), path.join(dir, 'b.ts')]);
      expect(results.flatMap((r) => r.messages.map((m) => m.ruleId))).toContain('import-x/no-cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
