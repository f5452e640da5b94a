/**
 * One request, one transaction, under the caller's role: what PostgREST does per
 * request (PreQuery.hs), shared by every service that runs SQL for a client.
 */
import type pg from 'pg';
import type { JwtClaims } from '../context.ts';

export interface RequestIdentity {
  /** Database role from the JWT `role` claim ('anon' when there is none). */
  role: string;
  claims: JwtClaims;
  method: string;
  /** Request path as PostgREST sees it, e.g. '/todos'. */
  path: string;
  /** Request headers with lower-cased names. */
  headers: Record<string, string>;
}

export interface TransactionOptions {
  readOnly?: boolean;
  /** search_path entries, already validated by the caller; quoted here. */
  searchPath?: string[];
  /**
   * The impersonated role's `ALTER ROLE ... SET` values (e.g. statement_timeout).
   * `set local role` does not apply them, so PostgREST sets them tx-locally itself.
   */
  roleSettings?: [string, string][];
}

/** Thrown by withRoleTransaction callers to roll back while still returning a value. */
export class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

const BASE_SETTINGS = [
  `set_config('search_path', $1, true)`,
  `set_config('role', $2, true)`,
  `set_config('request.jwt.claims', $3, true)`,
  `set_config('request.method', $4, true)`,
  `set_config('request.path', $5, true)`,
  `set_config('request.headers', $6, true)`,
];

/** One named (prepared once per connection) set_config statement per number of role settings. */
function settingsStatement(roleSettingCount: number): { name: string; text: string } {
  const sets = [...BASE_SETTINGS];
  for (let i = 0; i < roleSettingCount; i++) {
    const key = BASE_SETTINGS.length + 1 + 2 * i;
    sets.push(`set_config($${key}, $${key + 1}, true)`);
  }
  return { name: `request_settings_${roleSettingCount}`, text: `select ${sets.join(', ')}` };
}

/**
 * Runs `fn` inside BEGIN ... COMMIT with `role`, `request.jwt.claims`, `request.method`,
 * `request.path`, `request.headers` and the role's own settings set transaction-locally,
 * so RLS and timeouts apply as under PostgREST. Rolls back on any error (and on
 * Rollback, returning its value).
 */
export async function withRoleTransaction<T>(
  pool: pg.Pool,
  identity: RequestIdentity,
  options: TransactionOptions,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  let open = false;
  try {
    await client.query(options.readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed');
    open = true;
    const roleSettings = options.roleSettings ?? [];
    const values: string[] = [
      (options.searchPath ?? ['public', 'extensions']).map(quoteIdent).join(', '),
      identity.role,
      JSON.stringify(identity.claims),
      identity.method,
      identity.path,
      JSON.stringify(identity.headers),
      ...roleSettings.flat(),
    ];
    await client.query({ ...settingsStatement(roleSettings.length), values });
    const value = await fn(client);
    await client.query('commit');
    open = false;
    return value;
  } catch (error) {
    // Whatever failed (BEGIN, the settings, fn or COMMIT), close the transaction before release.
    if (open) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
    }
    if (error instanceof Rollback) return error.value as T;
    throw error;
  } finally {
    client.release(broken);
  }
}
