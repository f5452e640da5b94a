/**
 * One request, one transaction, under the caller's role: what PostgREST does per
 * request (PreQuery.hs), reused by every service that runs SQL for a client.
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

/**
 * Runs `fn` inside BEGIN ... COMMIT with `role`, `request.jwt.claims`, `request.method`,
 * `request.path` and `request.headers` set transaction-locally, so RLS decides as
 * under PostgREST. Rolls back on any error (and on Rollback, returning its value).
 */
export async function withRoleTransaction<T>(
  pool: pg.Pool,
  identity: RequestIdentity,
  options: TransactionOptions,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(options.readOnly ? 'begin isolation level read committed read only' : 'begin');
    const searchPath = (options.searchPath ?? ['public', 'extensions']).map(quoteIdent).join(', ');
    await client.query(
      `select set_config('search_path', $1, true),
              set_config('role', $2, true),
              set_config('request.jwt.claims', $3, true),
              set_config('request.method', $4, true),
              set_config('request.path', $5, true),
              set_config('request.headers', $6, true)`,
      [searchPath, identity.role, JSON.stringify(identity.claims), identity.method, identity.path, JSON.stringify(identity.headers)],
    );
    try {
      const value = await fn(client);
      await client.query('commit');
      return value;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      if (error instanceof Rollback) return error.value as T;
      throw error;
    }
  } catch (error) {
    // A failure in BEGIN or set_config leaves the transaction open: close it before release.
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
