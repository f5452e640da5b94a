/**
 * Project migrations and seeds, applied the way the Supabase CLI applies them:
 * `<projectDir>/migrations/<version>_<name>.sql` in filename order, each in its own
 * transaction, recorded in supabase_migrations.schema_migrations; seed files once,
 * on a fresh database.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { StartupError } from './postgres.ts';

const MIGRATION_FILE = /^(\d+)_(.*)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(projectDir: string): MigrationFile[] {
  const dir = path.join(projectDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const match = MIGRATION_FILE.exec(entry);
      if (!match || !statSync(path.join(dir, entry)).isFile()) return [];
      return [{ version: match[1] ?? '', name: match[2] ?? '', file: path.join(dir, entry) }];
    });
}

/**
 * Splits SQL into statements at top-level semicolons, honouring quotes, quoted
 * identifiers, dollar quoting, comments and BEGIN ATOMIC bodies. Used to record
 * `statements` as the CLI does; execution sends the file as one query.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  let atomicDepth = 0;
  const n = sql.length;
  const push = (end: number): void => {
    const text = sql.slice(start, end).trim();
    // Comment-only chunks are skipped. Strip comments, then test for emptiness: a single regex
    // over alternating comments and whitespace backtracks exponentially on long comment blocks.
    if (text && text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '').trim() !== '') statements.push(text);
  };
  while (i < n) {
    const ch = sql[i];
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else {
          i++;
        }
      }
    } else if (ch === "'") {
      const escapes = i > 0 && /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? '');
      i++;
      while (i < n) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
    } else if (ch === '"') {
      i++;
      while (i < n) {
        if (sql[i] === '"' && sql[i + 1] === '"') i += 2;
        else if (sql[i] === '"') break;
        else i++;
      }
      i++;
    } else if (ch === '$' && !/\w/.test(sql[i - 1] ?? '')) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end === -1 ? n : end + tag[0].length;
      } else {
        i++;
      }
    } else if (/[A-Za-z_]/.test(ch ?? '') && !/[\w$]/.test(sql[i - 1] ?? '')) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i, i + 64))?.[0] ?? '';
      const lower = word.toLowerCase();
      if (lower === 'atomic' && /begin\s+$/i.test(sql.slice(Math.max(0, i - 20), i))) atomicDepth++;
      else if (atomicDepth > 0 && (lower === 'case' || (lower === 'begin' && !/^begin\s+atomic/i.test(sql.slice(i, i + 20))))) atomicDepth++;
      else if (atomicDepth > 0 && lower === 'end') atomicDepth--;
      i += word.length;
    } else if (ch === ';' && atomicDepth === 0) {
      push(i);
      start = i + 1;
      i++;
    } else {
      i++;
    }
  }
  push(n);
  return statements;
}

interface PgError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  position?: string;
  internalPosition?: string;
  where?: string;
}

/** "ERROR: …" block for a Postgres error in `sql` (message, detail, hint, line). */
export function describePgError(error: unknown, sql: string): string {
  const e = error as PgError;
  const lines = [`ERROR: ${e.message}${e.code ? ` (SQLSTATE ${e.code})` : ''}`];
  const position = Number(e.position);
  if (Number.isInteger(position) && position > 0) {
    const before = sql.slice(0, position - 1);
    const line = before.split('\n').length;
    const text = sql.split('\n')[line - 1] ?? '';
    lines.push(`At line ${line}: ${text.trim()}`);
  }
  if (e.detail) lines.push(`DETAIL: ${e.detail}`);
  if (e.hint) lines.push(`HINT: ${e.hint}`);
  if (e.where) lines.push(`CONTEXT: ${e.where}`);
  return lines.join('\n');
}

function relative(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

export async function applyMigrations(client: pg.Client | pg.PoolClient, projectDir: string, log: (message: string) => void): Promise<number> {
  const applied = new Set(
    (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((row) => row.version),
  );
  let count = 0;
  for (const migration of listMigrations(projectDir)) {
    if (applied.has(migration.version)) continue;
    const sql = readFileSync(migration.file, 'utf8');
    try {
      await client.query('begin');
      await client.query('set local search_path = "$user", public, extensions');
      await client.query(sql);
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, splitStatements(sql)],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw new StartupError(`Migration ${relative(migration.file)} failed; nothing of it was applied.\n${describePgError(error, sql)}`);
    }
    applied.add(migration.version);
    count++;
    log(`Applied migration ${path.basename(migration.file)}`);
  }
  return count;
}

function globToRegExp(segment: string): RegExp {
  const escaped = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*').replaceAll('?', '[^/]');
  return new RegExp(`^${escaped}$`);
}

/** Expands `[db.seed] sql_paths` (relative to the project folder; `*` and `?` globs), sorted per pattern. */
export function resolveSeedFiles(projectDir: string, patterns: string[]): string[] {
  const files: string[] = [];
  for (const pattern of patterns) {
    const absolute = path.resolve(projectDir, pattern);
    if (!/[*?]/.test(absolute)) {
      if (existsSync(absolute) && statSync(absolute).isFile()) files.push(absolute);
      continue;
    }
    const parts = absolute.split(path.sep).filter(Boolean);
    let bases: string[] = [path.sep];
    for (const [index, part] of parts.entries()) {
      const last = index === parts.length - 1;
      const next: string[] = [];
      for (const base of bases) {
        if (!/[*?]/.test(part)) {
          const candidate = path.join(base, part);
          if (existsSync(candidate)) next.push(candidate);
          continue;
        }
        if (!existsSync(base) || !statSync(base).isDirectory()) continue;
        const re = globToRegExp(part);
        for (const entry of readdirSync(base).sort()) {
          if (re.test(entry)) next.push(path.join(base, entry));
        }
      }
      bases = last ? next.filter((file) => statSync(file).isFile()) : next.filter((dir) => statSync(dir).isDirectory());
    }
    files.push(...bases.sort());
  }
  return [...new Set(files)];
}

export async function applySeeds(client: pg.Client | pg.PoolClient, files: string[], log: (message: string) => void): Promise<void> {
  if (files.length === 0) return;
  let current = '';
  let sql = '';
  try {
    await client.query('begin');
    await client.query('set local search_path = "$user", public, extensions');
    for (const file of files) {
      current = file;
      sql = readFileSync(file, 'utf8');
      await client.query(sql);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new StartupError(`Seed file ${relative(current)} failed; no seed data was applied.\n${describePgError(error, sql)}`);
  }
  log(`Seeded from ${files.map((file) => path.basename(file)).join(', ')}`);
}
