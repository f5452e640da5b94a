/**
 * The seed's demo accounts and their password, for the startup banners of `npm run backend`
 * and `npm start`. A Supabase seed creates users with `crypt('<password>', gen_salt(...))`;
 * the passwords found that way in the seed files are checked against the stored hashes, so a
 * banner only ever names a password that signs those accounts in.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

export interface DemoAccounts {
  password: string;
  emails: string[];
}

/** Password literals passed to crypt() in the given SQL files (at most `limit`). */
export function seededPasswords(files: string[], limit = 3): string[] {
  const found = new Set<string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/\bcrypt\(\s*'((?:[^']|'')*)'\s*,/gi)) {
      found.add((match[1] ?? '').replaceAll("''", "'"));
      if (found.size >= limit) return [...found];
    }
  }
  return [...found];
}

/** Of `emails`, the accounts whose password is one of the seed's; undefined when none is. */
export async function findDemoAccounts(pool: pg.Pool, seedFiles: string[], emails: string[]): Promise<DemoAccounts | undefined> {
  if (emails.length === 0) return undefined;
  for (const password of seededPasswords(seedFiles)) {
    const { rows } = await pool.query<{ email: string }>(
      `select email from auth.users
        where email = any($2) and encrypted_password like '$2%' and encrypted_password = extensions.crypt($1, encrypted_password)
        order by email`,
      [password, emails],
    );
    if (rows.length > 0) return { password, emails: rows.map((row) => row.email) };
  }
  return undefined;
}
