/**
 * Runs after `vite build` (npm run build): prints the gzipped size of the JavaScript the login page loads
 * — the entry chunk named in dist/index.html, its static imports, and the login route's chunk with its own
 * static imports, read from the Vite manifest — and fails above the 200 KB budget (quality.md).
 * Also warns about any chunk over 500 kB minified.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LOGIN_BUDGET_BYTES = 200 * 1024;
const CHUNK_WARNING_BYTES = 500 * 1000;
const LOGIN_ROUTE_SOURCE = 'src/app/routes/auth/login.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

function fail(message: string): never {
  console.error(`report-bundle: ${message}`);
  process.exit(1);
}

if (!existsSync(manifestPath)) fail(`${manifestPath} not found; run vite build with build.manifest enabled.`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const html = readFileSync(join(dist, 'index.html'), 'utf8');

// The entry script as the browser sees it in index.html.
const entryFile = /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html)?.[1];
if (!entryFile) fail('no module script found in dist/index.html');
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.file === entryFile && manifest[key]?.isEntry);
if (!entryKey) fail(`entry ${entryFile} is not an entry in the manifest`);
const loginKey = Object.keys(manifest).find((key) => manifest[key]?.src === LOGIN_ROUTE_SOURCE || key === LOGIN_ROUTE_SOURCE);
if (!loginKey) fail(`${LOGIN_ROUTE_SOURCE} has no chunk of its own; is the login route lazy-loaded?`);

/** A chunk plus everything it imports statically, transitively. */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`manifest entry ${key} missing`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const keys = withStaticImports(loginKey, withStaticImports(entryKey, new Set()));
const files = [...new Set([...keys].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let totalGzip = 0;
let totalRaw = 0;
console.log('JavaScript loaded by the login page:');
for (const file of files) {
  const content = readFileSync(join(dist, file));
  const gzip = gzipSync(content, { level: 9 }).length;
  totalGzip += gzip;
  totalRaw += content.length;
  console.log(`  ${file.padEnd(48)} ${kb(content.length).padStart(10)} min  ${kb(gzip).padStart(9)} gzip`);
}
console.log(`  ${'total'.padEnd(48)} ${kb(totalRaw).padStart(10)} min  ${kb(totalGzip).padStart(9)} gzip (budget ${kb(LOGIN_BUDGET_BYTES)})`);

const assetsDir = join(dist, 'assets');
let warnings = 0;
for (const name of readdirSync(assetsDir)) {
  if (!name.endsWith('.js')) continue;
  const size = statSync(join(assetsDir, name)).size;
  if (size > CHUNK_WARNING_BYTES) {
    warnings += 1;
    console.warn(`warning: assets/${name} is ${(size / 1000).toFixed(1)} kB minified (over 500 kB)`);
  }
}
if (warnings === 0) console.log('No chunk over 500 kB minified.');

if (totalGzip > LOGIN_BUDGET_BYTES) fail(`login page JavaScript is ${kb(totalGzip)} gzipped, over the ${kb(LOGIN_BUDGET_BYTES)} budget.`);
