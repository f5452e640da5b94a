/**
 * npm run db:dump-schema [-- --project <supabase dir>] [--out <file>] [--data] [--check]
 *
 * Builds a throwaway database from a project's migrations alone (no seed) on the
 * embedded PostgreSQL the local backend uses, and writes the deterministic schema dump
 * of scripts/lib/schema-dump.ts: by default supabase/ into supabase/schema-dump.txt, the
 * committed picture of what the migrations define today. Review it instead of
 * replaying migrations in your head.
 *
 *   --project  another Supabase project folder (e.g. an old checkout's supabase/), to
 *              compare two migration histories: dump both and diff the files.
 *   --data     also dump the rows the migrations insert (reference data).
 *   --check    compare with --out instead of writing it; exit 1 when they differ.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, REPO_ROOT } from '../local-supabase/src/config.ts';
import { bootstrapDatabase } from '../local-supabase/src/db/bootstrap.ts';
import { applyMigrations } from '../local-supabase/src/db/migrate.ts';
import { startPostgres } from '../local-supabase/src/db/postgres.ts';
import { dumpSchema, SCHEMA_DUMP_HEADER } from './lib/schema-dump.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The dump of a database built from `projectDir`'s migrations only. */
export async function dumpProject(projectDir: string, options: { data?: boolean } = {}): Promise<string> {
  if (!existsSync(path.join(projectDir, 'migrations'))) throw new Error(`${projectDir} has no migrations folder`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'schema-dump-'));
  const config = loadConfig({
    ...process.env,
    LOCAL_SUPABASE_PROJECT_DIR: projectDir,
    LOCAL_SUPABASE_DATA_DIR: dataDir,
    LOCAL_SUPABASE_PORT: String(await freePort()),
    LOCAL_SUPABASE_DB_PORT: String(await freePort()),
    LOCAL_SUPABASE_NO_ENV_FILE: '1',
  });
  const quiet = (): void => undefined;
  const postgres = await startPostgres(config, quiet);
  try {
    const client = new pg.Client({ connectionString: config.db.url });
    await client.connect();
    try {
      await bootstrapDatabase(client, config.api, config.db);
      await applyMigrations(client, projectDir, quiet);
      return await dumpSchema(client, options);
    } finally {
      await client.end();
    }
  } finally {
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      project: { type: 'string', default: path.join(REPO_ROOT, 'supabase') },
      out: { type: 'string' },
      data: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
    },
  });
  const projectDir = path.resolve(values.project!);
  const out = path.resolve(values.out ?? path.join(REPO_ROOT, 'supabase', 'schema-dump.txt'));
  const dump = SCHEMA_DUMP_HEADER + (await dumpProject(projectDir, { data: values.data }));
  if (values.check) {
    const current = existsSync(out) ? await fs.readFile(out, 'utf8') : '';
    if (current !== dump) {
      console.error(`${path.relative(process.cwd(), out)} is stale: run npm run db:dump-schema and commit it.`);
      process.exit(1);
    }
    console.log(`${path.relative(process.cwd(), out)} matches the migrations.`);
    return;
  }
  await fs.writeFile(out, dump);
  console.log(`Wrote ${path.relative(process.cwd(), out)} (${dump.split('\n').length} lines).`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
