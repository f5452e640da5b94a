/**
 * Installs the hosted platform layer (bootstrap.sql) and the config-dependent
 * default privileges in `public`. Idempotent: runs on every start.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { ApiSettings, DbSettings } from '../context.ts';
import { StartupError } from './postgres.ts';

const BOOTSTRAP_SQL = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

const API_ROLES = 'anon, authenticated, service_role';

/**
 * The Supabase CLI grants ALL on new tables, functions and sequences in `public`
 * to the API roles by default privileges; with `[api] auto_expose_new_tables = false`
 * (the hosted default for new projects) those are revoked, so new objects need
 * explicit GRANTs.
 */
export function defaultPrivilegesSql(api: ApiSettings): string {
  const verb = api.autoExposeNewTables ? `grant all on %s to ${API_ROLES}` : `revoke all on %s from ${API_ROLES}`;
  return ['tables', 'functions', 'sequences']
    .map((kind) => `alter default privileges for role postgres in schema public ${verb.replace('%s', kind)};`)
    .join('\n');
}

/**
 * `authenticator` logs in with the local secret (hosted gives it one of its own too); the
 * request-serving pools connect as it, so SQL run inside a request never holds more than
 * the API roles it may switch to.
 */
function authenticatorLoginSql(client: pg.Client | pg.PoolClient, db: Pick<DbSettings, 'authenticatorPassword'>): string {
  return `alter role authenticator with login noinherit nosuperuser nocreaterole nocreatedb nobypassrls password ${client.escapeLiteral(db.authenticatorPassword)}`;
}

export async function bootstrapDatabase(client: pg.Client | pg.PoolClient, api: ApiSettings, db: Pick<DbSettings, 'authenticatorPassword'>): Promise<void> {
  try {
    await client.query('begin');
    // Serialise concurrent bootstraps of the same cluster.
    await client.query('select pg_advisory_xact_lock(54321)');
    await client.query(BOOTSTRAP_SQL);
    await client.query(authenticatorLoginSql(client, db));
    await client.query(defaultPrivilegesSql(api));
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new StartupError(`Database bootstrap failed: ${(error as Error).message}`);
  }
}
