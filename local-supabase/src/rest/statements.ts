/**
 * Prepared-statement naming for the REST service's generated queries (the
 * per-request transaction itself is db/transaction.ts's withRoleTransaction).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

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
