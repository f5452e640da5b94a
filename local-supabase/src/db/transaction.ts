/**
 * One request, one transaction, under the caller's role: what PostgREST does per
 * request (PreQuery.hs), shared by every service that runs SQL for a client.
 */
import type pg from 'pg';
import type { JwtClaims } from '../context.ts';
import { connectionBrokenBy, runPipeline, type PipelineStatement } from './pipeline.ts';

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

const BEGIN_READ_ONLY = 'begin isolation level read committed read only';
const BEGIN_READ_WRITE = 'begin isolation level read committed';

/**
 * BEGIN and the request's settings as the first statements of a pipeline (db/pipeline.ts): prepared once per
 * connection, bound with the request's values, and written with whatever follows them in one round trip. A NUL
 * character cannot be in a PostgreSQL text value: as a bound value it fails with 22021, as PostgREST's would.
 */
function beginWithSettings(readOnly: boolean, settings: [string, string][]): PipelineStatement[] {
  const sets = settings.map((_, index) => `set_config($${2 * index + 1}, $${2 * index + 2}, true)`);
  return [{ text: readOnly ? BEGIN_READ_ONLY : BEGIN_READ_WRITE }, { text: `select ${sets.join(', ')}`, values: settings.flat() }];
}

/** What PostgREST sets transaction-locally for a request, as [name, value] pairs. */
function requestSettings(identity: RequestIdentity, options: TransactionOptions): [string, string][] {
  return [
    ['search_path', (options.searchPath ?? ['public', 'extensions']).map(quoteIdent).join(', ')],
    ['role', identity.role],
    ['request.jwt.claims', JSON.stringify(identity.claims)],
    ['request.method', identity.method],
    ['request.path', identity.path],
    ['request.headers', JSON.stringify(identity.headers)],
    ...(options.roleSettings ?? []),
  ];
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
  /** The connection's release was left to a deferred COMMIT (read-only). */
  let handedOff = false;
  try {
    const settings = requestSettings(identity, options);
    // Open from here: if the settings fail after BEGIN ran, the catch below rolls back.
    open = true;
    await runPipeline(client, beginWithSettings(options.readOnly === true, settings));
    const value = await fn(client);
    if (options.readOnly) {
      // A read-only transaction's answer is final once its statements returned (it wrote nothing for COMMIT to make
      // durable or to refuse), so the caller answers without waiting for COMMIT's round trip; the connection goes
      // back to the pool once COMMIT is done (destroyed if it fails).
      open = false;
      handedOff = true;
      client.query('commit').then(
        () => client.release(),
        (error: unknown) => client.release(error instanceof Error ? error : true),
      );
      return value;
    }
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
    if (!handedOff) client.release(broken);
  }
}

/**
 * One read-only statement in its own transaction, under the caller's role, in one round trip: BEGIN, the settings
 * withRoleTransaction sets, `sql` with its `values` and COMMIT go as one pipeline of prepared statements
 * (db/pipeline.ts). PostgreSQL runs them in order and skips the rest after an error; the transaction is then rolled
 * back before the connection goes back to the pool. Returns the statement's first row.
 */
export async function withRoleStatement<T>(
  pool: pg.Pool,
  identity: RequestIdentity,
  options: TransactionOptions,
  sql: string,
  values: readonly unknown[] = [],
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    const statements = [...beginWithSettings(true, requestSettings(identity, options)), { text: sql, values }, { text: 'commit' }];
    // One result per statement: BEGIN, the settings, the statement, COMMIT.
    const results = await runPipeline(client, statements, 'rollback');
    return results[2]?.rows[0] as T;
  } catch (error) {
    broken = connectionBrokenBy(error);
    throw error;
  } finally {
    client.release(broken);
  }
}
