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

export default defineConfig(({ mode }) => {
  // The local backend writes `.env.local` (VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY) at the repo root;
  // process.env wins so tests can point a build at their own backend.
  const env = { ...loadEnv(mode, root, 'VITE_'), ...process.env };
  const port = Number(process.env.PORT ?? 5173);
  return {
    plugins: [react(), tailwindcss(), contentSecurityPolicy(env.VITE_SUPABASE_URL)],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    envDir: root,
    server: { port, host: '127.0.0.1', strictPort: true },
    preview: { port, host: '127.0.0.1', strictPort: true },
    build: {
      // scripts/report-bundle.ts reads the manifest to measure what the login page loads.
      manifest: true,
      chunkSizeWarningLimit: 500,
    },
  };
});
