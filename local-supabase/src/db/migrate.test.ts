// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePgError, listMigrations, resolveSeedFiles, splitStatements } from './migrate.ts';

describe('splitStatements', () => {
  it('splits at top-level semicolons only', () => {
    const sql = `-- leading comment; with semicolon
create table t (a text default 'x;y', "b;c" int);
/* block; /* nested; */ comment */
create function f() returns int language plpgsql as $body$
begin
  perform 1; return 2;
end
$body$;
insert into t values (E'it\\'s; fine', 1);
create function g() returns int language sql
begin atomic
  select 1;
  select case when true then 2 else 3 end;
end;
select $$a;b$$;`;
    const statements = splitStatements(sql);
    expect(statements).toHaveLength(5);
    expect(statements[0]).toMatch(/^-- leading comment; with semicolon\ncreate table t/);
    expect(statements[1]).toMatch(/^\/\* block;[\s\S]*\$body\$\nbegin\n {2}perform 1; return 2;\nend\n\$body\$$/);
    expect(statements[2]).toBe("insert into t values (E'it\\'s; fine', 1)");
    expect(statements[3]).toMatch(/^create function g\(\)[\s\S]*select case when true then 2 else 3 end;\nend$/);
    expect(statements[4]).toBe('select $$a;b$$');
  });

  it('drops empty and comment-only trailing statements', () => {
    expect(splitStatements('select 1;\n;  \n-- done\n')).toEqual(['select 1']);
  });
  it('keeps linear time on a long comment header before a statement (no regex backtracking)', () => {
    const header = Array.from({ length: 40 }, (_, i) => `-- line ${i} of a long explanation, with 'quotes'\n`).join('');
    // Exponential backtracking never returned on 20 comment lines (the test times out).
    expect(splitStatements(`${header}\n\ncreate table t (a int);\n-- trailing\n`)).toEqual([`${header.trim()}\n\n\ncreate table t (a int)`]);
  });
});

describe('describePgError', () => {
  it('reports message, code, line, detail and hint', () => {
    const sql = 'create table a (id int);\n\nselect * from nope;\n';
    const text = describePgError(
      { message: 'relation "nope" does not exist', code: '42P01', position: String(sql.indexOf('nope') + 1), detail: 'd', hint: 'h' },
      sql,
    );
    expect(text).toBe('ERROR: relation "nope" does not exist (SQLSTATE 42P01)\nAt line 3: select * from nope;\nDETAIL: d\nHINT: h');
  });
});

describe('migration and seed files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'core-migrate-unit-'));
    await fs.mkdir(path.join(dir, 'migrations'));
    await fs.mkdir(path.join(dir, 'seeds'));
    for (const name of ['20260102000000_second.sql', '20260101000000_first_one.sql', 'README.md', 'notes.sql']) {
      await fs.writeFile(path.join(dir, 'migrations', name), '');
    }
    for (const name of ['b.sql', 'a.sql', 'c.txt']) await fs.writeFile(path.join(dir, 'seeds', name), '');
    await fs.writeFile(path.join(dir, 'seed.sql'), '');
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lists <version>_<name>.sql files in order, ignoring others', () => {
    expect(listMigrations(dir).map(({ version, name }) => [version, name])).toEqual([
      ['20260101000000', 'first_one'],
      ['20260102000000', 'second'],
    ]);
  });

  it('expands seed globs, sorted, skipping missing files and duplicates', () => {
    const files = resolveSeedFiles(dir, ['./seed.sql', './seeds/*.sql', './missing.sql', './seeds/a.sql']);
    expect(files.map((file) => path.relative(dir, file))).toEqual(['seed.sql', 'seeds/a.sql', 'seeds/b.sql']);
  });
});
