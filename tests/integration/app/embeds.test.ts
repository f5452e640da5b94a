/**
 * Embeds between tables joined by more than one foreign key. profiles references store_units twice (unit_id, the
 * unit the user works in; requested_unit_id, the one asked for at sign-up), so PostgREST cannot tell which one a
 * plain `store_units(...)` embed means and answers PGRST201, hosted and local alike. The app names the
 * relationship wherever it embeds across such a pair; this file checks both the answer and the app's code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../utils/app-users.ts';
import { appBackend, sql } from '../../utils/env.ts';

const ROOT = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

let db: pg.Client;
/** Table pairs (a → b) joined by two or more foreign keys: an embed between them needs the key's name. */
let ambiguous: { from: string; to: string }[] = [];

beforeAll(async () => {
  db = await sql(appBackend());
  const result = await db.query<{ from_table: string; to_table: string }>(`
    select c.conrelid::regclass::text as from_table, c.confrelid::regclass::text as to_table
      from pg_constraint c
      join pg_namespace n on n.oid = (select relnamespace from pg_class where oid = c.conrelid)
     where c.contype = 'f' and n.nspname = 'public'
       and (select relnamespace from pg_class where oid = c.confrelid) = n.oid
     group by 1, 2
    having count(*) > 1`);
  ambiguous = result.rows.map((row) => ({ from: row.from_table.replace(/^public\./, ''), to: row.to_table.replace(/^public\./, '') }));
});

afterAll(async () => {
  await db?.end();
});

describe('embeds across two foreign keys', () => {
  it('profiles → store_units is such a pair: a plain embed is refused with PGRST201, a named one answers', async () => {
    expect(ambiguous).toContainEqual({ from: 'profiles', to: 'store_units' });
    const { client, userId } = await signInAs(appBackend(), 'admin');
    const plain = await client.from('profiles').select('id, store_units(name)').eq('id', userId);
    expect(plain.error?.code).toBe('PGRST201');
    const named = await client.from('profiles').select('id, unit:store_units!profiles_unit_id_fkey(name)').eq('id', userId).single();
    expect(named.error).toBeNull();
    expect(named.data?.unit).toEqual({ name: expect.any(String) });
  });

  it("the app's selects name the foreign key whenever they embed across such a pair", () => {
    const offenders: string[] = [];
    for (const file of [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'supabase/functions'))]) {
      const text = readFileSync(file, 'utf8');
      for (const { from, to } of ambiguous) {
        for (const [a, b] of [
          [from, to],
          [to, from],
        ]) {
          // .from('a').select('... b(...)') with no '!hint' on b (an alias 'x:b(' included).
          const pattern = new RegExp(`from\\(['"]${a}['"]\\)[\\s\\S]{0,200}?select\\(\\s*['"\`][^'"\`]*\\b${b}\\s*\\(`, 'g');
          if (pattern.test(text)) offenders.push(`${path.relative(ROOT, file)}: ${a} → ${b}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
