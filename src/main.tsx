/**
 * The entry: a switch between two separate bundles. The public signature page (/assinar/:token) is the one page
 * open to anyone with a link; it must not load the signed-in app (router, supabase-js, react-query, providers), so
 * each side is its own dynamically imported chunk and this file stays tiny (scripts/report-bundle.ts measures both).
 * Tiny on purpose: on the signature page it starts the shipment's request as soon as it runs, in parallel with the
 * page's code (importing React here would hold that request back until React has downloaded). The CSS is imported by
 * each side's mount module, not here, so it downloads alongside that code instead of delaying this file's run.
 */
import { isSigningPath, startSigningLoad } from '@/features/public-signing/preload';
import { hasAuthRedirectInUrl, hasStoredSession } from '@/lib/auth-storage';
import { loadSupabase } from '@/lib/supabase-loader';

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado.');

/** The page's code did not arrive (offline, or a deploy replaced the chunks): say so instead of a blank page. */
function showLoadFailure(element: HTMLElement): void {
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'mx-auto max-w-md p-6 text-center';
  message.textContent = 'Não foi possível carregar a página. Verifique a conexão e recarregue a página.';
  element.replaceChildren(message);
}

const { pathname } = window.location;
if (isSigningPath(pathname)) {
  startSigningLoad(pathname);
  import('@/features/public-signing/mount').then(({ mountSigningPage }) => mountSigningPage(root, pathname), () => showLoadFailure(root));
} else {
  // A stored session (or an e-mail link's, in the URL): the client is needed at once (the session, the user's
  // profile, the page's data), so it downloads alongside the app's code. Signed out, the sign-in form shows
  // first and asks for it then (src/components/layouts/auth-layout.tsx).
  if (hasStoredSession() || hasAuthRedirectInUrl()) void loadSupabase().catch(() => undefined);
  // A reload's first reads that need neither (the catalogue kept in this browser: src/app/early-reads.ts).
  if (hasStoredSession()) void import('@/app/early-reads').then((early) => early.startEarlyReads(pathname), () => undefined);
  import('@/app/main-app').then(({ mountApp }) => mountApp(root), () => showLoadFailure(root));
}
