/**
 * Words the whole app says the same way. A dialog or form closes without acting through 'Voltar'
 * ('Cancelar' alone would read like 'Cancelar boleto' / 'Cancelar remessa', which act on a record),
 * and counts choose singular or plural by number (plural/formatCount in src/lib/plain-dates.ts),
 * never '(s)', '(ns)' or '(ões)'.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** A file's code without its comments (which may quote the spec's own '(s)' templates). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

const files = sources(join(root, 'src')).map((path) => ({ path: relative(root, path), text: withoutComments(readFileSync(path, 'utf8')) }));

describe('one wording across the app', () => {
  it("closes dialogs and forms with 'Voltar', never a bare 'Cancelar'", () => {
    const offenders = files.filter(({ text }) => />\s*Cancelar\s*</.test(text)).map(({ path }) => path);
    expect(offenders).toEqual([]);
  });

  it("writes counts with plural/formatCount, never '(s)', '(es)', '(ns)' or '(ões)'", () => {
    // 'http(s)' is a URL scheme, not a count.
    const offenders = files.filter(({ text }) => /\p{L}\((?:s|es|ns|ões)\)/u.test(text.replaceAll('http(s)', ''))).map(({ path }) => path);
    expect(offenders).toEqual([]);
  });
});
