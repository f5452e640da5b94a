// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { assertReachableByPostgres, StartupError } from './postgres.ts';

// The check runs a command as another OS user, which only root may do (and only root needs it).
// `nobody` stands in for `postgres`, which a fresh machine only gets at the backend's first start.
const asRoot = process.getuid?.() === 0;
const otherUser = (): { uid: number; gid: number } => ({
  uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })),
  gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })),
});

describe.runIf(asRoot)('assertReachableByPostgres (as root)', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'pg-reach-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('accepts a folder every user can enter', () => {
    const open = path.join(base, 'open', 'data');
    mkdirSync(open, { recursive: true, mode: 0o755 });
    execFileSync('chmod', ['755', base, path.join(base, 'open'), open]);
    expect(() => assertReachableByPostgres(otherUser(), open, 'advice')).not.toThrow();
  });

  it('names the closed folder above the target and gives the advice', () => {
    const closed = path.join(base, 'closed');
    const target = path.join(closed, 'project', 'data');
    mkdirSync(target, { recursive: true, mode: 0o755 });
    execFileSync('chmod', ['755', base]);
    execFileSync('chmod', ['700', closed]);
    let error: unknown;
    try {
      assertReachableByPostgres(otherUser(), target, 'Set LOCAL_SUPABASE_DATA_DIR.');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toBe(
      `Running as root, PostgreSQL runs as the OS user "postgres", which cannot enter ${closed} (needed to reach ${target}). Set LOCAL_SUPABASE_DATA_DIR.`,
    );
  });
});
