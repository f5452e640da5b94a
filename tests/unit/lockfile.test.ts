// @vitest-environment node
/**
 * `npm ci` refuses a lockfile that does not record every dependency a package
 * declares, optional platform binaries included (it failed CI once when the
 * registry mirror lacked the darwin/win32 builds of the newest tailwind oxide
 * and deno releases, so `npm install` silently left them out). This walks the
 * lockfile the way npm resolves `node_modules` and names anything missing.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
}

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

const root = new URL('../../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as Lockfile;
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as Record<
  string,
  Record<string, string> | undefined
>;

/** Finds `name` from the folder of `from` upwards, as Node's resolver does. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (candidate in lock.packages) return candidate;
    if (base === '') return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

function missingDependencies(): string[] {
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    const declared = {
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...(path === '' ? entry.devDependencies : {}),
    };
    for (const name of Object.keys(declared)) {
      if (!resolve(path, name)) missing.push(`${path || '(root)'} → ${name}`);
    }
  }
  return missing;
}

describe('package-lock.json', () => {
  it('is a version 3 lockfile', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('records every dependency, optional platform builds included', () => {
    expect(missingDependencies()).toEqual([]);
  });

  it('declares the same direct dependencies as package.json', () => {
    const rootEntry = lock.packages[''] ?? {};
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
      expect(rootEntry[field] ?? {}, field).toEqual(manifest[field] ?? {});
    }
  });
});

describe('the Node version the README names', () => {
  it('is one every locked package supports, so `npm install` prints no engine warning at it', () => {
    const wanted = (manifest.engines as Record<string, string> | undefined)?.node ?? '';
    const lowest = semver.minVersion(wanted)?.version;
    expect(lowest, `package.json engines.node: ${wanted}`).toBeTruthy();
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => !Array.isArray(entry.engines) && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(lowest!, (entry.engines as Record<string, string>).node!))
      .map(([name, entry]) => `${name} (${(entry.engines as Record<string, string>).node})`);
    expect(refusing).toEqual([]);
    expect(readFileSync(new URL('README.md', root), 'utf8')).toContain(`Node.js ${lowest!.replace(/\.0$/, '')}`);
  });
});
