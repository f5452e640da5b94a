/**
 * local-supabase/src/db/pipeline.ts on a real PostgreSQL: several statements in one round trip as prepared
 * statements of the connection, the way withRoleStatement sends a table read (BEGIN, the settings, the read, COMMIT).
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS, connectionBrokenBy, runPipeline, runPrepared } from '../../../local-supabase/src/db/pipeline.ts';
import { conformanceBackend, sql } from '../../utils/env.ts';

let client: pg.Client;

beforeAll(async () => {
  client = await sql(conformanceBackend());
});

afterAll(async () => {
  await client.end();
});

/** This session's prepared statements (pg_prepared_statements shows only the session's own). */
async function prepared(): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time, name');
  return rows.map((row) => row.statement);
}

async function failure(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected the pipeline to fail');
}

describe('runPipeline', () => {
  it('answers one result per statement, in one transaction, and prepares each text once per connection', async () => {
    const statements = (value: string) => [
      { text: 'begin isolation level read committed read only' },
      { text: "select set_config('request.path', $1, true) as path", values: [value] },
      { text: "select current_setting('request.path') as seen, current_setting('transaction_read_only') as ro, $1::int + 1 as next", values: [41] },
      { text: 'commit' },
    ];
    const first = await runPipeline(client, statements('/primeira'));
    expect(first.map((result) => result.command)).toEqual(['BEGIN', 'SELECT', 'SELECT', 'COMMIT']);
    expect(first[2]?.rows).toEqual([{ seen: '/primeira', ro: 'on', next: 42 }]);
    const kept = await prepared();
    expect(kept).toHaveLength(4);

    const second = await runPipeline(client, statements("/segunda'; drop table x; --"));
    expect(second[2]?.rows).toEqual([{ seen: "/segunda'; drop table x; --", ro: 'on', next: 42 }]);
    // Bound and executed again, not parsed again: the session holds the same four statements.
    expect(await prepared()).toEqual(kept);
    // The settings were local to the pipeline's transaction.
    expect((await client.query("select current_setting('request.path', true) as path")).rows).toEqual([{ path: '' }]);
  });

  it('stops at the failing statement, rolls back with onFailure and forgets what it could not prepare', async () => {
    await client.query('create temporary table pipeline_rows (id int primary key)');
    const before = await prepared();
    const error = await failure(
      runPipeline(
        client,
        [
          { text: 'begin' },
          { text: 'insert into pipeline_rows values ($1)', values: [1] },
          { text: 'select $1::int as broken', values: ['não é número'] },
          { text: 'insert into pipeline_rows values ($1) returning id', values: [2] },
          { text: 'commit' },
        ],
        'rollback',
      ),
    );
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "não é número"' });
    expect(connectionBrokenBy(error)).toBe(false);
    // Nothing of the pipeline stayed: the first insert was rolled back, the second never ran.
    expect((await client.query('select count(*)::int as n from pipeline_rows')).rows).toEqual([{ n: 0 }]);
    expect((await client.query('select pg_current_xact_id_if_assigned() is null as idle')).rows).toEqual([{ idle: true }]);
    // The statements it parsed were closed, and parsing them again works.
    expect(await prepared()).toEqual(before);
    const again = await runPipeline(client, [{ text: 'insert into pipeline_rows values ($1) returning id', values: [3] }]);
    expect(again[0]?.rows).toEqual([{ id: 3 }]);
  });

  it('fails one statement inside a transaction without losing the connection, which the rollback then frees', async () => {
    const before = await prepared();
    await client.query('begin');
    expect((await runPrepared(client, 'select $1::int * 2 as twice', [21])).rows).toEqual([{ twice: 42 }]);
    const error = await failure(runPrepared(client, 'select 1 / $1::int as quotient', [0]));
    expect(error).toMatchObject({ code: '22012', message: 'division by zero' });
    // Closing the statements it prepared is allowed in the failed transaction: the connection stays usable.
    expect(connectionBrokenBy(error)).toBe(false);
    await client.query('rollback');
    expect(await prepared()).toEqual([...before, 'select $1::int * 2 as twice']);
    expect((await runPrepared(client, 'select 1 / $1::int as quotient', [4])).rows).toEqual([{ quotient: 0 }]);
  });

  it('answers the error of a value node-postgres cannot write once, and leaves no transaction open', async () => {
    const before = await prepared();
    const unwritable = {
      toPostgres() {
        throw new Error('valor impossível');
      },
    };
    const error = await failure(
      runPipeline(client, [{ text: 'begin' }, { text: 'select $1::text as never', values: [unwritable] }, { text: 'commit' }], 'rollback'),
    );
    expect(error.message).toBe('valor impossível');
    // What the pipeline parsed before the value failed was closed again.
    expect(await prepared()).toEqual(before);
    expect((await client.query('select pg_current_xact_id_if_assigned() is null as idle, now() = statement_timestamp() as own')).rows).toEqual([
      { idle: true, own: true },
    ]);
    expect((await runPipeline(client, [{ text: 'select $1::text as value', values: ['depois'] }]))[0]?.rows).toEqual([{ value: 'depois' }]);
  });

  it('refuses a NUL in a bound value as PostgreSQL does (22021)', async () => {
    const error = await failure(runPipeline(client, [{ text: 'select $1::text as value', values: ['a\u0000b'] }]));
    expect(error).toMatchObject({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' });
    expect((await runPipeline(client, [{ text: 'select $1::text as value', values: ['ab'] }]))[0]?.rows).toEqual([{ value: 'ab' }]);
  });

  it(`keeps at most ${MAX_STATEMENTS} statements per connection, closing the oldest`, async () => {
    for (let index = 0; index < MAX_STATEMENTS + 20; index++) {
      const [result] = await runPipeline(client, [{ text: `select $1::int + ${index} as n`, values: [1] }]);
      expect(result?.rows).toEqual([{ n: index + 1 }]);
    }
    const kept = await prepared();
    expect(kept).toHaveLength(MAX_STATEMENTS);
    expect(kept).toContain(`select $1::int + ${MAX_STATEMENTS + 19} as n`);
    expect(kept).not.toContain('select $1::int + 0 as n');
  });

  it('prepares again after the session lost its statements (DEALLOCATE ALL): one refusal, then answers', async () => {
    const statement = { text: 'select $1::text as echo', values: ['olá'] };
    expect((await runPipeline(client, [statement]))[0]?.rows).toEqual([{ echo: 'olá' }]);
    await client.query('deallocate all');
    expect(await failure(runPipeline(client, [statement]))).toMatchObject({ code: '26000' });
    expect((await runPipeline(client, [statement]))[0]?.rows).toEqual([{ echo: 'olá' }]);
  });
});
