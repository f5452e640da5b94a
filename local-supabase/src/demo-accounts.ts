/**
 * The seed's demo accounts and their password, for the startup banner. A Supabase seed creates users with
 * `crypt('<password>', gen_salt(...))`; the passwords found that way in the seed files are checked against the
 * stored hashes, so the banner only ever names a password that signs those accounts in.
 *
 * Those bcrypt checks are slow on purpose (cost 10: tens of ms each), so they run once per seeding: the first
 * banner after it records the result, with each account's hash, in `<dataDir>/demo-accounts.json`, and later
 * starts compare hashes instead. An account whose hash changed since is checked with crypt() again; the seed-pending
 * path of startup removes the record, so a new seeding is checked afresh.
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

export interface DemoAccounts {
  password: string;
  emails: string[];
}

/** What demo-accounts.json holds: the password and the accounts it opened, or null when it opened none. */
type Recorded = { password: string; accounts: Array<{ email: string; hash: string }> } | null;

const RECORD_FILE = 'demo-accounts.json';

/** Password literals passed to crypt() in the given SQL files (at most `limit`). */
function seededPasswords(files: string[], limit = 3): string[] {
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

/** The bcrypt checks: of `emails`, the accounts whose password is one of the seed's. */
async function checkSeededPasswords(pool: pg.Pool, seedFiles: string[], emails: string[]): Promise<Recorded> {
  for (const password of seededPasswords(seedFiles)) {
    const { rows } = await pool.query<{ email: string; hash: string }>(
      `select email, encrypted_password as hash from auth.users
        where email = any($2) and encrypted_password like '$2%' and encrypted_password = extensions.crypt($1, encrypted_password)
        order by email`,
      [password, emails],
    );
    if (rows.length > 0) return { password, accounts: rows };
  }
  return null;
}

function isRecorded(value: unknown): value is Recorded {
  if (value === null) return true;
  if (typeof value !== 'object' || !('password' in value) || !('accounts' in value)) return false;
  return (
    typeof value.password === 'string' &&
    Array.isArray(value.accounts) &&
    value.accounts.every((account: unknown) => typeof account === 'object' && account !== null && 'email' in account && 'hash' in account)
  );
}

async function readRecord(file: string): Promise<Recorded | undefined> {
  try {
    const value: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    return isRecorded(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Of `emails`, the accounts whose password is one of the seed's; undefined when none is. Reads the record in
 * `dataDir`, or makes it (the bcrypt checks) when there is none yet.
 */
export async function findDemoAccounts(pool: pg.Pool, dataDir: string, seedFiles: string[], emails: string[]): Promise<DemoAccounts | undefined> {
  if (emails.length === 0) return undefined;
  const file = path.join(dataDir, RECORD_FILE);
  let recorded = await readRecord(file);
  if (recorded === undefined) {
    recorded = await checkSeededPasswords(pool, seedFiles, emails);
    await fs.writeFile(file, `${JSON.stringify(recorded, null, 2)}\n`);
  }
  if (recorded === null) return undefined;
  // An unchanged hash still takes the password; a changed one is checked again (one crypt() for that account).
  const { rows } = await pool.query<{ email: string }>(
    `select u.email from auth.users u
       join unnest($2::text[], $3::text[]) as r(email, hash) on r.email = u.email
      where u.email = any($4)
        and case when u.encrypted_password = r.hash then true
                 else u.encrypted_password like '$2%' and u.encrypted_password = extensions.crypt($1, u.encrypted_password) end
      order by u.email`,
    [recorded.password, recorded.accounts.map((account) => account.email), recorded.accounts.map((account) => account.hash), emails],
  );
  return rows.length > 0 ? { password: recorded.password, emails: rows.map((row) => row.email) } : undefined;
}

/** Drops the record: the database is about to be seeded (again). */
export async function forgetDemoAccounts(dataDir: string): Promise<void> {
  await fs.rm(path.join(dataDir, RECORD_FILE), { force: true });
}
