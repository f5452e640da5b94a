/**
 * What the auth service learns about the database at start. The tables themselves
 * (GoTrue's, contract §3.8) are created by the platform bootstrap (db/bootstrap.sql).
 */
import type pg from 'pg';

export interface SchemaInfo {
  /** Whether signup writes can run as supabase_auth_admin (as GoTrue does on hosted). */
  authAdminRole: boolean;
}

export async function inspectAuthSchema(pool: pg.Pool): Promise<SchemaInfo> {
  const { rows } = await pool.query<{ ok: boolean }>(`
      select case when exists (select 1 from pg_roles where rolname = 'supabase_auth_admin')
        then has_table_privilege('supabase_auth_admin', 'auth.users', 'INSERT, UPDATE, SELECT')
         and has_table_privilege('supabase_auth_admin', 'auth.identities', 'INSERT, SELECT')
         and has_schema_privilege('supabase_auth_admin', 'auth', 'USAGE')
         and ((select rolbypassrls or rolsuper from pg_roles where rolname = 'supabase_auth_admin')
              or not exists (select 1 from pg_class
                              where oid in ('auth.users'::regclass, 'auth.identities'::regclass)
                                and relrowsecurity and pg_get_userbyid(relowner) <> 'supabase_auth_admin'))
        else false end as ok`);
  return { authAdminRole: rows[0]?.ok === true };
}
