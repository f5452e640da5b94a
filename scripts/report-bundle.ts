/**
 * Runs after `vite build` (npm run build): prints the gzipped JavaScript of the two budgeted paths, read from the Vite
 * manifest, and fails above either budget (quality.md):
 * - the login page: the entry chunk named in dist/index.html, the signed-in app's mount chunk (src/app/main-app.tsx)
 *   and the login route's chunk, each with its static imports — at most 160 KB gzipped (issue 30; the target is
 *   150 KB: supabase-js is not among them, src/lib/supabase-loader.ts);
 * - the public signature page (/assinar/:token): the entry chunk and the signing page's mount chunk
 *   (src/features/public-signing/mount.tsx), with their static imports — at most 100 KB gzipped.
 * Neither page may load the signed-in app's icon chunk (vite.config.ts). Also warns about any chunk over 500 kB minified.
 * Usage: tsx scripts/report-bundle.ts [distDir]   (default: dist/ at the repository root)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const CHUNK_WARNING_BYTES = 500 * 1000;

interface BudgetedPath {
  name: string;
  /** Source modules whose chunks (with their static imports) the page loads besides the entry. */
  sources: string[];
  budgetBytes: number;
}

const BUDGETS: BudgetedPath[] = [
  { name: 'login page', sources: ['src/app/main-app.tsx', 'src/app/routes/auth/login.tsx'], budgetBytes: 160 * KB },
  { name: 'signature page (/assinar/:token)', sources: ['src/features/public-signing/mount.tsx'], budgetBytes: 100 * KB },
];

/**
 * Libraries of the signed-in app the signature page must never load, each known by a string its minified code keeps.
 * The markers must be found in the built JavaScript (else a library changed and the marker is stale).
 */
const SIGNED_IN_APP_MARKERS = [
  { library: '@supabase/supabase-js', marker: 'supabase-js' },
  { library: '@tanstack/react-query', marker: 'No QueryClient set' },
  { library: 'react-router', marker: 'may be used only in the context of a <Router> component' },
];

/**
 * The chunk of the signed-in app's icons (vite.config.ts, signedInIcons): the budgeted pages never load it, and it must
 * exist (else the group was renamed and this check is stale).
 */
const SIGNED_IN_ICONS_CHUNK = /^assets\/app-icons-[\w-]+\.js$/;

/** Libraries the login page loads only once its form is shown (src/lib/supabase-loader.ts), never before. */
const LOADED_AFTER_THE_LOGIN_FORM = ['@supabase/supabase-js'];

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = new URL('..', import.meta.url).pathname;
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
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

function chunkOf(source: string): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.src === source || candidate === source);
  if (!key) fail(`${source} has no chunk of its own; is it loaded with a dynamic import()?`);
  return key;
}

/** A chunk plus everything it imports statically, transitively. */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`manifest entry ${key} missing`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const problems: string[] = [];
const loadedFiles = new Map<string, string[]>();

for (const budget of BUDGETS) {
  const keys = new Set<string>();
  withStaticImports(entryKey, keys);
  for (const source of budget.sources) withStaticImports(chunkOf(source), keys);
  const files = [...new Set([...keys].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
  loadedFiles.set(budget.name, files);

  let totalGzip = 0;
  let totalRaw = 0;
  console.log(`JavaScript loaded by the ${budget.name}:`);
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    const gzip = gzipSync(content, { level: 9 }).length;
    totalGzip += gzip;
    totalRaw += content.length;
    console.log(`  ${file.padEnd(48)} ${kb(content.length).padStart(10)} min  ${kb(gzip).padStart(9)} gzip`);
  }
  console.log(`  ${'total'.padEnd(48)} ${kb(totalRaw).padStart(10)} min  ${kb(totalGzip).padStart(9)} gzip (budget ${kb(budget.budgetBytes)})`);
  if (totalGzip > budget.budgetBytes) problems.push(`${budget.name} JavaScript is ${kb(totalGzip)} gzipped, over the ${kb(budget.budgetBytes)} budget.`);
  if (files.some((file) => SIGNED_IN_ICONS_CHUNK.test(file))) {
    problems.push(
      `the ${budget.name} loads the signed-in app's icon chunk: a module it loads imports an icon from 'lucide-react'; ` +
        `import that icon by path instead ('lucide-react/icons/<name>', see signedInIcons in vite.config.ts).`,
    );
  }
}
if (!readdirSync(join(dist, 'assets')).some((name) => SIGNED_IN_ICONS_CHUNK.test(`assets/${name}`))) {
  problems.push('no chunk of the signed-in app\'s icons (assets/app-icons-*.js): update SIGNED_IN_ICONS_CHUNK.');
}

// The signature page is public: none of the signed-in app's libraries may be in what it loads.
const codeOf = (files: string[]) => files.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
const loginCode = codeOf(loadedFiles.get(BUDGETS[0]!.name) ?? []);
const signingCode = codeOf(loadedFiles.get(BUDGETS[1]!.name) ?? []);
const allCode = codeOf(readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`));
for (const { library, marker } of SIGNED_IN_APP_MARKERS) {
  if (!allCode.includes(marker)) problems.push(`the marker of ${library} ("${marker}") is not in the built code: update SIGNED_IN_APP_MARKERS.`);
  else if (signingCode.includes(marker)) problems.push(`the signature page loads ${library}, code of the signed-in app.`);
  else if (LOADED_AFTER_THE_LOGIN_FORM.includes(library) && loginCode.includes(marker)) {
    problems.push(`the login page loads ${library} before its form: reach it through src/lib/supabase-loader.ts.`);
  }
}
if (problems.length === 0) {
  console.log(`The signature page loads none of: ${SIGNED_IN_APP_MARKERS.map(({ library }) => library).join(', ')}.`);
  console.log(`The login page loads ${LOADED_AFTER_THE_LOGIN_FORM.join(', ')} only once its form is shown.`);
}

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

if (problems.length > 0) fail(problems.join('\n'));
