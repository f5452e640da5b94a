/**
 * The auth tables this service needs. The backend-core bootstrap creates them (GoTrue's
 * migrations, §3.8 of the contract); this idempotent SQL only fills gaps so that the auth
 * service never depends on the order in which pieces land.
 */
import type pg from 'pg';

const ENSURE_SQL = `
create schema if not exists auth;
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users(id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data->>'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users(id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal text,
  not_after timestamptz,
  refreshed_at timestamp without time zone,
  user_agent text,
  ip inet,
  tag text
);
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions(id) on delete cascade
);
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions(id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key default gen_random_uuid(),
  unique (session_id, authentication_method)
);
alter table auth.mfa_amr_claims enable row level security;
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists identities_user_id_idx on auth.identities (user_id);
`;

export interface SchemaInfo {
  /** Whether signup writes can run as supabase_auth_admin (as GoTrue does on hosted). */
  authAdminRole: boolean;
}

export async function ensureAuthSchema(pool: pg.Pool): Promise<SchemaInfo> {
  const client = await pool.connect();
  try {
    // Serialise with any other process bootstrapping the same database.
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('local-supabase auth schema'))`);
    await client.query(ENSURE_SQL);
    await client.query('commit');
    const { rows } = await client.query<{ ok: boolean }>(`
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
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
