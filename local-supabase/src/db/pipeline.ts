/**
 * Several statements in one round trip, as prepared statements: what PostgREST gets from hasql's pipelining and its
 * prepared statements (`db-prepared-statements`), which node-postgres does not offer (a client waits for each query's
 * ReadyForQuery before it sends the next, and a query with values is parsed again unless it is given a name; its
 * `pipeline` client option changes every query of the connection and still ends each query with its own Sync).
 *
 * A Pipeline is a node-postgres submittable (pg.Query, whose result handling it reuses: one result per statement) that
 * writes, in one socket write, for each statement: Parse (only the first time this connection sees its text), Bind,
 * Describe and Execute; then one Sync. PostgreSQL runs them in order; after an error it skips everything up to the
 * Sync, so a statement that failed stops the ones after it, as in a multi-statement simple query.
 *
 * The prepared statements of a connection are named here, per connection (`lsb_<n>`), and kept by their text: a
 * statement whose text was seen before is only bound and executed, so PostgreSQL neither parses nor analyses it again
 * (its plan cache still plans again when the role, the search_path or the schema it depends on changed). At most
 * MAX_STATEMENTS are kept per connection; the oldest is closed in the same write when a new one would pass the limit.
 */
import pg from 'pg';
// node-postgres' own value-to-text conversion for parameters, as its Query binds them (untyped module).
// @ts-expect-error -- no type declarations for pg/lib/utils.js
import { prepareValue } from 'pg/lib/utils.js';

export interface PipelineStatement {
  text: string;
  values?: readonly unknown[];
}

/** Prepared statements kept per connection (PostgreSQL keeps each one's parse tree and, later, its plan). */
export const MAX_STATEMENTS = 128;

interface Prepared {
  /** Statement text → its name on this connection, oldest first. */
  names: Map<string, string>;
  next: number;
}

/** What this module prepared on each connection (node-postgres' Connection object, one per server session). */
const preparedByConnection = new WeakMap<object, Prepared>();

/** The internals of node-postgres' Connection a pipeline writes with (pg/lib/connection.js). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(config: { text: string; name: string; types?: unknown[] }): void;
  bind(config: { statement: string; portal?: string; values: readonly unknown[]; valueMapper: unknown }): void;
  describe(config: { type: 'P' | 'S'; name: string }): void;
  execute(config: { portal: string; rows?: number }): void;
  close(config: { type: 'P' | 'S'; name: string }): void;
  sync(): void;
}

/** node-postgres' Query with the handlers a submittable needs (declared by the library at runtime, not in its types). */
const QueryBase = pg.Query as unknown as new (config: { text: string }, values: undefined, callback: (error: Error | null, result: unknown) => void) => object;

class Pipeline extends QueryBase {
  /** Statements this pipeline parsed for the first time: forgotten again if the pipeline fails (see forgetNew). */
  readonly parsedNow: string[] = [];
  /** This connection's prepared statements, once submitted. */
  private prepared: Prepared | undefined;

  constructor(
    private readonly statements: readonly PipelineStatement[],
    callback: (error: Error | null, result: unknown) => void,
  ) {
    super({ text: statements.map((s) => s.text).join('; ') }, undefined, callback);
  }

  /** Called by node-postgres when the connection is free: writes the whole pipeline at once. */
  submit(connection: WireConnection): Error | null {
    let prepared = preparedByConnection.get(connection);
    if (!prepared) {
      prepared = { names: new Map(), next: 0 };
      preparedByConnection.set(connection, prepared);
    }
    this.prepared = prepared;
    connection.stream.cork?.();
    try {
      for (const statement of this.statements) {
        let name = prepared.names.get(statement.text);
        if (name === undefined) {
          if (prepared.names.size >= MAX_STATEMENTS) {
            const [oldestText, oldestName] = prepared.names.entries().next().value as [string, string];
            prepared.names.delete(oldestText);
            connection.close({ type: 'S', name: oldestName });
          }
          name = `lsb_${prepared.next++}`;
          connection.parse({ text: statement.text, name });
          prepared.names.set(statement.text, name);
          this.parsedNow.push(statement.text);
        }
        connection.bind({ statement: name, values: statement.values ?? [], valueMapper: prepareValue });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      }
    } catch (error) {
      // A value node-postgres cannot write (prepareValue threw): the statements written before it still run up to the
      // Sync, the Parse messages included; the caller gets the error, and its cleanup (closing what this pipeline
      // prepared, then onFailure: a rollback) is queued behind them.
      connection.sync();
      (this as unknown as { handleError(error: unknown, connection: WireConnection): void }).handleError(error, connection);
      return null;
    } finally {
      connection.stream.uncork?.();
    }
    connection.sync();
    return null;
  }

  /**
   * After a failure PostgreSQL skipped the messages that followed it, Parse included: the statements first parsed by
   * this pipeline may not exist. They are forgotten (and closed by the caller's cleanup, a no-op for a statement that
   * does not exist), so the next request prepares them again under a new name.
   */
  forgetNew(): string[] {
    const names: string[] = [];
    for (const text of this.parsedNow) {
      const name = this.prepared?.names.get(text);
      if (name !== undefined) names.push(name);
      this.prepared?.names.delete(text);
    }
    return names;
  }

  /** The server lost this connection's prepared statements (26000): forget them all. */
  forgetAll(): void {
    this.prepared?.names.clear();
  }
}

/**
 * Closes prepared statements by name (allowed in a failed transaction; closing one that does not exist is no error)
 * and runs `sql` if given (e.g. a rollback), in one round trip.
 */
class Cleanup extends QueryBase {
  constructor(
    private readonly names: readonly string[],
    private readonly sql: string | undefined,
    callback: (error: Error | null, result: unknown) => void,
  ) {
    super({ text: sql ?? 'close' }, undefined, callback);
  }

  submit(connection: WireConnection): Error | null {
    connection.stream.cork?.();
    try {
      for (const name of this.names) connection.close({ type: 'S', name });
      if (this.sql !== undefined) {
        connection.parse({ text: this.sql, name: '' });
        connection.bind({ statement: '', values: [], valueMapper: prepareValue });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }
}

/** node-postgres runs a submittable when the connection is free and answers through its callback. */
function send(client: pg.ClientBase, query: object): void {
  (client.query as unknown as (query: object) => unknown)(query);
}

/** Errors after which the pipeline's cleanup failed too: the connection must not go back to the pool. */
const brokenAfter = new WeakSet<object>();

/** True when `error` came from runPipeline and its cleanup failed: the caller must discard the connection. */
export function connectionBrokenBy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && brokenAfter.has(error);
}

/**
 * Runs the statements as one pipeline on `client`; resolves with one result per statement. On failure, the
 * statements this call prepared are forgotten, and `onFailure` (if given, e.g. 'rollback' for a pipeline that began a
 * transaction) runs with their Close in one more round trip; then the error is thrown (connectionBrokenBy tells
 * whether that cleanup failed).
 */
export async function runPipeline(client: pg.ClientBase, statements: readonly PipelineStatement[], onFailure?: string): Promise<pg.QueryResult[]> {
  const pipeline = await new Promise<{ pipeline: Pipeline; results?: unknown; error?: unknown }>((resolve) => {
    const query: Pipeline = new Pipeline(statements, (error, results) => resolve(error ? { pipeline: query, error } : { pipeline: query, results }));
    send(client, query);
  });
  if (!('error' in pipeline)) {
    const { results } = pipeline;
    return Array.isArray(results) ? (results as pg.QueryResult[]) : [results as pg.QueryResult];
  }
  const { error } = pipeline;
  if ((error as { code?: unknown }).code === '26000') pipeline.pipeline.forgetAll();
  const stale = pipeline.pipeline.forgetNew();
  if (onFailure !== undefined || stale.length > 0) {
    const cleaned = await new Promise<boolean>((resolve) => {
      send(client, new Cleanup(stale, onFailure, (cleanupError) => resolve(!cleanupError)));
    });
    if (!cleaned && typeof error === 'object' && error !== null) brokenAfter.add(error);
  }
  throw error;
}

/** One statement as a prepared statement of the connection (see runPipeline), e.g. inside a transaction. */
export async function runPrepared<R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[],
): Promise<pg.QueryResult<R>> {
  const [result] = await runPipeline(client, [{ text, values }]);
  return result as pg.QueryResult<R>;
}
