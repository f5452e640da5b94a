/**
 * PostgREST's per-request transaction (PreQuery.hs): like db/transaction.ts's
 * withRoleTransaction, plus the impersonated role's `ALTER ROLE ... SET` values
 * (statement_timeout) applied tx-locally in the same set_config round trip, since
 * `set local role` does not apply them.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { RequestIdentity } from '../db/transaction.ts';

export interface RestTxOptions {
  readOnly: boolean;
  searchPath: string[];
  roleSettings: [string, string][];
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Signals "roll back, but return this value" (singular violations, tx=rollback). */
export class RollbackWith<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

const prepared = new Set<string>();
const MAX_PREPARED = 500;

/**
 * A query config that uses a named prepared statement (parsed and planned once per
 * connection) for the first MAX_PREPARED distinct statement shapes; others run unnamed so
 * arbitrary client-chosen shapes cannot grow every connection's statement cache forever.
 */
export function statement(text: string, values: unknown[]): pg.QueryConfig {
  const name = `pgrst_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  if (prepared.has(name)) return { name, text, values };
  if (prepared.size < MAX_PREPARED && text.length < 20000) {
    prepared.add(name);
    return { name, text, values };
  }
  return { text, values };
}

export async function withRestTransaction<T>(
  pool: pg.Pool,
  identity: RequestIdentity,
  options: RestTxOptions,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  let open = false;
  try {
    await client.query(options.readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed');
    open = true;
    const values: string[] = [
      options.searchPath.map(quoteIdent).join(', '),
      identity.role,
      JSON.stringify(identity.claims),
      identity.method,
      identity.path,
      JSON.stringify(identity.headers),
    ];
    const sets = [
      `set_config('search_path', $1, true)`,
      `set_config('role', $2, true)`,
      `set_config('request.jwt.claims', $3, true)`,
      `set_config('request.method', $4, true)`,
      `set_config('request.path', $5, true)`,
      `set_config('request.headers', $6, true)`,
    ];
    for (const [key, value] of options.roleSettings) {
      values.push(key, value);
      sets.push(`set_config($${values.length - 1}, $${values.length}, true)`);
    }
    await client.query(statement(`select ${sets.join(', ')}`, values));
    const value = await fn(client);
    await client.query('commit');
    open = false;
    return value;
  } catch (error) {
    if (open) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
    }
    if (error instanceof RollbackWith) return error.value as T;
    throw error;
  } finally {
    client.release(broken);
  }
}
