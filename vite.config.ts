import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Adds a Content-Security-Policy meta tag to the built index.html (quality.md "Browser hardening").
 * Only on build: the dev server injects inline scripts for React Fast Refresh.
 * `frame-ancestors` is ignored in a meta tag, so it belongs in the host's response headers.
 */
function contentSecurityPolicy(supabaseUrl: string | undefined): Plugin {
  const connect = ["'self'"];
  if (supabaseUrl) {
    const origin = new URL(supabaseUrl).origin;
    connect.push(origin, origin.replace(/^http/, 'ws'));
  }
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
    ],
  };
}

/**
 * `vite preview` serves the build the way a production host should (README, "Running on hosted Supabase"): the files
 * under /assets/ carry a hash of their content in their names, so the browser may keep them for a year without asking
 * again; index.html stays `no-cache`, so a deploy is seen on the next load. Left to its default, preview answers
 * every file `no-cache`, and a reload revalidated each of the ~70 chunks of a signed-in page, queued on HTTP/1.1's six
 * connections (docs/performance.md). A missing file keeps the default (it falls through to the SPA's index.html).
 */
function immutableAssets(): Plugin {
  return {
    name: 'immutable-assets',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        if (pathname.startsWith('/assets/') && !pathname.includes('..') && existsSync(path.join(outDir, pathname))) {
          // sirv keeps a header already set on the response over its own `no-cache`.
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
        next();
      });
    },
  };
}

const LUCIDE_ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/**
 * One chunk for the signed-in app's icons (docs/performance.md): left to automatic splitting, each lucide icon shared
 * by a different set of routes became a chunk of its own (~30 files of 0.2 KB on a signed-in page, queued on HTTP/1.1
 * ahead of the page's first query). The pages shown before sign-in (the sign-in pages, /assinar/:token) must not load
 * that chunk, and the module graph cannot tell which icons they use (they come through lucide's barrel), so those
 * pages import their icons by path (`lucide-react/icons/<name>`): this plugin records every icon imported that way and
 * the group leaves them to automatic splitting. scripts/report-bundle.ts fails the build if a budgeted page loads the
 * group's chunk.
 */
function signedInIcons(): { plugin: Plugin; group: { name: string; test: (id: string) => boolean } } {
  const importedByPath = new Set<string>();
  const plugin: Plugin = {
    name: 'icons-imported-by-path',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!source.startsWith('lucide-react/icons/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved) importedByPath.add(resolved.id);
      return resolved;
    },
  };
  const group = {
    name: 'app-icons',
    includeDependenciesRecursively: false,
    test: (id: string) => LUCIDE_ICON_MODULE.test(id) && !importedByPath.has(id),
  };
  return { plugin, group };
}

export default defineConfig(({ mode }) => {
  // The local backend writes `.env.local` (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY) at the repo root;
  // process.env wins so tests can point a build at their own backend.
  const env = { ...loadEnv(mode, root, 'VITE_'), ...process.env };
  const port = Number(process.env.PORT ?? 5173);
  const icons = signedInIcons();
  return {
    plugins: [react(), tailwindcss(), contentSecurityPolicy(env.VITE_SUPABASE_URL), icons.plugin, immutableAssets()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    envDir: root,
    server: { port, host: '127.0.0.1', strictPort: true },
    preview: { port, host: '127.0.0.1', strictPort: true },
    build: {
      // scripts/report-bundle.ts reads the manifest to measure what the login page loads.
      manifest: true,
      chunkSizeWarningLimit: 500,
      rolldownOptions: { output: { codeSplitting: { groups: [icons.group] } } },
    },
  };
});
