/**
 * The "Fidelity to hosted Supabase" tables of local-supabase/README.md claim, feature by feature, what this backend
 * does and which tests show it. This test keeps those claims honest: every cited test must exist under the exact
 * title it is cited by (so a renamed or deleted test breaks the table), every supported row (`yes` or `partly (…)`)
 * must cite one, and an unsupported row (`no`) cites none.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const README = path.join(REPO_ROOT, 'local-supabase/README.md');

const SECTION = '## Fidelity to hosted Supabase';
const SERVICES = ['PostgREST', 'GoTrue', 'Storage', 'Realtime', 'Edge Functions', 'Gateway'];
const COLUMNS = ['Feature', 'Here', 'Hosted behaviour when not supported here', 'Test'];
const NONE = '—';
/** `yes`, `no`, or `partly (what)`. */
const HERE = /^(?:yes|no|partly \(.+\))$/;
/** One citation: `` `<file>` › <title> ``; several in a cell are separated by `<br>`. */
const CITATION = /^`([^`]+)` › (.+)$/;
/** Where cited tests may live: the backend's conformance tests and its unit tests. */
const CITABLE = /^(?:tests\/integration\/backend\/[\w.-]+|local-supabase\/src\/[\w./-]+)\.test\.ts$/;

/**
 * The title of each describe/it/test call, as written between its quotes (escapes left as they are), modifiers
 * included: `it.each([...])('…', …)`, `describe.runIf(x)('…', …)`, `it.skip('…', …)`.
 */
const TEST_CALL = /\b(?:describe|it|test)(?:\.\w+(?:\((?:[^()]|\([^()]*\))*\))?)*\s*\(\s*(['"`])((?:\\.|(?!\1)[^\\\n])*)\1\s*,/g;

interface Row {
  service: string;
  /** 1-based line of the row in the markdown, for messages. */
  line: number;
  feature: string;
  here: string;
  test: string;
}

/** The titles of a test file's describe/it/test calls. */
function testTitles(source: string): Set<string> {
  return new Set([...source.matchAll(TEST_CALL)].map((match) => match[2] ?? ''));
}

/** A table line's cells (`\|` inside a cell is not a separator). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The rows of the fidelity section's tables, the service headings found, and what could not be read. */
function parseFidelity(markdown: string): { rows: Row[]; services: string[]; problems: string[] } {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === SECTION);
  if (start < 0) return { rows: [], services: [], problems: [`no "${SECTION}" section`] };
  const rows: Row[] = [];
  const services: string[] = [];
  const problems: string[] = [];
  let service: string | undefined;
  let inTable = false;
  for (let index = start + 1; index < lines.length; index++) {
    const line = (lines[index] ?? '').trim();
    const lineNo = index + 1;
    if (line.startsWith('## ')) break;
    const heading = /^### (.+)$/.exec(line)?.[1];
    if (heading !== undefined) {
      service = SERVICES.find((name) => heading.startsWith(name));
      if (service) services.push(service);
      else problems.push(`line ${lineNo}: "${heading}" is not one of the services (${SERVICES.join(', ')})`);
      inTable = false;
      continue;
    }
    if (!line.startsWith('|')) {
      inTable = false;
      continue;
    }
    const row = cells(line);
    if (!inTable) {
      inTable = true;
      if (row.join(' | ') !== COLUMNS.join(' | ')) problems.push(`line ${lineNo}: a table's columns must be ${COLUMNS.join(' | ')}`);
      continue;
    }
    if (row.every((cell) => /^:?-+:?$/.test(cell))) continue;
    if (!service) {
      problems.push(`line ${lineNo}: a table row under no service heading`);
      continue;
    }
    if (row.length !== COLUMNS.length) {
      problems.push(`line ${lineNo}: ${row.length} cells instead of ${COLUMNS.length} (a "|" inside a cell must be written "\\|")`);
      continue;
    }
    const [feature = '', here = '', , test = ''] = row;
    rows.push({ service, line: lineNo, feature, here, test });
  }
  return { rows, services, problems };
}

/**
 * What is wrong with the rows' Here and Test cells. `read` gives a file's text by its path from the repository root,
 * or undefined when there is no such file.
 */
function checkRows(rows: Row[], read: (file: string) => string | undefined): string[] {
  const problems: string[] = [];
  const titles = new Map<string, Set<string> | undefined>();
  for (const row of rows) {
    const where = `line ${row.line} (${row.service}: ${row.feature})`;
    if (!HERE.test(row.here)) problems.push(`${where}: Here must be yes, no or partly (…), not "${row.here}"`);
    const supported = row.here !== 'no';
    if (row.test === NONE) {
      if (supported) problems.push(`${where}: a supported row cites no test`);
      continue;
    }
    if (!supported) problems.push(`${where}: an unsupported row cites a test; its Test cell is ${NONE}`);
    for (const citation of row.test.split(/\s*<br>\s*/)) {
      const match = CITATION.exec(citation);
      if (!match) {
        problems.push(`${where}: cannot read the citation "${citation}" (expected \`<file>\` › <title>)`);
        continue;
      }
      const [, file = '', title = ''] = match;
      if (!CITABLE.test(file) || file.split('/').includes('..')) {
        problems.push(`${where}: ${file} is not a test file of tests/integration/backend or local-supabase/src`);
        continue;
      }
      if (!titles.has(file)) {
        const source = read(file);
        titles.set(file, source === undefined ? undefined : testTitles(source));
      }
      const known = titles.get(file);
      if (!known) problems.push(`${where}: ${file} does not exist`);
      else if (!known.has(title)) problems.push(`${where}: ${file} has no describe(…) or it(…) titled "${title}"`);
    }
  }
  return problems;
}

function readRepoFile(file: string): string | undefined {
  const full = path.join(REPO_ROOT, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

describe('the fidelity tables of local-supabase/README.md', () => {
  const { rows, services, problems } = parseFidelity(readFileSync(README, 'utf8'));

  it('have one table per service, with the four columns', () => {
    expect(problems).toEqual([]);
    expect(services).toEqual(SERVICES);
    for (const service of SERVICES) expect(rows.filter((row) => row.service === service).length, service).toBeGreaterThan(0);
  });

  it('cite a test for every supported row and an existing test, by its exact title, wherever they cite one', () => {
    expect(checkRows(rows, readRepoFile)).toEqual([]);
  });
});

describe('the fidelity check itself', () => {
  const source = [
    "describe('group', () => {",
    "  it('a test', async () => {});",
    '  it("it\'s quoted twice", () => {});',
    '  it(`in backticks`, () => {});',
    "  it.each([['x', f(1)]])('each %s', (value) => {});",
    "  describe.runIf(true)('conditional', () => {});",
    "  socket.on('error', () => {});",
    '});',
  ].join('\n');
  const file = 'tests/integration/backend/sample.test.ts';
  const read = (name: string): string | undefined => (name === file ? source : undefined);
  const table = (row: string): string =>
    [SECTION, '', '### PostgREST (`/rest/v1`)', '', `| ${COLUMNS.join(' | ')} |`, '|---|---|---|---|', row, '', '## Next'].join('\n');

  it('reads titles in single quotes, double quotes and backticks, with it.each and describe.runIf, and nothing else', () => {
    expect(testTitles(source)).toEqual(new Set(['group', 'a test', "it's quoted twice", 'in backticks', 'each %s', 'conditional']));
  });

  it('accepts rows citing existing titles', () => {
    const { rows, problems } = parseFidelity(table(`| Feature | yes | — | \`${file}\` › a test<br>\`${file}\` › group |`));
    expect(problems).toEqual([]);
    expect(checkRows(rows, read)).toEqual([]);
  });

  it('fails on a missing or renamed title, a missing file, a supported row without a test and a bad Here', () => {
    const check = (row: string): string[] => checkRows(parseFidelity(table(row)).rows, read);
    const at = 'line 7 (PostgREST: F)';
    expect(check(`| F | yes | — | \`${file}\` › a tes |`)).toEqual([`${at}: ${file} has no describe(…) or it(…) titled "a tes"`]);
    expect(check(`| F | yes | — | \`${file}\` › error |`)).toEqual([`${at}: ${file} has no describe(…) or it(…) titled "error"`]);
    expect(check('| F | partly (x) | — | `tests/integration/backend/gone.test.ts` › a test |')).toEqual([
      `${at}: tests/integration/backend/gone.test.ts does not exist`,
    ]);
    expect(check('| F | partly (x) | y | — |')).toEqual([`${at}: a supported row cites no test`]);
    expect(check(`| F | no | y | \`${file}\` › a test |`)).toEqual([`${at}: an unsupported row cites a test; its Test cell is —`]);
    expect(check('| F | maybe | y | — |')).toEqual([
      `${at}: Here must be yes, no or partly (…), not "maybe"`,
      `${at}: a supported row cites no test`,
    ]);
    expect(check('| F | yes | — | `src/app.ts` › a test |')).toEqual([
      `${at}: src/app.ts is not a test file of tests/integration/backend or local-supabase/src`,
    ]);
  });
});
