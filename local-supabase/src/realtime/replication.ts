/**
 * Change capture: a logical replication stream (pgoutput, publication `supabase_realtime`) on a
 * TEMPORARY replication slot, so Postgres drops the slot when the connection ends (clean shutdown,
 * crash or restart alike) and no WAL is retained forever.
 *
 * pg-logical-replication drives the COPY BOTH stream and standby acknowledgements; the pgoutput
 * messages are parsed here, keeping column values as the raw text Postgres sent (the package's own
 * parser converts them with node-pg type parsers, which loses formats), so they can be re-typed in SQL
 * exactly as hosted Realtime does (`to_jsonb(value::type)`).
 */
import type pg from 'pg';
import { LogicalReplicationService } from 'pg-logical-replication';
import type { DbSettings } from '../context.ts';

export interface RelationColumn {
  name: string;
  typeOid: number;
  /** Part of the replica identity (the primary key by default). */
  isKey: boolean;
}

export interface Relation {
  oid: number;
  schema: string;
  name: string;
  replicaIdentity: string;
  columns: RelationColumn[];
}

/** One column value: SQL NULL, its text representation, or an unchanged TOASTed value (not sent). */
export type TupleValue = null | string | { unchanged: true };

export interface Change {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  relation: Relation;
  /** INSERT / UPDATE: the new row, aligned with relation.columns. */
  newTuple: TupleValue[] | null;
  /** UPDATE / DELETE: the old row ('O': full identity) or key tuple ('K'), aligned with relation.columns. */
  oldTuple: TupleValue[] | null;
}

export interface Transaction {
  /** Commit time in microseconds since the Unix epoch. */
  commitTimeMicros: bigint;
  changes: Change[];
}

type Parsed =
  | { tag: 'begin'; commitTimeMicros: bigint }
  | { tag: 'commit' }
  | { tag: 'change'; change: Change }
  | { tag: 'other' };

const POSTGRES_EPOCH_OFFSET_MICROS = 946_684_800_000_000n;

class Reader {
  private offset = 0;
  constructor(private readonly buffer: Buffer) {}
  u8(): number {
    const value = this.buffer.readUInt8(this.offset);
    this.offset += 1;
    return value;
  }
  i16(): number {
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  i32(): number {
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  u32(): number {
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  i64(): bigint {
    const value = this.buffer.readBigInt64BE(this.offset);
    this.offset += 8;
    return value;
  }
  cstring(): string {
    const end = this.buffer.indexOf(0, this.offset);
    if (end < 0) throw new Error('pgoutput: unterminated string');
    const text = this.buffer.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return text;
  }
  bytes(length: number): Buffer {
    const slice = this.buffer.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
}

/** pgoutput protocol version 1 (https://www.postgresql.org/docs/current/protocol-logicalrep-message-formats.html). */
export class PgoutputDecoder {
  private readonly relations = new Map<number, Relation>();

  parse(buffer: Buffer): Parsed {
    const reader = new Reader(buffer);
    const tag = String.fromCharCode(reader.u8());
    switch (tag) {
      case 'B': {
        reader.u32();
        reader.u32(); // final LSN
        const commitTimeMicros = reader.i64() + POSTGRES_EPOCH_OFFSET_MICROS;
        return { tag: 'begin', commitTimeMicros };
      }
      case 'C':
        return { tag: 'commit' };
      case 'R': {
        const oid = reader.u32();
        const schema = reader.cstring();
        const name = reader.cstring();
        const replicaIdentity = String.fromCharCode(reader.u8());
        const count = reader.i16();
        const columns: RelationColumn[] = [];
        for (let i = 0; i < count; i += 1) {
          const flags = reader.u8();
          const columnName = reader.cstring();
          const typeOid = reader.u32();
          reader.i32(); // type modifier
          columns.push({ name: columnName, typeOid, isKey: (flags & 1) === 1 });
        }
        this.relations.set(oid, { oid, schema, name, replicaIdentity, columns });
        return { tag: 'other' };
      }
      case 'I': {
        const relation = this.relation(reader.u32());
        reader.u8(); // 'N'
        return { tag: 'change', change: { type: 'INSERT', relation, newTuple: this.tuple(reader), oldTuple: null } };
      }
      case 'U': {
        const relation = this.relation(reader.u32());
        let kind = String.fromCharCode(reader.u8());
        let oldTuple: TupleValue[] | null = null;
        if (kind === 'K' || kind === 'O') {
          oldTuple = this.tuple(reader);
          kind = String.fromCharCode(reader.u8());
        }
        if (kind !== 'N') throw new Error(`pgoutput: unexpected update tuple kind ${kind}`);
        const newTuple = this.tuple(reader);
        return { tag: 'change', change: { type: 'UPDATE', relation, newTuple, oldTuple } };
      }
      case 'D': {
        const relation = this.relation(reader.u32());
        reader.u8(); // 'K' or 'O'
        return { tag: 'change', change: { type: 'DELETE', relation, newTuple: null, oldTuple: this.tuple(reader) } };
      }
      default:
        // Origin, Type, Truncate (ignored, as on hosted), Message.
        return { tag: 'other' };
    }
  }

  private relation(oid: number): Relation {
    const relation = this.relations.get(oid);
    if (!relation) throw new Error(`pgoutput: change for unknown relation ${oid}`);
    return relation;
  }

  private tuple(reader: Reader): TupleValue[] {
    const count = reader.i16();
    const values: TupleValue[] = [];
    for (let i = 0; i < count; i += 1) {
      const kind = String.fromCharCode(reader.u8());
      if (kind === 'n') values.push(null);
      else if (kind === 'u') values.push({ unchanged: true });
      else if (kind === 't' || kind === 'b') values.push(reader.bytes(reader.i32()).toString('utf8'));
      else throw new Error(`pgoutput: unknown tuple value kind ${kind}`);
    }
    return values;
  }
}

const PUBLICATION = 'supabase_realtime';

type OutputPlugin = Parameters<LogicalReplicationService['subscribe']>[0];

/** Creates the temporary slot on the replication connection itself, then starts streaming from it. */
function temporarySlotPgoutput(publication: string): OutputPlugin {
  const decoder = new PgoutputDecoder();
  return {
    options: { publication },
    name: 'pgoutput',
    async start(client: pg.Client, slotName: string): Promise<unknown> {
      await client.query(`CREATE_REPLICATION_SLOT "${slotName}" TEMPORARY LOGICAL pgoutput`);
      return client.query(
        `START_REPLICATION SLOT "${slotName}" LOGICAL 0/0 (proto_version '1', publication_names '${publication}')`,
      );
    },
    parse: (buffer: Buffer): Parsed => decoder.parse(buffer),
  };
}

export interface ChangeStream {
  /** Resolves once the slot exists: every transaction committed after this is delivered. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Streams committed transactions of tables in publication `supabase_realtime` to `onTransaction`
 * (called in commit order; the next transaction waits for the previous handler to finish).
 * Reconnects with a fresh temporary slot if the connection drops.
 */
export function startChangeStream(
  db: DbSettings,
  pool: pg.Pool,
  onTransaction: (transaction: Transaction) => Promise<void>,
  log: (message: string) => void,
): ChangeStream {
  let closed = false;
  let service: LogicalReplicationService | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let attempt = 0;
  let queue: Promise<void> = Promise.resolve();
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const connect = (): void => {
    if (closed) return;
    attempt += 1;
    const slotName = `realtime_local_${process.pid}_${Date.now().toString(36)}_${attempt}`;
    const plugin = temporarySlotPgoutput(PUBLICATION);
    const current = new LogicalReplicationService(
      {
        host: db.host,
        port: db.port,
        user: db.user,
        password: db.password,
        database: db.database,
        application_name: 'local-supabase-realtime',
      },
      { acknowledge: { auto: true, timeoutSeconds: 5 } },
    );
    service = current;
    let pending: Transaction | null = null;
    current.on('start', () => {
      attempt = 0;
      resolveReady();
    });
    current.on('heartbeat', (lsn: string, _timestamp: number, shouldRespond: boolean) => {
      if (shouldRespond) void current.acknowledge(lsn);
    });
    current.on('data', (_lsn: string, message: Parsed) => {
      if (message.tag === 'begin') {
        pending = { commitTimeMicros: message.commitTimeMicros, changes: [] };
      } else if (message.tag === 'change') {
        pending?.changes.push(message.change);
      } else if (message.tag === 'commit' && pending) {
        const transaction = pending;
        pending = null;
        if (transaction.changes.length > 0) {
          queue = queue.then(() => onTransaction(transaction)).catch((error: unknown) => {
            log(`realtime: failed to dispatch a transaction: ${String(error)}`);
          });
        }
      }
    });
    const retry = (error: unknown): void => {
      if (closed || service !== current) return;
      log(`realtime: replication stream error, reconnecting: ${String(error)}`);
      service = null;
      void current.destroy().catch(() => {});
      retryTimer = setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(attempt, 5)));
      retryTimer.unref();
    };
    current.on('error', retry);
    ensurePublication(pool)
      .then(() => current.subscribe(plugin, slotName))
      .then(
        () => retry(new Error('replication stream ended')),
        (error: unknown) => retry(error),
      );
  };

  connect();

  return {
    ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = service;
      service = null;
      // Ending the replication connection drops the temporary slot.
      if (current) await current.destroy().catch(() => {});
      await queue.catch(() => {});
    },
  };
}

/** Bootstrap creates the publication; make sure it exists so START_REPLICATION cannot fail on it. */
async function ensurePublication(pool: pg.Pool): Promise<void> {
  await pool.query(
    `do $$ begin
       if not exists (select 1 from pg_publication where pubname = '${PUBLICATION}') then
         create publication ${PUBLICATION};
       end if;
     exception when duplicate_object then null;
     end $$`,
  );
}
